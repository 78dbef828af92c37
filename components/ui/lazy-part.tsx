"use client";

import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { useHydrated } from "@/components/auth/use-hydrated";

/**
 * A part below the fold fetched as its own chunk, rendered on the server so it does not shift. Until it hydrates it sits
 * in a disabled `display: contents` fieldset: React would drop a click on its server HTML. With a `fallback` the part
 * has its own Suspense boundary, which shows it while the chunk loads on a client-side navigation.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ReactNode): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyPart(props: P) {
    const hydrated = useHydrated();
    return (
      <fieldset disabled={!hydrated} data-slot="lazy-part" data-hydrated={hydrated} className="contents">
        <Loaded {...props} />
      </fieldset>
    );
  }
  if (fallback === undefined) return LazyPart;
  return function SuspendedPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <LazyPart {...props} />
      </Suspense>
    );
  };
}
