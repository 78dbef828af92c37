import { normalizeSymbols, parseAsDay, symbolFilterParsers } from "@/components/earnings/search-params";

/**
 * URL state every live feed page shares: symbols and watchlist (as on the other pages) and an IST date range. Each
 * page spreads these parsers into its own; the server reads them with lib/url-state's `createLoader`, the browser with
 * `useQueryStates`, and both normalise through `readFeedSearch`.
 */
export const feedSearchParsers = {
  ...symbolFilterParsers,
  from: parseAsDay,
  to: parseAsDay,
};

export interface FeedSearch {
  symbols: string[];
  watchlist: string | null;
  from: string | null;
  to: string | null;
}

/** The shared fields of a feed page's URL as its parsers read them, normalised (symbols upper-cased, de-duplicated). */
export function readFeedSearch(state: { symbols: readonly string[]; watchlist: string | null; from: string | null; to: string | null }): FeedSearch {
  return { symbols: normalizeSymbols(state.symbols), watchlist: state.watchlist, from: state.from, to: state.to };
}
