"use client";

import { type ComponentType, lazy, Suspense, useState } from "react";
import { importOnce } from "@/lib/import-once";

/**
 * A dialog opened from state (`open`, or a row it is about), fetched on demand instead of with the page: its module
 * (and Radix Dialog's focus trap, scroll lock and layers, ~9 kB gzip) loads on `preload` (call it on pointer or focus
 * on the control that opens it) or on the first opening, and the dialog is mounted from its first opening on (kept
 * after, so it closes as any dialog does). Focus goes back to the opener on close (components/ui/dialog.tsx).
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
