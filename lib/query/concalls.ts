import { queryOptions, skipToken } from "@tanstack/react-query";
import { listConcalls, listUpcomingConcalls, lookupConcallTranscripts } from "@/lib/alpha/catalogue-meta";
import type { ConcallAssetResult } from "@/lib/alpha/concalls";
import { alphaCalls } from "@/lib/query/alpha-core";

/** The Alpha endpoints the concalls page calls: the page carries these entries, not the whole catalogue. */
export const CONCALL_CALLS = /* @__PURE__ */ alphaCalls({ listUpcomingConcalls, lookupConcallTranscripts, listConcalls });

/** A transcript lookup already paid for this session: the links, when they arrived and what they cost. */
export interface ConcallAssetLookup {
  result: ConcallAssetResult;
  receivedAt: number;
  creditsCharged: number;
}

/**
 * Where the page keeps a paid lookup (never fetched by the cache itself: only the user's click buys one), so coming
 * back to the call in the same session shows the links again instead of charging again.
 */
export function concallAssetsQueryOptions(symbol: string, quarter: string) {
  return queryOptions<ConcallAssetLookup>({
    queryKey: ["concalls", "assets", symbol, quarter],
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
