"use client";

import { lazy, Suspense, useState } from "react";
import type { ResultRef } from "./earnings-detail-sheet";

const loadSheet = () => import("./earnings-detail-sheet");
const EarningsDetailSheet = lazy(() => loadSheet().then((m) => ({ default: m.EarningsDetailSheet })));

/** Fetches the result sheet (Radix Dialog, its focus trap and scroll lock): on pointer or focus on a control that opens it. */
export function preloadEarningsDetailSheet(): void {
  void loadSheet().catch(() => undefined);
}

/**
 * A past result's sheet, mounted from its first opening on (kept after, so it closes as any sheet does) and fetched
 * then or on `preloadEarningsDetailSheet`, not with the page. A link that names a result opens it on arrival.
 */
export function EarningsDetailSheetLazy({ item, onClose }: { item: ResultRef | null; onClose: () => void }) {
  const [opened, setOpened] = useState(item !== null);
  if (item !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <EarningsDetailSheet item={item} onClose={onClose} />
    </Suspense>
  );
}
