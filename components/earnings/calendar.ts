import { istDateString, resolveBound } from "@/lib/alpha/time";
import type { EarningsIndexRow, UpcomingEarningsRow } from "@/lib/alpha/earnings";
import { dayMonth, dayMonthYear, longDay, monthYear, utcParts, weekdayShort } from "@/lib/format/calendar-parts";
import { type CalendarView, isDayKey } from "./day-key";

/** Calendar arithmetic on IST calendar days written `YYYY-MM-DD`; pure, so server and browser agree. */

export { CALENDAR_VIEWS, type CalendarView, isDayKey } from "./day-key";

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + n * DAY_MS));
}

/** Monday-first weekday index: Monday 0 … Sunday 6. */
export function weekdayIndex(day: string): number {
  return (toUtc(day).getUTCDay() + 6) % 7;
}

export function startOfWeek(day: string): string {
  return addDays(day, -weekdayIndex(day));
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** The IST calendar day of an Alpha timestamp (a date-only value is that day; no offset means IST). */
export function istDayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = resolveBound(value, "from");
  return Number.isNaN(at.getTime()) ? null : istDateString(at);
}

/** Whether a timestamp carries a time of day (a date-only results date does not). */
export function hasTimeOfDay(value: string | null | undefined): boolean {
  return !!value && !DAY_RE.test(value.trim());
}

/** The weeks (Monday to Sunday) that cover the month holding `anchor`. */
export function monthGrid(anchor: string): string[][] {
  const first = startOfMonth(anchor);
  let cursor = startOfWeek(first);
  const weeks: string[][] = [];
  do {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(cursor, i)));
    cursor = addDays(cursor, 7);
  } while (sameMonth(cursor, first));
  return weeks;
}

export function weekDays(anchor: string): string[] {
  const start = startOfWeek(anchor);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** The anchor one step back or forward: a month in month view, a week in week and agenda views. */
export function shiftAnchor(anchor: string, view: CalendarView, delta: number): string {
  if (view !== "month") return addDays(anchor, 7 * delta);
  const d = toUtc(startOfMonth(anchor));
  d.setUTCMonth(d.getUTCMonth() + delta);
  return fromUtc(d);
}

/** The days a view shows: [first, last] inclusive; the agenda runs from the anchor to the end of what is loaded. */
export function viewRange(anchor: string, view: CalendarView): { first: string; last: string | null } {
  if (view === "month") {
    const weeks = monthGrid(anchor);
    return { first: weeks[0]?.[0] ?? anchor, last: weeks.at(-1)?.[6] ?? anchor };
  }
  if (view === "week") {
    const days = weekDays(anchor);
    return { first: days[0] ?? anchor, last: days[6] ?? anchor };
  }
  return { first: anchor, last: null };
}

// A calendar day is kept as UTC midnight (toUtc), so its fields are read in UTC.
const partsOfDay = (day: string) => utcParts(toUtc(day).getTime());

/** "November 2026" for a month, "23 – 29 Nov 2026" for a week, "From 23 Nov 2026" for the agenda. */
export function rangeLabel(anchor: string, view: CalendarView): string {
  if (view === "month") return monthYear(partsOfDay(anchor));
  if (view === "agenda") return `From ${dayMonthYear(partsOfDay(anchor))}`;
  const days = weekDays(anchor);
  const first = days[0] ?? anchor;
  const last = days[6] ?? anchor;
  return sameMonth(first, last)
    ? `${toUtc(first).getUTCDate()} – ${dayMonthYear(partsOfDay(last))}`
    : `${dayMonth(partsOfDay(first))} – ${dayMonthYear(partsOfDay(last))}`;
}

/** "Monday, 23 November 2026". */
export function longDayLabel(day: string): string {
  return longDay(partsOfDay(day));
}

/** "Mon". */
export function weekdayLabel(day: string): string {
  return weekdayShort(partsOfDay(day));
}

export function dayOfMonth(day: string): number {
  return toUtc(day).getUTCDate();
}

/** Rows grouped by IST day, each day's rows in time order; rows without a usable date are left out. */
export function groupByDay<T extends { date?: string | null }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const day = istDayOf(row.date);
    if (!day) continue;
    const list = out.get(day);
    if (list) list.push(row);
    else out.set(day, [row]);
  }
  for (const list of out.values()) list.sort((a, b) => instantOf(a.date) - instantOf(b.date));
  return out;
}

