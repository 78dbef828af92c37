"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/**
 * A past result's sheet (Radix Dialog, its focus trap and scroll lock), fetched on pointer or focus on a control that
 * opens it (`preloadEarningsDetailSheet`) or on its first opening, not with the page, and mounted from its first
 * opening on. A link that names a result opens it on arrival.
 */
export const { Dialog: EarningsDetailSheetLazy, preload: preloadEarningsDetailSheet } = dialogOnDemand(
  () => import("./earnings-detail-sheet").then((m) => m.EarningsDetailSheet),
  (props) => props.item !== null,
);
