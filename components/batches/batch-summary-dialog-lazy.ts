"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/** A result line's summary dialog, fetched on pointer or focus on a line's summary or on its first opening. */
export const { Dialog: BatchSummaryDialog, preload: preloadBatchSummaryDialog } = dialogOnDemand(
  () => import("./batch-summary-dialog").then((m) => m.BatchSummaryDialog),
  (props) => props.result !== null,
);
