"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";

/** What stands in for a summary while its renderer loads: a heading and a few lines of text, at the text's rhythm. */
function SummaryMarkdownSkeleton() {
  return (
    <div className="flex flex-col gap-2.5 pt-1" aria-busy="true" aria-label="Loading the summary">
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="mt-1 h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="mt-3 h-5 w-1/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

const SummaryMarkdown = lazy(() => import("./summary-markdown").then((m) => ({ default: m.SummaryMarkdown })));

/**
 * The markdown renderer (the summaries and batch pages' largest library) loads when a summary is shown, and is
 * rendered on the server too, so a summary in the first HTML does not shift.
 */
export function SummaryMarkdownLazy(props: ComponentProps<typeof SummaryMarkdown>) {
  return (
    <Suspense fallback={<SummaryMarkdownSkeleton />}>
      <SummaryMarkdown {...props} />
    </Suspense>
  );
}
