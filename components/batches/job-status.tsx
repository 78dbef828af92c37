"use client";

import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import type { BatchJob } from "@/lib/alpha/batch";
import { isTerminalBatchStatus } from "@/lib/alpha/batch-limits";
import { formatNumber } from "@/lib/format/number";
import { formatIstDateTime } from "@/lib/format/time";
import { cn } from "@/lib/utils";

const STATUS: Record<string, { label: string; variant: "positive" | "negative" | "neutral" | "warning" | "default" }> = {
  pending: { label: "Pending", variant: "neutral" },
  in_progress: { label: "Running", variant: "default" },
  running: { label: "Running", variant: "default" },
  completed: { label: "Completed", variant: "positive" },
  succeeded: { label: "Completed", variant: "positive" },
  partial: { label: "Partly failed", variant: "warning" },
  failed: { label: "Failed", variant: "negative" },
  cancelled: { label: "Cancelled", variant: "neutral" },
};

export function BatchStatusBadge({ job }: { job: Pick<BatchJob, "status" | "request_counts"> }) {
  const s = STATUS[job.status.toLowerCase()] ?? { label: job.status, variant: "neutral" as const };
  const withFailures = job.status === "completed" && job.request_counts.failed > 0;
  return (
    <Badge variant={withFailures ? "warning" : s.variant} data-testid="batch-status" data-status={job.status}>
      {!isTerminalBatchStatus(job.status) && <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-current" />}
      {withFailures ? "Completed with failures" : s.label}
    </Badge>
  );
}

/** Lines done (generated, free or failed) out of the total, from request_counts. */
export function batchProgress(job: Pick<BatchJob, "request_counts">): { done: number; total: number; percent: number } {
  const { completed, failed, total } = job.request_counts;
  const done = completed + failed;
  return { done, total, percent: total > 0 ? Math.min(100, (done / total) * 100) : 0 };
}

export function BatchProgress({ job, className, detailed = false }: { job: Pick<BatchJob, "request_counts" | "status">; className?: string; detailed?: boolean }) {
  const { done, total, percent } = batchProgress(job);
  const { completed, failed } = job.request_counts;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Progress
        value={percent}
        aria-label={`${formatNumber(done)} of ${formatNumber(total)} lines done`}
        data-testid="batch-progress"
        data-done={done}
        data-total={total}
        indicatorClassName={failed > 0 && completed === 0 ? "bg-negative" : undefined}
      />
      <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground tabular-nums">
        <span>
          {formatNumber(done)} of {formatNumber(total)} lines{detailed ? ` (${percent.toFixed(0)}%)` : ""}
        </span>
        {detailed && <span className="text-positive">{formatNumber(completed)} succeeded</span>}
        {(detailed || failed > 0) && <span className={failed > 0 ? "text-negative" : undefined}>{formatNumber(failed)} failed</span>}
      </div>
    </div>
  );
}

/** Batch times are epoch seconds; shown as IST. */
export function formatEpoch(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? "—" : formatIstDateTime(seconds * 1000);
}
