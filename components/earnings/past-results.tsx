"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon, FileSearchIcon, PanelRightOpenIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { SkeletonStack } from "@/components/ui/skeleton";
import { HiddenHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDateTime } from "@/lib/format/time";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { companyNamesInput, heldCompanyNames, unnamedSymbols, upcomingCalendarQueryOptions } from "@/lib/query/earnings";
import { useSymbolNames } from "@/lib/query/symbol-names";
import { isDayKey } from "./calendar";
import type { ResultRef } from "./earnings-detail-sheet";
import { EarningsDetailSheetLazy, preloadEarningsDetailSheet } from "./earnings-detail-sheet-lazy";
import { PaidButton, usePaidCall } from "@/components/paid/paid-call";
import { earningsParsers, PAST_PAGE_SIZE, type PastMode, parseResultRef, pastResultsInput, resultRef } from "./search-params";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { unitCredits } from "@/lib/alpha/costs";
import { formatCredits } from "@/lib/format/number";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { DayInput } from "@/components/shell/typed-date-time-inputs";
import { QuarterBadge } from "@/components/shell/quarter-badge";

/**
 * Company names cost a metadata call (1 credit each); names the free calendar already carries are shown for free,
 * and the rest only when the user asks.
 */
function useCompanyNames(symbols: readonly string[], free: ReadonlyMap<string, string>) {
  const unknown = unnamedSymbols(symbols, free);
  const input = companyNamesInput(unknown);
  const paid = usePaidCall("listSymbolMetadata", input, { enabled: unknown.length > 0 });
  const names = new Map(free);
  for (const m of paid.query.data?.items ?? []) if (m.company_name) names.set(m.symbol, m.company_name);
  return { names, unknown, paid };
}

