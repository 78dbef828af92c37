"use client";

import { type ComponentType, lazy } from "react";
import { useHydrated } from "@/components/auth/use-hydrated";

/**
 * A part of a page that is below the fold or beside the first view, fetched as its own chunk after the page instead of
 * with it: React.lazy, rendered on the server like any client component (so it is in the first HTML and does not
 * shift), hydrated once its chunk arrives. The page wraps it in a Suspense boundary whose fallback holds its box; on
 * the first load the server's HTML stays until the chunk is there, and the fallback shows only on a client-side
 * navigation while the chunk loads. (React.lazy, not next/dynamic: the same behaviour without next/dynamic's code.)
 *
 * Until the part has hydrated, its server HTML has no handlers: a click on a button or a change of a select there
 * would be lost (React does not replay it once the chunk arrives). So the part sits in a disabled fieldset until then:
 * its buttons, selects and inputs are visibly disabled and take no input, links still work, and nothing moves (the
 * fieldset is `display: contents`, so it adds no box). On a client-side navigation the part is enabled from the start.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyPart(props: P) {
    const hydrated = useHydrated();
    return (
      <fieldset disabled={!hydrated} data-slot="lazy-part" data-hydrated={hydrated} className="contents">
        <Loaded {...props} />
      </fieldset>
    );
  }
  return LazyPart;
}
