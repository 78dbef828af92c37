"use client";

import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { importOnce } from "@/lib/import-once";
import { whenIdle } from "@/lib/when-idle";

/**
 * A feed's item card as its own chunk: a feed's first HTML holds no items, so the card is fetched once the page is idle,
 * before the first row is likely; a row that comes sooner shows a card-high skeleton until it is in.
 */
export function onDemandItem<P extends object>(load: () => Promise<ComponentType<P>>, skeletonClassName = "h-28 w-full rounded-xl") {
  const prefetch = importOnce(load);
  const Loaded = lazy(() => prefetch().then((component) => ({ default: component })));
  function OnDemandItem(props: P) {
    return (
      <Suspense fallback={<Skeleton className={skeletonClassName} />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { Item: OnDemandItem, prefetch };
}

/** Runs each loader once the browser is idle after the page has mounted (a failed fetch is retried on first use). */
export function usePrefetchWhenIdle(...loads: (() => Promise<unknown>)[]): void {
  // The loaders are module-level constants; they are read once.
  useEffect(
    () =>
      whenIdle(
        () => {
          for (const load of loads) load().catch(() => undefined);
        },
        { timeout: 2_000, fallbackMs: 300 },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
