import type { Hono } from "hono";
import type {
  AttachmentLookupItem,
  EarningsDetail,
  EarningsIndexRow,
  EarningsStreamRow,
  EarningsTable,
  UpcomingEarningsRow,
} from "../../lib/alpha/earnings";
import { AlphaError } from "../../lib/alpha/errors";
import { istDayStart } from "../../lib/alpha/time";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { signAssetUrl } from "../signing";
import { prepared } from "../store/prepared";
import { fetchPage, Filters, logoUrl, parseJson, setIf } from "./shared";

interface EarningsDbRow {
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

const EARNINGS_SELECT = `SELECT e.id, e.symbol, e.quarter, e.date, e.summary, e.earnings_table, e.earnings_significant, e.has_attachment,
  c.scrip_code, c.company_name FROM earnings e JOIN companies c ON c.symbol = e.symbol`;

/** An id the store could hold; anything else is `invalid_id` rather than `not_found`. */
const RECORD_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function earningsAttachmentPath(id: string): string {
  return `/v1/assets/earnings/${encodeURIComponent(id)}.pdf`;
}

function toEarningsWire(ctx: ServiceContext, r: EarningsDbRow, detailed: boolean): EarningsDetail {
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

export function listEarningsIndex({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listEarningsIndex"> }) {
  const f = new Filters().symbols("e.symbol", input.symbols, input.scrip_codes).range("e.date_ms", input.from, input.to);
  if (input.quarter) f.add("e.quarter = ?", input.quarter);
  const { rows, hasNext } = fetchPage<EarningsIndexRow>(
    ctx,
    `SELECT e.id, e.symbol, e.quarter, e.date FROM earnings e ${f.sql} ORDER BY e.date_ms DESC, e.id DESC`,
    f.params,
    input.page,
    input.limit,
  );
  return { data: rows.map((r) => ({ id: r.id, symbol: r.symbol, quarter: r.quarter, date: r.date })), has_next: hasNext };
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

/** Signed document links for filings, one result per requested id in request order. */
export function listEarningsAttachments({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listEarningsAttachments"> }) {
  const lookup = prepared(ctx.db, "SELECT id, has_attachment FROM earnings WHERE id = ?");
  const data: AttachmentLookupItem[] = input.ids.map((id) => {
    if (!RECORD_ID_RE.test(id)) return { id, status: "invalid_id", message: "This is not an earnings filing id" };
    const row = lookup.get(id) as { id: string; has_attachment: number } | undefined;
    if (!row) return { id, status: "not_found", message: "No earnings filing has this id" };
    if (row.has_attachment !== 1) return { id, status: "no_attachment", message: "This filing has no attachment" };
    const signed = signAssetUrl(ctx, earningsAttachmentPath(row.id));
    return { id, status: "ready", url: signed.url, expires_in: signed.expiresIn };
  });
  return { data };
}

/** The stream shape of a stored filing (detail fields plus a signed attachment URL), for WebSocket publishers. */
export function earningsStreamRowById(ctx: ServiceContext, id: string, detailed = true): EarningsStreamRow | null {
  const row = prepared(ctx.db, `${EARNINGS_SELECT} WHERE e.id = ?`).get(id) as EarningsDbRow | undefined;
  if (!row) return null;
  const out: EarningsStreamRow = toEarningsWire(ctx, row, detailed);
  if (row.has_attachment === 1) out.attachment_url = signAssetUrl(ctx, earningsAttachmentPath(row.id)).url;
  return out;
}

export function registerEarningsRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listEarnings", listEarnings, { cache: true });
  defineEndpoint(app, "listEarningsIndex", listEarningsIndex, { cache: true });
  defineEndpoint(app, "listUpcomingEarnings", listUpcomingEarnings);
  defineEndpoint(app, "getEarningsDetail", getEarningsDetail, { cache: true });
  defineEndpoint(app, "listEarningsAttachments", listEarningsAttachments);
}
