"use client";

import { type QueryClient, type QueryKey, QueryObserver, type QueryObserverOptions, type QueryObserverResult, useQueryClient } from "@tanstack/react-query";
import * as React from "react";

type AnyObserverOptions = QueryObserverOptions<unknown, Error, unknown, unknown, QueryKey>;

interface PageStore<TData> {
  subscribe: (onChange: () => void) => () => void;
  snapshot: () => QueryObserverResult<TData, Error>[];
}

/** One observer per page; the snapshot stays the same array while no page's result changed (`useSyncExternalStore`). */
export function pageStore<TData>(client: QueryClient, queries: readonly { queryKey: QueryKey }[]): PageStore<TData> {
  const observers = queries.map((q) => new QueryObserver(client, q as AnyObserverOptions));
  let last: QueryObserverResult<TData, Error>[] = [];
  return {
    subscribe(onChange) {
      const offs = observers.map((o) => o.subscribe(onChange));
      return () => offs.forEach((off) => off());
    },
    snapshot() {
      const next = observers.map((o) => o.getCurrentResult() as QueryObserverResult<TData, Error>);
      if (next.length !== last.length || next.some((r, i) => r !== last[i])) last = next;
      return last;
    },
  };
}

/**
 * One QueryObserver per paid page, in order: what useQueries gives for a list that grows a page at a click, without
 * TanStack's QueriesObserver in the feed pages' first load (the shell already carries QueryObserver).
 */
export function usePageQueries<TData>(queries: readonly { queryKey: QueryKey }[]): QueryObserverResult<TData, Error>[] {
  const client = useQueryClient();
  const keys = JSON.stringify(queries.map((q) => q.queryKey));
  // A new list of keys is a new list of observers; the other options of a key do not change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = React.useMemo(() => pageStore<TData>(client, queries), [client, keys]);
  return React.useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}
