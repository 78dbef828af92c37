"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/** The calendar's day dialog, fetched on pointer or focus on a day's "more" button or on its first opening. */
export const { Dialog: DayDialog, preload: preloadDayDialog } = dialogOnDemand(
  () => import("./earnings-day-dialog").then((m) => m.DayDialog),
  (props) => props.day !== null,
);
