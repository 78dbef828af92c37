import "server-only";
/**
 * Summary history routes (the user's own entries only):
 * - GET /api/summaries → { data: SummaryListEntry[] }; POST { request, response, credits, retention?, source? } → 201 { data }
 * - POST /api/summaries/lookup { request } → { data: SummaryEntry | null } (a paid result under 10 minutes old)
 * - GET /api/summaries/[id] → { data: SummaryEntry }
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { LookupSummaryInput, RecordSummaryInput } from "@/lib/query/summary-schema";
import type { UserRouteArgs } from "../route";
import { jsonResponse, readJsonBody } from "../route";
import { findRecentSummary, getSummary, listSummaries, recordSummary } from "../summaries";

/** A summary is markdown for up to 50 symbols: well under this. */
const MAX_BODY = 2_000_000;

export async function handleListSummaries({ ctx, user }: UserRouteArgs) {
  return { data: await listSummaries(user, ctx) };
}

export async function handleRecordSummary({ ctx, user, request }: UserRouteArgs) {
  const entry = await recordSummary(user, (await readJsonBody(request, MAX_BODY)) as RecordSummaryInput, ctx);
  return jsonResponse({ data: entry }, { status: 201 });
}

export async function handleLookupSummary({ ctx, user, request }: UserRouteArgs) {
  return { data: await findRecentSummary(user, (await readJsonBody(request, 100_000)) as LookupSummaryInput, ctx) };
}

export async function handleGetSummary({ ctx, user, params }: UserRouteArgs) {
  const id = params.id;
  if (typeof id !== "string" || id === "") throw new AlphaError("not_found", "No such summary in your history");
  return { data: await getSummary(user, id, ctx) };
}
