import "server-only";
/**
 * Summary history routes (the user's own entries only):
 * - GET /api/summaries → { data: SummaryListEntry[] } (entries are written by the proxy after a generated summary)
 * - POST /api/summaries/lookup { request } → { data: SummaryEntry | null } (a paid result under 10 minutes old)
 * - GET /api/summaries/[id] → { data: SummaryEntry }
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { LookupSummaryInput } from "@/lib/query/summary-schema";
import type { UserRouteArgs } from "../http/route";
import { readJsonBody } from "../http/route";
import { findRecentSummary, getSummary, listSummaries } from "../money/summaries";

export async function handleListSummaries({ ctx, user }: UserRouteArgs) {
  return { data: await listSummaries({ user, ctx }) };
}

export async function handleLookupSummary({ ctx, user, request }: UserRouteArgs) {
  return { data: await findRecentSummary({ user, input: (await readJsonBody(request, 100000)) as LookupSummaryInput, ctx }) };
}

export async function handleGetSummary({ ctx, user, params }: UserRouteArgs) {
  const id = params.id;
  if (typeof id !== "string" || id === "") throw new AlphaError("not_found", "No such summary in your history");
  return { data: await getSummary({ user, id, ctx }) };
}
