import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The usage overview's four stat cards while they load: the overview's own pending state, and Today's panel while the
 * overview's chunk loads (components/today/today-lazy.tsx). A module of its own, so Today draws it without the overview.
 */
export function UsageOverviewSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true" aria-label="Loading usage">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="gap-3">
          <CardHeader>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-32" />
          </CardHeader>
          <CardContent>
            <Skeleton className="h-2 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
