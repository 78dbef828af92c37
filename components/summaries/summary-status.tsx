import { CardSkeleton, rows } from "@/components/shell/card-skeleton";

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
    <CardSkeleton
      label="Generating the summary"
      head={["h-5 w-56", "h-4 w-80"]}
      body={["h-6 w-2/3", "h-4 w-full", "h-4 w-11/12", "h-4 w-4/5", "mt-4 h-5 w-1/3", "h-4 w-full"]}
    />
  );
}

/** What stands in for the summary history while it loads (no script of its own when the page renders it). */
export function SummaryHistorySkeleton() {
  return <CardSkeleton label="Loading your summaries" head={["h-5 w-32"]} body={rows(4, "h-16")} />;
}
