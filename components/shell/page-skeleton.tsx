import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** What a desk page shows while its server work runs: a title and a few cards in the page's shape. */
export function PageSkeleton({ cards = 2, label = "Loading the page" }: { cards?: number; label?: string }) {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label={label}>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-full max-w-96" />
      </div>
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i}>
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full max-w-72" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-4/5" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
