import { queryOptions } from "@tanstack/react-query";
import { SHELL_ROUTES } from "@/lib/desk/shell-call";
import type { DeskSpend, SpendRange, SpendScope, UsageView } from "@/lib/desk/usage";
import { deskKeys } from "@/lib/query/desk-keys";

export { SPEND_RANGES } from "@/lib/desk/spend-ranges";
export type { DeskSpend, Reconciliation, SpendRange, SpendScope } from "@/lib/desk/usage";

/** GET /api/usage: the upstream usage snapshot of the user's key, its account profile and today's pace. */
export type DeskUsage = UsageView;

/** The gauge refreshes every 15 s while the tab is visible; paid calls invalidate it at once. */
export const USAGE_REFRESH_MS = 15_000;

export function usageQueryOptions() {
  return queryOptions({
    queryKey: deskKeys.usage.snapshot(),
    queryFn: ({ signal }): Promise<DeskUsage> => SHELL_ROUTES.call("getUsage", { signal }),
    staleTime: 5_000,
    refetchInterval: USAGE_REFRESH_MS,
  });
}

export function spendQueryOptions(range: SpendRange, scope: SpendScope = "me") {
  return queryOptions({
    queryKey: deskKeys.usage.spend(range, scope),
    queryFn: ({ signal }): Promise<DeskSpend> => SHELL_ROUTES.call("getSpend", { query: { range, scope }, signal }),
    staleTime: 15_000,
  });
}
