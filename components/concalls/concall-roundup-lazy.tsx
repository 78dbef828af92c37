"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** The weekly roundup card: its own chunk, loaded after the page. */
export const ConcallRoundupLazy = lazyPart(() => import("./concall-roundup").then((m) => m.ConcallRoundup));
