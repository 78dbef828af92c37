import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** What stands in for the batch job list while it loads (no script of its own when the page renders it). */
export function BatchJobsListSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading your batch jobs">
      <CardHeader>
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent className="grid gap-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </CardContent>
    </Card>
  );
}
