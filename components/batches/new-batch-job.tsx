"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, LayersIcon, ShieldAlertIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { parseAsArrayOf, parseAsBoolean, parseAsString, parseAsStringLiteral, useQueryStates } from "@/lib/url-state";
import { lazy, Suspense, useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { NoWatchlists } from "@/components/watchlists/no-watchlists";
import { ErrorState } from "@/components/shell/error-state";
import { ModeCard } from "@/components/summaries/mode-card";
import { RetentionSwitch } from "@/components/summaries/retention-switch";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useUsage } from "@/components/usage/use-usage";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { FileDrop } from "@/components/ui/file-drop";
import { Label } from "@/components/ui/label";
import { PriceTag } from "@/components/paid/price-tag";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LineErrors } from "@/components/watchlists/line-errors";
import type { BatchFileCheck, BatchLine } from "@/lib/alpha/batch";
import { BATCH_MAX_FILE_BYTES, symbolsOfRequest } from "@/lib/alpha/batch-limits";
import { CONTEXT_WINDOW_MAX, SUMMARY_MODES, WINDOWED_MODES } from "@/lib/alpha/summary-rules";
import { formatCredits, formatNumber } from "@/lib/format/number";
import { batchUnitCredits, priceBatchJob } from "@/lib/query/batches";
import { fetchKnownSymbols } from "@/components/watchlists/known-symbols";
import * as api from "@/lib/desk/route-meta/watchlists";
import { deskQuery } from "@/lib/query/desk";
import { importOnce } from "@/lib/import-once";
import { cn } from "@/lib/utils";
import { buildJobLines } from "./batch-lines";
import { useSubmitBatch } from "./use-submit-batch";

const MAX_CHECK_CHUNK = 1_000;

const loadExamples = importOnce(() => import("./batch-examples-card").then((m) => m.BatchExamples));
const BatchExamples = lazy(() => loadExamples().then((component) => ({ default: component })));
/** The upload tab's examples are fetched when the tab gets the pointer or focus (or the page opens on it). */
const preloadExamples = () => void loadExamples().catch(() => undefined);

interface CheckedFile extends BatchFileCheck {
  fileName: string;
  /** Why unknown symbols could not be checked (no key, no earnings product, rate limit); null when they were. */
  symbolNote: string | null;
}

/**
 * Checks a JSONL batch file in the browser before anything is uploaded: its shape and duplicate custom_ids, then
 * (with the free symbol check) unknown symbols. Symbols that could not be checked are let through, and said so.
 */
async function checkFile(fileName: string, text: string): Promise<CheckedFile> {
  // The line schemas (and zod) are fetched when a file is chosen, not with the page.
  const { checkBatchFile } = await import("@/lib/alpha/batch");
  const first = checkBatchFile(text);
  const symbols = [...new Set(first.lines.flatMap((l) => symbolsOfRequest(l)))];
  if (symbols.length === 0) return { ...first, fileName, symbolNote: null };
  const known = new Set<string>();
  let note: string | null = null;
  try {
    for (let i = 0; i < symbols.length; i += MAX_CHECK_CHUNK) {
      const check = await fetchKnownSymbols(symbols.slice(i, i + MAX_CHECK_CHUNK));
      for (const s of [...check.known, ...check.unchecked]) known.add(s);
      note ??= check.note;
    }
  } catch {
    return { ...first, fileName, symbolNote: "The desk could not check the symbols right now; the service checks them when the job runs." };
  }
  return { ...checkBatchFile(text, { knownSymbols: known }), fileName, symbolNote: note };
}

/** "context_window_days: context_window_days is only…" reads better without the repeated field name. */
function tidyError(e: { line: number; message: string }) {
  return { line: e.line, message: e.message.replace(/^([\w.]+): \1 /, "$1 ") };
}

function CostLine({ lines }: { lines: number }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="batch-max-cost" data-credits={priceBatchJob(lines).credits}>
      At most <span className="font-medium text-foreground">{formatCredits(priceBatchJob(lines).credits)}</span>: {batchUnitCredits().credits} to submit +{" "}
      {batchUnitCredits().detailedCredits} ×{" "}
      {formatNumber(lines)} {lines === 1 ? "line" : "lines"}. Lines with no news, no signal or an error are free.
    </p>
  );
}

