"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { importOnce } from "@/lib/import-once";
import type { LiveProduct } from "@/lib/query/live";
import type { LiveHub, LiveRow, LiveSnapshot } from "./live-hub";

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
 * The hub (the EventSource, its handover and reconnect logic, the relay's URL rules) is its own chunk, fetched once the
 * page has hydrated: a stream opens only in an effect anyway, and until then the page shows the idle snapshot it
 * renders on the server.
 */
let loadedHub: LiveHub | null = null;
const loadHub = importOnce(() => import("./live-hub").then((m) => (loadedHub = m.liveHub())));

/** The snapshot before the hub is loaded: the same as the hub's before a stream opens (and on the server). */
const IDLE: LiveSnapshot = { connection: "idle", statuses: {}, polls: {}, openedAt: null, url: null };
const idleSnapshot = () => IDLE;
const subscribeNothing = () => () => {};

/** The tab's hub once its chunk is loaded (null before, and on the server); a failed fetch is tried again in 5 s. */
function useHub(wanted: boolean): LiveHub | null {
  // Once loaded, a page mounted later starts on the hub (and its current snapshot) at its first render.
  const [hub, setHub] = useState<LiveHub | null>(() => loadedHub);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || hub) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadHub().then(
      (loaded) => {
        if (live) setHub(loaded);
      },
      () => {
        if (live) retry = setTimeout(() => setAttempt((n) => n + 1), 5_000);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [wanted, hub, attempt]);
  return hub;
}

/**
 * Follows live rows of `products` for `symbols` through the tab's one shared stream. Returns the stream's state
 * (per product: connected, polling, reconnecting, error) for the status badge.
 */
export function useLiveStream<P extends LiveProduct>(options: UseLiveStreamOptions<P>): LiveSnapshot {
  const onRow = useRef(options.onRow);
  useEffect(() => {
    onRow.current = options.onRow;
  });
  const enabled = options.enabled !== false && options.products.length > 0;
  const hub = useHub(enabled);
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
  const registration = useRef<ReturnType<LiveHub["register"]> | null>(null);

  useEffect(() => {
    if (!enabled || !hub) return;
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

  const subscribe = useCallback((listener: () => void) => (hub ? hub.subscribe(listener) : subscribeNothing()), [hub]);
  const getSnapshot = useCallback(() => (hub ? hub.getSnapshot() : IDLE), [hub]);
  return useSyncExternalStore(subscribe, getSnapshot, idleSnapshot);
}
