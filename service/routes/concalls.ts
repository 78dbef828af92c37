import type { Hono } from "hono";
import type { ConcallAssetResult, UpcomingConcall } from "../../lib/alpha/concalls";
import { AlphaError } from "../../lib/alpha/errors";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint, JsonText } from "../endpoint";
import { signAssetUrl } from "../signing";
import { prepared } from "../store/prepared";
import type { StoredWire, WireParts } from "../store/wire";
import { extend, partsOf } from "../store/wire";
import { fetchPage, fetchWirePage, Filters, indexPage, jsonPage, storedRowById, wireColumns } from "./shared";

/** What the lookups read of a call (never its analyses). */
interface ConcallAssetRow {
  id: string;
  meeting_date: string;
  meeting_ms: number;
  has_transcript: number;
  has_recording: number;
}

const ASSET_SELECT = "SELECT k.id, k.meeting_date, k.meeting_ms, k.has_transcript, k.has_recording FROM concalls k";

/** A call is its stored JSON (wire.ts: toConcallHead), a signed transcript link, then the detail members. */
const concallSelect = (detailed: boolean) => `SELECT k.id AS k, ${wireColumns("k", detailed)}, k.has_transcript FROM concalls k`;

type ConcallWireRow = StoredWire & { has_transcript: number };

export const transcriptPath = (id: string) => `/v1/assets/transcripts/${encodeURIComponent(id)}.txt`;
export const recordingPath = (id: string) => `/v1/assets/recordings/${encodeURIComponent(id)}.wav`;
export const intimationPath = (id: string) => `/v1/assets/intimations/${encodeURIComponent(id)}.pdf`;

/** A call's row: analyses, and a signed transcript link when a transcript exists (recordings only via the lookup). */
function concallJson(ctx: ServiceContext, row: ConcallWireRow, parts: WireParts, detailed: boolean): string {
  const transcript = row.has_transcript === 1 ? JSON.stringify(signAssetUrl(ctx, transcriptPath(row.k)).url) : "null";
  return extend(parts.wire, `,"transcript_url":${transcript}${detailed ? parts.detail : ""}`);
}

