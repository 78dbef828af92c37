"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/** The cancel confirmation, fetched on pointer or focus on the Cancel button or on its first opening. */
export const { Dialog: ConfirmCancelDialog, preload: preloadConfirmCancel } = dialogOnDemand(
  () => import("./confirm-cancel-dialog").then((m) => m.ConfirmCancelDialog),
  (props) => props.open,
);
