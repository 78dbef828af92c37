"use client";

import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import type { LiveProduct } from "@/lib/query/live";
import type { LiveRow, LiveSnapshot } from "./live-hub";
import { liveHub } from "./live-hub";

export type { LiveRow, LiveSnapshot } from "./live-hub";

export interface UseLiveStreamOptions<P extends LiveProduct> {
  products: readonly P[];
  /** Empty: every symbol (the stream asks for the full feed, which some tiers refuse). */
  symbols?: readonly string[];
  /** Alerts from the curated important feed only. */
  important?: boolean;
  /** With no stream and no symbols, check the whole market anyway (the user agreed to what that costs). */
  pollAll?: boolean;
  /** False: follow nothing (e.g. a date range that ended before today). */
  enabled?: boolean;
  onRow?: (row: LiveRow<P>) => void;
}

/**
 * Follows live rows of `products` for `symbols` through the tab's one shared stream. Returns the stream's state
 * (per product: connected, polling, reconnecting, error) for the status badge.
 */
export function useLiveStream<P extends LiveProduct>(options: UseLiveStreamOptions<P>): LiveSnapshot {
  const hub = liveHub();
  const onRow = useRef(options.onRow);
  useEffect(() => {
    onRow.current = options.onRow;
  });
  const enabled = options.enabled !== false && options.products.length > 0;
  const productsKey = [...options.products].sort().join(",");
  const symbolsKey = [...(options.symbols ?? [])].sort().join(",");
  const important = options.important ?? false;
  const pollAll = options.pollAll ?? false;
  const interest = useMemo(
    () => ({
      products: productsKey ? (productsKey.split(",") as P[]) : [],
      symbols: symbolsKey ? symbolsKey.split(",") : [],
      important,
      pollAll,
      onRow: (row: LiveRow) => onRow.current?.(row as LiveRow<P>),
    }),
    [productsKey, symbolsKey, important, pollAll],
  );
  const registration = useRef<ReturnType<typeof hub.register> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const reg = hub.register(interest);
    registration.current = reg;
    return () => {
      registration.current = null;
      reg.unregister();
    };
    // Registration follows `enabled` only; interest changes are sent as updates below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hub, enabled]);

  useEffect(() => {
    registration.current?.update(interest);
  }, [interest]);

  return useSyncExternalStore(hub.subscribe, hub.getSnapshot, hub.getServerSnapshot);
}
