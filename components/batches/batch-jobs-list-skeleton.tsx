import { CardSkeleton, rows } from "@/components/shell/card-skeleton";

/** What stands in for the batch job list while it loads (no script of its own when the page renders it). */
export function BatchJobsListSkeleton() {
  return <CardSkeleton label="Loading your batch jobs" head={["h-5 w-40"]} body={rows(4, "h-10")} bodyClassName="grid gap-2" />;
}
