import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/*
 * A summary's status in words and the result's skeleton, apart from the result itself: the history and the page need
 * these at once, the result (summary-result.tsx) only when one is open, so it loads then.
 */

/** What a summary status means for the reader, and what it cost. */
export function statusInfo(status: string): { label: string; variant: "positive" | "neutral" | "warning" | "negative"; explain: string | null } {
  switch (status) {
    case "success":
      return { label: "Generated", variant: "positive", explain: null };
    case "success_no_news":
      return {
        label: "No news",
        variant: "neutral",
        explain:
          "None of these symbols had news, alerts, results or concall guidance in the window, so there was nothing to summarise. No credits were charged. Widen the context window (up to 7 days with news context or intraday movements) or add symbols.",
      };
    case "success_no_signal":
      return {
        label: "No signal",
        variant: "warning",
        explain:
          "The window holds items for these symbols, but none that matter for this mode (for intraday movements: no price or volume alerts). No credits were charged. Try news context, or a longer window.",
      };
    case "error":
      return {
        label: "Failed",
        variant: "negative",
        explain: "The service could not summarise this request, usually because it knows none of the symbols. No credits were charged. Check the symbols on the Watchlists page.",
      };
    default:
      return { label: status, variant: "neutral", explain: null };
  }
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
