import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * A card standing in for one that loads, in its shape: the header's lines, then the body's (each a skeleton's size), so
 * the real card takes its place without moving what is below. A server component: no script of its own.
 */
export function CardSkeleton({
  label,
  head = ["h-5 w-40", "h-4 w-full max-w-96"],
  body,
  bodyClassName = "grid gap-3",
  className,
}: {
  /** Names what loads; left out inside an element that already says so. */
  label?: string;
  head?: readonly string[];
  body: readonly string[];
  bodyClassName?: string;
  className?: string;
}) {
  return (
    <Card {...(label ? { "aria-busy": true, "aria-label": label } : {})} className={className}>
      <CardHeader>
        {head.map((size, i) => (
          <Skeleton key={i} className={size} />
        ))}
      </CardHeader>
      <CardContent className={bodyClassName}>
        {body.map((size, i) => (
          <Skeleton key={i} className={size} />
        ))}
      </CardContent>
    </Card>
  );
}

/** `count` rows of one size. */
export const rows = (count: number, size: string): string[] => Array.from({ length: count }, () => size);
