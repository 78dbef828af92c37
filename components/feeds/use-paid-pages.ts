"use client";

import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import type { Price } from "@/components/paid/price-tag";
import type { CallInput } from "@/lib/alpha/client";
import type { ViewOf } from "@/lib/alpha/catalogue";
import type { AlphaCallMeta } from "@/lib/query/alpha";
import { alphaPrice, alphaQueryOptions } from "@/lib/query/alpha";
import { alphaKeys } from "@/lib/query/alpha-keys";
import { usePageQueries } from "./use-page-queries";

export type FeedEndpoint = "listAlerts" | "listNews" | "listAnnouncements" | "listBlockDeals";
/** A row of a feed's paid pages. */
export type FeedItem<K extends FeedEndpoint> = ViewOf<K>["items"][number];
type ItemOf<K extends FeedEndpoint> = FeedItem<K>;

export interface PaidPages<K extends FeedEndpoint> {
  /** Pages the user has bought (or was served from the cache) for these filters. */
  loaded: number;
  rows: ItemOf<K>[];
  /** Rows already bought this session under other filters that match these: shown at no cost, before buying more. */
  held: number;
  metas: AlphaCallMeta[];
  /** Credits these pages cost in total. */
  charged: number;
  /** The price of the next page, shown on its button. */
  nextPrice: Price;
  /** Whether another page can be asked for (none loaded yet, or the last one said has_next). */
  hasNext: boolean;
  /** The last loaded page came back empty (and so cost nothing). */
  lastEmpty: boolean;
  fetching: boolean;
  error: unknown;
  loadNext: () => void;
  retry: () => void;
}

/** How rows bought under other filters are reused: which match the current filters, from which earlier requests. */
export interface HeldRows<K extends FeedEndpoint> {
  matches: (row: ItemOf<K>) => boolean;
  /** Whether rows of an earlier request (its canonical `METHOD /url`) can stand in, e.g. at the same level of detail. */
  fromRequest?: (canonical: string) => boolean;
}

/**
 * Backfill of a paid feed, one page per click: nothing is fetched until the user asks (the button shows the
 * price first); pages already bought stay in the browser's cache. New filters (`inputFor` changes) start over at
 * page 1, but first show the rows already bought under any earlier filters that match the new ones (`held`), free.
 */
export function usePaidPages<K extends FeedEndpoint>(id: K, inputFor: (page: number) => CallInput<K>, held?: HeldRows<K>): PaidPages<K> {
  const client = useQueryClient();
  const key = JSON.stringify(inputFor(1));
  const [state, setState] = React.useState({ key, pages: 0 });
  const pages = state.key === key ? state.pages : 0;
  const queries = usePageQueries<{ items: ItemOf<K>[]; hasNext: boolean; meta: AlphaCallMeta }>(
    Array.from({ length: pages }, (_, i) => alphaQueryOptions(id, inputFor(i + 1))),
  );
  const results = queries.map((q) => q.data);
  const last = results[pages - 1];
  const bought = results.flatMap((r) => r?.items ?? []);
  // Every page of this feed in the browser's cache was bought (or served free) earlier: filter it, do not buy it again.
  const heldRows = held
    ? client
        .getQueriesData<{ items: ItemOf<K>[] }>({ queryKey: alphaKeys.endpoint(id) })
        .filter(([queryKey]) => !held.fromRequest || held.fromRequest(String(queryKey[2])))
        .flatMap(([, data]) => data?.items ?? [])
        .filter(held.matches)
    : [];
  const seen = new Set(bought.map((r) => (r as { id?: string }).id));
  const extra = heldRows.filter((r) => {
    const rowId = (r as { id?: string }).id;
    if (seen.has(rowId)) return false;
    seen.add(rowId);
    return true;
  });
  const rows = [...bought, ...extra];
  const metas = results.flatMap((r) => (r ? [r.meta] : []));
  const failed = queries.find((q) => q.error);
  return {
    loaded: pages,
    rows,
    held: extra.length,
    metas,
    charged: metas.reduce((sum, m) => sum + m.creditsCharged, 0),
    nextPrice: alphaPrice(id, inputFor(pages + 1)),
    hasNext: pages === 0 || (last?.hasNext ?? false),
    lastEmpty: last !== undefined && last.items.length === 0,
    // A page asked for but not fetched yet (its observer subscribes after the render) counts as loading, as
    // useQueries' optimistic result did: the feed shows its skeleton, not "nothing matched", in between.
    fetching: queries.some((q) => q.isFetching || q.isPending),
    error: failed?.error ?? null,
    loadNext: () => setState({ key, pages: pages + 1 }),
    retry: () => void failed?.refetch(),
  };
}
