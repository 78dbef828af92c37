"use client";

import { type ComponentType, lazy } from "react";

/**
 * A part of a page that is below the fold or beside the first view, fetched as its own chunk after the page instead of
 * with it: React.lazy, rendered on the server like any client component (so it is in the first HTML and does not
 * shift), hydrated once its chunk arrives. The page wraps it in a Suspense boundary whose fallback holds its box; on
 * the first load the server's HTML stays until the chunk is there, and the fallback shows only on a client-side
 * navigation while the chunk loads. (React.lazy, not next/dynamic: the same behaviour without next/dynamic's code.)
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyPart(props: P) {
    return <Loaded {...props} />;
  }
  return LazyPart;
}
