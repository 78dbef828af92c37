/*
 * The service's row mappers and list handlers as they were before rows kept their wire JSON (issue 18), kept verbatim
 * as the reference the assembled pages are compared with, byte for byte (service/store/wire.test.ts). Not used by the
 * running service; do not "fix" them to match it.
 */
import type { Alert, AlertPrice } from "../../lib/alpha/alerts";
import { alertOutputTypeForFilter } from "../../lib/alpha/alerts";
import type { AnnouncementDetail } from "../../lib/alpha/announcements";
import type { BlockDeal } from "../../lib/alpha/block-deals";
import type { Concall, ExpandedAnalysis, UpcomingConcall } from "../../lib/alpha/concalls";
import type { EarningsDetail, EarningsStreamRow, EarningsTable, UpcomingEarningsRow } from "../../lib/alpha/earnings";
import { AlphaError } from "../../lib/alpha/errors";
import type { NewsItem } from "../../lib/alpha/news";
import type { SymbolMetadata } from "../../lib/alpha/symbols";
import { SYMBOL_CSV_COLUMNS } from "../../lib/alpha/symbols";
import { istDayStart } from "../../lib/alpha/time";
import type { ServiceContext } from "../../service/context";
import type { EndpointInput } from "../../service/endpoint";
import { RawBody } from "../../service/endpoint";
import { intimationPath, transcriptPath } from "../../service/routes/concalls";
import { earningsAttachmentPath } from "../../service/routes/earnings";
import { fetchPage, Filters, logoUrl, parseJson, setIf } from "../../service/routes/shared";
import { signAssetUrl } from "../../service/signing";
import { prepared } from "../../service/store/prepared";

// ── service/routes/news.ts ──

export interface NewsDbRow {
  id: string;
  symbol: string;
  title: string;
  specific_title: string | null;
  summary: string;
  long_summary: string | null;
  sentiment: string;
  source: string;
  article_type: string;
  link: string;
  date: string;
  company_name: string;
  scrip_code: string;
}

export const NEWS_SELECT = `SELECT n.id, n.symbol, n.title, n.specific_title, n.summary, n.long_summary, n.sentiment, n.source, n.article_type,
  n.link, n.date, c.company_name, c.scrip_code FROM news n JOIN companies c ON c.symbol = n.symbol`;

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