/** Past results from the free earnings index, by quarter or by filing date; a row opens the paid detail panel. */
export function PastResults({ quarters, defaultQuarter }: { quarters: string[]; defaultQuarter: string }) {
  const [state, setState] = useQueryStates(earningsParsers);
  const filter = useSymbolFilter();
  const quarter = state.quarter ?? defaultQuarter;
  const from = state.from && isDayKey(state.from) ? state.from : null;
  const to = state.to && isDayKey(state.to) ? state.to : null;
  const input = pastResultsInput({ symbols: filter.effective, past: state.past, quarter, from, to, page: state.page });
  const query = useQuery({ ...alphaQueryOptions("listEarningsIndex", input), enabled: filter.ready });
  // The page's calendar (seeded by the server) stays subscribed: its names are held ones.
  useQuery({ ...upcomingCalendarQueryOptions(filter.effective), enabled: filter.ready });

  // A new symbol filter starts from the first page again.
  const filterKey = filter.effective.join(",");
  const lastFilterKey = React.useRef(filterKey);
  React.useEffect(() => {
    if (lastFilterKey.current === filterKey) return;
    lastFilterKey.current = filterKey;
    if (state.page > 1) void setState({ page: null });
  }, [filterKey, state.page, setState]);
  const client = useQueryClient();
  const rows = query.data?.items ?? [];
  // Names come first from what the desk already holds (every calendar of this session, earnings rows bought), then
  // from the free calendar of the symbols still unnamed; only what neither carries is offered for credits.
  const pageSymbols = [...new Set(rows.map((r) => r.symbol))].sort();
  const held = useSymbolNames(pageSymbols, { carried: heldCompanyNames(client), enabled: filter.ready });
  const anyUnnamed = pageSymbols.some((s) => !held.names.has(s));
  // Keyed by the page's symbols (not the unnamed ones), so the names it brings do not change its own key.
  // Asked for only when the user wants names (a free call, but it counts against the account's rate limit).
  const [namesWanted, setNamesWanted] = React.useState(false);
  const namesCalendar = useQuery({ ...upcomingCalendarQueryOptions(pageSymbols), enabled: namesWanted && filter.ready && pageSymbols.length > 0 && anyUnnamed });
  const freeLookupDone = namesWanted && !namesCalendar.isFetching;
  const { names, unknown, paid } = useCompanyNames(
    rows.map((r) => r.symbol),
    held.names,
  );

  const showCompany = rows.some((r) => names.has(r.symbol));
  const open = parseResultRef(state.result);
  const openRow = open ? rows.find((r) => r.symbol === open.symbol && r.quarter === open.quarter) : undefined;
  const sheetItem: ResultRef | null = open ? { ...open, date: openRow?.date ?? null, company: names.get(open.symbol) ?? null } : null;

  // The mode tabs control the fields beside them (aria-controls must name an element that exists).
  const modePanel = React.useId();
  const rangeError = state.past === "range" && from && to && from > to ? "The start date is after the end date." : null;

  return (
    <Card data-testid="past-results">
      <CardHeader>
        <CardTitle>Past results</CardTitle>
        <CardDescription>
          Filings from the free earnings index. Open one to load its summary and statement of results ({formatCredits(unitCredits("getEarningsDetail").credits)}, asked first).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <Tabs value={state.past} onValueChange={(v) => void setState({ past: v as PastMode, page: null })}>
            <TabsList aria-label="Find results by">
              <TabsTrigger value="quarter" id={`${modePanel}-quarter`} aria-controls={modePanel} data-testid="past-by-quarter">
                By quarter
              </TabsTrigger>
              <TabsTrigger value="range" id={`${modePanel}-range`} aria-controls={modePanel} data-testid="past-by-range">
                By date range
              </TabsTrigger>
            </TabsList>
          </Tabs>
          {state.past === "quarter" ? (
            <div id={modePanel} role="tabpanel" aria-labelledby={`${modePanel}-quarter`} className="grid grid-cols-1 gap-1.5">
              <span className="text-xs font-medium text-muted-foreground" id="quarter-label">
                Quarter
              </span>
              <NativeSelect
                className="w-36"
                aria-labelledby="quarter-label"
                data-testid="quarter-picker"
                value={quarter}
                onChange={(e) => void setState({ quarter: e.target.value === defaultQuarter ? null : e.target.value, page: null })}
              >
                {(quarters.includes(quarter) ? quarters : [quarter, ...quarters]).map((q) => (
                  <NativeSelectOption key={q} value={q}>
                    {formatQuarter(q)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          ) : (
            <div id={modePanel} role="tabpanel" aria-labelledby={`${modePanel}-range`} className="flex flex-wrap items-end gap-2">
              <label className="grid grid-cols-1 gap-1.5 text-xs font-medium text-muted-foreground">
                Filed from
                <DayInput className="h-9 w-32" value={from ?? ""} onChange={(v) => void setState({ from: v || null, page: null })} data-testid="range-from" />
              </label>
              <label className="grid grid-cols-1 gap-1.5 text-xs font-medium text-muted-foreground">
                to
                <DayInput className="h-9 w-32" value={to ?? ""} onChange={(v) => void setState({ to: v || null, page: null })} data-testid="range-to" />
              </label>
              <span className="pb-2 text-xs text-muted-foreground">IST days, both included</span>
            </div>
          )}
          {unknown.length > 0 && rows.length > 0 && held.settled && !freeLookupDone && (
            <Button
              variant="outline"
              size="sm"
              className="sm:ml-auto"
              onClick={() => setNamesWanted(true)}
              disabled={namesWanted}
              aria-busy={namesWanted || undefined}
              data-testid="load-company-names-free"
            >
              Show company names · free
            </Button>
          )}
          {unknown.length > 0 && rows.length > 0 && !paid.loaded && freeLookupDone && (
            <PaidButton
              price={paid.price}
              what={`Look up the company names of ${unknown.length} symbol${unknown.length === 1 ? "" : "s"} on this page (symbol metadata).`}
              onRun={paid.request}
              pending={paid.query.isFetching}
              variant="outline"
              size="sm"
              className="sm:ml-auto"
              testId="load-company-names"
            >
              Show the {unknown.length} other names
            </PaidButton>
          )}
        </div>
        {paid.query.isError && (
          <p className="text-sm text-muted-foreground" data-testid="names-error">
            {isAlphaError(paid.query.error) && paid.query.error.code === "scope_required"
              ? "Company names come from symbol metadata, which needs the Symbols scope on your Alpha account. Ask your account admin to add it; nothing was charged."
              : `Company names could not be loaded: ${paid.query.error.message}`}
          </p>
        )}
        {filter.effective.length > 20 && <p className="text-xs text-muted-foreground">Past results are filtered on the first 20 symbols.</p>}

        {rangeError ? (
          <p className="text-sm text-destructive">{rangeError}</p>
        ) : query.isPending ? (
          <SkeletonStack className="grid-cols-1" label="Loading past results" bars={Array(6).fill("h-9 w-full")} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={FileSearchIcon}
            title={state.page > 1 ? "No more results" : "No results filed"}
            description={
              state.past === "quarter"
                ? `No ${formatQuarter(quarter)} results${filter.effective.length ? " for these symbols" : ""} have been filed yet. Pick an earlier quarter or clear the symbol filter.`
                : "No results were filed in these dates. Widen the range or clear the symbol filter."
            }
          />
        ) : (
          <Table containerClassName="rounded-lg border">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Symbol</TableHead>
                {showCompany && <TableHead className="hidden md:table-cell">Company</TableHead>}
                <TableHead className="hidden sm:table-cell">Quarter</TableHead>
                <TableHead className="hidden sm:table-cell">Results filed (IST)</TableHead>
                <HiddenHead label="Open" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="past-result-row" data-symbol={r.symbol} data-quarter={r.quarter ?? ""}>
                  <TableCell className="whitespace-normal">
                    <IntentLink href={symbolHref(r.symbol)} className="font-mono font-semibold text-primary hover:underline">
                      {r.symbol}
                    </IntentLink>
                    {/* Narrower than the columns: the name, the quarter and the filing time under the symbol. */}
                    {names.get(r.symbol) && <div className="text-xs text-muted-foreground md:hidden">{names.get(r.symbol)}</div>}
                    <div className="text-xs text-muted-foreground tabular-nums sm:hidden" data-testid="past-result-when">
                      {formatQuarter(r.quarter)} · filed {formatIstDateTime(r.date)}
                    </div>
                  </TableCell>
                  {showCompany && (
                    <TableCell className="hidden max-w-64 truncate md:table-cell" title={names.get(r.symbol)} data-testid="past-result-company">
                      {names.get(r.symbol) ?? <span className="text-muted-foreground">—</span>}
                    </TableCell>
                  )}
                  <TableCell className="hidden sm:table-cell">
                    <QuarterBadge quarter={r.quarter} />
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <IntentLink href={symbolHref(r.symbol)} className="tabular-nums hover:underline">
                      {formatIstDateTime(r.date)}
                    </IntentLink>
                  </TableCell>
                  <TableCell className="text-right">
                    {r.quarter && (
                      <Button
                        variant="ghost"
                        size="sm"
                        data-testid="open-result"
                        onPointerEnter={preloadEarningsDetailSheet}
                        onFocus={preloadEarningsDetailSheet}
                        onClick={() => r.quarter && void setState({ result: resultRef(r.symbol, r.quarter) })}
                      >
                        <PanelRightOpenIcon aria-hidden />
                        Results
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {(state.page > 1 || query.data?.hasNext) && (
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-muted-foreground">
              Page {state.page} · {PAST_PAGE_SIZE} a page
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={state.page <= 1} onClick={() => void setState({ page: state.page - 1 > 1 ? state.page - 1 : null })}>
                <ChevronLeftIcon aria-hidden />
                Newer
              </Button>
              <Button variant="outline" size="sm" disabled={!query.data?.hasNext} onClick={() => void setState({ page: state.page + 1 })}>
                Older
                <ChevronRightIcon aria-hidden />
              </Button>
            </div>
          </div>
        )}
      </CardContent>
      <EarningsDetailSheetLazy item={sheetItem} onClose={() => void setState({ result: null })} />
    </Card>
  );
}
