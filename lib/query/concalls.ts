import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ConcallAssetResult } from "@/lib/alpha/concalls";
import { deskCaller } from "@/lib/desk/desk-caller";
import type { deskRouteMeta } from "@/lib/desk/route-meta";
import { deskKeys } from "@/lib/query/desk-keys";
import type { endpointMeta } from "@/lib/alpha/catalogue-meta";
import { alphaCalls } from "@/lib/query/alpha-core";

/**
 * The Alpha endpoints the concalls page calls, as lib/alpha/catalogue-meta.ts has them (the `satisfies` holds
 * each entry to the catalogue's; lib/alpha/endpoint-tables.test.ts too): the page carries these, not the whole catalogue.
 */
export const CONCALL_CALLS = /* @__PURE__ */ alphaCalls({
  listUpcomingConcalls: { method: "GET", path: "/v1/concalls/upcoming", product: "concalls", cost: { kind: "per_page_with_results", credits: 5, onlyWhenDetailed: true }, freshnessSeconds: 900, queryDefaults: { page: 1, limit: 20, detailed: false }, maxLimit: 50 },
  lookupConcallTranscripts: { method: "POST", path: "/v1/concalls/transcripts", product: "concalls", cost: { kind: "per_ready", credits: 4 }, bodyType: "json" },
  listConcalls: { method: "GET", path: "/v1/concalls", product: "concalls", cost: { kind: "per_item", credits: 1, detailedCredits: 2 }, freshnessSeconds: 900, queryDefaults: { page: 1, limit: 20, detailed: false }, maxLimit: 50 },
} as const satisfies Partial<typeof endpointMeta>);

/** The desk routes the concall pages call, as lib/desk/route-meta.ts has them: the page carries these, not the whole table. */
export const CONCALL_ROUTES = /* @__PURE__ */ deskCaller({
  readTranscript: { method: "GET", path: "/api/concalls/transcript", access: "user" },
} as const satisfies Partial<typeof deskRouteMeta>);

/** GET /api/concalls/transcript: the text behind a signed transcript link, read by the desk (no credits). */
export interface TranscriptText {
  text: string;
  fetchedAt: string;
}

export const TRANSCRIPT_ROUTE = "/api/concalls/transcript";

/**
 * The transcript's text for a signed link the user already paid for. Kept for the whole session: the link expires,
 * the text does not, so an expired link never forces a new (paid) lookup just to read again.
 */
export function transcriptTextQueryOptions(url: string) {
  return queryOptions({
    queryKey: deskKeys.concalls.transcriptText(url),
    queryFn: ({ signal }): Promise<TranscriptText> => CONCALL_ROUTES.call("readTranscript", { query: { url }, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

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
    queryKey: deskKeys.concalls.assets(symbol, quarter),
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
