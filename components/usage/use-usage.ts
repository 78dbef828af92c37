import { useQuery } from "@tanstack/react-query";
import * as api from "@/lib/desk/route-meta/usage";
import { deskQuery } from "@/lib/query/desk";

/** The gauge refreshes every 15 s while the tab is visible; paid calls make it stale at once. */
export const USAGE_REFRESH_MS = 15_000;

/** GET /api/usage: the usage snapshot of the user's key, its account profile and today's pace. */
export function useUsage({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...deskQuery(api.getUsage), refetchInterval: USAGE_REFRESH_MS, enabled });
}
