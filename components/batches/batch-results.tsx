"use client";

import { CardSkeleton, rows } from "@/components/shell/card-skeleton";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, RotateCwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { statusBadge } from "@/components/summaries/summary-status";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PriceTag } from "@/components/paid/price-tag";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { downloadText } from "@/components/watchlists/download";
import type { BatchJob, BatchResultLine } from "@/lib/alpha/batch";
import { symbolsOfRequest } from "@/lib/alpha/batch-limits";
import { batchJobCost } from "@/lib/alpha/costs";
import { describeCost } from "@/lib/alpha/costs";
import { formatCredits, formatNumber } from "@/lib/format/number";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { deskUrl } from "@/lib/desk/client";
import * as batchesApi from "@/lib/desk/route-meta/batches";
import * as watchlistsApi from "@/lib/desk/route-meta/watchlists";
import { deskQuery } from "@/lib/query/desk";
import { isCancelledResult, isFailedResult, previewOf, rebuildFailedLines, resultError, resultInputs, resultStatus, resultSummary, resultsToJsonl } from "./batch-lines";
import { BatchSummaryDialog, preloadBatchSummaryDialog } from "./batch-summary-dialog-lazy";
import { useSubmitBatch } from "./use-submit-batch";

/** Lines a page of results shows: a 2,000-line job reads a page at a time, not as one 12,000 px table. */
export const RESULTS_PAGE_SIZE = 50;
const ALL = "all";
const NOT_RUN = "not_run";

function Pager({ at, pages, total, onPage, bottom = false }: { at: number; pages: number; total: number; onPage: (page: number) => void; bottom?: boolean }) {
  const from = total === 0 ? 0 : (at - 1) * RESULTS_PAGE_SIZE + 1;
  const to = Math.min(total, at * RESULTS_PAGE_SIZE);
  return (
    <nav className={cn("flex flex-wrap items-center gap-2", bottom && "justify-end")} aria-label={bottom ? "Result pages, below the table" : "Result pages"} data-testid={bottom ? undefined : "batch-results-pager"}>
      <span className="text-xs text-muted-foreground tabular-nums" data-testid={bottom ? undefined : "batch-results-range"}>
        Lines {formatNumber(from)}–{formatNumber(to)} of {formatNumber(total)}
      </span>
      <Button variant="outline" size="sm" disabled={at <= 1} onClick={() => onPage(at - 1)}>
        <ChevronLeftIcon aria-hidden />
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={at >= pages} onClick={() => onPage(at + 1)}>
        Next
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}

function ResultsSkeleton() {
  return <CardSkeleton label="Loading the results" head={["h-5 w-32"]} body={rows(3, "h-10")} bodyClassName="grid gap-2" />;
}

/** Sends a finished job's failed lines again as a new job, rebuilt from the lines the desk kept; the price first. */
function ResendFailed({ job, results }: { job: BatchJob; results: BatchResultLine[] }) {
  const router = useRouter();
  const input = useQuery(deskQuery(batchesApi.getBatchInput, { params: { id: job.id } }));
  const { submit, dialog, pending } = useSubmitBatch();
  const [failure, setFailure] = useState<unknown>(null);
  if (input.isPending) return <Skeleton className="h-9 w-64" />;
  if (input.isError) return <ErrorState error={input.error} onRetry={() => void input.refetch()} />;
  if (!input.data) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="resend-unavailable">
        The desk kept no lines for this job (it was submitted elsewhere, or with the retention opt-out), so its failed lines cannot be rebuilt here. Fix them in your file and upload it again.
      </p>
    );
  }
  const { lines, missing } = rebuildFailedLines(input.data.lines, results);
  if (lines.length === 0) return null;
  const price = batchJobCost(lines.length);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          disabled={pending}
          data-testid="resend-failed"
          onClick={async () => {
            setFailure(null);
            try {
              const name = `${job.display_name || "Batch job"} · failed lines`.slice(0, 200);
              const created = await submit({ lines, displayName: name, fileName: "failed-lines.jsonl", optOut: false });
              if (!created) return;
              toast.success(`${formatNumber(lines.length)} failed ${lines.length === 1 ? "line" : "lines"} sent again as a new job`);
              router.push(`/batches/${encodeURIComponent(created.id)}`);
            } catch (error) {
              setFailure(error);
            }
          }}
        >
          <RotateCwIcon aria-hidden />
          Send the {formatNumber(lines.length)} failed {lines.length === 1 ? "line" : "lines"} again · up to {formatCredits(price)}
        </Button>
        <PriceTag credits={price} upTo description={describeCost("createBatchJob")} />
      </div>
      {missing.length > 0 && <p className="text-xs text-muted-foreground">Not in the kept lines, so not resent: {missing.join(", ")}.</p>}
      {failure !== null && <ErrorState error={failure} />}
      {dialog}
    </div>
  );
}