/** Calls that have happened (meeting time not after now), newest filing first. */
export function listConcalls({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listConcalls"> }) {
  const f = new Filters()
    .add("k.meeting_ms <= ?", ctx.clock.now().getTime())
    .symbols("k.symbol", input.symbols, input.scrip_codes)
    .range("k.date_ms", input.from, input.to);
  const { rows, hasNext } = fetchWirePage<ConcallWireRow>(
    ctx,
    "concalls",
    `${concallSelect(input.detailed)} ${f.sql} ORDER BY k.date_ms DESC, k.id DESC`,
    f.params,
    input.page,
    input.limit,
  );
  return jsonPage(
    rows.map((r) => concallJson(ctx, r, r.parts, input.detailed)),
    hasNext,
  );
}

/** The latest call that has happened for a symbol (or scrip code) and quarter; 404 `not_found` otherwise. */
export function getConcallDetail({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"getConcallDetail"> }) {
  const bySymbol = input.symbol !== undefined;
  const row = prepared(
    ctx.db,
    `${concallSelect(input.detailed)} ${bySymbol ? "" : "JOIN companies c ON c.symbol = k.symbol"}
     WHERE ${bySymbol ? "k.symbol = ?" : "c.scrip_code = ?"} AND k.quarter = ? AND k.meeting_ms <= ? ORDER BY k.date_ms DESC, k.id DESC LIMIT 1`,
  ).get(bySymbol ? input.symbol : input.scrip_code, input.quarter, ctx.clock.now().getTime()) as ConcallWireRow | undefined;
  if (!row) {
    const who = bySymbol ? input.symbol : `scrip code ${input.scrip_code}`;
    throw new AlphaError("not_found", `No conference call for ${who} in ${input.quarter}`);
  }
  const text = concallJson(ctx, row, partsOf(ctx.db, "concalls", row), input.detailed);
  return new JsonText(text, text);
}

/** Signed transcript and recording links per requested call, in request order: ready, no_transcript or not_found. */
export function lookupConcallTranscripts({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"lookupConcallTranscripts"> }) {
  const nowMs = ctx.clock.now().getTime();
  const find = prepared(ctx.db, `${ASSET_SELECT} WHERE k.symbol = ? AND k.quarter = ? ORDER BY (k.meeting_ms <= ?) DESC, k.date_ms DESC, k.id DESC LIMIT 1`);
  const data: ConcallAssetResult[] = input.items.map(({ symbol, quarter }) => {
    const row = find.get(symbol, quarter, nowMs) as ConcallAssetRow | undefined;
    if (!row) return { symbol, quarter, status: "not_found", message: `No conference call for ${symbol} in ${quarter}` };
    if (row.meeting_ms > nowMs) {
      return { symbol, quarter, status: "no_transcript", id: row.id, message: `The call is scheduled for ${row.meeting_date}; no transcript yet` };
    }
    if (row.has_transcript !== 1) {
      return { symbol, quarter, status: "no_transcript", id: row.id, message: "No transcript or recording is available for this call" };
    }
    const transcript = signAssetUrl(ctx, transcriptPath(row.id));
    return {
      symbol,
      quarter,
      status: "ready",
      id: row.id,
      transcript_url: transcript.url,
      audio_url: row.has_recording === 1 ? signAssetUrl(ctx, recordingPath(row.id)).url : null,
      expires_in: transcript.expiresIn,
    };
  });
  return { data };
}

/** The free index of calls that have happened: id, symbol, quarter and filing date, newest first. */
export function listConcallsIndex({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listConcallsIndex"> }) {
  const f = new Filters()
    .add("k.meeting_ms <= ?", ctx.clock.now().getTime())
    .symbols("k.symbol", input.symbols, input.scrip_codes)
    .range("k.date_ms", input.from, input.to);
  if (input.quarter) f.add("k.quarter = ?", input.quarter);
  return indexPage(ctx, "concalls k", f, input);
}

/**
 * The single-call transcript lookup: the signed links of one call (4 credits); 404 `not_found`, free, when there is
 * no call that has happened for the symbol and quarter or it has no transcript.
 */
export function getConcallTranscript({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"getConcallTranscript"> }) {
  let symbol = input.symbol;
  if (symbol === undefined) {
    const company = prepared(ctx.db, "SELECT symbol FROM companies WHERE scrip_code = ?").get(input.scrip_code) as { symbol: string } | undefined;
    if (!company) throw new AlphaError("not_found", `No company has scrip code ${input.scrip_code}`);
    symbol = company.symbol;
  }
  const nowMs = ctx.clock.now().getTime();
  const row = prepared(ctx.db, `${ASSET_SELECT} WHERE k.symbol = ? AND k.quarter = ? AND k.meeting_ms <= ? ORDER BY k.date_ms DESC, k.id DESC LIMIT 1`).get(
    symbol,
    input.quarter,
    nowMs,
  ) as ConcallAssetRow | undefined;
  if (!row) throw new AlphaError("not_found", `No conference call for ${symbol} in ${input.quarter} has taken place`, { details: { status: "not_found" } });
  if (row.has_transcript !== 1) {
    throw new AlphaError("not_found", "No transcript or recording is available for this call", { details: { status: "no_transcript", id: row.id } });
  }
  const transcript = signAssetUrl(ctx, transcriptPath(row.id));
  return {
    id: row.id,
    symbol,
    quarter: input.quarter,
    transcript_url: transcript.url,
    audio_url: row.has_recording === 1 ? signAssetUrl(ctx, recordingPath(row.id)).url : null,
    expires_in: transcript.expiresIn,
  };
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
  const { rows, hasNext } = fetchPage<{ id: string; symbol: string; quarter: string; meeting_date: string; intimation_attachment: string | null }>(
    ctx,
    `SELECT k.id, k.symbol, k.quarter, k.meeting_date, k.intimation_attachment FROM concalls k ${f.sql} ORDER BY k.meeting_ms ASC, k.id ASC`,
    f.params,
    input.page,
    input.limit,
  );
  const data: UpcomingConcall[] = rows.map((r) => {
    const out: UpcomingConcall = { id: r.id, symbol: r.symbol, quarter: r.quarter, meeting_date: r.meeting_date };
    if (input.detailed) out.intimation_attachment = r.intimation_attachment ? signAssetUrl(ctx, intimationPath(r.id)).url : null;
    return out;
  });
  return { data, has_next: hasNext };
}

/** The JSON of a stored call, for WebSocket publishers. */
export function concallJsonById(ctx: ServiceContext, id: string, detailed = true): string | null {
  const got = storedRowById<ConcallWireRow>(ctx, "concalls", concallSelect(detailed), "k.id", id);
  return got ? concallJson(ctx, got.row, got.parts, detailed) : null;
}

export function registerConcallRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listConcalls", listConcalls);
  defineEndpoint(app, "getConcallDetail", getConcallDetail);
  defineEndpoint(app, "lookupConcallTranscripts", lookupConcallTranscripts);
  defineEndpoint(app, "listUpcomingConcalls", listUpcomingConcalls);
  defineEndpoint(app, "listConcallsIndex", listConcallsIndex);
  defineEndpoint(app, "getConcallTranscript", getConcallTranscript);
}
