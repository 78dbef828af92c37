import type { AlertOutputType, AlertPrice } from "../../lib/alpha/alerts";
import type { EarningsTable } from "../../lib/alpha/earnings";
import type { ExpandedAnalysis } from "../../lib/alpha/concalls";
import type { Db } from "./db";
import { storeWire } from "./wire";

/*
 * Row shapes of the event tables and their plain inserts, each writing the row's wire JSON (wire.ts) in the same step.
 * Inserts emit no events: a caller that stores after start-up announces on the bus.
 */

export interface CompanyRow {
  symbol: string;
  company_name: string;
  scrip_code: string;
  isin: string;
  sector: string;
  industry: string;
  basic_industry: string;
  macro_economic_indicator: string;
  market_cap: number;
  logo: string;
}

export interface EarningsRecord {
  id: string;
  symbol: string;
  quarter: string;
  /** Ingestion time, ISO with +05:30. */
  date: string;
  date_ms: number;
  summary: string;
  earnings_table: EarningsTable | null;
  earnings_significant: boolean;
  has_attachment: boolean;
}

export interface UpcomingEarningsRecord {
  id: string;
  event_id: string;
  symbol: string;
  purpose: string;
  title: string;
  bm_desc: string;
  body: string;
  date: string;
  date_ms: number;
  quarter: string;
  /** When the meeting's intimation reaches the exchange; the calendar lists it from then (absent: at once). */
  announced_ms?: number | null;
}

export interface AlertRecord {
  id: string;
  symbol: string;
  type: AlertOutputType;
  reason: string;
  /** Canonical UTC, ISO with Z. */
  timestamp: string;
  ts_ms: number;
  price: AlertPrice | null;
  primary_drivers: string[];
  important: boolean;
}

export interface NewsRecord {
  id: string;
  symbol: string;
  title: string;
  specific_title: string | null;
  summary: string;
  long_summary: string | null;
  sentiment: "positive" | "negative" | "neutral";
  source: string;
  article_type: string;
  link: string;
  date: string;
  date_ms: number;
}

export interface BlockDealRecord {
  id: string;
  symbol: string;
  exchange: "NSE" | "BSE" | "NSE/BSE";
  trade_value_cr: number;
  shares: number;
  price: number;
  date: string;
  date_ms: number;
}

export interface ShortAnalysis {
  guidance: string;
  redflags: string;
}

export interface SentimentAnalysis {
  sentiment: { key_indicators: { positive: string[]; negative: string[] } };
}

export interface ConcallRecord {
  id: string;
  symbol: string;
  quarter: string;
  /** Ingestion time of the concall filing: IST wall time without an offset, as the interface's sample. */
  date: string;
  date_ms: number;
  /** Scheduled call time, ISO UTC with Z. */
  meeting_date: string;
  meeting_ms: number;
  short_analysis: ShortAnalysis | null;
  sentiment_analysis: SentimentAnalysis | null;
  expanded_analysis: ExpandedAnalysis | null;
  has_transcript: boolean;
  has_recording: boolean;
  intimation_attachment: string | null;
}

export interface AnnouncementRecord {
  id: string;
  symbol: string;
  category: string;
  related_categories: string[];
  important: boolean;
  summary: string;
  long_summary: string;
  date: string;
  date_ms: number;
}

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));
const flag = (v: boolean): number => (v ? 1 : 0);