/**
 * A finished job's results (free): a table, each summary opening in full, JSONL and CSV downloads. A cancelled job's
 * lines that ran before the cancel were paid for, so they are shown too; the lines it stopped are marked "Not run".
 */
export function BatchResults({ job }: { job: BatchJob }) {
  const input = { path: { job_id: job.id } };
  const query = useQuery({ ...alphaQueryOptions("getBatchJobResults", input), staleTime: Infinity });
  const [open, setOpen] = useState<BatchResultLine | null>(null);
  const [shownStatus, setShownStatus] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const keptInput = useQuery(deskQuery(batchesApi.getBatchInput, { params: { id: job.id } }));
  const watchlists = useQuery(deskQuery(watchlistsApi.listWatchlists));

  if (query.isPending) return <ResultsSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const results = query.data.items;
  const notRun = results.filter(isCancelledResult);
  const ran = results.filter((r) => !isCancelledResult(r));
  const failed = ran.filter(isFailedResult);
  const base = (job.display_name || job.id).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "batch";
  // The watchlist and labels beside each line, when the desk kept the job's lines.
  const inputs = resultInputs(keptInput.data?.lines ?? [], watchlists.data ?? []);
  const statusOf = (r: BatchResultLine) => (isCancelledResult(r) ? NOT_RUN : resultStatus(r));
  const statuses = [...new Set(results.map(statusOf))];
  const filtered = shownStatus === ALL ? results : results.filter((r) => statusOf(r) === shownStatus);
  const pages = Math.max(1, Math.ceil(filtered.length / RESULTS_PAGE_SIZE));
  const at = Math.min(page, pages);
  const shown = filtered.slice((at - 1) * RESULTS_PAGE_SIZE, at * RESULTS_PAGE_SIZE);
  const statusLabel = (status: string) => (status === NOT_RUN ? "Not run" : statusBadge(status).label);
  const symbolsOf = (customId: string) => {
    const line = keptInput.data?.lines.find((l) => l.custom_id === customId);
    return line ? symbolsOfRequest(line) : [];
  };

  return (
    <Card data-testid="batch-results">
      <CardHeader>
        <CardTitle>Results</CardTitle>
        <CardDescription data-testid="batch-results-summary">
          {notRun.length > 0
            ? `${formatNumber(ran.length)} ${ran.length === 1 ? "line" : "lines"} ran before the cancel, ${formatNumber(notRun.length)} never ran and cost nothing`
            : `${formatNumber(results.length)} ${results.length === 1 ? "line" : "lines"}`}
          {failed.length > 0 ? `, ${formatNumber(failed.length)} failed` : ""}. Choose a line to read its summary in full.
        </CardDescription>
        <CardAction className="flex flex-wrap gap-1">
          <Button variant="outline" size="sm" onClick={() => downloadText(`${base}-results.jsonl`, resultsToJsonl(results, inputs), "application/x-ndjson")} data-testid="download-jsonl">
            <DownloadIcon aria-hidden />
            JSONL
          </Button>
          {/* The service's own lines, streamed by the desk straight to disk (a large job is never held in the page). */}
          <Button variant="outline" size="sm" asChild>
            <a
              href={deskUrl(batchesApi.downloadBatchResults, { params: { id: job.id } })}
              download={`${base}-results-service.jsonl`}
              title="The results exactly as the Alpha service sends them, streamed to disk, without the watchlist labels"
              data-testid="download-jsonl-stream"
            >
              <DownloadIcon aria-hidden />
              Service JSONL
            </a>
          </Button>
          <Button variant="outline" size="sm" // The CSV writer (papaparse) is fetched on the click, not with the page.
            onClick={() =>
              void import("./batch-csv").then(({ resultsToCsv }) => downloadText(`${base}-results.csv`, resultsToCsv(results, inputs), "text/csv;charset=utf-8"))
            } data-testid="download-csv">
            <DownloadIcon aria-hidden />
            CSV
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failed.length > 0 && (
          <Alert variant="warning" data-testid="batch-failed-lines">
            <AlertTitle>
              {formatNumber(failed.length)} of {formatNumber(ran.length)} lines failed
            </AlertTitle>
            <AlertDescription>
              <p>Failed lines produced no summary and cost nothing. Their errors are in the table below.</p>
              <div className="mt-2">
                <ResendFailed job={job} results={ran} />
              </div>
            </AlertDescription>
          </Alert>
        )}
        {results.length > 0 && (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`${job.id}-status`} className="text-xs">
                Status
              </Label>
              <NativeSelect
                id={`${job.id}-status`}
                size="sm"
                className="w-56"
                data-testid="batch-status-filter"
                value={shownStatus}
                onChange={(e) => {
                  setShownStatus(e.target.value);
                  setPage(1);
                }}
              >
                <NativeSelectOption value={ALL}>Every line ({formatNumber(results.length)})</NativeSelectOption>
                {statuses.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {statusLabel(status)} ({formatNumber(results.filter((r) => statusOf(r) === status).length)})
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <Pager at={at} pages={pages} total={filtered.length} onPage={setPage} />
          </div>
        )}
        {results.length === 0 ? (
          <EmptyState title="No results" description="This job finished without result lines." />
        ) : (
          <Table data-testid="batch-results-table">
            <TableHeader>
              <TableRow>
                <TableHead>Line</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Summary</TableHead>
                <TableHead className="hidden md:table-cell">Error</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((r) => {
                const status = resultStatus(r);
                const info = statusBadge(status);
                const summary = resultSummary(r);
                const cancelled = isCancelledResult(r);
                return (
                  <TableRow key={r.id} data-custom-id={r.custom_id} data-not-run={cancelled || undefined}>
                    <TableCell className="font-mono text-xs">
                      {r.custom_id}
                      {inputs.get(r.custom_id)?.watchlist && <span className="block font-sans text-muted-foreground">{inputs.get(r.custom_id)?.watchlist}</span>}
                    </TableCell>
                    <TableCell>{cancelled ? <Badge variant="outline">Not run</Badge> : <Badge variant={info.variant}>{info.label}</Badge>}</TableCell>
                    <TableCell className="max-w-md whitespace-normal">
                      {summary ? (
                        <button
                          type="button"
                          onPointerEnter={preloadBatchSummaryDialog}
                          onFocus={preloadBatchSummaryDialog}
                          onClick={() => setOpen(r)} className="line-clamp-2 text-left text-sm whitespace-normal hover:underline" data-testid="open-summary">
                          {previewOf(summary) || "Open summary"}
                        </button>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                      {!cancelled && resultError(r) && <span className="block text-xs text-destructive md:hidden">{resultError(r)}</span>}
                    </TableCell>
                    <TableCell className="hidden max-w-xs text-xs whitespace-normal text-destructive md:table-cell">{cancelled ? "" : (resultError(r) ?? "")}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {pages > 1 && <Pager at={at} pages={pages} total={filtered.length} onPage={setPage} bottom />}
      </CardContent>
      <BatchSummaryDialog result={open} symbols={open ? symbolsOf(open.custom_id) : []} onClose={() => setOpen(null)} />
    </Card>
  );
}
