/**
 * The arithmetic of spend against the market's clock: market time between two instants, when a balance runs out at
 * a pace per market hour (nights, weekends and holidays burn nothing), and the median rule of unusual spend.
 */
import type { MarketCalendarView } from "@/lib/market/calendar";
import { istDayStart } from "@/lib/market/calendar";

const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** Far enough for any runway the desk shows; beyond it the balance "lasts more than a year". */
const MAX_DAYS = 400;

/** Milliseconds of open market (normal sessions) in [fromMs, toMs). */
export function marketMsBetween(view: MarketCalendarView, fromMs: number, toMs: number): number {
  let total = 0;
  for (let day = istDayStart(fromMs); day < toMs; day += DAY_MS) {
    const normal = view.normalSession(day);
    if (!normal) continue;
    total += Math.max(0, Math.min(normal.toMs, toMs) - Math.max(normal.fromMs, fromMs));
  }
  return total;
}

/** The start (IST midnight) of the `count`th most recent trading day at or before `nowMs`: the pace's window. */
export function sessionsWindowStart(view: MarketCalendarView, nowMs: number, count: number): number {
  let day = view.isTradingDay(nowMs) ? istDayStart(nowMs) : view.previousTradingDay(nowMs);
  for (let i = 1; i < count; i++) day = view.previousTradingDay(day);
  return day;
}

/** The instant `marketMs` of open market after `fromMs` have passed; null beyond MAX_DAYS. */
export function afterMarketMs(view: MarketCalendarView, fromMs: number, marketMs: number): number | null {
  let left = Math.round(marketMs);
  for (let day = istDayStart(fromMs), i = 0; i < MAX_DAYS; i++, day += DAY_MS) {
    const normal = view.normalSession(day);
    if (!normal) continue;
    const from = Math.max(normal.fromMs, fromMs);
    const open = normal.toMs - from;
    if (open <= 0) continue;
    if (left <= open) return from + left;
    left -= open;
  }
  return null;
}

/** The length of a full trading day's normal session (a horizon of N trading days is N of these). */
export function sessionMs(view: MarketCalendarView): number {
  const normal = view.calendar.sessions.find((s) => s.id === "normal");
  if (!normal) return 375 * 60_000;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return (minutes(normal.to) - minutes(normal.from)) * 60_000;
}

export interface RunwayFigure {
  perMarketHour: number;
  runsOutAtMs: number | null;
  marketHoursLeft: number | null;
  belowHorizon: boolean;
}

/** The runway of `balance` at `spent` credits over `marketMs` of open market; under the horizon when fewer trading days' market hours are left. */
export function runwayOf(view: MarketCalendarView, input: { nowMs: number; balance: number; spent: number; marketMs: number; horizonDays: number }): RunwayFigure {
  const { nowMs, balance, spent, marketMs, horizonDays } = input;
  if (spent <= 0 || marketMs <= 0) return { perMarketHour: 0, runsOutAtMs: null, marketHoursLeft: null, belowHorizon: false };
  const perMarketMs = spent / marketMs;
  const leftMs = Math.max(0, balance) / perMarketMs;
  return {
    perMarketHour: perMarketMs * HOUR_MS,
    runsOutAtMs: afterMarketMs(view, nowMs, leftMs),
    marketHoursLeft: leftMs / HOUR_MS,
    belowHorizon: leftMs < horizonDays * sessionMs(view),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Spend this far above nothing is not worth a notice even when the usual is nothing. */
export const UNUSUAL_FLOOR_CREDITS = 10;

/** More than twice the median of the sessions before, and at least the floor. */
export function isUnusual(spentByHour: number, previous: readonly number[]): boolean {
  return spentByHour >= UNUSUAL_FLOOR_CREDITS && spentByHour > 2 * median(previous);
}
