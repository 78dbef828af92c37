"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** The runway and weekly report panel: its own chunk (the report's tables, the settings form), not the page's. */
export const SpendWatchPanelLazy = lazyPart(() => import("./spend-watch-panel").then((m) => m.SpendWatchPanel));
