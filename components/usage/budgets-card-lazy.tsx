"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** The admins' budgets card, last on the usage page: its own chunk (the form, the ladder's controls), not the page's. */
export const BudgetsCardLazy = lazyPart(() => import("./budgets-card").then((m) => m.BudgetsCard));
