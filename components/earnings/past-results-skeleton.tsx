import { CardSkeleton, rows } from "@/components/shell/card-skeleton";

/** What stands in for the past results while they load (a server component: no script of its own). */
export function PastResultsSkeleton() {
  return <CardSkeleton label="Loading past results" body={["h-9 w-72", ...rows(8, "h-9 w-full")]} bodyClassName="grid grid-cols-1 gap-2" />;
}
