import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A determinate progress bar with Radix Progress's markup and attributes, without Radix's code in every page's first
 * load through the gauge. A value that is not a number between 0 and `max` reads as indeterminate.
 */
export function Progress({
  className,
  value,
  max = 100,
  indicatorClassName,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & { value?: number | null; max?: number; indicatorClassName?: string }) {
  const top = Number.isFinite(max) && max > 0 ? max : 100;
  const known = typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= top ? value : null;
  const state = known === null ? "indeterminate" : known === top ? "complete" : "loading";
  const data = { "data-state": state, "data-value": known ?? undefined, "data-max": top };
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={top}
      aria-valuenow={known ?? undefined}
      aria-valuetext={known === null ? undefined : `${Math.round((known / top) * 100)}%`}
      {...data}
      data-slot="progress"
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-primary/15", className)}
      {...props}
    >
      <div
        {...data}
        data-slot="progress-indicator"
        className={cn("h-full w-full flex-1 bg-primary transition-all", indicatorClassName)}
        style={{ transform: `translateX(-${100 - Math.min(100, Math.max(0, value ?? 0))}%)` }}
      />
    </div>
  );
}
