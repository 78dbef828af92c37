/**
 * The arithmetic of a market calendar: which IST days trade, their sessions, and the phase of the market at a moment,
 * for any calendar (the built-in NSE one or an admin's edit). No data and no clock here: the shell's status badge
 * computes its phase with this alone, without the built-in calendar's data (lib/market/calendar.ts re-exports it all).
 */
import { IST_OFFSET_MINUTES } from "../alpha/time";
import type { Holiday, MarketCalendar, SessionId, SessionWindow, SpecialSession } from "./calendar-schema";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const IST_MS = IST_OFFSET_MINUTES * MINUTE_MS;

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** `YYYY-MM-DD` of the IST day holding `ms`. */
export function istDate(ms: number): string {
  return new Date(ms + IST_MS).toISOString().slice(0, 10);
}

/** The instant the IST day holding `ms` starts. */
export function istDayStart(ms: number): number {
  const shifted = ms + IST_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_MS;
}

/** The instant of an IST `HH:MM` on the day holding `ms`. */
export function istTimeOn(ms: number, hhmm: string): number {
  return istDayStart(ms) + minutesOf(hhmm) * MINUTE_MS;
}

export interface SessionSpan {
  id: SessionId;
  fromMs: number;
  toMs: number;
}

export interface MarketDay {
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  holiday: Holiday | null;
  special: SpecialSession | null;
  /** A full trading day: the regular timetable runs (weekdays that are not holidays, and full special sessions). */
  trading: boolean;
  /** The sessions that run that day, in order (empty when the market is shut). */
  sessions: SessionSpan[];
}

function spans(dayStart: number, windows: readonly SessionWindow[]): SessionSpan[] {
  return windows.map((w) => ({ id: w.id, fromMs: dayStart + minutesOf(w.from) * MINUTE_MS, toMs: dayStart + minutesOf(w.to) * MINUTE_MS }));
}

/** Whether a special session is a full day (it opens the normal market for the regular hours). */
function isFullSpecial(s: SpecialSession): boolean {
  const normal = s.sessions.find((w) => w.id === "normal");
  return normal !== undefined && minutesOf(normal.to) - minutesOf(normal.from) >= 6 * 60;
}

export type MarketPhase = "closed" | "pre_open" | "open" | "closing" | "post_close";

export interface MarketStatus {
  phase: MarketPhase;
  day: MarketDay;
  /** The session running at that moment, if any. */
  session: SessionSpan | null;
  /** Why the market is shut all day (holiday or weekend name), when it is. */
  closedReason: string | null;
}

/** Every question about one calendar's days; the module's own functions answer for the built-in NSE calendar. */
export interface MarketCalendarView {
  calendar: MarketCalendar;
  marketDay(ms: number): MarketDay;
  isTradingDay(ms: number): boolean;
  /** A day with a normal session of any length (full trading days, Muhurat): the market meets that day. */
  isMarketDay(ms: number): boolean;
  nextTradingDay(ms: number): number;
  previousTradingDay(ms: number): number;
  workingDaysDeadline(ms: number, n: number): number;
  tradingDaysBetween(fromMs: number, toMs: number): number[];
  marketStatusAt(ms: number): MarketStatus;
  /** The first normal session that starts after `ms` (within a year), or null when the calendar has none. */
  nextSessionStart(ms: number): SessionSpan | null;
  /** The next instant after `ms` at which the phase may change (a session bound or the next IST midnight). */
  nextBoundary(ms: number): number;
  blockDealWindowAt(ms: number): SessionSpan | null;
  normalSession(ms: number): SessionSpan | null;
}

