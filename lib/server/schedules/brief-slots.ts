/**
 * When a brief's slot is due and whether a late one is still worth running: pure arithmetic over a calendar view, so
 * the runner, the schedule list and the tests agree. A slot before the open is worth running until the open; any
 * other slot until the end of its IST day.
 */
import type { MarketCalendarView } from "@/lib/market/calendar";
import { istDayStart, istTimeOn } from "@/lib/market/calendar";

const DAY_MS = 86_400_000;
/** A slot run later than this after its time says so ("ran late"). */
export const BRIEF_LATE_MS = 10 * 60_000;

export function slotTime(dayMs: number, time: string): number {
  return istTimeOn(dayMs, time);
}

/** Until when a slot due at `dueMs` is still relevant. */
export function relevantUntil(view: MarketCalendarView, dueMs: number): number {
  const normal = view.normalSession(dueMs);
  if (normal && dueMs < normal.fromMs) return normal.fromMs;
  return istDayStart(dueMs) + DAY_MS;
}

/** Why a day has no brief: the market does not meet. Null on market days. */
export function closedDayReason(view: MarketCalendarView, ms: number): string | null {
  if (view.isMarketDay(ms)) return null;
  const day = view.marketDay(ms);
  if (day.holiday) return `Market holiday (${day.holiday.name}): briefs run on market days only.`;
  if (day.weekday === 0 || day.weekday === 6) return "Weekend: briefs run on market days only.";
  return "The market does not meet today: briefs run on market days only.";
}

/** The next slot at or after `fromMs` on a market day (within a year), or null. */
export function nextSlotAt(view: MarketCalendarView, time: string, fromMs: number): number | null {
  for (let i = 0, day = istDayStart(fromMs); i < 370; i++, day += DAY_MS) {
    if (!view.isMarketDay(day)) continue;
    const t = slotTime(day, time);
    if (t >= fromMs) return t;
  }
  return null;
}
