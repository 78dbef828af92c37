"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/**
 * The admin page's dialogs, fetched when a pointer or focus comes to a button that opens one or on the first opening,
 * not with the page. The two confirmations share a module (one fetch serves both).
 */
const loadConfirmations = () => import("./admin-dialogs");

export const { Dialog: TemporaryPasswordDialog, preload: preloadTemporaryPasswordDialog } = dialogOnDemand(
  () => loadConfirmations().then((m) => m.TemporaryPasswordDialog),
  (props) => props.open,
);
export const { Dialog: DisableUserDialog, preload: preloadDisableUserDialog } = dialogOnDemand(
  () => loadConfirmations().then((m) => m.DisableUserDialog),
  (props) => props.user !== null,
);
export const { Dialog: AddUserDialog, preload: preloadAddUserDialog } = dialogOnDemand(
  () => import("./add-user-dialog").then((m) => m.AddUserDialog),
  (props) => props.open,
);
