"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/** The delete-key confirmation, fetched on pointer or focus on Delete key or on its first opening. */
export const { Dialog: DeleteKeyDialog, preload: preloadDeleteKeyDialog } = dialogOnDemand(
  () => import("./delete-key-dialog").then((m) => m.DeleteKeyDialog),
  (props) => props.open,
);
