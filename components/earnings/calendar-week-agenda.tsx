"use client";

import { CheckIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { IntentLink } from "@/components/ui/intent-link";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { cn } from "@/lib/utils";
import { agendaDays, type CalendarRow, dayOfMonth, holidaysIn, longDayLabel, rangeLabel, weekDays, weekdayLabel } from "./calendar";
import { DayCell, describeCounts, EventChip, eventTime, gridDay, HolidayNote, MoreButton } from "./calendar-parts";
import { QuarterBadge } from "@/components/shell/quarter-badge";

/**
 * The calendar's week and agenda views (and the agenda's row, which the day dialog shows too): their own chunk, fetched
 * when the view tabs get the pointer or focus, or when the page opens on one of them; the month view comes with the page.
 */

const WEEK_CELL_MAX = 8;
const AGENDA_PAGE = 80;

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
        <QuarterBadge quarter={row.quarter} />
      </span>
    </li>
  );
}


type Holidays = readonly { date: string; name: string }[] | undefined;

export function WeekView({ anchor, today, byDay, onMore, holidays }: { anchor: string; today: string; byDay: Map<string, CalendarRow[]>; onMore: (day: string) => void; holidays: Holidays }) {
  const days = weekDays(anchor);
  const closed = holidaysIn(holidays, days);
  return (
    // Scrolls sideways on narrow screens: focusable, so a keyboard can scroll it even in a week with no links in it.
    <div className="relative overflow-x-auto rounded-lg focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none" data-testid="calendar-week" tabIndex={0} role="region" aria-label={`The week ${rangeLabel(anchor, "week")}, scrolls sideways`}>
      <div role="grid" aria-label={`Results in the week ${rangeLabel(anchor, "week")}`} className="grid min-w-[44rem] grid-cols-7 rounded-lg border">
        {/* A grid's cells sit in a row (ARIA); the row itself takes no box. */}
        <div role="row" className="contents divide-x">
          {days.map((day) => {
            const cell = gridDay(day, byDay, closed, WEEK_CELL_MAX);
            const { rows, shown, more, holiday } = cell;
            return (
              <DayCell
                key={day}
                cell={cell}
                className={cn("flex min-h-64 min-w-0 flex-col gap-1.5 p-2", holiday && "bg-muted/40", day === today && "bg-primary/5")}
              >
                <div className="flex items-baseline justify-between gap-1 border-b pb-1.5">
                  <span className="text-xs font-medium text-muted-foreground">{weekdayLabel(day)}</span>
                  <span className={cn("text-lg font-semibold tabular-nums", day === today && "text-primary")}>{dayOfMonth(day)}</span>
                </div>
                {holiday && <HolidayNote holiday={holiday} />}
                {rows.length === 0 && !holiday && <span className="text-xs text-muted-foreground">No results</span>}
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
              </DayCell>
            );
          })}
        </div>
      </div>
    </div>
  );
}

export function AgendaView({ anchor, byDay, holidays }: { anchor: string; byDay: Map<string, CalendarRow[]>; holidays: Holidays }) {
  const [limit, setLimit] = React.useState(AGENDA_PAGE);
  const days = agendaDays(byDay.keys(), anchor, holidays);
  const closed = holidaysIn(holidays, days);
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
        <section key={day} aria-labelledby={`agenda-${day}`} data-testid="agenda-day" data-day={day} data-holiday={closed.has(day) ? "true" : undefined}>
          <h3 id={`agenda-${day}`} className="sticky top-14 z-10 flex flex-wrap items-baseline justify-between gap-x-2 border-b bg-card/95 py-1.5 text-sm font-semibold backdrop-blur">
            <span>
              {longDayLabel(day)}
              {closed.has(day) && (
                <span className="ml-2 text-xs font-normal text-muted-foreground" data-testid="calendar-holiday">
                  Market holiday · {closed.get(day)}
                </span>
              )}
            </span>
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