/** Prepared statements, made once per database: seeding inserts tens of thousands of rows. */
function statementsFor(db: Db) {
  return {
    company: db.prepare(
      `INSERT INTO companies (symbol, company_name, scrip_code, isin, sector, industry, basic_industry, macro_economic_indicator, market_cap, logo)
       VALUES (@symbol, @company_name, @scrip_code, @isin, @sector, @industry, @basic_industry, @macro_economic_indicator, @market_cap, @logo)`,
    ),
    earnings: db.prepare(
      `INSERT INTO earnings (id, symbol, quarter, date, date_ms, summary, earnings_table, earnings_significant, has_attachment)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    upcoming: db.prepare(
      `INSERT INTO upcoming_earnings (id, event_id, symbol, purpose, title, bm_desc, body, date, date_ms, quarter, announced_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    alert: db.prepare(
      `INSERT INTO alerts (id, symbol, type, reason, timestamp, ts_ms, price, primary_drivers, important)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    news: db.prepare(
      `INSERT INTO news (id, symbol, title, specific_title, summary, long_summary, sentiment, source, article_type, link, date, date_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    blockDeal: db.prepare(
      `INSERT INTO block_deals (id, symbol, exchange, trade_value_cr, shares, price, date, date_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    concall: db.prepare(
      `INSERT INTO concalls (id, symbol, quarter, date, date_ms, meeting_date, meeting_ms, short_analysis, sentiment_analysis,
         expanded_analysis, has_transcript, has_recording, intimation_attachment)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    announcement: db.prepare(
      `INSERT INTO announcements (id, symbol, category, related_categories, important, summary, long_summary, date, date_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof statementsFor>>();
function statements(db: Db): ReturnType<typeof statementsFor> {
  let s = cache.get(db);
  if (!s) {
    s = statementsFor(db);
    cache.set(db, s);
  }
  return s;
}

export function insertCompany(db: Db, row: CompanyRow): void {
  statements(db).company.run(row);
  storeWire(db, "companies", row.symbol);
}

export function insertEarnings(db: Db, row: EarningsRecord): void {
  statements(db).earnings.run(
    row.id,
    row.symbol,
    row.quarter,
    row.date,
    row.date_ms,
    row.summary,
    json(row.earnings_table),
    flag(row.earnings_significant),
    flag(row.has_attachment),
  );
  storeWire(db, "earnings", row.id);
}

export function insertUpcomingEarnings(db: Db, row: UpcomingEarningsRecord): void {
  statements(db).upcoming.run(row.id, row.event_id, row.symbol, row.purpose, row.title, row.bm_desc, row.body, row.date, row.date_ms, row.quarter, row.announced_ms ?? null);
  storeWire(db, "upcoming_earnings", row.id);
}

export function insertAlert(db: Db, row: AlertRecord): void {
  statements(db).alert.run(
    row.id,
    row.symbol,
    row.type,
    row.reason,
    row.timestamp,
    row.ts_ms,
    json(row.price),
    JSON.stringify(row.primary_drivers),
    flag(row.important),
  );
  storeWire(db, "alerts", row.id);
}

export function insertNews(db: Db, row: NewsRecord): void {
  statements(db).news.run(
    row.id,
    row.symbol,
    row.title,
    row.specific_title,
    row.summary,
    row.long_summary,
    row.sentiment,
    row.source,
    row.article_type,
    row.link,
    row.date,
    row.date_ms,
  );
  storeWire(db, "news", row.id);
}

export function insertBlockDeal(db: Db, row: BlockDealRecord): void {
  statements(db).blockDeal.run(row.id, row.symbol, row.exchange, row.trade_value_cr, row.shares, row.price, row.date, row.date_ms);
  storeWire(db, "block_deals", row.id);
}

export function insertConcall(db: Db, row: ConcallRecord): void {
  statements(db).concall.run(
    row.id,
    row.symbol,
    row.quarter,
    row.date,
    row.date_ms,
    row.meeting_date,
    row.meeting_ms,
    json(row.short_analysis),
    json(row.sentiment_analysis),
    json(row.expanded_analysis),
    flag(row.has_transcript),
    flag(row.has_recording),
    row.intimation_attachment,
  );
  storeWire(db, "concalls", row.id);
}

export function insertAnnouncement(db: Db, row: AnnouncementRecord): void {
  statements(db).announcement.run(
    row.id,
    row.symbol,
    row.category,
    JSON.stringify(row.related_categories),
    flag(row.important),
    row.summary,
    row.long_summary,
    row.date,
    row.date_ms,
  );
  storeWire(db, "announcements", row.id);
}
