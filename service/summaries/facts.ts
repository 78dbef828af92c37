import { z } from "zod";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";

/** What the store holds about one symbol inside a window: the material a summary may cite. */
export interface CompanyFacts {
  symbol: string;
  companyName: string;
  sector: string;
  industry: string;
  marketCapCr: number;
}

export interface NewsFact {
  id: string;
  title: string;
  summary: string;
  sentiment: string;
  source: string;
  link: string;
  atMs: number;
}

export interface AlertPriceFact {
  value: number;
  changePercent: number;
  asOfMs: number | null;
}

export interface AlertFact {
  id: string;
  type: string;
  reason: string;
  atMs: number;
  price: AlertPriceFact | null;
  drivers: string[];
  important: boolean;
}

export interface EarningsTableFact {
  unit: string | null;
  periods: string[];
  rows: { label: string; values: (number | null)[] }[];
}

export interface EarningsFact {
  id: string;
  quarter: string;
  summary: string;
  atMs: number;
  table: EarningsTableFact | null;
  significant: boolean;
}

export interface ConcallFact {
  id: string;
  quarter: string;
  atMs: number;
  guidance: string | null;
  redflags: string | null;
  positives: string[];
  negatives: string[];
}

export interface SymbolFacts {
  company: CompanyFacts;
  news: NewsFact[];
  alerts: AlertFact[];
  earnings: EarningsFact[];
  concalls: ConcallFact[];
}

export interface FactWindow {
  startMs: number;
  endMs: number;
}

const priceJson = z.object({ value: z.number(), change_percent: z.number(), as_of: z.string().nullish() });
const stringArrayJson = z.array(z.string());
const tableJson = z.object({
  unit: z.string().nullish(),
  periods: z.array(z.string()).nullish(),
  rows: z.array(z.object({ label: z.string(), values: z.array(z.number().nullable()) })).nullish(),
});
const shortAnalysisJson = z.object({ guidance: z.string().nullish(), redflags: z.string().nullish() });
const sentimentJson = z.object({
  sentiment: z
    .object({ key_indicators: z.object({ positive: z.array(z.string()).nullish(), negative: z.array(z.string()).nullish() }).nullish() })
    .nullish(),
});

/** Parses a JSON column with a schema; a malformed cell reads as absent rather than failing a summary. */
function readJson<S extends z.ZodType>(text: string | null, schema: S): z.output<S> | null {
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface CompanyRow {
  symbol: string;
  company_name: string;
  sector: string;
  industry: string;
  market_cap: number;
}

/** The companies the store knows among `symbols`, keyed by symbol. */
export function findCompanies(db: Db, symbols: readonly string[]): Map<string, CompanyFacts> {
  const out = new Map<string, CompanyFacts>();
  const stmt = prepared(db, "SELECT symbol, company_name, sector, industry, market_cap FROM companies WHERE symbol = ?");
  for (const symbol of symbols) {
    const row = stmt.get(symbol) as CompanyRow | undefined;
    if (row) {
      out.set(symbol, {
        symbol: row.symbol,
        companyName: row.company_name,
        sector: row.sector,
        industry: row.industry,
        marketCapCr: row.market_cap,
      });
    }
  }
  return out;
}

/** News, alerts, results and concall guidance of one company inside [start, end], newest first. */
export function gatherSymbolFacts(db: Db, company: CompanyFacts, window: FactWindow): SymbolFacts {
  const args = [company.symbol, window.startMs, window.endMs] as const;
  const news = (
    prepared(
      db,
      `SELECT id, title, summary, sentiment, source, link, date_ms FROM news
       WHERE symbol = ? AND date_ms >= ? AND date_ms <= ? ORDER BY date_ms DESC, id`,
    ).all(...args) as { id: string; title: string; summary: string; sentiment: string; source: string; link: string; date_ms: number }[]
  ).map((r) => ({ id: r.id, title: r.title, summary: r.summary, sentiment: r.sentiment, source: r.source, link: r.link, atMs: r.date_ms }));

  const alerts = (
    prepared(
      db,
      `SELECT id, type, reason, ts_ms, price, primary_drivers, important FROM alerts
       WHERE symbol = ? AND ts_ms >= ? AND ts_ms <= ? ORDER BY ts_ms DESC, id`,
    ).all(...args) as { id: string; type: string; reason: string; ts_ms: number; price: string | null; primary_drivers: string; important: number }[]
  ).map((r) => {
    const price = readJson(r.price, priceJson);
    const asOf = price?.as_of ? Date.parse(price.as_of) : NaN;
    return {
      id: r.id,
      type: r.type,
      reason: r.reason,
      atMs: r.ts_ms,
      price: price ? { value: price.value, changePercent: price.change_percent, asOfMs: Number.isNaN(asOf) ? null : asOf } : null,
      drivers: readJson(r.primary_drivers, stringArrayJson) ?? [],
      important: r.important === 1,
    };
  });

  const earnings = (
    prepared(
      db,
      `SELECT id, quarter, summary, date_ms, earnings_table, earnings_significant FROM earnings
       WHERE symbol = ? AND date_ms >= ? AND date_ms <= ? ORDER BY date_ms DESC, id`,
    ).all(...args) as { id: string; quarter: string; summary: string; date_ms: number; earnings_table: string | null; earnings_significant: number }[]
  ).map((r) => {
    const table = readJson(r.earnings_table, tableJson);
    return {
      id: r.id,
      quarter: r.quarter,
      summary: r.summary,
      atMs: r.date_ms,
      table: table ? { unit: table.unit ?? null, periods: table.periods ?? [], rows: table.rows ?? [] } : null,
      significant: r.earnings_significant === 1,
    };
  });

  // Guidance exists only once the call has happened and been analysed.
  const concalls = (
    prepared(
      db,
      `SELECT id, quarter, date_ms, short_analysis, sentiment_analysis FROM concalls
       WHERE symbol = ? AND date_ms >= ? AND date_ms <= ? AND short_analysis IS NOT NULL ORDER BY date_ms DESC, id`,
    ).all(...args) as { id: string; quarter: string; date_ms: number; short_analysis: string | null; sentiment_analysis: string | null }[]
  ).map((r) => {
    const short = readJson(r.short_analysis, shortAnalysisJson);
    const sentiment = readJson(r.sentiment_analysis, sentimentJson);
    return {
      id: r.id,
      quarter: r.quarter,
      atMs: r.date_ms,
      guidance: short?.guidance ?? null,
      redflags: short?.redflags ?? null,
      positives: sentiment?.sentiment?.key_indicators?.positive ?? [],
      negatives: sentiment?.sentiment?.key_indicators?.negative ?? [],
    };
  });

  return { company, news, alerts, earnings, concalls };
}

export function hasAnyFact(f: SymbolFacts): boolean {
  return f.news.length + f.alerts.length + f.earnings.length + f.concalls.length > 0;
}
