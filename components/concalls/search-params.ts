import { createLoader } from "@/lib/url-state/parsers";
import { MAX_LIST_VALUES } from "@/lib/alpha/patterns";
import { normalizeSymbols, parseAsDay, symbolFilterParsers } from "@/components/earnings/search-params";

/** The URL of /concalls: symbols and a watchlist (shared with the earnings page) and a filing date range. */
export const concallsParsers = {
  ...symbolFilterParsers,
  from: parseAsDay,
  to: parseAsDay,
};

export interface ConcallsSearch {
  symbols: string[];
  watchlist: string | null;
  from: string | null;
  to: string | null;
}

/** The server's reading of the same URL, through the browser's parsers; a malformed value reads as absent. */
export function parseConcallsSearch(raw: Record<string, string | string[] | undefined>): ConcallsSearch {
  const s = createLoader(concallsParsers)(raw);
  return { symbols: normalizeSymbols(s.symbols), watchlist: s.watchlist, from: s.from, to: s.to };
}

export const UPCOMING_CALLS_LIMIT = 50;
export const RECENT_CALLS_LIMIT = 20;

/** The free upcoming-calls page (detailed=false: the intimation links would cost 5 credits a page). */
export function upcomingCallsInput(symbols: readonly string[], page: number) {
  const s = symbols.slice(0, MAX_LIST_VALUES);
  return { query: { ...(s.length ? { symbols: s } : {}), page, limit: UPCOMING_CALLS_LIMIT } };
}

/** One paid page of recent calls (1 credit per call returned). */
export function recentCallsInput(filters: { symbols: readonly string[]; from: string | null; to: string | null }, page: number) {
  const s = filters.symbols.slice(0, MAX_LIST_VALUES);
  return {
    query: {
      ...(s.length ? { symbols: s } : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      page,
      limit: RECENT_CALLS_LIMIT,
    },
  };
}
