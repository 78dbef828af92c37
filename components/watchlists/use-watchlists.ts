"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Watchlist } from "@/lib/desk/watchlists";
import { deskKey } from "@/lib/query/desk";

/** Puts a changed (or removed) watchlist into the cached list at once, so every picker on the page sees it. */
export function useUpdateWatchlistCache() {
  const client = useQueryClient();
  const key = deskKey("listWatchlists");
  return useCallback(
    (change: { put: Watchlist } | { remove: string }) => {
      client.setQueryData(key, (old: Watchlist[] | undefined) => {
        const list = old ?? [];
        if ("remove" in change) return list.filter((w) => w.id !== change.remove);
        const rest = list.filter((w) => w.id !== change.put.id);
        return [...rest, change.put].sort((a, b) => a.name.localeCompare(b.name));
      });
      void client.invalidateQueries({ queryKey: key });
    },
    [client, key],
  );
}