export function listNews({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listNews"> }) {
  const f = new Filters().symbols("n.symbol", input.symbols, input.scrip_codes).range("n.date_ms", input.from, input.to);
  if (input.sentiment) f.add("n.sentiment = ?", input.sentiment);
  const { rows, hasNext } = fetchPage<NewsDbRow>(ctx, `${NEWS_SELECT} ${f.sql} ORDER BY n.date_ms DESC, n.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map(toNewsWire), has_next: hasNext };
}

/** The wire shape of a stored news item, for WebSocket publishers. */
export function newsItemById(ctx: ServiceContext, id: string): NewsItem | null {
  const row = prepared(ctx.db, `${NEWS_SELECT} WHERE n.id = ?`).get(id) as NewsDbRow | undefined;
  return row ? toNewsWire(row) : null;
}

// ── service/routes/alerts.ts ──

export interface AlertDbRow {
  id: string;
  symbol: string;
  type: string;
  reason: string;
  timestamp: string;
  price: string | null;
  primary_drivers: string;
}

export const ALERT_SELECT = "SELECT a.id, a.symbol, a.type, a.reason, a.timestamp, a.price, a.primary_drivers FROM alerts a";

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

/** Alerts newest first; `type` filter values map to output types (aliases, rvol_alert → vol_alert); `important` is the curated feed. */
export function listAlerts({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listAlerts"> }) {
  const types = input.type ? [...new Set(input.type.map((t) => alertOutputTypeForFilter(t)).filter((t) => t !== null))] : undefined;
  const f = new Filters().symbols("a.symbol", input.symbols, input.scrip_codes).in("a.type", types).range("a.ts_ms", input.from, input.to);
  if (input.important) f.add("a.important = 1");
  const { rows, hasNext } = fetchPage<AlertDbRow>(ctx, `${ALERT_SELECT} ${f.sql} ORDER BY a.ts_ms DESC, a.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map(toAlertWire), has_next: hasNext };
}

/** The wire shape of a stored alert, for WebSocket publishers (which add `alert_type`). */
export function alertById(ctx: ServiceContext, id: string): Alert | null {
  const row = prepared(ctx.db, `${ALERT_SELECT} WHERE a.id = ?`).get(id) as AlertDbRow | undefined;
  return row ? toAlertWire(row) : null;
}

// ── service/routes/block-deals.ts ──

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

export const BLOCK_DEAL_SELECT = `SELECT b.id, b.symbol, c.company_name, b.exchange, b.trade_value_cr, b.shares, b.price, b.date
  FROM block_deals b JOIN companies c ON c.symbol = b.symbol`;

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

export function listBlockDeals({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listBlockDeals"> }) {
  const f = new Filters().symbols("b.symbol", input.symbols, undefined).range("b.date_ms", input.from, input.to);
  if (input.exchange) f.add("b.exchange = ?", input.exchange);
  const { rows, hasNext } = fetchPage<BlockDealDbRow>(ctx, `${BLOCK_DEAL_SELECT} ${f.sql} ORDER BY b.date_ms DESC, b.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map(toBlockDealWire), has_next: hasNext };
}

/** The wire shape of a stored block deal, for WebSocket publishers. */
export function blockDealById(ctx: ServiceContext, id: string): BlockDeal | null {
  const row = prepared(ctx.db, `${BLOCK_DEAL_SELECT} WHERE b.id = ?`).get(id) as BlockDealDbRow | undefined;
  return row ? toBlockDealWire(row) : null;
}

// ── service/routes/announcements.ts ──

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

export const ANNOUNCEMENT_SELECT = `SELECT a.id, a.symbol, a.category, a.related_categories, a.important, a.summary, a.long_summary, a.date,
  c.company_name FROM announcements a JOIN companies c ON c.symbol = a.symbol`;

export function toAnnouncementWire(ctx: ServiceContext, r: AnnouncementDbRow, detailed: boolean): AnnouncementDetail {
  const out: AnnouncementDetail = {
    id: r.id,
    symbol: r.symbol,
    company_name: r.company_name,
    image: logoUrl(ctx, r.symbol),
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


/** Announcements newest first; `categories` matches the primary or a related category. */
export function listAnnouncements({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listAnnouncements"> }) {
  const f = new Filters().symbols("a.symbol", input.symbols, input.scrip_codes).range("a.date_ms", input.from, input.to);
  if (input.categories?.length) {
    const wanted = JSON.stringify(input.categories);
    f.add(
      "(a.category IN (SELECT value FROM json_each(?)) OR EXISTS (SELECT 1 FROM json_each(a.related_categories) r WHERE r.value IN (SELECT value FROM json_each(?))))",
      wanted,
      wanted,
    );
  }
  if (input.important !== undefined) f.add("a.important = ?", input.important ? 1 : 0);
  const { rows, hasNext } = fetchPage<AnnouncementDbRow>(
    ctx,
    `${ANNOUNCEMENT_SELECT} ${f.sql} ORDER BY a.date_ms DESC, a.id DESC`,
    f.params,
    input.page,
    input.limit,
  );
  return { data: rows.map((r) => toAnnouncementWire(ctx, r, input.detailed)), has_next: hasNext };
}

/** The wire shape of a stored announcement, for WebSocket publishers. */
export function announcementById(ctx: ServiceContext, id: string, detailed = true): AnnouncementDetail | null {
  const row = prepared(ctx.db, `${ANNOUNCEMENT_SELECT} WHERE a.id = ?`).get(id) as AnnouncementDbRow | undefined;
  return row ? toAnnouncementWire(ctx, row, detailed) : null;
}


// ── service/routes/earnings.ts ──

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

export const EARNINGS_SELECT = `SELECT e.id, e.symbol, e.quarter, e.date, e.summary, e.earnings_table, e.earnings_significant, e.has_attachment,
  c.scrip_code, c.company_name FROM earnings e JOIN companies c ON c.symbol = e.symbol`;


export function toEarningsWire(ctx: ServiceContext, r: EarningsDbRow, detailed: boolean): EarningsDetail {
  const out: EarningsDetail = {
    id: r.id,
    symbol: r.symbol,
    scrip_code: r.scrip_code,
    company_name: r.company_name,
    image: logoUrl(ctx, r.symbol),
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

export function listEarnings({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listEarnings"> }) {
  const f = new Filters()
    .in("e.id", input.ids)
    .symbols("e.symbol", input.symbols, input.scrip_codes)
    .range("e.date_ms", input.from, input.to);
  if (input.quarter) f.add("e.quarter = ?", input.quarter);
  const { rows, hasNext } = fetchPage<EarningsDbRow>(ctx, `${EARNINGS_SELECT} ${f.sql} ORDER BY e.date_ms DESC, e.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map((r) => toEarningsWire(ctx, r, input.detailed)), has_next: hasNext };
}


/**
 * Results events still ahead, nearest first: the purpose mentions Financial Results, the date is not past
 * (a date-only event stays listed through its whole IST day), and no filing holds the same symbol and quarter yet.
 */
export function listUpcomingEarnings({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listUpcomingEarnings"> }) {
  const now = ctx.clock.now();
  const f = new Filters()
    .add("u.purpose LIKE '%Financial Results%'")
    .add("(u.date_ms >= ? OR (length(u.date) = 10 AND u.date_ms >= ?))", now.getTime(), istDayStart(now).getTime())
    .add("NOT EXISTS (SELECT 1 FROM earnings e WHERE e.symbol = u.symbol AND e.quarter = u.quarter)")
    .add("(u.announced_ms IS NULL OR u.announced_ms <= ?)", now.getTime())
    .symbols("u.symbol", input.symbols, input.scrip_codes);
  const { rows, hasNext } = fetchPage<{
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
  }>(
    ctx,
    `SELECT u.id, u.event_id, u.symbol, c.company_name, u.purpose, u.title, u.bm_desc, u.body, u.date, u.quarter
     FROM upcoming_earnings u JOIN companies c ON c.symbol = u.symbol ${f.sql} ORDER BY u.date_ms ASC, u.id ASC`,
    f.params,
    input.page,
    input.limit,
  );
  const data: UpcomingEarningsRow[] = rows.map((r) => ({
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
  }));
  return { data, has_next: hasNext };
}

/** The latest filing for a symbol (or scrip code) and quarter; 404 `not_found` when there is none. */
export function getEarningsDetail({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"getEarningsDetail"> }) {
  const bySymbol = input.symbol !== undefined;
  const row = prepared(
    ctx.db,
    `${EARNINGS_SELECT} WHERE ${bySymbol ? "e.symbol = ?" : "c.scrip_code = ?"} AND e.quarter = ? ORDER BY e.date_ms DESC, e.id DESC LIMIT 1`,
  ).get(bySymbol ? input.symbol : input.scrip_code, input.quarter) as EarningsDbRow | undefined;
  if (!row) {
    const who = bySymbol ? input.symbol : `scrip code ${input.scrip_code}`;
    throw new AlphaError("not_found", `No earnings filing for ${who} in ${input.quarter}`);
  }
  return toEarningsWire(ctx, row, input.detailed);
}


/** The stream shape of a stored filing (detail fields plus a signed attachment URL), for WebSocket publishers. */
export function earningsStreamRowById(ctx: ServiceContext, id: string, detailed = true): EarningsStreamRow | null {
  const row = prepared(ctx.db, `${EARNINGS_SELECT} WHERE e.id = ?`).get(id) as EarningsDbRow | undefined;
  if (!row) return null;
  const out: EarningsStreamRow = toEarningsWire(ctx, row, detailed);
  if (row.has_attachment === 1) out.attachment_url = signAssetUrl(ctx, earningsAttachmentPath(row.id)).url;
  return out;
}


// ── service/routes/concalls.ts ──

export interface ConcallDbRow {
  id: string;
  symbol: string;
  quarter: string;
  date: string;
  meeting_date: string;
  meeting_ms: number;
  short_analysis: string | null;
  sentiment_analysis: string | null;
  expanded_analysis: string | null;
  has_transcript: number;
  has_recording: number;
  intimation_attachment: string | null;
}

export const CONCALL_SELECT = `SELECT k.id, k.symbol, k.quarter, k.date, k.meeting_date, k.meeting_ms, k.short_analysis, k.sentiment_analysis,
  k.expanded_analysis, k.has_transcript, k.has_recording, k.intimation_attachment FROM concalls k`;
/** A call's row: analyses, and a signed transcript link when a transcript exists (recordings only via the lookup). */
export function toConcallWire(ctx: ServiceContext, r: ConcallDbRow, detailed: boolean): Concall {
  const out: Concall = { id: r.id, symbol: r.symbol, quarter: r.quarter, date: r.date };
  setIf(out, "short_analysis", parseJson(r.short_analysis));
  setIf(out, "sentiment_analysis", parseJson(r.sentiment_analysis));
  out.transcript_url = r.has_transcript === 1 ? signAssetUrl(ctx, transcriptPath(r.id)).url : null;
  if (detailed) setIf(out, "expanded_analysis", parseJson<ExpandedAnalysis>(r.expanded_analysis));
  return out;
}

/** Calls that have happened (meeting time not after now), newest filing first. */
export function listConcalls({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listConcalls"> }) {
  const f = new Filters()
    .add("k.meeting_ms <= ?", ctx.clock.now().getTime())
    .symbols("k.symbol", input.symbols, input.scrip_codes)
    .range("k.date_ms", input.from, input.to);
  const { rows, hasNext } = fetchPage<ConcallDbRow>(ctx, `${CONCALL_SELECT} ${f.sql} ORDER BY k.date_ms DESC, k.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map((r) => toConcallWire(ctx, r, input.detailed)), has_next: hasNext };
}

/** The latest call that has happened for a symbol (or scrip code) and quarter; 404 `not_found` otherwise. */
export function getConcallDetail({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"getConcallDetail"> }) {
  const bySymbol = input.symbol !== undefined;
  const row = prepared(
    ctx.db,
    `${CONCALL_SELECT} ${bySymbol ? "" : "JOIN companies c ON c.symbol = k.symbol"}
     WHERE ${bySymbol ? "k.symbol = ?" : "c.scrip_code = ?"} AND k.quarter = ? AND k.meeting_ms <= ? ORDER BY k.date_ms DESC, k.id DESC LIMIT 1`,
  ).get(bySymbol ? input.symbol : input.scrip_code, input.quarter, ctx.clock.now().getTime()) as ConcallDbRow | undefined;
  if (!row) {
    const who = bySymbol ? input.symbol : `scrip code ${input.scrip_code}`;
    throw new AlphaError("not_found", `No conference call for ${who} in ${input.quarter}`);
  }
  return toConcallWire(ctx, row, input.detailed);
}


/** For each symbol, its latest call filing whose meeting is still ahead; nearest meeting first. */
export function listUpcomingConcalls({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listUpcomingConcalls"> }) {
  const nowMs = ctx.clock.now().getTime();
  const f = new Filters()
    .add("k.meeting_ms > ?", nowMs)
    .add(
      "k.id = (SELECT k2.id FROM concalls k2 WHERE k2.symbol = k.symbol AND k2.meeting_ms > ? ORDER BY k2.date_ms DESC, k2.id DESC LIMIT 1)",
      nowMs,
    )
    .symbols("k.symbol", input.symbols, input.scrip_codes);
  const { rows, hasNext } = fetchPage<ConcallDbRow>(ctx, `${CONCALL_SELECT} ${f.sql} ORDER BY k.meeting_ms ASC, k.id ASC`, f.params, input.page, input.limit);
  const data: UpcomingConcall[] = rows.map((r) => {
    const out: UpcomingConcall = { id: r.id, symbol: r.symbol, quarter: r.quarter, meeting_date: r.meeting_date };
    if (input.detailed) out.intimation_attachment = r.intimation_attachment ? signAssetUrl(ctx, intimationPath(r.id)).url : null;
    return out;
  });
  return { data, has_next: hasNext };
}

/** The wire shape of a stored call, for WebSocket publishers. */
export function concallById(ctx: ServiceContext, id: string, detailed = true): Concall | null {
  const row = prepared(ctx.db, `${CONCALL_SELECT} WHERE k.id = ?`).get(id) as ConcallDbRow | undefined;
  return row ? toConcallWire(ctx, row, detailed) : null;
}


// ── service/routes/symbols.ts ──

export interface CompanyDbRow {
  symbol: string;
  company_name: string;
  scrip_code: string;
  isin: string;
  sector: string;
  industry: string;
  basic_industry: string;
  macro_economic_indicator: string;
  market_cap: number;
}

export const COMPANY_COLUMNS = "symbol, company_name, scrip_code, isin, sector, industry, basic_industry, macro_economic_indicator, market_cap";

/** Metadata for the named symbols and scrip codes, in request order, each company once; unknown names are skipped. */
export function listSymbolMetadata({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listSymbolMetadata"> }) {
  const bySymbol = prepared(ctx.db, `SELECT ${COMPANY_COLUMNS} FROM companies WHERE symbol = ?`);
  const byScrip = prepared(ctx.db, `SELECT ${COMPANY_COLUMNS} FROM companies WHERE scrip_code = ?`);
  const seen = new Set<string>();
  const data: SymbolMetadata[] = [];
  const push = (row: CompanyDbRow | undefined) => {
    if (!row || seen.has(row.symbol)) return;
    seen.add(row.symbol);
    data.push({
      symbol: row.symbol,
      company_name: row.company_name,
      basic_industry: row.basic_industry,
      industry: row.industry,
      isin: row.isin,
      logo: logoUrl(ctx, row.symbol),
      macro_economic_indicator: row.macro_economic_indicator,
      market_cap: row.market_cap,
      scrip_code: row.scrip_code,
      sector: row.sector,
    });
  };
  for (const s of input.symbols ?? []) push(bySymbol.get(s) as CompanyDbRow | undefined);
  for (const s of input.scrip_codes ?? []) push(byScrip.get(s) as CompanyDbRow | undefined);
  return { data };
}

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The whole symbol catalogue (50 credits, the Symbols scope): CSV by default, the metadata envelope with format=json. */
export function listSymbols({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listSymbols"> }) {
  const rows = prepared(ctx.db, `SELECT ${COMPANY_COLUMNS} FROM companies ORDER BY symbol`).all() as CompanyDbRow[];
  const data: SymbolMetadata[] = rows.map((row) => ({
    symbol: row.symbol,
    company_name: row.company_name,
    scrip_code: row.scrip_code,
    isin: row.isin,
    sector: row.sector,
    industry: row.industry,
    basic_industry: row.basic_industry,
    macro_economic_indicator: row.macro_economic_indicator,
    market_cap: row.market_cap,
    logo: logoUrl(ctx, row.symbol),
  }));
  if (input.format === "json") return { data };
  const lines = [SYMBOL_CSV_COLUMNS.join(","), ...data.map((d) => SYMBOL_CSV_COLUMNS.map((col) => csvField(d[col] ?? "")).join(","))];
  return new RawBody(`${lines.join("\r\n")}\r\n`, "text/csv; charset=utf-8", { "Content-Disposition": 'inline; filename="symbols.csv"' });
}
