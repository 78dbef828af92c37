"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import { SkeletonStack } from "@/components/ui/skeleton";

/** What stands in for a summary while its renderer loads: a heading and a few lines of text, at the text's rhythm. */
function SummaryMarkdownSkeleton() {
  return (
    <SkeletonStack
      className="gap-2.5 pt-1"
      label="Loading the summary"
      bars={["h-6 w-1/3", "mt-1 h-4 w-full", "h-4 w-11/12", "h-4 w-4/5", "mt-3 h-5 w-1/4", "h-4 w-full", "h-4 w-2/3"]}
    />
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
