import type * as React from "react";
import { cn } from "@/lib/utils";

export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

/** A loading stand-in: bars of the given sizes (their classes) in a busy region named for screen readers. */
export function SkeletonStack({ label, bars, className }: { label: string; bars: readonly string[]; className?: string }) {
  return (
    <div className={cn("grid gap-2", className)} aria-busy="true" aria-label={label}>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}

/** `count` bars alike: a list's or a grid's rows while they load. */
export function Skeletons({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, i) => <Skeleton key={i} className={className} />);
}
