"use client";

import * as React from "react";
import type { Announcement } from "./announcement-model";
import { MaterialityPanel } from "./materiality-panel";
import { useMateriality } from "./use-materiality";

/** What the list takes from the scoring: the filings to show and each one's score and dismissal. */
export type ScoredFilings = Pick<ReturnType<typeof useMateriality>, "items" | "cardProps">;

/**
 * The materiality panel and the scoring behind it, one chunk of its own: no filing is in the page's first HTML, so the
 * panel paints on the server as it is and the list below takes what is scored once this part has hydrated.
 */
export function MaterialityPart({ rows, hasKey, onScored }: { rows: readonly Announcement[]; hasKey: boolean; onScored: (scored: ScoredFilings) => void }) {
  const { items, cardProps, panel } = useMateriality(rows, hasKey);
  // Before paint, so the list never shows rows the bar would hide.
  React.useLayoutEffect(() => onScored({ items, cardProps }), [items, cardProps, onScored]);
  return panel ? <MaterialityPanel {...panel} /> : null;
}
