import { normalizeSymbols, parseAsDay, symbolFilterParsers } from "@/components/earnings/search-params";
import { createLoader, type ParserMap, type Values } from "@/lib/url-state/parsers";

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

/**
 * The server's reading of a feed page's URL, through the browser's parsers (a malformed value reads as absent): the
 * shared fields normalised by readFeedSearch, and the page's own as `own` reads them.
 */
export function feedSearchReader<M extends ParserMap & typeof feedSearchParsers, S>(parsers: M, own: (values: Values<M>) => S): (raw: Record<string, string | string[] | undefined>) => FeedSearch & S {
  const load = createLoader(parsers);
  return (raw) => {
    const values = load(raw);
    return { ...readFeedSearch(values), ...own(values) };
  };
}

/** A feed page's URL: the shared parsers with the page's own, and the server's reading of them (`feedSearchReader`). */
export function feedSearchParams<O extends ParserMap, S>(own: O, read: (values: Values<typeof feedSearchParsers & O>) => S) {
  const parsers = { ...feedSearchParsers, ...own };
  return { parsers, parse: feedSearchReader(parsers, read) };
}
