"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarDaysIcon, CalendarRangeIcon, CheckIcon, ChevronLeftIcon, ChevronRightIcon, ListIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useQueryStates } from "nuqs";
import * as React from "react";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDateTime, formatIstTime } from "@/lib/format/time";
import { filedCalendarQueryOptions, heldCompanyNames, upcomingCalendarQueryOptions } from "@/lib/query/earnings";
import { cn } from "@/lib/utils";
import {
  type CalendarRow,
  type CalendarView,
  dayOfMonth,
  filedCalendarRows,
  filedRange,
  groupByDay,
  hasTimeOfDay,
  isDayKey,
  istDayOf,
  longDayLabel,
  monthGrid,
  rangeLabel,
  sameMonth,
  shiftAnchor,
  viewRange,
  visibleSlice,
  weekDays,
  weekdayLabel,
} from "./calendar";
import { earningsParsers } from "./search-params";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { DayDialog, preloadDayDialog } from "./earnings-day-dialog-lazy";
import { symbolHref } from "@/lib/symbols/symbol-href";


const VIEW_ICONS = { month: CalendarDaysIcon, week: CalendarRangeIcon, agenda: ListIcon } as const;
const MONTH_CELL_MAX = 3;
const WEEK_CELL_MAX = 8;
const AGENDA_PAGE = 80;

function eventTime(row: CalendarRow): string {
  return hasTimeOfDay(row.date) ? formatIstTime(row.date, { suffix: false }) : "";
}

function eventTitle(row: CalendarRow): string {
  if (row.filed) return `${row.company ?? row.symbol} · ${formatQuarter(row.quarter)} results filed · ${formatIstDateTime(row.date)}`;
  const when = hasTimeOfDay(row.date) ? formatIstDateTime(row.date) : "time not announced";
  return `${row.company ?? row.symbol} · ${formatQuarter(row.quarter)} results · ${when}`;
}

/** "3 filed · 2 scheduled": what a day or a period holds, in words. */
export function describeCounts(rows: readonly CalendarRow[]): string {
  const filed = rows.filter((r) => r.filed).length;
  const scheduled = rows.length - filed;
  const parts = [filed ? `${filed} filed` : null, scheduled ? `${scheduled} scheduled` : null].filter(Boolean);
  return parts.length ? parts.join(", ") : "no results";
}

/** One result on the calendar: the symbol (to its page) and the IST time; filed results are marked with a tick. */
function EventChip({ row, dense = false, showTime = true }: { row: CalendarRow; dense?: boolean; showTime?: boolean }) {
  return (
    <IntentLink
      href={symbolHref(row.symbol)}
      title={eventTitle(row)}
      data-testid="calendar-event"
      data-symbol={row.symbol}
      data-kind={row.filed ? "filed" : "scheduled"}
      className={cn(
        "flex min-w-0 items-center justify-between gap-1 rounded-md border px-1.5 text-xs leading-5 text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        row.filed ? "border-positive/30 bg-positive/10 hover:border-positive/60 hover:bg-positive/15" : "border-primary/20 bg-primary/8 hover:border-primary/50 hover:bg-primary/15",
        dense ? "py-0" : "py-0.5",
      )}
    >
      <span className="flex min-w-0 items-center gap-0.5">
        {row.filed && <CheckIcon aria-hidden className="size-3 shrink-0 text-positive" />}
        <span className="truncate font-mono font-semibold">{row.symbol}</span>
        {row.filed && <span className="sr-only"> results filed</span>}
      </span>
      {showTime && <span className="shrink-0 font-mono text-[0.7rem] text-muted-foreground tabular-nums">{eventTime(row)}</span>}
    </IntentLink>
  );
}

function MoreButton({ count, day, onOpen }: { count: number; day: string; onOpen: (day: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(day)}
      onPointerEnter={preloadDayDialog}
      onFocus={preloadDayDialog}
      data-testid="calendar-more"
      className="w-full rounded-md px-1.5 text-left text-xs font-medium text-primary hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      +{count} more
    </button>
  );
}

