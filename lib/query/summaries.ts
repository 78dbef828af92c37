import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";
import type { LookupSummaryInput, SummaryEntry, SummaryListEntry } from "@/lib/query/summary-schema";

// Types only: the schemas are the routes' (lib/desk/routes.ts); browser code reaches them through the contract alone.
export type * from "@/lib/query/summary-schema";

/** GET /api/summaries: the user's generated summaries, newest first (free: they live in the desk). */
export function summaryHistoryQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.summaries.history(),
    queryFn: ({ signal }): Promise<SummaryListEntry[]> => deskCall("listSummaries", { signal }),
  });
}

/** GET /api/summaries/[id]: one entry with its markdown. Entries never change, so they never go stale. */
export function summaryEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.summaries.entry(id),
    queryFn: ({ signal }): Promise<SummaryEntry> => deskCall("getSummary", { params: { id }, signal }),
    staleTime: Infinity,
  });
}

/** A paid result for the same request under 10 minutes old, or null. */
export async function lookupRecentSummary(input: LookupSummaryInput): Promise<SummaryEntry | null> {
  return deskCall("lookupSummary", { body: input });
}
