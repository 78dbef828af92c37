"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarDaysIcon, CalendarRangeIcon, ChevronLeftIcon, ChevronRightIcon, ListIcon } from "lucide-react";
import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { CardContent } from "@/components/ui/card";
import { Skeleton, Skeletons } from "@/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatIstDateTime } from "@/lib/format/time";
import { filedCalendarQueryOptions, heldCompanyNames, upcomingCalendarQueryOptions } from "@/lib/query/earnings";
import { cn } from "@/lib/utils";
import * as api from "@/lib/desk/route-meta/market";
import { deskQuery } from "@/lib/query/desk";
import {
  type CalendarRow,
  type CalendarView,
  calendarWindow,
  dayOfMonth,
  filedCalendarRows,
  groupByDay,
  holidaysIn,
  istDayOf,
  longDayLabel,
  monthGrid,
  rangeLabel,
  sameMonth,
  shiftAnchor,
  weekdayLabel,
} from "./calendar";
import { earningsParsers } from "./search-params";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { DayDialog } from "./earnings-day-dialog-lazy";
import { DayCell, describeCounts, EventChip, gridDay, HolidayNote, MoreButton } from "./calendar-parts";
import { importOnce } from "@/lib/import-once";
import { staleProps } from "@/components/shell/stale-props";


const VIEW_ICONS = { month: CalendarDaysIcon, week: CalendarRangeIcon, agenda: ListIcon } as const;
const MONTH_CELL_MAX = 3;

const loadWeekAgenda = importOnce(() => import("./calendar-week-agenda"));
const WeekView = React.lazy(() => loadWeekAgenda().then((m) => ({ default: m.WeekView })));
const AgendaView = React.lazy(() => loadWeekAgenda().then((m) => ({ default: m.AgendaView })));
/** The week and agenda views are fetched when the view tabs get the pointer or focus (or the page opens on one). */
const preloadWeekAgenda = () => void loadWeekAgenda().catch(() => undefined);

function MonthView({
  anchor,
  today,
  byDay,
  onMore,
  holidays,
}: {
  anchor: string;
  today: string;
  byDay: Map<string, CalendarRow[]>;
  onMore: (day: string) => void;
  holidays: readonly { date: string; name: string }[] | undefined;
}) {
  const weeks = monthGrid(anchor);
  const closed = holidaysIn(holidays, weeks.flat());
  return (
    <div role="grid" aria-label={`Results in ${rangeLabel(anchor, "month")}`} className="relative overflow-x-auto" data-testid="calendar-month">
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
              const cell = gridDay(day, byDay, closed, MONTH_CELL_MAX);
              const { rows, shown, more, holiday } = cell;
              const outside = !sameMonth(day, anchor);
              return (
                <DayCell
                  key={day}
                  cell={cell}
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
                  {holiday && <HolidayNote holiday={holiday} className="truncate" />}
                  <span className="sr-only" data-testid="calendar-day-summary">
                    {longDayLabel(day)}: {holiday ? `market holiday (${holiday}); ` : ""}
                    {describeCounts(rows)}
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
                </DayCell>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The calendar's body while the server reads it: the head of its card is already there (./calendar-card). */
export function CalendarSkeleton() {
  return (
    <CardContent className="grid grid-cols-1 gap-3" aria-busy="true" aria-label="Loading the results calendar">
      <div className="flex gap-2">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="ml-auto h-9 w-40" />
      </div>
      <div className="grid grid-cols-7 gap-1">
        <Skeletons count={35} className="h-24" />
      </div>
    </CardContent>
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
    // The lazy week and agenda views have no boundary of their own: one would stream after the calendar and push the
    // cards below down. A switch of view keeps the old one until the new can render (a deferred value).
  const shownView = React.useDeferredValue(view);
  const { anchor, range, past } = calendarWindow(state.date, view, today);
  const query = useQuery({ ...upcomingCalendarQueryOptions(filter.effective), enabled: filter.ready });
  const filedQuery = useQuery({
    ...filedCalendarQueryOptions(filter.effective, past ?? { from: today, to: today }),
    enabled: filter.ready && past !== null,
  });
  const client = useQueryClient();
  // The desk's market calendar (an admin may edit it) marks its trading holidays on every view.
  const { data: marketCalendar } = useQuery(deskQuery(api.getMarketCalendar));
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
    <CardContent className="grid grid-cols-1 gap-4" data-testid="earnings-calendar" data-view={view}>
      <div className="flex flex-wrap items-center gap-2">
        <Tabs value={view} onValueChange={(v) => go({ view: v as CalendarView })}>
          <TabsList aria-label="Calendar view" onPointerEnter={preloadWeekAgenda} onFocus={preloadWeekAgenda}>
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
          <Skeletons count={35} className="h-24" />
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
        <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${view}`} {...staleProps(view !== shownView, "grid min-w-0 grid-cols-1 gap-4")}>
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
          ) : shownView === "month" ? (
            <MonthView anchor={anchor} today={today} byDay={byDay} onMore={setOpenDay} holidays={marketCalendar?.calendar.holidays} />
          ) : shownView === "week" ? (
            <WeekView anchor={anchor} today={today} byDay={byDay} onMore={setOpenDay} holidays={marketCalendar?.calendar.holidays} />
          ) : (
            <AgendaView anchor={anchor} byDay={byDay} holidays={marketCalendar?.calendar.holidays} />
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
  );
}