export const newJobParsers = {
  tab: parseAsStringLiteral(["build", "upload"] as const).withDefault("build"),
  lists: parseAsArrayOf(parseAsString).withDefault([]),
  modes: parseAsArrayOf(parseAsStringLiteral(SUMMARY_MODES)).withDefault(["news_context"]),
  window: parseAsString.withDefault("1"),
  private: parseAsBoolean.withDefault(false),
};

/** A new batch job: built from watchlists × modes, or a JSONL file checked line by line before it is sent. */
export function NewBatchJob({ hasKey }: { hasKey: boolean }) {
  const router = useRouter();
  const fileId = useId();
  const [params, setParams] = useQueryStates(newJobParsers, { history: "replace" });
  const watchlists = useQuery(deskQuery(api.listWatchlists));
  const { submit, dialog, pending } = useSubmitBatch();
  const [displayName, setDisplayName] = useState("");
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [skipUnknown, setSkipUnknown] = useState(false);
  const seat = useUsage({ enabled: hasKey }).data?.seat ?? null;

  const windowDays = Math.min(CONTEXT_WINDOW_MAX, Math.max(1, Number(params.window) || 1));
  const chosen = (watchlists.data ?? []).filter((w) => params.lists.includes(w.id));
  const built = buildJobLines(chosen, params.modes, windowDays);
  const windowed = params.modes.some((m) => WINDOWED_MODES.includes(m));

  async function choose(file: File | undefined) {
    setFailure(null);
    setChecked(null);
    setSkipUnknown(false);
    if (!file) return;
    if (file.size > BATCH_MAX_FILE_BYTES) {
      setChecked({ fileName: file.name, lines: [], errors: [{ line: 0, message: `The file is larger than ${BATCH_MAX_FILE_BYTES / 1024 / 1024} MB, the most a job takes.` }], symbolNote: null });
      return;
    }
    setChecking(true);
    try {
      setChecked(await checkFile(file.name, await file.text()));
      if (!displayName) setDisplayName(file.name.replace(/\.jsonl?$/i, ""));
    } finally {
      setChecking(false);
    }
  }

  async function send(lines: BatchLine[], fileName: string) {
    setFailure(null);
    try {
      const job = await submit({ lines, displayName, fileName, optOut: params.private });
      if (!job) return;
      toast.success(`Batch job submitted: ${formatNumber(lines.length)} ${lines.length === 1 ? "line" : "lines"}`);
      router.push(`/batches/${encodeURIComponent(job.id)}`);
    } catch (error) {
      setFailure(error);
    }
  }

  // On the organisation's key a seat without batch jobs is told so before anything is built or priced.
  if (seat && !seat.actions.includes("batch_jobs")) {
    return (
      <Card data-testid="batch-not-in-seat">
        <CardHeader>
          <CardTitle>
            <h2>New batch job</h2>
          </CardTitle>
          <CardDescription>Batch jobs are not in your seat.</CardDescription>
        </CardHeader>
        <CardContent>
          <Alert>
            <ShieldAlertIcon aria-hidden />
            <AlertTitle>Not in your seat</AlertTitle>
            <AlertDescription>
              <p>You use the organisation&apos;s Alpha key, and your seat does not include batch jobs. Ask an admin to add them on the Team page; the jobs listed here stay readable.</p>
            </AlertDescription>
          </Alert>
        </CardContent>
      </Card>
    );
  }

  const toggle = <T extends string>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  // Lines whose only fault is an unknown symbol may be left out, as the watchlist import leaves out its bad lines.
  const skippable = checked !== null && checked.lines.length > 0 && checked.errors.length > 0 && checked.errors.every((e) => e.unknownSymbols);
  const uploadReady = checked !== null && checked.lines.length > 0 && (checked.errors.length === 0 || (skippable && skipUnknown));
  // What the button would send: the built lines, or a file's lines once every one of them passed the check.
  const ready = params.tab === "build" ? built : uploadReady ? checked.lines : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>New batch job</h2>
        </CardTitle>
        <CardDescription>Build the job&apos;s lines from your watchlists, or upload your own file. The most it can cost is shown before you submit.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Tabs value={params.tab} onValueChange={(v) => void setParams({ tab: v as "build" | "upload" })}>
          <TabsList aria-label="How to make the job">
            {/* A phone's card is about 330 px wide: the short words fit it side by side. */}
            <TabsTrigger value="build">
              <span className="sm:hidden">From watchlists</span>
              <span className="hidden sm:inline">Build from watchlists</span>
            </TabsTrigger>
            <TabsTrigger value="upload" onPointerEnter={preloadExamples} onFocus={preloadExamples}>
              <span className="sm:hidden">Upload JSONL</span>
              <span className="hidden sm:inline">Upload a JSONL file</span>
            </TabsTrigger>
          </TabsList>

          <TabsContent value="build" className="mt-4 grid grid-cols-1 gap-5">
            {watchlists.isPending ? null : watchlists.isError ? (
              <ErrorState error={watchlists.error} onRetry={() => void watchlists.refetch()} />
            ) : watchlists.data.length === 0 ? (
              <NoWatchlists title="No watchlists to build from" description="Create watchlists first, or upload a JSONL file of summary requests." />
            ) : (
              <>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">Watchlists</legend>
                  <div className="flex flex-wrap gap-2" data-testid="batch-watchlists">
                    {watchlists.data.map((w) => {
                      const on = params.lists.includes(w.id);
                      return (
                        <button
                          key={w.id}
                          type="button"
                          role="checkbox"
                          aria-checked={on}
                          disabled={w.items.length === 0}
                          onClick={() => void setParams({ lists: toggle(params.lists, w.id) })}
                          className={cn(
                            "rounded-full border px-3 py-1 text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50",
                            on && "border-primary bg-primary/10 text-foreground",
                          )}
                        >
                          {w.name} <span className="text-xs text-muted-foreground tabular-nums">{w.items.length}</span>
                        </button>
                      );
                    })}
                  </div>
                </fieldset>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">Modes</legend>
                  <div className="grid gap-2 md:grid-cols-3">
                    {SUMMARY_MODES.map((m) => (
                      <ModeCard key={m} mode={m} role="checkbox" checked={params.modes.includes(m)} onClick={() => void setParams({ modes: toggle(params.modes, m) })} />
                    ))}
                  </div>
                </fieldset>
                <div className="grid max-w-xs gap-2">
                  <Label htmlFor="batch-window">Context window</Label>
                  <NativeSelect id="batch-window" className="w-full" value={String(windowDays)} onChange={(e) => void setParams({ window: e.target.value })} disabled={!windowed}>
                    {Array.from({ length: CONTEXT_WINDOW_MAX }, (_, i) => i + 1).map((d) => (
                      <NativeSelectOption key={d} value={String(d)}>
                        {d === 1 ? "Today (1 day)" : `${d} days, today included`}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                  <p className="text-xs text-muted-foreground">{windowed ? "For news context and intraday movements." : "Exposure reads today and the previous day."}</p>
                </div>
                <p className="text-sm" data-testid="batch-built-lines">
                  {built.length === 0
                    ? "Choose at least one watchlist and one mode."
                    : `${formatNumber(built.length)} ${built.length === 1 ? "line" : "lines"}: ${chosen.length} ${chosen.length === 1 ? "watchlist" : "watchlists"} × ${params.modes.length} ${params.modes.length === 1 ? "mode" : "modes"}.`}
                </p>
                {built.length > 0 && <CostLine lines={built.length} />}
              </>
            )}
          </TabsContent>

          <TabsContent value="upload" className="mt-4 grid grid-cols-1 gap-4">
            <p className="text-sm text-muted-foreground">
              One summary request per line, in JSON: the symbols (or holdings with exposures, or a portfolio), an optional mode and
              news window, and a name for the line that no other line uses. The examples below show each form. The file is checked here
              first; nothing is uploaded until every line is right.
            </p>
            <Suspense fallback={<Skeleton className="h-56 rounded-lg" aria-hidden />}>
              <BatchExamples />
            </Suspense>
            <FileDrop
              id={fileId}
              label={checking ? "Checking the file…" : (checked?.fileName ?? "Choose a .jsonl file")}
              accept=".jsonl,.ndjson,application/jsonl,application/x-ndjson,text/plain"
              testId="batch-file"
              onFile={(file) => void choose(file)}
            />
            {checked && checked.errors.length > 0 && (
              <LineErrors
                errors={checked.errors.map(tidyError)}
                what="was uploaded or charged"
                testId="batch-file-errors"
                skipped={skippable && skipUnknown}
                {...(skippable && skipUnknown
                  ? {
                      title: `${formatNumber(checked.errors.length)} ${checked.errors.length === 1 ? "line" : "lines"} with unknown symbols will be skipped`,
                      hint: `The other ${formatNumber(checked.lines.length)} will be sent. Nothing is uploaded or charged until you submit.`,
                    }
                  : skippable
                    ? { hint: "These lines name symbols the Alpha service does not list. Fix them and choose the file again, or skip them and send the rest." }
                    : {})}
              >
                {skippable && (
                  <div className="mt-3 flex items-center gap-2 text-foreground">
                    <Switch id="batch-skip-unknown" checked={skipUnknown} onCheckedChange={setSkipUnknown} data-testid="batch-skip-unknown" />
                    <Label htmlFor="batch-skip-unknown">
                      Skip {checked.errors.length === 1 ? "this line" : `these ${formatNumber(checked.errors.length)} lines`}, send the other {formatNumber(checked.lines.length)}
                    </Label>
                  </div>
                )}
              </LineErrors>
            )}
            {uploadReady && (
              <Alert data-testid="batch-file-ready">
                <CheckCircle2Icon aria-hidden className="text-positive" />
                <AlertTitle>
                  {formatNumber(checked.lines.length)} {checked.lines.length === 1 ? "line" : "lines"} ready
                </AlertTitle>
                <AlertDescription>
                  <CostLine lines={checked.lines.length} />
                  {checked.symbolNote && <p className="mt-1">{checked.symbolNote}</p>}
                </AlertDescription>
              </Alert>
            )}
          </TabsContent>
        </Tabs>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="batch-name">Job name (optional)</Label>
            <Input id="batch-name" value={displayName} maxLength={200} placeholder="e.g. Morning book review" onChange={(e) => setDisplayName(e.target.value)} />
          </div>
          <RetentionSwitch id="batch-private" label="Don't retain the requests" checked={params.private} onCheckedChange={(v) => void setParams({ private: v })}>
            The Alpha service keeps no content of the job, and the desk keeps none of its lines, so failed lines cannot be sent again from here.
          </RetentionSwitch>
        </div>

        {failure !== null && <ErrorState error={failure} />}

        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <Button
            onClick={() => void send(ready, params.tab === "build" ? "watchlists.jsonl" : (checked?.fileName ?? "batch.jsonl"))}
            disabled={!hasKey || pending || checking || ready.length === 0}
            data-testid="batch-submit"
          >
            <LayersIcon aria-hidden />
            {pending
              ? "Submitting…"
              : ready.length > 0
                ? `Submit ${formatNumber(ready.length)} ${ready.length === 1 ? "line" : "lines"} · up to ${formatCredits(priceBatchJob(ready.length).credits)}`
                : "Submit job"}
          </Button>
          {ready.length > 0 ? (
            <PriceTag credits={priceBatchJob(ready.length).credits} upTo={!priceBatchJob(ready.length).exact} description={priceBatchJob(ready.length).description} />
          ) : (
            <span className="text-sm text-muted-foreground">{params.tab === "build" ? "Choose watchlists and modes first." : "Choose a file that passes the check first."}</span>
          )}
          {!hasKey && <span className="text-sm text-muted-foreground">Add your Alpha key in Settings to submit jobs.</span>}
        </div>
      </CardContent>
      {dialog}
    </Card>
  );
}
