import { Skeleton } from "@/components/ui/skeleton";

export function SpendChartSkeleton() {
  return (
    <div className="flex h-72 items-end gap-2 px-2" aria-busy="true" aria-label="Loading the spend chart">
      {[40, 65, 30, 80, 55, 20, 70, 45, 60, 35, 75, 50].map((h, i) => (
        <Skeleton key={i} className="flex-1" style={{ height: `${h}%` }} />
      ))}
    </div>
  );
}
