"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { SparklesIcon } from "lucide-react";
import { useQueryStates } from "@/lib/url-state";
import { lazy, Suspense, useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { NoWatchlists } from "@/components/watchlists/no-watchlists";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useConfirmSpend } from "@/components/paid/confirm-spend";
import { Label } from "@/components/ui/label";
import { PriceTag } from "@/components/paid/price-tag";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UNIT_NAMES } from "@/components/watchlists/exposure";
import { useWatchlistSymbols, WatchlistPicker } from "@/components/watchlists/watchlist-picker";
import type { ResponseOf } from "@/lib/alpha/catalogue";
import type { DailySummaryRequest, SummaryMode } from "@/lib/alpha/summaries";
import { CONTEXT_WINDOW_MAX, MAX_SUMMARY_SYMBOLS, SUMMARY_MODES, WINDOWED_MODES } from "@/lib/alpha/summary-rules";
import { formatCredits } from "@/lib/format/number";
import { useAlphaMutation } from "@/lib/query/alpha-core";
import type { SummaryEntry } from "@/lib/desk/summaries";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/summaries";
import { deskKey, deskQuery } from "@/lib/query/desk";
import { SUMMARY_CALLS } from "@/lib/query/summaries";
import { watchlistToItems } from "@/lib/desk/watchlist-rules";
import { SymbolFilter } from "@/components/symbol-filter/symbol-filter";
import { ModeCard } from "./mode-card";
import { RetentionSwitch } from "./retention-switch";
import { MODE_INFO, splitTypedSymbols, summaryParsers, symbolCountWords, withArticle } from "./summary-params";
import { checkSummaryRequest, symbolOf } from "./summary-request-check";
import { SummaryHistory } from "./summary-history";
import { SummaryResultSkeleton } from "./summary-status";

/**
 * The summary shown (its status, cost, markdown and actions) loads as its own chunk when one is open, not with the
 * page; rendered on the server too, so a summary named in the URL is in the first HTML.
 */
const SummaryResult = lazy(() => import("./summary-result").then((m) => ({ default: m.SummaryResult })));

/** What the form asks for, as a contract request, or the reasons it cannot be sent yet. */
function buildRequest(input: {
  source: "watchlist" | "symbols";
  items: ReturnType<typeof watchlistToItems> | null;
  typed: string[];
  mode: SummaryMode;
  window: number;
}): { request: DailySummaryRequest | null; problems: string[] } {
  const problems: string[] = [];
  const windowed = WINDOWED_MODES.includes(input.mode);
  const base = { mode: input.mode, ...(windowed ? { context_window_days: input.window } : {}) };
  let request: DailySummaryRequest;
  if (input.source === "watchlist") {
    if (!input.items) return { request: null, problems: ["Choose a watchlist."] };
    if (input.items.length === 0) return { request: null, problems: ["This watchlist has no symbols yet: add some on the Watchlists page."] };
    request = { items: input.items, ...base };
  } else {
    if (input.typed.length === 0) return { request: null, problems: ["Type at least one symbol."] };
    const bad = input.typed.filter((s) => symbolOf(s) === null);
    if (bad.length > 0) problems.push(`Not symbols: ${bad.join(", ")}.`);
    if (input.typed.length > MAX_SUMMARY_SYMBOLS) problems.push(`At most ${MAX_SUMMARY_SYMBOLS} symbols per summary; you typed ${input.typed.length}.`);
    request = { symbols: input.typed, ...base };
  }
  if (problems.length > 0) return { request: null, problems };
  const checked = checkSummaryRequest(request);
  if (!checked.ok) return { request: null, problems: checked.problems };
  return { request: checked.value, problems };
}

/** An entry for a summary the history failed to keep: shown once, never listed. */
function unsavedEntry(input: {
  request: DailySummaryRequest;
  response: ResponseOf<"createDailySummary">;
  credits: number;
  retention: "none" | undefined;
  source: string;
}): SummaryEntry {
  const mode = input.request.mode ?? "exposure";
  return {
    id: `unsaved-${Date.now()}`,
    // The request was checked (and normalised) as the contract reads it when the form built it.
    request: input.retention === "none" ? null : input.request,
    source: input.source,
    symbolCount: input.request.items?.length ?? input.request.symbols?.length ?? 0,
    mode,
    contextWindowDays: WINDOWED_MODES.includes(mode) ? (input.request.context_window_days ?? 1) : null,
    status: input.response.status,
    summary: input.response.summary ?? null,
    error: null,
    details: input.response.details ?? null,
    credits: input.credits,
    retentionOptOut: input.retention === "none",
    createdAt: new Date().toISOString(),
  };
}

/**
 * The summary generator: a watchlist or typed symbols, a mode and a window, the price first. A request repeated
 * within 10 minutes opens the earlier paid result (free) unless the user asks for a fresh one.
 */
