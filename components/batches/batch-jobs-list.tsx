"use client";

import { useQuery } from "@tanstack/react-query";
import { LayersIcon } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { isTerminalBatchStatus } from "@/lib/alpha/batch-limits";
import { formatRelativeTime } from "@/lib/format/time";
import { BATCH_CALLS, JOB_LIST_INPUT } from "@/lib/query/batches";
import { BatchJobsListSkeleton } from "./batch-jobs-list-skeleton";
import { BatchProgress, BatchStatusBadge, formatEpoch } from "./job-status";

/** The key's batch jobs, newest first (free); refreshed every 5 s while one of them still runs. */
export function BatchJobsList({ hasKey }: { hasKey: boolean }) {
  const query = useQuery({
    ...BATCH_CALLS.queryOptions("listBatchJobs", JOB_LIST_INPUT),
    enabled: hasKey,
    refetchInterval: (q) => (q.state.data?.items.some((j) => !isTerminalBatchStatus(j.status)) ? 5_000 : false),
  });
  if (!hasKey) return null;
  if (query.isPending) return <BatchJobsListSkeleton />;
  const jobs = query.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your batch jobs</CardTitle>
        <CardDescription>Jobs of your Alpha key, newest first. Times are IST. Status, results and cancelling are free.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : jobs.length === 0 ? (
          <EmptyState icon={LayersIcon} title="No batch jobs yet" description="Build one from your watchlists or upload a JSONL file above; it runs in the background and its results wait here." />
        ) : (
          <Table data-testid="batch-jobs">
            <TableHeader>
              <TableRow>
                <TableHead>Job</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="w-56">Progress</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {jobs.map((job) => (
                <TableRow key={job.id} data-job={job.id}>
                  <TableCell className="max-w-64">
                    <Link href={`/batches/${encodeURIComponent(job.id)}`} className="block truncate font-medium hover:underline">
                      {job.display_name || "Untitled job"}
                    </Link>
                    <span className="block truncate font-mono text-xs text-muted-foreground">{job.id}</span>
                  </TableCell>
                  <TableCell>
                    <BatchStatusBadge job={job} />
                  </TableCell>
                  <TableCell>
                    <BatchProgress job={job} />
                  </TableCell>
                  <TableCell className="text-sm whitespace-nowrap">
                    <span title={formatEpoch(job.created_at)}>{formatRelativeTime(job.created_at * 1000)}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
