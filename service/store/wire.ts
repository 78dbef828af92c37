import type { AlertPrice } from "../../lib/alpha/alerts";
import type { AnnouncementDetail } from "../../lib/alpha/announcements";
import type { Alert } from "../../lib/alpha/alerts";
import type { EarningsDetail, EarningsTable, UpcomingEarningsRow } from "../../lib/alpha/earnings";
import type { NewsItem } from "../../lib/alpha/news";
import type { BlockDeal } from "../../lib/alpha/block-deals";
import type { SymbolMetadata } from "../../lib/alpha/symbols";
import type { Db } from "./db";
import type { CompanyRow, NewsRecord } from "./writes";
import { prepared } from "./prepared";

/*
 * Every dataset row keeps its answer as JSON text, written with the row, so a page is assembled from stored strings.
 * Writes from elsewhere cannot go stale: triggers clear the JSON, and readers and openDatabase fill a row without it.
 */

/** The tables whose rows keep wire JSON, with their key column and whether they have a detailed shape. */
export const WIRE_TABLES = {
  companies: { key: "symbol", detail: true },
  news: { key: "id", detail: false },
  alerts: { key: "id", detail: false },
  block_deals: { key: "id", detail: false },
  announcements: { key: "id", detail: true },
  earnings: { key: "id", detail: true },
  upcoming_earnings: { key: "id", detail: false },
  concalls: { key: "id", detail: true },
} as const;
export type WireTable = keyof typeof WIRE_TABLES;

/** A row's stored answer: `wire` is a complete JSON object; `detail` the members (",…") the detailed shape appends. */
export interface WireParts {
  wire: string;
  detail: string;
}

/** Paths are stored relative; a logo link is the service's public URL followed by this. */
export function logoPath(symbol: string): string {
  return `/v1/assets/logos/${encodeURIComponent(symbol)}.svg`;
}

/**
 * Puts the public base URL in front of the stored (relative) logo link of member `key`. The member is found by its
 * opening text: inside a JSON string every quote is escaped, so `"key":"/v1/assets/logos/` only matches the member.
 */
export function withPublicUrl(json: string, key: "image" | "logo", publicUrl: string): string {
  if (publicUrl === "") return json;
  const marker = `"${key}":"/v1/assets/logos/`;
  const at = json.indexOf(marker);
  if (at < 0) throw new Error(`stored row JSON has no ${key} link`);
  const cut = at + key.length + 4;
  return `${json.slice(0, cut)}${JSON.stringify(publicUrl).slice(1, -1)}${json.slice(cut)}`;
}

/** `{…}` followed by more members: the object's text without its closing brace, the members, the brace. */
export function extend(json: string, members: string): string {
  return members === "" ? json : `${json.slice(0, -1)}${members}}`;
}

/** The members `full` adds to `short` (both serialised from the same mapper; the detailed shape only appends). */
function addedMembers(short: string, full: string): string {
  const head = short.slice(0, -1);
  if (!full.startsWith(head) || !full.endsWith("}")) throw new Error("a detailed row must extend the list row");
  return full.slice(head.length, -1);
}

function parseJson<T>(text: string | null | undefined): T | null {
  return text ? (JSON.parse(text) as T) : null;
}

/** Copies `value` onto `target[key]` unless it is null or undefined: absent optional fields are left out. */
function setIf<T extends object, K extends string>(target: T, key: K, value: unknown): void {
  if (value !== null && value !== undefined) (target as Record<string, unknown>)[key] = value;
}

// ── the mappers: a stored row (as SQLite returns it) → its wire shape ──

/** A stored news row as SQLite returns it, with its company's name and code joined. */
export interface NewsDbRow extends Omit<NewsRecord, "sentiment" | "date_ms"> {
  sentiment: string;
  company_name: string;
  scrip_code: string;
}

export function toNewsWire(r: NewsDbRow): NewsItem {
  const out: NewsItem = { id: r.id, title: r.title };
  setIf(out, "specific_title", r.specific_title);
  out.summary = r.summary;
  setIf(out, "long_summary", r.long_summary);
  out.company = r.company_name;
  out.symbol = r.symbol;
  out.sentiment = r.sentiment;
  out.source = r.source;
  out.article_type = r.article_type;
  // Stored empty for a generated item (no article exists anywhere): the member is left out, as the interface's other
  // optional members are.
  if (r.link) out.link = r.link;
  out.scrip_code = r.scrip_code;
  out.date = r.date;
  return out;
}

