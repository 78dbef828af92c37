/**
 * Real data in (and the generated data out) in the interface's own shapes: one JSON object per line (or CSV with a
 * header), validated with the contract's schemas, written in one transaction through record.ts so live subscribers
 * receive what lands, idempotent by id. `exportRows` writes stored rows in the same format, so an export imports back.
 */
import { z } from "zod";
import { alertPriceSchema, alertSchema, ALERT_OUTPUT_TYPES } from "../../lib/alpha/alerts";
import { announcementDetailSchema } from "../../lib/alpha/announcements";
import { blockDealSchema } from "../../lib/alpha/block-deals";
import { concallSchema, expandedAnalysisSchema, sentimentAnalysisSchema, shortAnalysisSchema } from "../../lib/alpha/concalls";
import { earningsDetailSchema, earningsTableSchema, upcomingEarningsRowSchema } from "../../lib/alpha/earnings";
import { newsItemSchema, SENTIMENTS } from "../../lib/alpha/news";
import { QUARTER_KEY_RE } from "../../lib/alpha/primitives";
import { symbolMetadataSchema } from "../../lib/alpha/symbols";
import type { StreamProduct } from "../../lib/alpha/account";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";
import type { RecordContext, RecordUnit } from "../store/record";
import { recordTogether } from "../store/record";
import type {
  AlertRecord,
  AnnouncementRecord,
  BlockDealRecord,
  CompanyRow,
  ConcallRecord,
  EarningsRecord,
  NewsRecord,
  UpcomingEarningsRecord,
} from "../store/writes";
import { insertCompany } from "../store/writes";

export const IMPORT_PRODUCTS = ["companies", "earnings", "upcoming-earnings", "alerts", "news", "announcements", "block-deals", "concalls"] as const;
export type ImportProduct = (typeof IMPORT_PRODUCTS)[number];

const isoWithOffset = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, "an ISO date-time with an offset");
const isoUtc = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "an ISO UTC date-time (…Z, whole seconds)");
const istWall = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, "an IST wall time without an offset");
const text = z.string().min(1);
const ms = (iso: string) => Date.parse(iso);

/** Each product's line: the contract's wire schema, its optional fields made required, plus stored facts the wire hides. */
const lineSchemas = {
  companies: symbolMetadataSchema.extend({
    symbol: text,
    company_name: text,
    scrip_code: z.string(),
    isin: z.string(),
    sector: z.string(),
    industry: z.string(),
    basic_industry: z.string(),
    macro_economic_indicator: z.string(),
    market_cap: z.number().nonnegative(),
    logo: z.string(),
  }),
  earnings: earningsDetailSchema.extend({
    quarter: z.string().regex(QUARTER_KEY_RE, "a quarter key such as q2_27"),
    date: isoWithOffset,
    summary: z.string(),
    earnings_table: earningsTableSchema.nullable(),
    earnings_significant: z.boolean(),
    has_attachment: z.boolean().default(true),
  }),
  "upcoming-earnings": upcomingEarningsRowSchema.extend({
    event_id: text,
    purpose: text,
    title: z.string(),
    bm_desc: z.string(),
    body: z.string(),
    // A meeting published with its day only keeps it so: the calendar lists it through that whole IST day.
    date: z.union([isoWithOffset, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "an IST day YYYY-MM-DD")]),
    quarter: z.string().regex(QUARTER_KEY_RE, "a quarter key such as q2_27"),
  }),
  alerts: alertSchema.extend({
    type: z.enum(ALERT_OUTPUT_TYPES),
    reason: text,
    timestamp: isoUtc,
    price: alertPriceSchema.nullable(),
    meta: z.object({ primary_drivers: z.array(z.string()).max(3) }),
    important: z.boolean().default(false),
  }),
  news: newsItemSchema.extend({
    symbol: text,
    title: text,
    specific_title: z.string().nullable(),
    summary: z.string(),
    long_summary: z.string().nullable(),
    sentiment: z.enum(SENTIMENTS),
    source: text,
    article_type: text,
    // Generated news has no article anywhere and carries no link; imported news keeps its own.
    link: z.string().url().optional(),
    date: isoWithOffset,
  }),
  announcements: announcementDetailSchema.extend({
    category: text,
    related_categories: z.array(z.string()),
    important: z.boolean(),
    summary: z.string(),
    long_summary: z.string(),
    date: isoWithOffset,
  }),
  "block-deals": blockDealSchema.extend({
    symbol: text,
    exchange: z.enum(["NSE", "BSE", "NSE/BSE"]),
    trade_value_cr: z.number().positive(),
    shares: z.number().int().positive(),
    price: z.number().positive(),
    date: isoWithOffset,
  }),
  concalls: concallSchema.extend({
    quarter: z.string().regex(QUARTER_KEY_RE, "a quarter key such as q2_27"),
    date: istWall,
    meeting_date: isoUtc,
    short_analysis: shortAnalysisSchema.extend({ guidance: z.string(), redflags: z.string() }).nullable(),
    sentiment_analysis: sentimentAnalysisSchema
      .extend({ sentiment: z.object({ key_indicators: z.object({ positive: z.array(z.string()), negative: z.array(z.string()) }) }) })
      .nullable(),
    expanded_analysis: expandedAnalysisSchema.nullable(),
    has_transcript: z.boolean(),
    has_recording: z.boolean(),
    intimation_attachment: z.string().nullable(),
  }),
} as const;

