"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/** The seat dialog, fetched on pointer or focus on a member's Edit button or on its first opening (mounted while open). */
export const { Dialog: SeatDialog, preload: preloadSeatDialog } = dialogOnDemand(
  () => import("./seat-dialog").then((m) => m.SeatDialog),
  () => true,
);
