import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { deskFetch } from "@/lib/query/desk-fetch";
import { queryKeys } from "@/lib/query/keys";
import type { DeskSpend, SpendRange, SpendScope, UsageView } from "@/lib/desk/usage";
import { deskSpendSchema, usageViewSchema } from "@/lib/desk/usage";

export { SPEND_RANGES } from "@/lib/desk/usage";
export type { DeskSpend, Reconciliation, SpendRange, SpendScope } from "@/lib/desk/usage";

/** GET /api/usage: the upstream usage snapshot of the user's key, its account profile and today's pace. */
export type DeskUsage = UsageView;

/** The gauge refreshes every 15 s while the tab is visible; paid calls invalidate it at once. */
export const USAGE_REFRESH_MS = 15_000;

/** A desk route's `{ data }` answer, parsed with the route's schema (lib/desk), never cast. */
async function fetchData<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  const { body } = await deskFetch<{ data: unknown }>(url, { signal });
  return schema.parse(body.data);
}

export function usageQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.usage.snapshot(),
    queryFn: ({ signal }): Promise<DeskUsage> => fetchData("/api/usage", usageViewSchema, signal),
    staleTime: 5_000,
    refetchInterval: USAGE_REFRESH_MS,
  });
}

export function spendQueryOptions(range: SpendRange, scope: SpendScope = "me") {
  return queryOptions({
    queryKey: queryKeys.usage.spend(range, scope),
    queryFn: ({ signal }): Promise<DeskSpend> => fetchData(`/api/usage/spend?range=${encodeURIComponent(range)}&scope=${scope}`, deskSpendSchema, signal),
    staleTime: 15_000,
  });
}
