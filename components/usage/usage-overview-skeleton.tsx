import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The usage overview while it loads, line for line its shape, so the overview takes its place without moving what is
 * below. A module of its own, so Today draws it without the overview.
 */
export function UsageOverviewSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading usage">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[false, false, true, true].map((meter, i) => (
          <Card key={i} className="gap-3">
            <CardHeader>
              <Skeleton className="my-0.5 h-4 w-24" />
              <Skeleton className="my-1 h-6 w-32" />
            </CardHeader>
            {/* Balance and debited today end in a caption; the two request counts in a meter and its caption. */}
            <CardContent className="grid gap-1.5">
              {meter ? <Skeleton className="h-2 w-full" /> : null}
              <Skeleton className="h-4 w-28" />
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="flex items-start gap-2 rounded-lg border bg-card px-4 py-3 text-sm">
        <Skeleton className="mt-0.5 size-4 shrink-0 rounded-full" />
        {/* The projection's two sentences: a line each, two each on a phone, where they wrap. */}
        <div className="grid flex-1 gap-0.5">
          <div>
            <Skeleton className="my-0.5 h-4 w-full max-w-72" />
            <Skeleton className="my-0.5 h-4 w-2/3 sm:hidden" />
          </div>
          <div>
            <Skeleton className="my-0.5 h-4 w-full max-w-96" />
            <Skeleton className="my-0.5 h-4 w-1/2 sm:hidden" />
          </div>
        </div>
      </div>
    </div>
  );
}
