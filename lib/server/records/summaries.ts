import "server-only";
/**
 * The summary history of each user, written by the proxy after a generated summary. Under the retention opt-out only
 * the result is kept, and a keyed hash of the request still finds a repeat without revealing it.
 */
import { createHmac } from "node:crypto";
import { AlphaError } from "@/lib/alpha/errors";
import { z } from "zod";
import type { DailySummaryRequest } from "@/lib/alpha/summaries";
import { dailySummaryRequestSchema, dailySummaryResponseSchema } from "@/lib/alpha/summaries";
import { DEFAULT_CONTEXT_WINDOW_DAYS, WINDOWED_MODES } from "@/lib/alpha/summaries";
import type { LookupSummaryInput, SummaryEntry, SummaryListEntry } from "@/lib/desk/summaries";
import { lookupSummaryInputSchema, SUMMARY_DEDUPE_WINDOW_MS, SUMMARY_HISTORY_LIMIT, summarySourceSchema } from "@/lib/desk/summaries";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { newId } from "../core/ids";
import { withUserKey } from "../identity/key-vault";
import type { SummaryHistoryTable } from "../core/portfolio-tables";
import { portfolioDb } from "../core/portfolio-tables";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";

export type { SummaryEntry, SummaryListEntry } from "@/lib/desk/summaries";

type ParsedRequest = ReturnType<typeof dailySummaryRequestSchema.parse>;

/** What the proxy hands over after a generated summary: the request it sent, the upstream's answer and charge. */
const recordSummaryInputSchema = z.object({
  request: dailySummaryRequestSchema,
  response: dailySummaryResponseSchema,
  credits: z.number().int().min(0),
  retention: z.enum(["none"]).nullish(),
  source: summarySourceSchema,
});
export type RecordSummaryInput = z.input<typeof recordSummaryInputSchema>;

/**
 * The request as the summary engine sees it: one list of holdings sorted by symbol, the mode and the effective
 * window. Two requests with the same canonical form get the same summary, whichever of the three forms they use.
 */
export function canonicalSummaryRequest(request: ParsedRequest): string {
  const entries = request.items ?? request.portfolio ?? (request.symbols ?? []).map((symbol) => ({ symbol, exposure: undefined, label: undefined }));
  const holdings = entries
    .map((h) => [h.symbol, h.exposure ?? null, h.label ?? null] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const mode = request.mode ?? "exposure";
  const window = WINDOWED_MODES.includes(mode) ? (request.context_window_days ?? DEFAULT_CONTEXT_WINDOW_DAYS) : null;
  return JSON.stringify({ holdings, mode, window });
}

export function summaryRequestHash({ ctx, accountId, request }: { ctx: DeskContext; accountId: string; request: ParsedRequest }): string {
  return createHmac("sha256", ctx.secrets.encryptionKey).update(`summary:${accountId}:${canonicalSummaryRequest(request)}`).digest("hex");
}

/** Whether an earlier result made at `createdAt` may stand in for a new request at `now`. */
export function isWithinDedupeWindow(createdAt: Date | string, now: Date, windowMs = SUMMARY_DEDUPE_WINDOW_MS): boolean {
  const age = now.getTime() - new Date(createdAt).getTime();
  return age >= 0 && age < windowMs;
}

function symbolCount(request: DailySummaryRequest): number {
  return (request.items ?? request.portfolio ?? request.symbols ?? []).length;
}

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function toEntry(row: SummaryHistoryTable): SummaryEntry {
  return {
    id: row.id,
    request: parseJson<ParsedRequest>(row.request),
    source: row.source,
    symbolCount: toNumber(row.symbol_count),
    mode: row.mode,
    contextWindowDays: row.context_window_days === null ? null : toNumber(row.context_window_days),
    status: row.status,
    summary: row.summary,
    error: row.error,
    details: parseJson<Record<string, unknown>>(row.details),
    credits: toNumber(row.credits),
    retentionOptOut: toNumber(row.retention_opt_out) === 1,
    createdAt: row.created_at,
  };
}

function errorText(error: unknown): string | null {
  if (error === null || error === undefined) return null;
  if (typeof error === "string") return error;
  const e = error as { code?: unknown; message?: unknown };
  const parts = [typeof e.message === "string" ? e.message : null, typeof e.code === "string" ? `(${e.code})` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : JSON.stringify(error);
}

export async function recordSummary({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: RecordSummaryInput }): Promise<SummaryEntry> {
  const c = ctx;
  const parsed = parseOrThrow(recordSummaryInputSchema, input);
  const { accountId } = await withUserKey({ userId: user.id, ctx: c });
  const optOut = parsed.retention === "none";
  const request = parsed.request;
  const mode = request.mode ?? "exposure";
  const row: SummaryHistoryTable = {
    id: newId("sum"),
    user_id: user.id,
    account_id: accountId,
    request_hash: summaryRequestHash({ ctx: c, accountId, request }),
    request: optOut ? null : JSON.stringify(request),
    source: optOut ? null : (parsed.source ?? null),
    symbol_count: symbolCount(request),
    mode,
    context_window_days: WINDOWED_MODES.includes(mode) ? (request.context_window_days ?? DEFAULT_CONTEXT_WINDOW_DAYS) : null,
    status: parsed.response.status,
    summary: parsed.response.summary ?? null,
    error: errorText(parsed.response.error),
    details: parsed.response.details ? JSON.stringify(parsed.response.details) : null,
    credits: parsed.credits,
    retention_opt_out: optOut ? 1 : 0,
    created_at: c.now().toISOString(),
  };
  await portfolioDb({ ctx: c }).insertInto("summary_history").values(row).execute();
  return toEntry(row);
}

/**
 * A paid (status `success`) result for the same request within the dedupe window. Free outcomes (no news, no
 * signal, error) are never reused: asking again costs nothing and the window may have filled since.
 */
export async function findRecentSummary({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: LookupSummaryInput }): Promise<SummaryEntry | null> {
  const c = ctx;
  const { request } = parseOrThrow(lookupSummaryInputSchema, input);
  const { accountId } = await withUserKey({ userId: user.id, ctx: c });
  const now = c.now();
  const since = new Date(now.getTime() - SUMMARY_DEDUPE_WINDOW_MS).toISOString();
  const row = await portfolioDb({ ctx: c })
    .selectFrom("summary_history")
    .selectAll()
    .where("user_id", "=", user.id)
    .where("request_hash", "=", summaryRequestHash({ ctx: c, accountId, request }))
    .where("status", "=", "success")
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && isWithinDedupeWindow(row.created_at, now) ? toEntry(row) : null;
}

function preview(summary: string | null): string | null {
  if (!summary) return null;
  const text = summary
    .replace(/^#+\s.*$/gm, "")
    .replace(/[*_`>|#-]/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export async function listSummaries({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<SummaryListEntry[]> {
  const c = ctx;
  const rows = await portfolioDb({ ctx: c })
    .selectFrom("summary_history")
    .selectAll()
    .where("user_id", "=", user.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(SUMMARY_HISTORY_LIMIT)
    .execute();
  return rows.map((row) => {
    const { summary, details: _details, request: _request, ...rest } = toEntry(row);
    return { ...rest, preview: preview(summary) };
  });
}

export async function getSummary({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<SummaryEntry> {
  // A member reads their own summaries; an admin any member's (a summary made with the organisation key is the member's).
  let query = portfolioDb({ ctx }).selectFrom("summary_history").selectAll().where("id", "=", id);
  if (user.role !== "admin") query = query.where("user_id", "=", user.id);
  const row = await query.executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such summary in your history");
  return toEntry(row);
}