export interface AlertDbRow {
  id: string;
  symbol: string;
  type: string;
  reason: string;
  timestamp: string;
  price: string | null;
  primary_drivers: string;
}

export function toAlertWire(r: AlertDbRow): Alert {
  const out: Alert = {
    id: r.id,
    symbol: r.symbol,
    type: r.type,
    reason: r.reason,
    timestamp: r.timestamp,
    meta: { primary_drivers: JSON.parse(r.primary_drivers) as string[] },
  };
  const price = parseJson<AlertPrice>(r.price);
  if (price) out.price = price;
  return out;
}

export interface BlockDealDbRow {
  id: string;
  symbol: string;
  company_name: string;
  exchange: string;
  trade_value_cr: number;
  shares: number;
  price: number;
  date: string;
}

export function toBlockDealWire(r: BlockDealDbRow): BlockDeal {
  return {
    id: r.id,
    symbol: r.symbol,
    company: r.company_name,
    exchange: r.exchange,
    trade_value_cr: r.trade_value_cr,
    shares: r.shares,
    price: r.price,
    date: r.date,
  };
}

export interface AnnouncementDbRow {
  id: string;
  symbol: string;
  category: string;
  related_categories: string;
  important: number;
  summary: string;
  long_summary: string;
  date: string;
  company_name: string;
}

export function toAnnouncementWire(publicUrl: string, r: AnnouncementDbRow, detailed: boolean): AnnouncementDetail {
  const out: AnnouncementDetail = {
    id: r.id,
    symbol: r.symbol,
    company_name: r.company_name,
    image: `${publicUrl}${logoPath(r.symbol)}`,
    date: r.date,
    summary: r.summary,
    category: r.category,
  };
  if (detailed) {
    out.long_summary = r.long_summary;
    out.related_categories = JSON.parse(r.related_categories) as string[];
    out.important = r.important === 1;
  }
  return out;
}

export interface EarningsDbRow {
  id: string;
  symbol: string;
  quarter: string;
  date: string;
  summary: string;
  earnings_table: string | null;
  earnings_significant: number;
  has_attachment: number;
  scrip_code: string;
  company_name: string;
}

export function toEarningsWire(publicUrl: string, r: EarningsDbRow, detailed: boolean): EarningsDetail {
  const out: EarningsDetail = {
    id: r.id,
    symbol: r.symbol,
    scrip_code: r.scrip_code,
    company_name: r.company_name,
    image: `${publicUrl}${logoPath(r.symbol)}`,
    quarter: r.quarter,
    date: r.date,
    summary: r.summary,
  };
  if (detailed) {
    setIf(out, "earnings_table", parseJson<EarningsTable>(r.earnings_table));
    out.earnings_significant = r.earnings_significant === 1;
  }
  return out;
}

export interface UpcomingEarningsDbRow {
  id: string;
  event_id: string;
  symbol: string;
  company_name: string;
  purpose: string;
  title: string;
  bm_desc: string;
  body: string;
  date: string;
  quarter: string;
}

export function toUpcomingEarningsWire(r: UpcomingEarningsDbRow): UpcomingEarningsRow {
  return {
    id: r.id,
    event_id: r.event_id,
    symbol: r.symbol,
    company: r.company_name,
    purpose: r.purpose,
    title: r.title,
    bm_desc: r.bm_desc,
    body: r.body,
    date: r.date,
    quarter: r.quarter,
  };
}

export interface ConcallDbRow {
  id: string;
  symbol: string;
  quarter: string;
  date: string;
  short_analysis: string | null;
  sentiment_analysis: string | null;
  expanded_analysis: string | null;
}

/** A call's members before its (signed, computed per answer) `transcript_url`; the detailed shape appends `expanded_analysis`. */
export function toConcallHead(r: ConcallDbRow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: r.id, symbol: r.symbol, quarter: r.quarter, date: r.date };
  setIf(out, "short_analysis", parseJson(r.short_analysis));
  setIf(out, "sentiment_analysis", parseJson(r.sentiment_analysis));
  return out;
}

export type CompanyDbRow = Omit<CompanyRow, "logo">;