export function SummariesView({ hasKey }: { hasKey: boolean }) {
  const [params, setParams] = useQueryStates(summaryParsers, { history: "replace" });
  const selection = useWatchlistSymbols();
  const client = useQueryClient();
  const { confirmSpend, dialog } = useConfirmSpend();
  const [reusedId, setReusedId] = useState<string | null>(null);
  const [working, setWorking] = useState<"lookup" | "generate" | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const account = useQuery({ ...SUMMARY_CALLS.queryOptions("getAccount", {}), enabled: hasKey });
  const policy = account.data?.item.retention_policy;
  const optOutAllowed = policy && typeof policy.allow_opt_out === "boolean" ? policy.allow_opt_out : null;
  const summariesEnabled = account.data?.item.products.find((p) => p.product === "summaries")?.enabled;

  const source = params.source ?? (selection.watchlists.length > 0 || params.symbols === "" ? "watchlist" : "symbols");
  const retention = params.private ? ("none" as const) : undefined;
  const sourceLabel = source === "watchlist" && selection.watchlist ? `Watchlist “${selection.watchlist.name}”` : "Typed symbols";
  // The server writes the history entry from the upstream answer and its charge; the label is only where symbols came from.
  const mutation = useAlphaMutation("createDailySummary", { retention, label: sourceLabel });
  const freshMutation = useAlphaMutation("createDailySummary", { retention, label: sourceLabel, fresh: true });
  const entry = useQuery({ ...deskQuery(api.getSummary, { params: { id: params.entry ?? "" } }), enabled: params.entry !== null });

  const typed = splitTypedSymbols(params.symbols);
  const { request, problems } = buildRequest({
    source,
    items: selection.watchlist ? watchlistToItems(selection.watchlist.items) : null,
    typed,
    mode: params.mode,
    window: params.window,
  });
  const price = SUMMARY_CALLS.price("createDailySummary", { body: request ?? { symbols: ["TCS"] } });
  const windowed = WINDOWED_MODES.includes(params.mode);

  async function generate(fresh: boolean) {
    if (!request) return;
    setFailure(null);
    try {
      if (!fresh) {
        setWorking("lookup");
        const earlier = await deskCall(api.lookupSummary, { body: { request } });
        if (earlier) {
          client.setQueryData(deskKey("getSummary", { params: { id: earlier.id } }), earlier);
          setReusedId(earlier.id);
          await setParams({ entry: earlier.id });
          return;
        }
      }
      setWorking(null);
      const what = `${withArticle(`${MODE_INFO[params.mode].label.toLowerCase()} summary`, "Generate")} of ${symbolCountWords(request.items?.length ?? request.symbols?.length ?? 0)}.`;
      if (!(await confirmSpend(price, what))) return;
      setWorking("generate");
      const result = await (fresh ? freshMutation : mutation).mutateAsync({ body: request });
      const charged = result.meta.creditsCharged;
      let id = result.meta.recordId;
      if (!id) {
        // The summary is paid for: show it even when the history could not keep it.
        const saved = unsavedEntry({ request, response: result.item, credits: charged, retention, source: sourceLabel });
        client.setQueryData(deskKey("getSummary", { params: { id: saved.id } }), saved);
        toast.warning("The summary could not be saved to your history; copy it if you need it later.");
        id = saved.id;
      }
      void client.invalidateQueries({ queryKey: deskKey("listSummaries") });
      setReusedId(result.meta.cached ? id : null);
      await setParams({ entry: id });
      toast.success(charged > 0 ? `Summary generated · ${formatCredits(charged)}` : result.meta.cached ? "Opened the earlier result · 0 credits" : "Done · no credits charged");
    } catch (error) {
      setFailure(error);
    } finally {
      setWorking(null);
    }
  }

  const busy = working !== null;
  // The source tabs control the picker below them (aria-controls must name an element that exists).
  const sourcePanel = useId();
  const noWatchlists = !selection.isLoading && selection.watchlists.length === 0;

  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>New summary</CardTitle>
            <CardDescription>The daily summary of a set of symbols, written by the Alpha service from their news, alerts, results and concall guidance.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid gap-3">
              <Label>Symbols</Label>
              <Tabs value={source} onValueChange={(v) => void setParams({ source: v as "watchlist" | "symbols" })}>
                <TabsList aria-label="Where the symbols come from">
                  <TabsTrigger value="watchlist" id={`${sourcePanel}-watchlist`} aria-controls={sourcePanel}>
                    A watchlist
                  </TabsTrigger>
                  <TabsTrigger value="symbols" id={`${sourcePanel}-symbols`} aria-controls={sourcePanel}>
                    Type symbols
                  </TabsTrigger>
                </TabsList>
              </Tabs>
              <div id={sourcePanel} role="tabpanel" aria-labelledby={`${sourcePanel}-${source}`} className="grid gap-3">
                {source === "watchlist" ? (
                  noWatchlists ? (
                    <NoWatchlists title="No watchlists yet" description="Create one on the Watchlists page (or import a CSV), or type symbols instead." />
                  ) : (
                    <div className="grid gap-2">
                      <WatchlistPicker allLabel="Choose a watchlist" />
                      {selection.watchlist && (
                        <p className="text-xs text-muted-foreground" data-testid="summary-symbols">
                          {selection.watchlist.items.length} symbols: <span className="font-mono">{selection.watchlist.items.map((i) => i.symbol).join(", ")}</span>
                          {selection.watchlist.items.some((i) => i.exposure !== null)
                            ? ` · with exposures${selection.watchlist.exposureUnit ? ` as ${UNIT_NAMES[selection.watchlist.exposureUnit]}` : ""}`
                            : ""}
                        </p>
                      )}
                    </div>
                  )
                ) : (
                  <div className="grid gap-1.5" data-testid="summary-typed-symbols" data-symbols={typed.join(",")}>
                    <SymbolFilter
                      symbols={typed}
                      label="Symbols to summarise"
                      placeholder="e.g. TCS, Infosys, 500209"
                      onChange={(next) => void setParams({ symbols: next.join(",") })}
                    />
                    <p className="text-xs text-muted-foreground">
                      Pick companies from the suggestions, or type symbols separated by commas; up to {MAX_SUMMARY_SYMBOLS} symbols.
                    </p>
                  </div>
                )}
              </div>
            </div>

            <fieldset className="grid gap-3">
              <legend className="mb-3 text-sm font-medium">Mode</legend>
              <div className="grid gap-2 md:grid-cols-3" role="radiogroup" aria-label="Mode">
                {SUMMARY_MODES.map((m) => (
                  <ModeCard key={m} mode={m} role="radio" checked={params.mode === m} onClick={() => void setParams({ mode: m })} data-testid={`mode-${m}`} />
                ))}
              </div>
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="summary-window">Context window</Label>
                <NativeSelect
                  id="summary-window"
                  className="w-full"
                  data-testid="summary-window"
                  value={String(params.window)}
                  onChange={(e) => void setParams({ window: Number(e.target.value) })}
                  disabled={!windowed}
                >
                  {Array.from({ length: CONTEXT_WINDOW_MAX }, (_, i) => i + 1).map((d) => (
                    <NativeSelectOption key={d} value={String(d)}>
                      {d === 1 ? "Today (1 day)" : `${d} days, today included`}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
                <p className="text-xs text-muted-foreground">
                  {windowed ? "IST calendar days, counting today." : "Exposure always reads today and the previous IST day; no window to choose."}
                </p>
              </div>
              <RetentionSwitch
                id="summary-private"
                label="Don't retain my request"
                checked={params.private}
                onCheckedChange={(v) => void setParams({ private: v })}
                disabled={optOutAllowed === false}
              >
                {optOutAllowed === false
                  ? "Your Alpha account's retention policy does not allow opting out."
                  : "Asks the Alpha service not to keep the symbols and exposures you send. The desk then keeps only the result in your history, not the request."}
              </RetentionSwitch>
            </div>

            {summariesEnabled === false && (
              <p className="text-sm text-destructive">Your Alpha plan has no summaries product: ask your account admin to enable it.</p>
            )}
            {request === null && problems.length > 0 && (source === "symbols" ? typed.length > 0 : selection.watchlist !== null) && (
              <ul className="text-sm text-destructive" role="alert">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}

            <div className="flex flex-wrap items-center gap-3 border-t pt-4">
              <Button onClick={() => void generate(false)} disabled={!request || busy || !hasKey} data-testid="summary-generate" className="h-auto min-h-9 max-w-full flex-wrap gap-x-2 gap-y-1 py-1.5 whitespace-normal">
                <SparklesIcon aria-hidden />
                {working === "lookup" ? "Checking your history…" : working === "generate" ? "Generating…" : "Generate summary"}
                <PriceTag
                  credits={price.credits}
                  upTo={price.upTo}
                  className="ml-0.5 border-primary-foreground/40 bg-primary-foreground/15 text-primary-foreground"
                  data-testid="summary-price"
                />
              </Button>
              <span className="text-xs text-muted-foreground">Charged only if a summary is generated; no news, no signal and errors are free.</span>
            </div>
            {!hasKey && <p className="text-sm text-muted-foreground">Add your Alpha key in Settings to generate summaries.</p>}
          </CardContent>
        </Card>

        {failure !== null && <ErrorState error={failure} onRetry={() => void generate(false)} />}
        {working === "generate" ? (
          <SummaryResultSkeleton />
        ) : params.entry === null ? null : entry.isPending ? (
          <SummaryResultSkeleton />
        ) : entry.isError ? (
          <ErrorState error={entry.error} onRetry={() => void entry.refetch()} />
        ) : (
          <Suspense fallback={<SummaryResultSkeleton />}>
            <SummaryResult
              entry={entry.data}
              reused={reusedId === entry.data.id}
              onRegenerate={() => void generate(true)}
              regeneratePrice={price.credits}
              regenerating={busy}
            />
          </Suspense>
        )}
      </div>
      <SummaryHistory
        openId={params.entry}
        onOpen={(id) => {
          setReusedId(null);
          void setParams({ entry: id });
        }}
      />
      {dialog}
    </div>
  );
}
