import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ConcallAssetResult } from "@/lib/alpha/concalls";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";

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
    queryKey: queryKeys.concalls.transcriptText(url),
    queryFn: ({ signal }): Promise<TranscriptText> => deskCall("readTranscript", { query: { url }, signal }),
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
    queryKey: queryKeys.concalls.assets(symbol, quarter),
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
