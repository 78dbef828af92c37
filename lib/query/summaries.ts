import { queryOptions } from "@tanstack/react-query";
import { deskCaller } from "@/lib/desk/desk-caller";
import type { deskRouteMeta } from "@/lib/desk/route-meta";
import { deskKeys } from "@/lib/query/desk-keys";
import type { LookupSummaryInput, SummaryEntry, SummaryListEntry } from "@/lib/query/summary-schema";
import type { endpointMeta } from "@/lib/alpha/catalogue-meta";
import { alphaCalls } from "@/lib/query/alpha-core";

/**
 * The Alpha endpoints the summary generator calls, as lib/alpha/catalogue-meta.ts has them (the `satisfies` holds
 * each entry to the catalogue's; lib/alpha/endpoint-tables.test.ts too): the page carries these, not the whole catalogue.
 */
export const SUMMARY_CALLS = /* @__PURE__ */ alphaCalls({
  getAccount: { method: "GET", path: "/v1/account", product: null, cost: { kind: "free" } },
  createDailySummary: { method: "POST", path: "/v1/daily-summary/", product: "summaries", cost: { kind: "per_generated_summary", credits: 5 }, bodyType: "json" },
} as const satisfies Partial<typeof endpointMeta>);

// Types only: the schemas (and zod) are the contract's, loaded on demand.
export type { LookupSummaryInput, SummaryEntry, SummaryListEntry } from "@/lib/query/summary-schema";

/** The desk routes the summary history and generator call, as lib/desk/route-meta.ts has them: the page carries these, not the whole table. */
export const SUMMARY_ROUTES = /* @__PURE__ */ deskCaller({
  listSummaries: { method: "GET", path: "/api/summaries", access: "user" },
  getSummary: { method: "GET", path: "/api/summaries/[id]", access: "user" },
  lookupSummary: { method: "POST", path: "/api/summaries/lookup", access: "user" },
} as const satisfies Partial<typeof deskRouteMeta>);

/** GET /api/summaries: the user's generated summaries, newest first (free: they live in the desk). */
export function summaryHistoryQueryOptions() {
  return queryOptions({
    queryKey: deskKeys.summaries.history(),
    queryFn: ({ signal }): Promise<SummaryListEntry[]> => SUMMARY_ROUTES.call("listSummaries", { signal }),
  });
}

/** GET /api/summaries/[id]: one entry with its markdown. Entries never change, so they never go stale. */
export function summaryEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: deskKeys.summaries.entry(id),
    queryFn: ({ signal }): Promise<SummaryEntry> => SUMMARY_ROUTES.call("getSummary", { params: { id }, signal }),
    staleTime: Infinity,
  });
}

/** A paid result for the same request under 10 minutes old, or null. */
export async function lookupRecentSummary(input: LookupSummaryInput): Promise<SummaryEntry | null> {
  return SUMMARY_ROUTES.call("lookupSummary", { body: input });
}