/** The view of a calendar (already checked against `marketCalendarSchema`). */
export function calendarView(calendar: MarketCalendar): MarketCalendarView {
  const holidayByDate = new Map(calendar.holidays.map((h) => [h.date, h]));
  const specialByDate = new Map(calendar.specialSessions.map((s) => [s.date, s]));
  const regular = [...calendar.sessions, ...calendar.blockDealWindows.filter((w) => w.id !== "block_morning")];
  const dayCache = new Map<number, MarketDay>();

  const marketDay = (ms: number): MarketDay => {
    const start = istDayStart(ms);
    const hit = dayCache.get(start);
    if (hit) return hit;
    const date = istDate(start);
    const weekday = new Date(start + IST_MS).getUTCDay();
    const holiday = holidayByDate.get(date) ?? null;
    const special = specialByDate.get(date) ?? null;
    let trading = weekday >= 1 && weekday <= 5 && holiday === null;
    let sessions: SessionSpan[] = [];
    if (special) {
      trading = isFullSpecial(special);
      sessions = trading ? spans(start, regular) : spans(start, special.sessions);
    } else if (trading) {
      sessions = spans(start, regular);
    }
    sessions.sort((a, b) => a.fromMs - b.fromMs);
    const day: MarketDay = { date, weekday, holiday, special, trading, sessions };
    if (dayCache.size > 5_000) dayCache.clear();
    dayCache.set(start, day);
    return day;
  };
  const isTradingDay = (ms: number): boolean => marketDay(ms).trading;
  const normalSession = (ms: number): SessionSpan | null => marketDay(ms).sessions.find((s) => s.id === "normal") ?? null;
  const nextTradingDay = (ms: number): number => {
    let d = istDayStart(ms) + DAY_MS;
    while (!isTradingDay(d)) d += DAY_MS;
    return d;
  };
  const previousTradingDay = (ms: number): number => {
    let d = istDayStart(ms) - DAY_MS;
    while (!isTradingDay(d)) d -= DAY_MS;
    return d;
  };
  const marketStatusAt = (ms: number): MarketStatus => {
    const day = marketDay(ms);
    const session = day.sessions.find((s) => ms >= s.fromMs && ms < s.toMs && s.id !== "block_morning" && s.id !== "block_afternoon") ?? null;
    const closedReason = day.sessions.length > 0 ? null : day.holiday ? day.holiday.name : day.weekday === 0 || day.weekday === 6 ? "Weekend" : null;
    const normal = day.sessions.find((s) => s.id === "normal");
    let phase: MarketPhase = "closed";
    if (session?.id === "pre_open" || session?.id === "pre_open_matching") phase = "pre_open";
    else if (session?.id === "normal") phase = "open";
    else if (session?.id === "closing" || session?.id === "closing_price") phase = "closing";
    else if (normal && ms >= normal.toMs && ms < istDayStart(ms) + DAY_MS) phase = "post_close";
    return { phase, day, session, closedReason };
  };
  return {
    calendar,
    marketDay,
    isTradingDay,
    isMarketDay: (ms) => normalSession(ms) !== null,
    nextTradingDay,
    previousTradingDay,
    workingDaysDeadline: (ms, n) => {
      let d = istDayStart(ms);
      for (let i = 0; i < n; i++) d = nextTradingDay(d);
      return d + DAY_MS;
    },
    tradingDaysBetween: (fromMs, toMs) => {
      const out: number[] = [];
      for (let d = istDayStart(fromMs); d < toMs; d += DAY_MS) if (d >= fromMs && isTradingDay(d)) out.push(d);
      return out;
    },
    marketStatusAt,
    nextSessionStart: (ms) => {
      for (let d = istDayStart(ms), i = 0; i < 370; i++, d += DAY_MS) {
        const normal = normalSession(d);
        if (normal && normal.fromMs > ms) return normal;
      }
      return null;
    },
    nextBoundary: (ms) => {
      const bounds = marketDay(ms).sessions.flatMap((s) => [s.fromMs, s.toMs]).filter((b) => b > ms);
      return Math.min(istDayStart(ms) + DAY_MS, ...bounds);
    },
    blockDealWindowAt: (ms) => (isTradingDay(ms) ? (spans(istDayStart(ms), calendar.blockDealWindows).find((w) => ms >= w.fromMs && ms < w.toMs) ?? null) : null),
    normalSession,
  };
}