/** A row of the agenda and of the "+k more" dialog: time, symbol, company, quarter, what the board meets for. */
export function AgendaRow({ row }: { row: CalendarRow }) {
  return (
    <li
      className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-baseline gap-x-3 gap-y-0.5 py-2 sm:grid-cols-[3.5rem_8rem_minmax(0,1fr)_5rem]"
      data-testid="agenda-event"
      data-symbol={row.symbol}
      data-kind={row.filed ? "filed" : "scheduled"}
    >
      <span className="font-mono text-sm text-muted-foreground tabular-nums">{eventTime(row) || "—"}</span>
      <IntentLink href={symbolHref(row.symbol)} className="truncate font-mono text-sm font-semibold text-primary hover:underline">
        {row.symbol}
      </IntentLink>
      <span className="col-start-2 min-w-0 truncate text-sm sm:col-start-auto" title={row.title ?? undefined}>
        {row.filed && (
          <Badge variant="positive" className="mr-1.5">
            <CheckIcon aria-hidden />
            Filed
          </Badge>
        )}
        {row.company ?? row.symbol}
        {!row.filed && row.purpose && row.purpose !== "Financial Results" && <span className="text-muted-foreground"> · {row.purpose}</span>}
      </span>
      <span className="col-start-2 sm:col-start-auto sm:text-right">
        <Badge variant="outline" className="font-mono">
          {formatQuarter(row.quarter)}
        </Badge>
      </span>
    </li>
  );
}


