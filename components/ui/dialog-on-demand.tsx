"use client";

import { type ComponentType, lazy, Suspense, useState } from "react";
import { importOnce } from "@/lib/import-once";

/**
 * A dialog opened from state, fetched on demand (with Radix Dialog) on `preload` or at its first opening, and kept
 * mounted after, so it closes as any dialog does; focus goes back to its opener.
 */
export function dialogOnDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): { Dialog: ComponentType<P>; preload: () => void } {
  const loadOnce = importOnce(load);
  const Loaded = lazy(() => loadOnce().then((component) => ({ default: component })));
  function DialogOnDemand(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { Dialog: DialogOnDemand, preload: () => void loadOnce().catch(() => undefined) };
}
