import { cn } from "@/lib/utils";

/**
 * A view still showing the last answer while the next one (another range, week, filter or view) loads: dimmed and
 * busy, so it never reads as the answer asked for.
 */
export function staleProps(stale: boolean, className?: string): { "aria-busy": true | undefined; className: string } {
  return { "aria-busy": stale || undefined, className: cn(className, "transition-opacity", stale && "opacity-60") };
}
