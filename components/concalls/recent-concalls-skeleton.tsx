import { CardSkeleton } from "@/components/shell/card-skeleton";

/** What stands in for the recent calls card while its part loads (a server component: no script of its own). */
export function RecentConcallsSkeleton() {
  return <CardSkeleton label="Loading recent calls" head={["h-5 w-32", "h-4 w-full max-w-md"]} body={["h-20 w-full rounded-lg"]} bodyClassName="" />;
}
