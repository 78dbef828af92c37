import { CardSkeleton, rows } from "@/components/shell/card-skeleton";

/** What stands in for one briefs card while its part loads (a server component: no script of its own). */
export function BriefsCardSkeleton({ label, rows: count }: { label: string; rows: number }) {
  return <CardSkeleton label={label} body={rows(count, "h-9 w-full")} bodyClassName="flex flex-col gap-3" />;
}
