"use client";

import * as React from "react";
import type { CallInput } from "@/lib/alpha/request";
import type { LiveProduct, LiveRowOf } from "@/lib/query/live";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { useQueryStates, type ParserMap, type Values } from "@/lib/url-state";
import { rangeEnded } from "./live-filters";
import { useLiveFeed } from "./use-live-feed";
import { useLiveStream } from "./use-live-stream";
import { usePaidPages, type FeedEndpoint, type FeedItem } from "./use-paid-pages";

/** What a feed's filters always hold: the symbols (watchlist or typed) and the date range. */
export interface FeedFilters {
  symbols: string[];
  from: string | null;
  to: string | null;
}

/** One feed's parts: its live product, its paid list, its URL's filters and how they select and merge rows. */
export interface FeedSpec<K extends FeedEndpoint, P extends LiveProduct, F extends FeedFilters, M extends ParserMap = ParserMap> {
  product: P;
  endpoint: K;
  parsers: M;
  /** The filters of the URL's values and the symbols the filter bar chose. */
  filters: (state: Values<M>, symbols: string[]) => F;
  input: (filters: F, page: number) => CallInput<K>;
  /** Whether a live row or a row already bought shows under the filters (the symbols are checked by the stream). */
  matches: (row: LiveRowOf[P] & FeedItem<K>, filters: F) => boolean;
  merge: (...lists: (LiveRowOf[P] | FeedItem<K>)[][]) => FeedItem<K>[];
}

/**
 * A live feed: arrivals (free) on top without moving the reader, and paid pages on request, with the rows bought
 * earlier under other filters that match shown for free. `onRow` runs for each live row that matches the filters.
 */
export function useFeed<K extends FeedEndpoint, P extends LiveProduct, F extends FeedFilters, M extends ParserMap>(
  spec: FeedSpec<K, P, F, M>,
  {
    hasKey,
    paused = false,
    important = () => false,
    held = () => true,
    fromRequest,
    onRow,
  }: {
    hasKey: boolean;
    paused?: boolean;
    /** Follow the curated important feed (the stream cannot tell, so the relay polls it). */
    important?: (filters: F) => boolean;
    /** Whether rows bought earlier under other filters may stand in (not when the filters cannot be checked here). */
    held?: (filters: F) => boolean;
    fromRequest?: (canonical: string) => boolean;
    onRow?: (row: LiveRowOf[P], filters: F) => void;
  },
) {
  const [state, setState] = useQueryStates(spec.parsers);
  const { ready, effective } = useSymbolFilter();
  const { filters: filtersOf } = spec;
  // Keyed by the URL's values, not its object, which is read anew on each render.
  const stateKey = JSON.stringify(state);
  const filters = React.useMemo(() => filtersOf(JSON.parse(stateKey) as Values<M>, effective), [filtersOf, stateKey, effective]);
  const ended = rangeEnded(filters.to);
  const liveFeed = useLiveFeed<LiveRowOf[P] & { id: string }>({ paused, resetKey: JSON.stringify(filters) });
  const [pollAll, setPollAll] = React.useState(false);
  const live = useLiveStream({
    products: [spec.product],
    pollAll,
    symbols: filters.symbols,
    important: important(filters),
    enabled: hasKey && ready && !ended,
    onRow: ({ row }) => {
      if (!spec.matches(row as LiveRowOf[P] & FeedItem<K>, filters)) return;
      liveFeed.add(row as LiveRowOf[P] & { id: string });
      onRow?.(row as LiveRowOf[P], filters);
    },
  });
  const pages = usePaidPages(spec.endpoint, (page) => spec.input(filters, page), {
    matches: (row) => held(filters) && (filters.symbols.length === 0 || filters.symbols.includes((row as { symbol?: string }).symbol ?? "")) && spec.matches(row as LiveRowOf[P] & FeedItem<K>, filters),
    ...(fromRequest ? { fromRequest } : {}),
  });
  const { merge } = spec;
  const rows = React.useMemo(() => merge(liveFeed.shown, pages.rows), [merge, liveFeed.shown, pages.rows]);
  return { ...liveFeed, live, pages, rows, ended, filters, setState, symbolCount: filters.symbols.length, pollAll: () => setPollAll(true) };
}
