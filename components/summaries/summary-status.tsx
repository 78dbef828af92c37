import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/*
 * A summary's status as a badge and the result's skeleton, apart from the result itself: the history and the page
 * need these at once, the result (summary-result.tsx, with the statuses' explanations) only when one is open.
 */

export type StatusVariant = "positive" | "neutral" | "warning" | "negative";

const STATUS_BADGES: Record<string, { label: string; variant: StatusVariant }> = {
  success: { label: "Generated", variant: "positive" },
  success_no_news: { label: "No news", variant: "neutral" },
  success_no_signal: { label: "No signal", variant: "warning" },
  error: { label: "Failed", variant: "negative" },
};

/** A summary status as a badge: its label and colour (the history lists many; the explanations stay with the result). */
export function statusBadge(status: string): { label: string; variant: StatusVariant } {
  return Object.hasOwn(STATUS_BADGES, status) ? STATUS_BADGES[status]! : { label: status, variant: "neutral" };
}

export function SummaryResultSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Generating the summary">
      <CardHeader>
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-4 w-80" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="mt-4 h-5 w-1/3" />
        <Skeleton className="h-4 w-full" />
      </CardContent>
    </Card>
  );
}

/** What stands in for the summary history while it loads (no script of its own when the page renders it). */
export function SummaryHistorySkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading your summaries">
      <CardHeader>
        <Skeleton className="h-5 w-32" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </CardContent>
    </Card>
  );
}
