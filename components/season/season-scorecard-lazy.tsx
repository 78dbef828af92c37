"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** The scorecard against the user's estimates (its upload, table and paid fetch): its own chunk, after the tracker. */
export const SeasonScorecardLazy = lazyPart(() => import("./season-scorecard").then((m) => m.SeasonScorecard));