function MonthView({ anchor, today, byDay, onMore }: { anchor: string; today: string; byDay: Map<string, CalendarRow[]>; onMore: (day: string) => void }) {
  const weeks = monthGrid(anchor);
  return (
    <div role="grid" aria-label={`Results in ${rangeLabel(anchor, "month")}`} className="overflow-x-auto" data-testid="calendar-month">
      {/* On a phone the month fits the screen: each day shows its count and opens its list (no sideways scroll). */}
      <div className="sm:min-w-[40rem]">
        <div role="row" className="grid grid-cols-7 border-b text-xs font-medium text-muted-foreground">
          {weeks[0]?.map((d) => (
            <div role="columnheader" key={d} className="truncate px-1 py-1.5 sm:px-2">
              {weekdayLabel(d)}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" key={week[0]} className="grid grid-cols-7 border-b last:border-b-0">
            {week.map((day) => {
              const rows = byDay.get(day) ?? [];
              const { shown, more } = visibleSlice(rows, MONTH_CELL_MAX);
              const outside = !sameMonth(day, anchor);
              return (
                <div
                  role="gridcell"
                  key={day}
                  data-day={day}
                  data-count={rows.length}

                  className={cn(
                    "flex min-h-14 min-w-0 flex-col gap-1 border-r p-1 last:border-r-0 sm:min-h-28 sm:p-1.5",
                    (outside || day < today) && "bg-muted/40",
                    day === today && "bg-primary/5",
                  )}
                >
                  <span
                    className={cn(
                      "inline-flex size-6 items-center justify-center self-start rounded-full text-xs text-muted-foreground tabular-nums",
                      day === today && "bg-primary font-semibold text-primary-foreground",
                    )}
                  >
                    {dayOfMonth(day)}
                  </span>
                  <span className="sr-only" data-testid="calendar-day-summary">
                    {longDayLabel(day)}: {describeCounts(rows)}
                  </span>
                  <div className="hidden min-w-0 flex-col gap-1 sm:flex">
                    {shown.map((r) => (
                      <EventChip key={r.id} row={r} dense />
                    ))}
                    {more > 0 && <MoreButton count={more} day={day} onOpen={onMore} />}
                  </div>
                  {rows.length > 0 && (
                    <button
                      type="button"
                      onClick={() => onMore(day)}
                      aria-label={`${longDayLabel(day)}: ${rows.length} ${rows.length === 1 ? "result" : "results"}`}
                      data-testid="calendar-day-open"
                      className="self-stretch rounded-md bg-primary/10 text-center text-xs font-semibold text-primary tabular-nums hover:bg-primary/20 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:hidden"
                    >
                      {rows.length}
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

function WeekView({ anchor, today, byDay, onMore }: { anchor: string; today: string; byDay: Map<string, CalendarRow[]>; onMore: (day: string) => void }) {
  const days = weekDays(anchor);
  return (
    <div className="overflow-x-auto" data-testid="calendar-week">
      <div role="grid" aria-label={`Results in the week ${rangeLabel(anchor, "week")}`} className="grid min-w-[44rem] grid-cols-7 rounded-lg border">
        {/* A grid's cells sit in a row (ARIA); the row itself takes no box. */}
        <div role="row" className="contents divide-x">
          {days.map((day) => {
            const rows = byDay.get(day) ?? [];
            const { shown, more } = visibleSlice(rows, WEEK_CELL_MAX);
            return (
              <div role="gridcell" key={day} data-day={day} data-count={rows.length} className={cn("flex min-h-64 min-w-0 flex-col gap-1.5 p-2", day === today && "bg-primary/5")}>
                <div className="flex items-baseline justify-between gap-1 border-b pb-1.5">
                  <span className="text-xs font-medium text-muted-foreground">{weekdayLabel(day)}</span>
                  <span className={cn("text-lg font-semibold tabular-nums", day === today && "text-primary")}>{dayOfMonth(day)}</span>
                </div>
                {rows.length === 0 && <span className="text-xs text-muted-foreground">No results</span>}
                {shown.map((r) => (
                  <div key={r.id} className="grid grid-cols-1 gap-0.5">
                    <EventChip row={r} showTime={false} />
                    <span className="truncate px-1.5 text-[0.7rem] text-muted-foreground" title={r.company ?? undefined}>
                      <span className="font-mono tabular-nums">{eventTime(r) || "—"}</span>
                      {r.company ? ` · ${r.company}` : ""}
                    </span>
                  </div>
                ))}
                {more > 0 && <MoreButton count={more} day={day} onOpen={onMore} />}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function AgendaView({ anchor, byDay }: { anchor: string; byDay: Map<string, CalendarRow[]> }) {
  const [limit, setLimit] = React.useState(AGENDA_PAGE);
  const days = [...byDay.keys()].filter((d) => d >= anchor).sort();
  let budget = limit;
  const visible: [string, CalendarRow[]][] = [];
  for (const d of days) {
    if (budget <= 0) break;
    const rows = byDay.get(d) ?? [];
    visible.push([d, rows]);
    budget -= rows.length;
  }
  const total = days.reduce((n, d) => n + (byDay.get(d)?.length ?? 0), 0);
  const shownCount = visible.reduce((n, [, rows]) => n + rows.length, 0);
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="calendar-agenda">
      {visible.map(([day, rows]) => (
        <section key={day} aria-labelledby={`agenda-${day}`} data-testid="agenda-day" data-day={day}>
          <h3 id={`agenda-${day}`} className="sticky top-14 z-10 flex items-baseline justify-between border-b bg-card/95 py-1.5 text-sm font-semibold backdrop-blur">
            {longDayLabel(day)}
            <span className="text-xs font-normal text-muted-foreground">{describeCounts(rows)}</span>
          </h3>
          <ul className="divide-y">
            {rows.map((r) => (
              <AgendaRow key={r.id} row={r} />
            ))}
          </ul>
        </section>
      ))}
      {shownCount < total && (
        <Button variant="outline" className="justify-self-center" onClick={() => setLimit((l) => l + AGENDA_PAGE)}>
          Show more days ({total - shownCount} more results)
        </Button>
      )}
    </div>
  );
}

export function CalendarSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading the results calendar">
      <CardHeader>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-80" />
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <div className="flex gap-2">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="ml-auto h-9 w-40" />
        </div>
        <div className="grid grid-cols-7 gap-1">
          {Array.from({ length: 35 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The results calendar (free): board meetings scheduled to approve results and, on days up to today, the results
 * filed on them (the earnings index), in month, week and agenda views over the same rows, all in IST.
 */
export function EarningsCalendar({ today }: { today: string }) {
  const [state, setState] = useQueryStates(earningsParsers);
  const filter = useSymbolFilter();
  const view: CalendarView = state.view;
  const anchor = state.date && isDayKey(state.date) ? state.date : today;
  const query = useQuery({ ...upcomingCalendarQueryOptions(filter.effective), enabled: filter.ready });
  const range = viewRange(anchor, view);
  const past = filedRange(range, today);
  const filedQuery = useQuery({
    ...filedCalendarQueryOptions(filter.effective, past ?? { from: today, to: today }),
    enabled: filter.ready && past !== null,
  });
  const client = useQueryClient();
  const [openDay, setOpenDay] = React.useState<string | null>(null);
  // The view tabs control the panel below them (aria-controls must name an element that exists).
  const panelId = React.useId();

  const byDay = React.useMemo(() => {
    const filed = past && filedQuery.data ? filedCalendarRows(filedQuery.data.rows, heldCompanyNames(client)) : [];
    return groupByDay<CalendarRow>([...filed, ...(query.data?.rows ?? [])]);
  }, [query.data, filedQuery.data, past, client]);
  const inRange = [...byDay.entries()].filter(([d]) => d >= range.first && (range.last === null || d <= range.last));
  const countInRange = inRange.reduce((n, [, rows]) => n + rows.length, 0);
  const last = range.last;
  const next = last === null ? undefined : (query.data?.rows ?? []).find((r) => (istDayOf(r.date) ?? "") > last);

  const go = (patch: { view?: CalendarView; date?: string | null }) => void setState(patch, { history: "push" });

  return (
    <Card data-testid="earnings-calendar" data-view={view}>
      <CardHeader>
        <CardTitle>Results calendar</CardTitle>
        <CardDescription>
          Board meetings scheduled to approve financial results and, on past days, the results filed on them (marked with a tick), from the free
          calendar and index. Times are IST; a symbol opens its page.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Tabs value={view} onValueChange={(v) => go({ view: v as CalendarView })}>
            <TabsList aria-label="Calendar view">
              {(["month", "week", "agenda"] as const).map((v) => {
                const Icon = VIEW_ICONS[v];
                return (
                  <TabsTrigger key={v} value={v} id={`${panelId}-${v}`} aria-controls={panelId} className="capitalize" data-testid={`view-${v}`}>
                    <Icon aria-hidden />
                    {v}
                  </TabsTrigger>
                );
              })}
            </TabsList>
          </Tabs>
          <div className="flex items-center gap-1 sm:ml-auto">
            <Button variant="outline" size="icon-sm" aria-label={view === "month" ? "Previous month" : "Previous week"} onClick={() => go({ date: shiftAnchor(anchor, view, -1) })}>
              <ChevronLeftIcon />
            </Button>
            <Button variant="outline" size="sm" onClick={() => go({ date: null })} disabled={anchor === today}>
              Today
            </Button>
            <Button variant="outline" size="icon-sm" aria-label={view === "month" ? "Next month" : "Next week"} onClick={() => go({ date: shiftAnchor(anchor, view, 1) })}>
              <ChevronRightIcon />
            </Button>
            <span className="ml-2 min-w-36 text-sm font-semibold" aria-live="polite" data-testid="calendar-range">
              {rangeLabel(anchor, view)}
            </span>
          </div>
        </div>

        {query.isPending || (past !== null && filedQuery.isPending) ? (
          <div id={panelId} role="tabpanel" className="grid grid-cols-7 gap-1" aria-busy="true" aria-label="Loading results">
            {Array.from({ length: 35 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : query.isError || filedQuery.isError ? (
          <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${view}`}>
            <ErrorState
              error={query.error ?? filedQuery.error}
              onRetry={() => {
                void query.refetch();
                if (past) void filedQuery.refetch();
              }}
            />
          </div>
        ) : (
          <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${view}`} className="grid min-w-0 grid-cols-1 gap-4">
            <p className="text-sm text-muted-foreground" data-testid="calendar-count">
              {countInRange === 0
                ? `No results filed or scheduled ${view === "agenda" ? "from this date" : "in this period"}`
                : `Results ${view === "agenda" ? "from this date" : "in this period"}: ${describeCounts(inRange.flatMap(([, rows]) => rows))}`}
              {filter.effective.length > 0 && ` for ${filter.effective.length <= 5 ? filter.effective.join(", ") : `${filter.effective.length} symbols`}`}.
              {query.data.truncated && " Only the nearest dates are loaded; narrow by symbols to see later ones."}
              {filedQuery.data?.truncated && past && " Only the first filings of this period are loaded; narrow by symbols to see them all."}
            </p>
            {countInRange === 0 && query.data.rows.length === 0 && byDay.size === 0 ? (
              <EmptyState
                icon={CalendarDaysIcon}
                title="Nothing on the calendar"
                description={
                  filter.effective.length
                    ? "None of these symbols has a results date announced yet. Remove a symbol or clear the filter to see every company."
                    : "No company has announced a results date yet. Check back as board-meeting intimations arrive."
                }
              />
            ) : view === "month" ? (
              <MonthView anchor={anchor} today={today} byDay={byDay} onMore={setOpenDay} />
            ) : view === "week" ? (
              <WeekView anchor={anchor} today={today} byDay={byDay} onMore={setOpenDay} />
            ) : (
              <AgendaView anchor={anchor} byDay={byDay} />
            )}
            {countInRange === 0 && next?.date && view !== "agenda" && (
              <p className="text-sm">
                Next scheduled: {formatIstDateTime(next.date)} ({next.symbol}).{" "}
                <Button variant="link" className="h-auto p-0" onClick={() => go({ date: istDayOf(next.date) })}>
                  Go to that date
                </Button>
              </p>
            )}
          </div>
        )}
        <DayDialog day={openDay} rows={openDay ? (byDay.get(openDay) ?? []) : []} onClose={() => setOpenDay(null)} />
      </CardContent>
    </Card>
  );
}

