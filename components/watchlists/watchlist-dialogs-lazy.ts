"use client";

import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/**
 * The watchlists page's name, delete and edit-item dialogs, fetched when a pointer or focus comes to a button that
 * opens one (`preloadWatchlistDialogs`) or on the first opening, not with the page. One module, so one fetch serves
 * all three.
 */
const load = () => import("./watchlist-dialogs");

export const { Dialog: WatchlistNameDialog, preload: preloadWatchlistDialogs } = dialogOnDemand(
  () => load().then((m) => m.WatchlistNameDialog),
  (props) => props.open,
);
export const { Dialog: DeleteWatchlistDialog } = dialogOnDemand(
  () => load().then((m) => m.DeleteWatchlistDialog),
  (props) => props.open,
);
export const { Dialog: EditItemDialog } = dialogOnDemand(
  () => load().then((m) => m.EditItemDialog),
  (props) => props.item !== null,
);
