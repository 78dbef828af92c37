import { CardSkeleton } from "./card-skeleton";

/**
 * What a desk page shows under its header while the server reads the rest: a few cards in the page's shape. The
 * header itself is never in here: it is sent with the page's first HTML (e2e/first-paint.spec.ts).
 */
export function PageSkeleton({ cards = 2, label = "Loading the page" }: { cards?: number; label?: string }) {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label={label}>
      {Array.from({ length: cards }, (_, i) => (
        <CardSkeleton key={i} head={["h-5 w-40", "h-4 w-full max-w-72"]} body={["h-10 w-full", "h-10 w-4/5"]} />
      ))}
    </div>
  );
}
