import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/**
 * What a feed page shows while the server reads its key and watchlists (the page's Suspense fallback): a feed card
 * of the feed's shape. Rendered on the server only, so not part of the page's JavaScript.
 */
export function FeedSkeleton({ label, titleClassName, descriptionClassName, itemClassName }: { label: string; titleClassName: string; descriptionClassName: string; itemClassName: string }) {
  return (
    <Card aria-busy="true" aria-label={label}>
      <CardHeader>
        <Skeleton className={cn("h-5", titleClassName)} />
        <Skeleton className={cn("h-4 w-full", descriptionClassName)} />
      </CardHeader>
      <CardContent className="grid gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className={cn("w-full rounded-xl", itemClassName)} />
        ))}
      </CardContent>
    </Card>
  );
}

export function AlertsSkeleton() {
  return <FeedSkeleton label="Loading alerts" titleClassName="w-32" descriptionClassName="max-w-80" itemClassName="h-28" />;
}

export function AnnouncementsSkeleton() {
  return <FeedSkeleton label="Loading announcements" titleClassName="w-40" descriptionClassName="max-w-96" itemClassName="h-28" />;
}

export function BlockDealsSkeleton() {
  return <FeedSkeleton label="Loading block deals" titleClassName="w-40" descriptionClassName="max-w-96" itemClassName="h-32" />;
}

/** News: the sentiment chart's card above the articles'. */
export function NewsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading news">
      <Skeleton className="h-72 w-full rounded-xl" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}
