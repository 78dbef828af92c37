"use client";

import { CheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDateTime, formatIstTime } from "@/lib/format/time";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { cn } from "@/lib/utils";
import { type CalendarRow, hasTimeOfDay, visibleSlice } from "./calendar";
import { preloadDayDialog } from "./earnings-day-dialog-lazy";

/** The calendar's pieces shared by its views (earnings-calendar.tsx's month, calendar-week-agenda.tsx's week and agenda). */

export function eventTime(row: CalendarRow): string {
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
export function EventChip({ row, dense = false, showTime = true }: { row: CalendarRow; dense?: boolean; showTime?: boolean }) {
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

export function MoreButton({ count, day, onOpen }: { count: number; day: string; onOpen: (day: string) => void }) {
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

/** A day of the month or week grid: its results, those its cell has room for, and the market holiday it falls on. */
export function gridDay(day: string, byDay: Map<string, CalendarRow[]>, closed: Map<string, string>, max: number) {
  const rows = byDay.get(day) ?? [];
  return { day, rows, ...visibleSlice(rows, max), holiday: closed.get(day) };
}

/** A day's cell of the grid, marked with its date, count and holiday as the specs and styles read them. */
export function DayCell({ cell, className, children }: { cell: ReturnType<typeof gridDay>; className: string; children: ReactNode }) {
  return (
    <div role="gridcell" data-day={cell.day} data-count={cell.rows.length} data-holiday={cell.holiday ? "true" : undefined} className={className}>
      {children}
    </div>
  );
}

/** The market holiday a day of the grid falls on. */
export function HolidayNote({ holiday, className }: { holiday: string; className?: string }) {
  return (
    <span className={cn("text-[0.7rem] leading-tight text-muted-foreground", className)} title={`Market holiday: ${holiday}`} data-testid="calendar-holiday">
      Holiday · {holiday}
    </span>
  );
}
