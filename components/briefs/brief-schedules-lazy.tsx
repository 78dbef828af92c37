"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/**
 * The summaries page's list of today's briefs (links and text, nothing to fill in), below the summary generator: its
 * own chunk, loaded after the page and hydrated when it arrives (components/ui/lazy-part.tsx). The schedule form beside
 * it comes with the page: a form that takes input before its part has hydrated would lose it.
 */
export const TodaysBriefsLazy = lazyPart(() => import("./todays-briefs").then((m) => m.TodaysBriefs));