type Line<P extends ImportProduct> = z.infer<(typeof lineSchemas)[P]>;

/** A checked line as the row it stores. */
export type ImportRecord =
  | { product: "companies"; row: CompanyRow }
  | { product: "earnings"; row: EarningsRecord }
  | { product: "upcoming-earnings"; row: UpcomingEarningsRecord }
  | { product: "alerts"; row: AlertRecord }
  | { product: "news"; row: NewsRecord }
  | { product: "announcements"; row: AnnouncementRecord }
  | { product: "block-deals"; row: BlockDealRecord }
  | { product: "concalls"; row: ConcallRecord };

/** Wire line → stored record (the *_ms columns derived from the dates). */
function toRecord(product: ImportProduct, line: Record<string, unknown>): ImportRecord {
  switch (product) {
    case "companies": {
      const l = line as Line<"companies">;
      return { product, row: { symbol: l.symbol, company_name: l.company_name, scrip_code: l.scrip_code, isin: l.isin, sector: l.sector, industry: l.industry, basic_industry: l.basic_industry, macro_economic_indicator: l.macro_economic_indicator, market_cap: l.market_cap, logo: l.logo } };
    }
    case "earnings": {
      const l = line as Line<"earnings">;
      return { product, row: { id: l.id, symbol: l.symbol, quarter: l.quarter, date: l.date, date_ms: ms(l.date), summary: l.summary, earnings_table: l.earnings_table, earnings_significant: l.earnings_significant, has_attachment: l.has_attachment } };
    }
    case "upcoming-earnings": {
      const l = line as Line<"upcoming-earnings">;
      return { product, row: { id: l.id, event_id: l.event_id, symbol: l.symbol, purpose: l.purpose, title: l.title, bm_desc: l.bm_desc, body: l.body, date: l.date, date_ms: ms(l.date.length === 10 ? `${l.date}T00:00:00+05:30` : l.date), quarter: l.quarter } };
    }
    case "alerts": {
      const l = line as Line<"alerts">;
      return { product, row: { id: l.id, symbol: l.symbol, type: l.type, reason: l.reason, timestamp: l.timestamp, ts_ms: ms(l.timestamp), price: l.price, primary_drivers: l.meta.primary_drivers, important: l.important } };
    }
    case "news": {
      const l = line as Line<"news">;
      return { product, row: { id: l.id, symbol: l.symbol, title: l.title, specific_title: l.specific_title, summary: l.summary, long_summary: l.long_summary, sentiment: l.sentiment, source: l.source, article_type: l.article_type, link: l.link ?? "", date: l.date, date_ms: ms(l.date) } };
    }
    case "announcements": {
      const l = line as Line<"announcements">;
      return { product, row: { id: l.id, symbol: l.symbol, category: l.category, related_categories: l.related_categories, important: l.important, summary: l.summary, long_summary: l.long_summary, date: l.date, date_ms: ms(l.date) } };
    }
    case "block-deals": {
      const l = line as Line<"block-deals">;
      return { product, row: { id: l.id, symbol: l.symbol, exchange: l.exchange, trade_value_cr: l.trade_value_cr, shares: l.shares, price: l.price, date: l.date, date_ms: ms(l.date) } };
    }
    case "concalls": {
      const l = line as Line<"concalls">;
      return {
        product,
        row: {
          id: l.id,
          symbol: l.symbol,
          quarter: l.quarter,
          date: l.date,
          date_ms: ms(`${l.date}+05:30`),
          meeting_date: l.meeting_date,
          meeting_ms: ms(l.meeting_date),
          short_analysis: l.short_analysis,
          sentiment_analysis: l.sentiment_analysis,
          expanded_analysis: l.expanded_analysis,
          has_transcript: l.has_transcript,
          has_recording: l.has_recording,
          intimation_attachment: l.intimation_attachment,
        },
      };
    }
  }
}