function instantOf(value: string | null | undefined): number {
  if (!value) return 0;
  const t = resolveBound(value, "from").getTime();
  return Number.isNaN(t) ? 0 : t;
}

/** Splits a day's events into those shown and how many more there are, so a busy day stays readable. */
export function visibleSlice<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  if (items.length <= max) return { shown: [...items], more: 0 };
  // Showing max-1 plus "+k more" never leaves a lone "+1 more" that could have been the event itself.
  const shown = items.slice(0, Math.max(1, max - 1));
  return { shown, more: items.length - shown.length };
}

/** A calendar entry: a scheduled board meeting (the free calendar) or results already filed (the free index). */
export type CalendarRow = UpcomingEarningsRow & { filed?: boolean };

/**
 * The past part of a view, whose filed results the calendar shows beside the scheduled ones: from the view's first
 * day up to today (IST), or null when the view lies wholly ahead.
 */
export function filedRange(range: { first: string; last: string | null }, today: string): { from: string; to: string } | null {
  if (range.first > today) return null;
  return { from: range.first, to: range.last !== null && range.last < today ? range.last : today };
}

/**
 * The calendar a URL shows: its anchor (the URL's day when it is one, else today), the view's range and the range's
 * past part. The browser (EarningsCalendar) and the server's prefetch (app/(desk)/earnings/page.tsx) both read it
 * here, so the past days the server seeds are exactly the ones the browser asks for.
 */
export function calendarWindow(date: string | null, view: CalendarView, today: string): { anchor: string; range: { first: string; last: string | null }; past: { from: string; to: string } | null } {
  const anchor = date && isDayKey(date) ? date : today;
  const range = viewRange(anchor, view);
  return { anchor, range, past: filedRange(range, today) };
}

/** Filed results as calendar entries, named from names the browser already holds (never bought for this). */
export function filedCalendarRows(rows: readonly EarningsIndexRow[], names: ReadonlyMap<string, string>): CalendarRow[] {
  return rows.map((r) => ({ id: `filed:${r.id}`, symbol: r.symbol, company: names.get(r.symbol) ?? null, date: r.date ?? null, quarter: r.quarter ?? null, purpose: "Results filed", filed: true }));
}

/** Trading holidays by IST day (`YYYY-MM-DD` → name) in the days shown: a holiday on a weekday is marked on the grid. */
export function holidaysIn(holidays: readonly { date: string; name: string }[] | undefined, days: readonly string[]): Map<string, string> {
  const shown = new Set(days);
  const out = new Map<string, string>();
  for (const h of holidays ?? []) if (shown.has(h.date) && weekdayIndex(h.date) < 5) out.set(h.date, h.name);
  return out;
}

/**
 * The agenda's days from `anchor`: every day with results and, between them, the weekday trading holidays (so a gap
 * in the agenda reads as a closed market, not a quiet day). Nothing after the last day with results.
 */
export function agendaDays(resultDays: Iterable<string>, anchor: string, holidays: readonly { date: string; name: string }[] | undefined): string[] {
  const days = [...resultDays].filter((d) => d >= anchor).sort();
  const last = days.at(-1);
  if (last === undefined) return [];
  const closed = (holidays ?? []).filter((h) => h.date >= anchor && h.date <= last && weekdayIndex(h.date) < 5).map((h) => h.date);
  return [...new Set([...days, ...closed])].sort();
}
