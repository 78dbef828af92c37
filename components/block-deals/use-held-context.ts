"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import type { AnnouncementRow } from "@/lib/alpha/announcements";
import type { SymbolMetadata } from "@/lib/alpha/symbols";
import { alphaKeys } from "@/lib/query/alpha-keys";

/**
 * What the desk already holds that puts a deal in context, read from the browser's cache and never fetched here:
 * market caps from symbol metadata bought earlier (the symbol page's profile) and announcements loaded anywhere.
 */
export interface HeldContext {
  marketCaps: ReadonlyMap<string, number>;
  announcements: readonly AnnouncementRow[];
}

export function heldContext(client: QueryClient): HeldContext {
  const marketCaps = new Map<string, number>();
  for (const [, answer] of client.getQueriesData<{ items: SymbolMetadata[] }>({ queryKey: alphaKeys.endpoint("listSymbolMetadata") })) {
    for (const m of answer?.items ?? []) if (typeof m.market_cap === "number" && m.market_cap > 0) marketCaps.set(m.symbol, m.market_cap);
  }
  const announcements: AnnouncementRow[] = [];
  for (const [, answer] of client.getQueriesData<{ items: AnnouncementRow[] }>({ queryKey: alphaKeys.endpoint("listAnnouncements") })) {
    announcements.push(...(answer?.items ?? []));
  }
  return { marketCaps, announcements };
}

const WATCHED: ReadonlySet<string> = new Set(["listSymbolMetadata", "listAnnouncements"]);

/** The held context, recomputed when a metadata or announcements answer lands in the cache. */
export function useHeldContext(): HeldContext {
  const client = useQueryClient();
  const [version, setVersion] = React.useState(0);
  React.useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        const key = event.query.queryKey;
        if (key[0] === "alpha" && WATCHED.has(String(key[1])) && (event.type === "updated" || event.type === "removed")) setVersion((v) => v + 1);
      }),
    [client],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the cache's change signal.
  return React.useMemo(() => heldContext(client), [client, version]);
}
