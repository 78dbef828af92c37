"use client";

import { InfoIcon, PauseIcon, PlayIcon } from "lucide-react";
import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { PaidButton } from "@/components/paid/paid-call";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { DateRangeFields, FilterSwitch } from "@/components/feeds/filter-fields";
import { FeedList, type FeedViewProps } from "@/components/feeds/feed-list";
import { FeedFooter, FeedNotices, loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { NewItemsPill } from "@/components/feeds/live-feed-parts";
import { LiveStatusBadge } from "@/components/feeds/live-status-lazy";
import { useLiveFeed } from "@/components/feeds/use-live-feed";
import { useLiveStream } from "@/components/feeds/use-live-stream";
import { usePaidPages } from "@/components/feeds/use-paid-pages";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Alert } from "@/lib/alpha/alerts";
import { cn } from "@/lib/utils";
import type { AlertFilters } from "./alert-model";
import { ALERT_ALIAS_NOTE, ALERT_FILTER_OPTIONS, alertsInput, groupAlerts, matchesAlertFilters, mergeAlerts, normalizeAlertTypes, rangeEnded } from "./alert-model";
import { AlertNotifications, notifyAlert, useNotifyChoice } from "./alert-notifications";
import { alertsParsers } from "./search-params";

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: AlertCard, prefetch: prefetchCard } = onDemandItem(() => import("./alert-card").then((m) => m.AlertCard));

function TypeFilter({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  return (
    <div className="grid gap-1.5">
      <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
        Types
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button" className="rounded-sm text-muted-foreground hover:text-foreground" aria-label="About alert types and their aliases" data-testid="alert-type-aliases">
              <InfoIcon className="size-3.5" aria-hidden />
            </button>
          </TooltipTrigger>
          <TooltipContent className="max-w-xs">{ALERT_ALIAS_NOTE}</TooltipContent>
        </Tooltip>
      </span>
      <div role="group" aria-label="Alert types" className="flex flex-wrap gap-1.5">
        {ALERT_FILTER_OPTIONS.map((o) => {
          const on = value.includes(o.value);
          return (
            <Button
              key={o.value}
              type="button"
              size="sm"
              variant={on ? "default" : "outline"}
              aria-pressed={on}
              className="h-8 rounded-full px-3"
              title={o.value}
              data-testid={`type-${o.value}`}
              onClick={() => onChange(on ? value.filter((v) => v !== o.value) : [...value, o.value])}
            >
              {o.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

/** The alert feed: live arrivals (free) at the top without moving the reader, paid backfill on request. */
export function AlertsView({
  hasKey,
  description,
  needsKey,
  empty,
}: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const [state, setState] = useQueryStates(alertsParsers);
  const symbolFilter = useSymbolFilter();
  const types = React.useMemo(() => normalizeAlertTypes(state.type), [state.type]);
  const filters: AlertFilters = React.useMemo(
    () => ({ symbols: symbolFilter.effective, types, important: state.important, from: state.from, to: state.to }),
    [symbolFilter.effective, types, state.important, state.from, state.to],
  );
  const [paused, setPaused] = React.useState(false);
  const ended = rangeEnded(filters.to);
  const { shown, waiting, fresh, add, flush, topRef } = useLiveFeed<Alert>({ paused, resetKey: JSON.stringify(filters) });
  const notify = useNotifyChoice();
  const [pollAll, setPollAll] = React.useState(false);
  const live = useLiveStream({
    products: ["alerts"],
    pollAll,
    symbols: filters.symbols,
    important: filters.important,
    enabled: hasKey && symbolFilter.ready && !ended,
    onRow: ({ row }) => {
      if (!matchesAlertFilters(row, filters)) return;
      add(row);
      notifyAlert(row, notify, filters.important);
    },
  });
  const pages = usePaidPages("listAlerts", (page) => alertsInput(filters, page), {
    // "Important" is the service's judgement, not a field of the row: under it, earlier rows cannot be filtered here.
    matches: (row) => !filters.important && (filters.symbols.length === 0 || filters.symbols.includes(row.symbol)) && matchesAlertFilters(row, filters),
  });
  const groups = React.useMemo(() => groupAlerts(mergeAlerts(shown, pages.rows)), [shown, pages.rows]);

  const off = ended ? "The date range ends before today, so no new alerts can match. Clear the end date to follow them live." : null;
  const filtered = filters.symbols.length > 0 || types.length > 0 || filters.important || filters.from || filters.to;

  return (
    <>
      <PageHeader
        title="Alerts"
        description={description}
        actions={
          <>
            <LiveStatusBadge snapshot={live} product="alerts" paused={paused} off={off} reserve />
            <Button variant="outline" size="sm" onClick={() => (paused ? (setPaused(false), flush()) : setPaused(true))} aria-pressed={paused} data-testid="alerts-pause" disabled={!hasKey}>
              {paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
              {paused ? `Resume${waiting.length ? ` (${waiting.length} new)` : ""}` : "Pause"}
            </Button>
            <AlertNotifications />
          </>
        }
      />
      <SymbolFilterBar>
        <TypeFilter value={types} onChange={(next) => void setState({ type: next.length ? next : null })} />
        <FilterSwitch label="Important only" checked={filters.important} onChange={(v) => void setState({ important: v || null })} testId="filter-important" />
        <DateRangeFields from={filters.from} to={filters.to} onChange={(next) => void setState(next)} />
      </SymbolFilterBar>
      {!hasKey ? (
        needsKey
      ) : (
        <Card data-testid="alerts-feed" data-live-url={live.url ?? ""} data-live-state={live.statuses.alerts?.state ?? live.connection}>
          <CardHeader className="grid-rows-none gap-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid gap-1">
                <CardTitle>Feed</CardTitle>
                <CardDescription>
                  {filtered ? "Alerts matching the filters above, newest first." : "Every alert, newest first."} Several alerts for one symbol within 15 minutes fold into one card.
                </CardDescription>
              </div>
              {pages.loaded === 0 && (
                <PaidButton price={pages.nextPrice} what="Load the latest page of alerts matching your filters." onRun={pages.loadNext} variant="outline" testId="alerts-load">
                  Load recent alerts
                </PaidButton>
              )}
            </div>
            <FeedNotices status={live.statuses.alerts} onPollAll={() => setPollAll(true)} symbols={filters.symbols.length} noun="alerts" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <NewItemsPill count={waiting.length} noun={["alert", "alerts"]} paused={paused} onShow={() => (setPaused(false), flush({ scroll: true }))} />
            <div ref={topRef} aria-hidden className="-mb-3" />
            <FeedList
              items={groups}
              itemKey={(g) => g.key}
              isFresh={(g) => g.alerts.some((a) => fresh.has(a.id))}
              render={(g) => <AlertCard group={g} />}
              label="Alerts"
              testId="alerts-list"
              pages={pages}
              ended={ended}
              empty={empty}
            />
            <FeedFooter pages={pages} noun="alerts" className={cn(groups.length === 0 && pages.loaded === 0 && "hidden")} />
          </CardContent>
        </Card>
      )}
    </>
  );
}
