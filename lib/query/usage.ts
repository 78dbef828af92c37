import { queryOptions } from "@tanstack/react-query";
import type { SpendRange, SpendSeries, UserSpend } from "@/lib/server/spend";
import type { UsageView } from "@/lib/server/usage";
import { deskFetch } from "@/lib/query/desk-fetch";
import { queryKeys } from "@/lib/query/keys";

/** GET /api/usage: the upstream usage snapshot of the user's key, its account profile and today's pace. */
export type DeskUsage = UsageView;

export type { SpendRange } from "@/lib/server/spend";
export const SPEND_RANGES = ["24h", "7d", "30d"] as const satisfies readonly SpendRange[];
export type SpendScope = "me" | "all";

/** GET /api/usage/spend: credits per time bucket and endpoint from the desk's spend log (per user for admins). */
export type DeskSpend = SpendSeries & { scope: SpendScope; byUser?: UserSpend[] };

/** The gauge refreshes every 15 s while the tab is visible; paid calls invalidate it at once. */
export const USAGE_REFRESH_MS = 15_000;

export function usageQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.usage.snapshot(),
    queryFn: async ({ signal }) => (await deskFetch<{ data: DeskUsage }>("/api/usage", { signal })).body.data,
    staleTime: 5_000,
    refetchInterval: USAGE_REFRESH_MS,
  });
}

export function spendQueryOptions(range: SpendRange, scope: SpendScope = "me") {
  return queryOptions({
    queryKey: queryKeys.usage.spend(range, scope),
    queryFn: async ({ signal }) =>
      (await deskFetch<{ data: DeskSpend }>(`/api/usage/spend?range=${encodeURIComponent(range)}&scope=${scope}`, { signal })).body.data,
    staleTime: 15_000,
  });
}
