"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** Past results, below the calendar: their own chunk (the table, its filters, the detail sheet's opener), not the page's. */
export const PastResultsLazy = lazyPart(() => import("./past-results").then((m) => m.PastResults));
