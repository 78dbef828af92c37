"use client";

import { useQueryStates } from "@/lib/url-state";
import { useMemo } from "react";
import { useWatchlistSymbols } from "@/components/watchlists/watchlist-picker";
import { effectiveSymbols, normalizeSymbols, symbolFilterParsers } from "@/components/earnings/search-params";

/**
 * The symbol filter of a results-season page, from the URL: typed symbols plus the symbols of a chosen watchlist.
 * `effective` is what the queries filter on; `ready` is false while a chosen watchlist is still loading.
 */
export function useSymbolFilter() {
  const [state, setState] = useQueryStates(symbolFilterParsers);
  const watchlist = useWatchlistSymbols();
  const typed = useMemo(() => normalizeSymbols(state.symbols), [state.symbols]);
  const effective = useMemo(() => effectiveSymbols(watchlist.symbols, typed), [watchlist.symbols, typed]);
  return {
    typed,
    watchlist,
    effective,
    ready: !(watchlist.watchlistId && watchlist.isLoading),
    setTyped: (next: string[]) => void setState({ symbols: next.length ? next : null }),
  };
}
