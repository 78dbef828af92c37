"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/**
 * Recent calls (paid, nothing loaded until asked), beside or below the free schedule: their own chunk (the cards, their
 * glance and the load-more control), loaded after the page and hydrated when it arrives (components/ui/lazy-part.tsx).
 */
export const RecentConcallsLazy = lazyPart(() => import("./recent-concalls").then((m) => m.RecentConcalls));
