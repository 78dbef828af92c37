import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** What stands in for the recent calls card while its part loads (a server component: no script of its own). */
export function RecentConcallsSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading recent calls">
      <CardHeader>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-4 w-full max-w-md" />
      </CardHeader>
      <CardContent>
        <Skeleton className="h-20 w-full rounded-lg" />
      </CardContent>
    </Card>
  );
}
