"use client";

import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { importOnce } from "@/lib/import-once";
import { whenIdle } from "@/lib/when-idle";

/**
 * A feed's item card as its own chunk: a feed's first HTML holds no items, so the card is fetched once the page is idle,
 * before the first row is likely; a row that comes sooner shows a card-high skeleton until it is in, one after it the
 * card at once.
 */
export function onDemandItem<P extends object>(load: () => Promise<ComponentType<P>>, skeletonClassName = "h-28 w-full rounded-xl") {
  // Once fetched, the card renders directly: a row arriving after the prefetch neither suspends nor shows a skeleton.
  let ready: ComponentType<P> | null = null;
  const prefetch = importOnce(() => load().then((component) => (ready = component)));
  const Loaded = lazy(() => prefetch().then((component) => ({ default: component })));
  function OnDemandItem(props: P) {
    // Chosen once per card: one that began on the lazy path keeps it, so it is never remounted.
    const [Ready] = useState(() => ready);
    return <Suspense fallback={<Skeleton className={skeletonClassName} />}>{Ready ? <Ready {...props} /> : <Loaded {...props} />}</Suspense>;
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
