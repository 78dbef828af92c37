"use client";

import { CardSkeleton } from "@/components/shell/card-skeleton";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon, BanIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ErrorState } from "@/components/shell/error-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { isTerminalBatchStatus } from "@/lib/alpha/batch-limits";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatCredits, formatNumber } from "@/lib/format/number";
import { alphaQueryOptions, useAlphaMutation } from "@/lib/query/alpha";
import { alphaKeys } from "@/lib/query/alpha-keys";
import { BatchResults } from "./batch-results";
import { ConfirmCancelDialog, preloadConfirmCancel } from "./confirm-cancel-dialog-lazy";
import { BatchProgress, BatchStatusBadge, formatEpoch } from "./job-status";
import { unitCredits } from "@/lib/alpha/costs";

/** How often a running job is asked for its status (the hosted SDK's wait loop uses the same). */
export const BATCH_POLL_MS = 2_000;

export function BatchJobSkeleton() {
  return <CardSkeleton label="Loading the batch job" head={["h-6 w-64", "h-4 w-48"]} body={["h-2 w-full", "h-16 w-full"]} bodyClassName="grid gap-4" />;
}

function Time({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm tabular-nums" data-testid={`batch-time-${label.toLowerCase()}`}>
        {formatEpoch(value)}
      </dd>
    </div>
  );
}

/** One batch job: live status (every 2 s until it finishes), progress, IST times, cancel, and its results. */
export function BatchJobView({ jobId }: { jobId: string }) {
  const client = useQueryClient();
  const input = { path: { job_id: jobId } };
  const query = useQuery({
    ...alphaQueryOptions("getBatchJob", input),
    refetchInterval: (q) => (q.state.data && isTerminalBatchStatus(q.state.data.item.status) ? false : BATCH_POLL_MS),
    refetchIntervalInBackground: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [cancelNote, setCancelNote] = useState<string | null>(null);
  const [cancelReport, setCancelReport] = useState<string | null>(null);
  const cancel = useAlphaMutation("cancelBatchJob", {
    invalidate: [alphaKeys.endpoint("getBatchJob"), alphaKeys.endpoint("listBatchJobs")],
  });

  if (query.isPending) return <BatchJobSkeleton />;
  if (query.isError) {
    if (isAlphaError(query.error) && query.error.code === "not_found") {
      return (
        <Alert variant="destructive" data-testid="batch-not-found">
          <AlertTitle>No such batch job</AlertTitle>
          <AlertDescription>
            <p>
              Jobs are visible only to whoever submitted them (on the organisation&apos;s key, admins see every member&apos;s): this one is gone, or is not yours. <Link className="underline" href="/batches">Back to your jobs</Link>.
            </p>
          </AlertDescription>
        </Alert>
      );
    }
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }

  const job = query.data.item;
  const terminal = isTerminalBatchStatus(job.status);
  const billing = job.billing ?? {};
  const charged = typeof billing.total_credits_charged === "number" ? billing.total_credits_charged : null;
  const remaining = Math.max(0, job.request_counts.total - job.request_counts.completed - job.request_counts.failed);

  async function doCancel(remainingWhenAsked: number) {
    setCancelNote(null);
    setCancelReport(null);
    try {
      await cancel.mutateAsync(input);
      // Lines keep finishing until the cancel lands: report what really happened, from the job as it now stands.
      const after = await client.fetchQuery({ ...alphaQueryOptions("getBatchJob", input), staleTime: 0 });
      const counts = after.item.request_counts;
      const dropped = Math.max(0, counts.total - counts.completed - counts.failed);
      const finished = counts.completed + counts.failed;
      const ranMeanwhile = Math.max(0, remainingWhenAsked - dropped);
      const report =
        `Cancelled: ${formatNumber(finished)} of ${formatNumber(counts.total)} lines had finished and ${formatNumber(dropped)} never ran (not charged).` +
        (ranMeanwhile > 0 ? ` ${formatNumber(ranMeanwhile)} more finished while the cancel reached the job.` : "");
      setCancelReport(report);
      toast.success(report);
    } catch (error) {
      if (isAlphaError(error) && error.code === "job_finished") {
        setCancelNote("The job finished before the cancel reached it, so there was nothing left to cancel. Its results are below.");
      } else {
        toast.error(isAlphaError(error) ? error.message : "The job could not be cancelled. Try again.");
      }
    } finally {
      void client.invalidateQueries({ queryKey: alphaQueryOptions("getBatchJob", input).queryKey });
    }
  }

  return (
    <div className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href="/batches">
            <ArrowLeftIcon aria-hidden />
            All batch jobs
          </Link>
        </Button>
      </div>
      <Card data-testid="batch-job" data-status={job.status}>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
            {job.display_name || "Untitled job"}
            <BatchStatusBadge job={job} />
          </CardTitle>
          <CardDescription className="font-mono text-xs">{job.id}</CardDescription>
          {!terminal && (
            <CardAction>
              <Button variant="outline" onPointerEnter={preloadConfirmCancel} onFocus={preloadConfirmCancel} onClick={() => setConfirming(true)} disabled={cancel.isPending} data-testid="batch-cancel">
                <BanIcon aria-hidden />
                Cancel job
              </Button>
            </CardAction>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          <BatchProgress job={job} detailed />
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Time label="Created" value={job.created_at} />
            <Time label="Started" value={job.in_progress_at} />
            {job.cancelled_at ? <Time label="Cancelled" value={job.cancelled_at} /> : <Time label="Completed" value={job.completed_at} />}
            <div className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{terminal ? "Charged" : "Charged so far"}</dt>
              <dd className="text-sm tabular-nums" data-testid="batch-charged">
                {charged === null ? "—" : formatCredits(charged)}
              </dd>
            </div>
          </dl>
          {!terminal && <p className="text-xs text-muted-foreground">Updating every 2 seconds until the job finishes. Each generated summary costs {formatCredits(unitCredits("createBatchJob").detailedCredits)} as it runs.</p>}
          {cancelNote && <CancelOutcome testId="cancel-note" title="Already finished" text={cancelNote} />}
          {cancelReport && <CancelOutcome testId="cancel-report" title="Job cancelled" text={cancelReport} />}
          {job.status === "cancelled" && (
            <p className="text-sm text-muted-foreground" data-testid="batch-cancelled-note">
              Cancelled: lines that had not run were dropped and not charged. The lines that finished before the cancel were paid for; their
              results are below, to read and download.
            </p>
          )}
        </CardContent>
      </Card>

      {terminal && <BatchResults job={job} />}

      <ConfirmCancelDialog open={confirming} onOpenChange={setConfirming} remaining={remaining} onConfirm={() => void doCancel(remaining)} />
    </div>
  );
}

/** What asking to cancel came to: the job had already finished, or what the cancel dropped and what was paid. */
function CancelOutcome({ testId, title, text }: { testId: string; title: string; text: string }) {
  return (
    <Alert data-testid={testId}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{text}</p>
      </AlertDescription>
    </Alert>
  );
}