export interface LineError {
  line: number;
  message: string;
}

export interface ImportReport {
  product: ImportProduct;
  lines: number;
  inserted: number;
  updated: number;
  unchanged: number;
  errors: LineError[];
  /** False when any line was bad: then nothing was written. */
  written: boolean;
}

/** Splits a CSV line (RFC 4180 quoting). */
function csvCells(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** A CSV cell: JSON when it parses as an object, array, number, boolean or null; else the text itself. */
function csvValue(cell: string): unknown {
  const t = cell.trim();
  if (t === "") return null;
  if (/^[[{]|^-?\d+(\.\d+)?$|^(true|false|null)$/.test(t)) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return cell;
    }
  }
  return cell;
}

/** Parses the file's lines into objects: JSON Lines, or CSV whose first line is the header. Blank lines are skipped. */
export function parseImportText(textBody: string, format: "jsonl" | "csv"): { line: number; value: unknown; error?: string }[] {
  const lines = textBody.split(/\r?\n/);
  const out: { line: number; value: unknown; error?: string }[] = [];
  if (format === "csv") {
    const header = csvCells(lines[0] ?? "").map((h) => h.trim());
    lines.slice(1).forEach((l, i) => {
      if (l.trim() === "") return;
      const cells = csvCells(l);
      if (cells.length !== header.length) return void out.push({ line: i + 2, value: null, error: `expected ${header.length} cells, got ${cells.length}` });
      out.push({ line: i + 2, value: Object.fromEntries(header.map((h, k) => [h, csvValue(cells[k] ?? "")])) });
    });
    return out;
  }
  lines.forEach((l, i) => {
    if (l.trim() === "") return;
    try {
      out.push({ line: i + 1, value: JSON.parse(l) as unknown });
    } catch (error) {
      out.push({ line: i + 1, value: null, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
  return out;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(line)"}: ${i.message}`).join("; ");
}

/** The live stream a product's rows are published on (companies and the calendar are not streamed). */
const STREAM_PRODUCT: Record<ImportProduct, StreamProduct | null> = {
  companies: null,
  earnings: "earnings",
  "upcoming-earnings": null,
  alerts: "alerts",
  news: "news",
  announcements: "announcements",
  "block-deals": "block-deals",
  concalls: "concalls",
};

const TABLE: Record<ImportProduct, { table: string; key: string }> = {
  companies: { table: "companies", key: "symbol" },
  earnings: { table: "earnings", key: "id" },
  "upcoming-earnings": { table: "upcoming_earnings", key: "id" },
  alerts: { table: "alerts", key: "id" },
  news: { table: "news", key: "id" },
  announcements: { table: "announcements", key: "id" },
  "block-deals": { table: "block_deals", key: "id" },
  concalls: { table: "concalls", key: "id" },
};

/**
 * Validates every line, then writes all of them in one transaction (or none when a line is bad). A row whose id is
 * stored already is left alone (idempotent re-imports); a stored call is replaced when the import carries news about
 * it (its analysis, transcript or recording), and published again.
 */
export function importRows({
  ctx,
  input,
}: {
  ctx: RecordContext;
  /** `relay`: the import runs outside the service process (the CLI); its stream rows go to the outbox for the service to publish. */
  input: { product: ImportProduct; text: string; format: "jsonl" | "csv"; relay?: boolean; nowMs?: number };
}): ImportReport {
  const { product } = input;
  const schema = lineSchemas[product];
  const parsed = parseImportText(input.text, input.format);
  const errors: LineError[] = [];
  const rows: ImportRecord[] = [];
  const seen = new Set<string>();
  const knownSymbols = new Set((prepared(ctx.db, "SELECT symbol FROM companies").all() as { symbol: string }[]).map((r) => r.symbol));
  for (const p of parsed) {
    if (p.error) {
      errors.push({ line: p.line, message: p.error });
      continue;
    }
    const result = schema.safeParse(p.value);
    if (!result.success) {
      errors.push({ line: p.line, message: describeIssues(result.error) });
      continue;
    }
    const record = toRecord(product, result.data as Record<string, unknown>);
    const key = product === "companies" ? (record.row as CompanyRow).symbol : (record.row as { id: string }).id;
    if (seen.has(key)) {
      errors.push({ line: p.line, message: `duplicate ${TABLE[product].key} '${key}' in the file` });
      continue;
    }
    seen.add(key);
    const symbol = (record.row as { symbol: string }).symbol;
    if (product !== "companies" && !knownSymbols.has(symbol)) {
      errors.push({ line: p.line, message: `unknown symbol '${symbol}': import its company first (product companies)` });
      continue;
    }
    rows.push(record);
  }
  const report: ImportReport = { product, lines: parsed.length, inserted: 0, updated: 0, unchanged: 0, errors, written: false };
  if (errors.length > 0) return report;
  recordTogether(ctx, (unit) => writeRecords(ctx, unit, rows, input, report));
  report.written = true;
  return report;
}

/** A line checked with its product's schema: the stored record, or the reason it is not one. */
export function checkLine(product: ImportProduct, value: unknown): { record: ImportRecord; message?: undefined } | { message: string } {
  const result = lineSchemas[product].safeParse(value);
  if (!result.success) return { message: describeIssues(result.error) };
  return { record: toRecord(product, result.data as Record<string, unknown>) };
}

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes checked records inside the caller's unit of work: a row whose id is stored already is left alone (a call is
 * replaced when it carries news about itself); stream rows go to the outbox too when `relay` (another process serves).
 */
export function writeRecords(ctx: RecordContext, unit: RecordUnit, rows: readonly ImportRecord[], options: { relay?: boolean; nowMs?: number }, counts: WriteCounts): void {
  const outbox = prepared(ctx.db, "INSERT INTO import_outbox (product, id, symbol, created_ms) VALUES (?, ?, ?, ?)");
  for (const r of rows) {
    const { table, key } = TABLE[r.product];
    const streamed = STREAM_PRODUCT[r.product];
    const relay = (id: string, symbol: string) => {
      if (options.relay && streamed) outbox.run(streamed, id, symbol, options.nowMs ?? Date.now());
    };
    const id = r.product === "companies" ? r.row.symbol : r.row.id;
    if (prepared(ctx.db, `SELECT 1 FROM ${table} WHERE ${key} = ?`).get(id)) {
      if (r.product === "concalls" && concallChanged(ctx.db, r.row)) {
        unit.replaceConcall(r.row);
        relay(r.row.id, r.row.symbol);
        counts.updated++;
      } else counts.unchanged++;
      continue;
    }
    counts.inserted++;
    if (r.product !== "companies") relay(r.row.id, r.row.symbol);
    switch (r.product) {
      case "companies":
        insertCompany(ctx.db, r.row);
        break;
      case "earnings":
        unit.earnings(r.row);
        unit.removeUpcomingEarnings(r.row.symbol, r.row.quarter);
        break;
      case "upcoming-earnings":
        unit.upcomingEarnings(r.row);
        break;
      case "alerts":
        unit.alert(r.row);
        break;
      case "news":
        unit.news(r.row);
        break;
      case "announcements":
        unit.announcement(r.row);
        break;
      case "block-deals":
        unit.blockDeal(r.row);
        break;
      case "concalls":
        unit.concall(r.row);
        break;
    }
  }
}

function concallChanged(db: Db, row: ConcallRecord): boolean {
  const stored = prepared(db, "SELECT date, short_analysis, has_transcript, has_recording FROM concalls WHERE id = ?").get(row.id) as
    | { date: string; short_analysis: string | null; has_transcript: number; has_recording: number }
    | undefined;
  if (!stored) return true;
  return (
    stored.date !== row.date ||
    stored.short_analysis !== (row.short_analysis === null ? null : JSON.stringify(row.short_analysis)) ||
    stored.has_transcript !== (row.has_transcript ? 1 : 0) ||
    stored.has_recording !== (row.has_recording ? 1 : 0)
  );
}

// ── export ──

const parseJson = <T>(v: unknown): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : null);

/** One stored row as its import line. */
function toLine(product: ImportProduct, r: Record<string, unknown>): Record<string, unknown> {
  switch (product) {
    case "companies":
      return { symbol: r.symbol, company_name: r.company_name, scrip_code: r.scrip_code, isin: r.isin, sector: r.sector, industry: r.industry, basic_industry: r.basic_industry, macro_economic_indicator: r.macro_economic_indicator, market_cap: r.market_cap, logo: r.logo };
    case "earnings":
      return { id: r.id, symbol: r.symbol, quarter: r.quarter, date: r.date, summary: r.summary, earnings_table: parseJson(r.earnings_table), earnings_significant: r.earnings_significant === 1, has_attachment: r.has_attachment === 1 };
    case "upcoming-earnings":
      return { id: r.id, event_id: r.event_id, symbol: r.symbol, purpose: r.purpose, title: r.title, bm_desc: r.bm_desc, body: r.body, date: r.date, quarter: r.quarter };
    case "alerts":
      return { id: r.id, symbol: r.symbol, type: r.type, reason: r.reason, timestamp: r.timestamp, price: parseJson(r.price), meta: { primary_drivers: parseJson<string[]>(r.primary_drivers) ?? [] }, important: r.important === 1 };
    case "news":
      return { id: r.id, symbol: r.symbol, title: r.title, specific_title: r.specific_title, summary: r.summary, long_summary: r.long_summary, sentiment: r.sentiment, source: r.source, article_type: r.article_type, ...(r.link ? { link: r.link } : {}), date: r.date };
    case "announcements":
      return { id: r.id, symbol: r.symbol, category: r.category, related_categories: parseJson<string[]>(r.related_categories) ?? [], important: r.important === 1, summary: r.summary, long_summary: r.long_summary, date: r.date };
    case "block-deals":
      return { id: r.id, symbol: r.symbol, exchange: r.exchange, trade_value_cr: r.trade_value_cr, shares: r.shares, price: r.price, date: r.date };
    case "concalls":
      return {
        id: r.id,
        symbol: r.symbol,
        quarter: r.quarter,
        date: r.date,
        meeting_date: r.meeting_date,
        short_analysis: parseJson(r.short_analysis),
        sentiment_analysis: parseJson(r.sentiment_analysis),
        expanded_analysis: parseJson(r.expanded_analysis),
        has_transcript: r.has_transcript === 1,
        has_recording: r.has_recording === 1,
        intimation_attachment: r.intimation_attachment ?? null,
      };
  }
}

const TIME_COLUMN: Record<ImportProduct, string | null> = {
  companies: null,
  earnings: "date_ms",
  "upcoming-earnings": null,
  alerts: "ts_ms",
  news: "date_ms",
  announcements: "date_ms",
  "block-deals": "date_ms",
  concalls: "meeting_ms",
};

/**
 * Stored rows of a product as JSON Lines. With a window, the event tables give the rows of [fromMs, toMs); the
 * calendar (upcoming earnings) and the companies are given whole, and calls from `fromMs` on (the upcoming ones too).
 */
export function exportRows(db: Db, product: ImportProduct, window?: { fromMs: number; toMs: number }): string {
  const { table } = TABLE[product];
  const col = TIME_COLUMN[product];
  let rows: Record<string, unknown>[];
  if (product === "upcoming-earnings")
    // The calendar as the interface shows it: a meeting whose quarter is filed already is not on it.
    rows = db
      .prepare("SELECT * FROM upcoming_earnings u WHERE NOT EXISTS (SELECT 1 FROM earnings e WHERE e.symbol = u.symbol AND e.quarter = u.quarter) ORDER BY rowid")
      .all() as Record<string, unknown>[];
  else if (!window || !col) rows = db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[];
  else if (product === "concalls") rows = db.prepare(`SELECT * FROM ${table} WHERE ${col} >= ? ORDER BY rowid`).all(window.fromMs) as Record<string, unknown>[];
  else rows = db.prepare(`SELECT * FROM ${table} WHERE ${col} >= ? AND ${col} < ? ORDER BY rowid`).all(window.fromMs, window.toMs) as Record<string, unknown>[];
  return rows.map((r) => JSON.stringify(toLine(product, r))).join("\n") + (rows.length > 0 ? "\n" : "");
}
