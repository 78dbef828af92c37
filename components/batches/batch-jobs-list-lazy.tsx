"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** The key's batch jobs, below the new-job form: their own chunk (the table, progress and status), not the page's. */
export const BatchJobsListLazy = lazyPart(() => import("./batch-jobs-list").then((m) => m.BatchJobsList));