/** A company as `GET /v1/symbols/metadata` lists it. */
export function toSymbolMetadataWire(publicUrl: string, row: CompanyDbRow): SymbolMetadata {
  return {
    symbol: row.symbol,
    company_name: row.company_name,
    basic_industry: row.basic_industry,
    industry: row.industry,
    isin: row.isin,
    logo: `${publicUrl}${logoPath(row.symbol)}`,
    macro_economic_indicator: row.macro_economic_indicator,
    market_cap: row.market_cap,
    scrip_code: row.scrip_code,
    sector: row.sector,
  };
}

/** A company as the symbol catalogue (`GET /v1/symbols?format=json`) lists it, in the CSV's column order. */
export function toSymbolCatalogueWire(publicUrl: string, row: CompanyDbRow): SymbolMetadata {
  return {
    symbol: row.symbol,
    company_name: row.company_name,
    scrip_code: row.scrip_code,
    isin: row.isin,
    sector: row.sector,
    industry: row.industry,
    basic_industry: row.basic_industry,
    macro_economic_indicator: row.macro_economic_indicator,
    market_cap: row.market_cap,
    logo: `${publicUrl}${logoPath(row.symbol)}`,
  };
}

// ── stored JSON: computed from the stored row, written, read ──

/** Each table's row as its mapper reads it (by key), and the stored parts made from it (links relative). */
const SOURCES: { [T in WireTable]: { select: string; parts(row: never): WireParts } } = {
  companies: {
    select:
      "SELECT symbol, company_name, scrip_code, isin, sector, industry, basic_industry, macro_economic_indicator, market_cap FROM companies WHERE symbol = ?",
    // `wire` is the metadata shape; `detail` here holds the catalogue shape, a whole object of its own.
    parts: (r: CompanyDbRow) => ({ wire: JSON.stringify(toSymbolMetadataWire("", r)), detail: JSON.stringify(toSymbolCatalogueWire("", r)) }),
  },
  news: {
    select: `SELECT n.id, n.symbol, n.title, n.specific_title, n.summary, n.long_summary, n.sentiment, n.source, n.article_type,
      n.link, n.date, c.company_name, c.scrip_code FROM news n JOIN companies c ON c.symbol = n.symbol WHERE n.id = ?`,
    parts: (r: NewsDbRow) => ({ wire: JSON.stringify(toNewsWire(r)), detail: "" }),
  },
  alerts: {
    select: "SELECT a.id, a.symbol, a.type, a.reason, a.timestamp, a.price, a.primary_drivers FROM alerts a WHERE a.id = ?",
    parts: (r: AlertDbRow) => ({ wire: JSON.stringify(toAlertWire(r)), detail: "" }),
  },
  block_deals: {
    select: `SELECT b.id, b.symbol, c.company_name, b.exchange, b.trade_value_cr, b.shares, b.price, b.date
      FROM block_deals b JOIN companies c ON c.symbol = b.symbol WHERE b.id = ?`,
    parts: (r: BlockDealDbRow) => ({ wire: JSON.stringify(toBlockDealWire(r)), detail: "" }),
  },
  announcements: {
    select: `SELECT a.id, a.symbol, a.category, a.related_categories, a.important, a.summary, a.long_summary, a.date,
      c.company_name FROM announcements a JOIN companies c ON c.symbol = a.symbol WHERE a.id = ?`,
    parts: (r: AnnouncementDbRow) => {
      const wire = JSON.stringify(toAnnouncementWire("", r, false));
      return { wire, detail: addedMembers(wire, JSON.stringify(toAnnouncementWire("", r, true))) };
    },
  },
  earnings: {
    select: `SELECT e.id, e.symbol, e.quarter, e.date, e.summary, e.earnings_table, e.earnings_significant, e.has_attachment,
      c.scrip_code, c.company_name FROM earnings e JOIN companies c ON c.symbol = e.symbol WHERE e.id = ?`,
    parts: (r: EarningsDbRow) => {
      const wire = JSON.stringify(toEarningsWire("", r, false));
      return { wire, detail: addedMembers(wire, JSON.stringify(toEarningsWire("", r, true))) };
    },
  },
  upcoming_earnings: {
    select: `SELECT u.id, u.event_id, u.symbol, c.company_name, u.purpose, u.title, u.bm_desc, u.body, u.date, u.quarter
      FROM upcoming_earnings u JOIN companies c ON c.symbol = u.symbol WHERE u.id = ?`,
    parts: (r: UpcomingEarningsDbRow) => ({ wire: JSON.stringify(toUpcomingEarningsWire(r)), detail: "" }),
  },
  concalls: {
    select: "SELECT k.id, k.symbol, k.quarter, k.date, k.short_analysis, k.sentiment_analysis, k.expanded_analysis FROM concalls k WHERE k.id = ?",
    parts: (r: ConcallDbRow) => {
      const head = toConcallHead(r);
      const expanded = parseJson(r.expanded_analysis);
      const wire = JSON.stringify(head);
      return { wire, detail: expanded === null ? "" : addedMembers(wire, JSON.stringify({ ...head, expanded_analysis: expanded })) };
    },
  },
};

