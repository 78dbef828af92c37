import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** What stands in for the past results while they load (a server component: no script of its own). */
export function PastResultsSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading past results">
      <CardHeader>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-full max-w-96" />
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-2">
        <Skeleton className="h-9 w-72" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}
