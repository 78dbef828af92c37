import type { Hono } from "hono";
import type { AttachmentLookupItem } from "../../lib/alpha/earnings";
import { AlphaError } from "../../lib/alpha/errors";
import { istDayStart } from "../../lib/alpha/time";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint, JsonText } from "../endpoint";
import { signAssetUrl } from "../signing";
import { prepared } from "../store/prepared";
import type { StoredWire, WireParts } from "../store/wire";
import { extend, partsOf, withPublicUrl } from "../store/wire";
import { Filters, indexPage, storedRowById, wireColumns, wireListPage, wirePage } from "./shared";

/** A filing is its stored JSON (wire.ts: toEarningsWire), its logo link made absolute, plus the detail members. */
const earningsSelect = (detailed: boolean) =>
  `SELECT e.id AS k, ${wireColumns("e", detailed)}, e.has_attachment FROM earnings e`;

function earningsJson(ctx: ServiceContext, parts: WireParts, detailed: boolean): string {
  const row = withPublicUrl(parts.wire, "image", ctx.publicUrl);
  return detailed ? extend(row, parts.detail) : row;
}

/** An id the store could hold; anything else is `invalid_id` rather than `not_found`. */
const RECORD_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function earningsAttachmentPath(id: string): string {
  return `/v1/assets/earnings/${encodeURIComponent(id)}.pdf`;
}

export function listEarnings({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listEarnings"> }) {
  const f = new Filters()
    .in("e.id", input.ids)
    .symbols("e.symbol", input.symbols, input.scrip_codes)
    .range("e.date_ms", input.from, input.to);
  if (input.quarter) f.add("e.quarter = ?", input.quarter);
  const spec = wirePage("earnings", "e", { row: { detailed: input.detailed, logo: "image", publicUrl: ctx.publicUrl } });
  return wireListPage(ctx, spec, f, input, earningsSelect(input.detailed), (parts) => earningsJson(ctx, parts, input.detailed));
}

export function listEarningsIndex({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listEarningsIndex"> }) {
  const f = new Filters().symbols("e.symbol", input.symbols, input.scrip_codes).range("e.date_ms", input.from, input.to);
  if (input.quarter) f.add("e.quarter = ?", input.quarter);
  return indexPage(ctx, "earnings e", f, input);
}

/**
 * Results events still ahead, nearest first: the purpose mentions Financial Results, the date is not past
 * (a date-only event stays listed through its whole IST day), no filing holds the same symbol and quarter yet, and
 * its intimation has reached the exchange.
 */
export function listUpcomingEarnings({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listUpcomingEarnings"> }) {
  const now = ctx.clock.now();
  const f = new Filters()
    .add("u.purpose LIKE '%Financial Results%'")
    .add("(u.date_ms >= ? OR (length(u.date) = 10 AND u.date_ms >= ?))", now.getTime(), istDayStart(now).getTime())
    .add("NOT EXISTS (SELECT 1 FROM earnings e WHERE e.symbol = u.symbol AND e.quarter = u.quarter)")
    .add("(u.announced_ms IS NULL OR u.announced_ms <= ?)", now.getTime())
    .symbols("u.symbol", input.symbols, input.scrip_codes);
  const spec = wirePage("upcoming_earnings", "u", { direction: "ASC" });
  return wireListPage(ctx, spec, f, input, "SELECT u.id AS k, u.wire FROM upcoming_earnings u");
}

/** The latest filing for a symbol (or scrip code) and quarter; 404 `not_found` when there is none. */
export function getEarningsDetail({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"getEarningsDetail"> }) {
  const bySymbol = input.symbol !== undefined;
  const row = prepared(
    ctx.db,
    `${earningsSelect(input.detailed)} ${bySymbol ? "" : "JOIN companies c ON c.symbol = e.symbol"}
     WHERE ${bySymbol ? "e.symbol = ?" : "c.scrip_code = ?"} AND e.quarter = ? ORDER BY e.date_ms DESC, e.id DESC LIMIT 1`,
  ).get(bySymbol ? input.symbol : input.scrip_code, input.quarter) as StoredWire | undefined;
  if (!row) {
    const who = bySymbol ? input.symbol : `scrip code ${input.scrip_code}`;
    throw new AlphaError("not_found", `No earnings filing for ${who} in ${input.quarter}`);
  }
  const text = earningsJson(ctx, partsOf(ctx.db, "earnings", row), input.detailed);
  return new JsonText(text, text);
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

/** The stream JSON of a stored filing (the REST row plus a signed attachment URL), for WebSocket publishers. */
export function earningsStreamJsonById(ctx: ServiceContext, id: string, detailed = true): string | null {
  const got = storedRowById<StoredWire & { has_attachment: number }>(ctx, "earnings", earningsSelect(detailed), "e.id", id);
  if (!got) return null;
  const json = earningsJson(ctx, got.parts, detailed);
  if (got.row.has_attachment !== 1) return json;
  return extend(json, `,"attachment_url":${JSON.stringify(signAssetUrl(ctx, earningsAttachmentPath(id)).url)}`);
}

export function registerEarningsRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listEarnings", listEarnings, { cache: true });
  defineEndpoint(app, "listEarningsIndex", listEarningsIndex, { cache: true });
  defineEndpoint(app, "listUpcomingEarnings", listUpcomingEarnings);
  defineEndpoint(app, "getEarningsDetail", getEarningsDetail, { cache: true });
  defineEndpoint(app, "listEarningsAttachments", listEarningsAttachments);
}