/** The stored parts of a row computed from its columns with the mapper; null when there is no such row. */
export function computeWire(db: Db, table: WireTable, key: string): WireParts | null {
  const source = SOURCES[table];
  const row = prepared(db, source.select).get(key) as never;
  return row ? source.parts(row) : null;
}

/** Writes a row's JSON from its stored columns; the store calls it in the transaction that stores the row. */
export function storeWire(db: Db, table: WireTable, key: string): void {
  const parts = computeWire(db, table, key);
  if (!parts) throw new Error(`no ${table} row ${key} to store JSON for`);
  const { key: column, detail } = WIRE_TABLES[table];
  if (detail) prepared(db, `UPDATE ${table} SET wire = ?, wire_detail = ? WHERE ${column} = ?`).run(parts.wire, parts.detail, key);
  else prepared(db, `UPDATE ${table} SET wire = ? WHERE ${column} = ?`).run(parts.wire, key);
}

function missingClause(table: WireTable): string {
  return WIRE_TABLES[table].detail ? "wire IS NULL OR wire_detail IS NULL" : "wire IS NULL";
}

/** Fills every row without JSON (a database made before migration 50, rows a trigger cleared); returns how many. */
export function fillMissingWire(db: Db): number {
  let filled = 0;
  db.transaction(() => {
    for (const table of Object.keys(WIRE_TABLES) as WireTable[]) {
      const keys = db.prepare(`SELECT ${WIRE_TABLES[table].key} FROM ${table} WHERE ${missingClause(table)}`).pluck().all() as string[];
      for (const key of keys) storeWire(db, table, key);
      filled += keys.length;
    }
  })();
  return filled;
}

/** A row as a reader selects it: its key and stored JSON (null when written by something other than the store). */
export interface StoredWire {
  k: string;
  wire: string | null;
  wire_detail?: string | null;
}

/** The stored parts of a selected row, computed with the mapper when the row has none (see the header). */
export function partsOf(db: Db, table: WireTable, row: StoredWire): WireParts {
  if (row.wire !== null && (!WIRE_TABLES[table].detail || (row.wire_detail !== null && row.wire_detail !== undefined))) {
    return { wire: row.wire, detail: row.wire_detail ?? "" };
  }
  const parts = computeWire(db, table, row.k);
  if (!parts) throw new Error(`${table} row ${row.k} went away while it was read`);
  return parts;
}

/**
 * The audit: rows whose stored JSON is not what the mapper makes of their columns now (`stale`: none, unless something
 * wrote around the store and its triggers), and rows with none (`missing`: answered with the mapper until filled).
 */
export function auditWire(db: Db): { table: WireTable; key: string; problem: "stale" | "missing" }[] {
  const found: { table: WireTable; key: string; problem: "stale" | "missing" }[] = [];
  for (const table of Object.keys(WIRE_TABLES) as WireTable[]) {
    const { key, detail } = WIRE_TABLES[table];
    const rows = db.prepare(`SELECT ${key} AS k, wire, ${detail ? "wire_detail" : "NULL AS wire_detail"} FROM ${table}`).all() as StoredWire[];
    for (const row of rows) {
      if (row.wire === null || (detail && row.wire_detail === null)) {
        found.push({ table, key: row.k, problem: "missing" });
        continue;
      }
      const now = computeWire(db, table, row.k);
      if (!now || row.wire !== now.wire || (detail && row.wire_detail !== now.detail)) found.push({ table, key: row.k, problem: "stale" });
    }
  }
  return found;
}
