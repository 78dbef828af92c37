/**
 * The NSE market calendar: which IST days trade, their sessions, holidays and special sessions, and the phase of
 * the market at a moment. Pure zod and arithmetic (no clock, no server imports) so the service's generator and
 * simulator and the desk's status badge read one truth.
 */
import { z } from "zod";
import { IST_OFFSET_MINUTES } from "../alpha/time";
import { NSE_CALENDAR_DATA } from "./nse-calendar-data";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const IST_MS = IST_OFFSET_MINUTES * MINUTE_MS;

const hhmmSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM, 24-hour IST");
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");

export const sessionIdSchema = z.enum(["block_morning", "pre_open", "pre_open_matching", "normal", "closing_price", "closing", "block_afternoon"]);
export type SessionId = z.infer<typeof sessionIdSchema>;

export const sessionWindowSchema = z
  .object({ id: sessionIdSchema, label: z.string().optional(), from: hhmmSchema, to: hhmmSchema })
  .refine((s) => s.from < s.to, "a session ends after it starts");
export type SessionWindow = z.infer<typeof sessionWindowSchema>;

export const holidaySchema = z.object({ date: dateSchema, name: z.string().min(1), provisional: z.boolean().optional() });
export type Holiday = z.infer<typeof holidaySchema>;

export const specialSessionSchema = z.object({
  date: dateSchema,
  name: z.string().min(1),
  kind: z.enum(["muhurat", "budget", "special"]),
  provisional: z.boolean().optional(),
  sessions: z.array(sessionWindowSchema).min(1),
});
export type SpecialSession = z.infer<typeof specialSessionSchema>;

export const marketCalendarSchema = z.object({
  exchange: z.string(),
  timezone: z.literal("Asia/Kolkata"),
  sessions: z.array(sessionWindowSchema).min(1),
  blockDealWindows: z.array(sessionWindowSchema).min(1),
  holidays: z.array(holidaySchema),
  specialSessions: z.array(specialSessionSchema),
});
export type MarketCalendar = z.infer<typeof marketCalendarSchema>;

/** The NSE calendar, parsed once at load: a typo in the data file fails every test that touches time. */
export const NSE_CALENDAR: MarketCalendar = marketCalendarSchema.parse(NSE_CALENDAR_DATA);

const holidayByDate = new Map(NSE_CALENDAR.holidays.map((h) => [h.date, h]));
const specialByDate = new Map(NSE_CALENDAR.specialSessions.map((s) => [s.date, s]));
/** Years the data covers; outside them only weekends are known to be shut. */
export const CALENDAR_YEARS = [...new Set(NSE_CALENDAR.holidays.map((h) => Number(h.date.slice(0, 4))))].sort();

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

const dayCache = new Map<number, MarketDay>();

/** The market's day holding `ms`. */
export function marketDay(ms: number): MarketDay {
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
    sessions = trading ? spans(start, [...NSE_CALENDAR.sessions, ...NSE_CALENDAR.blockDealWindows.filter((w) => w.id !== "block_morning")]) : spans(start, special.sessions);
  } else if (trading) {
    sessions = spans(start, [...NSE_CALENDAR.sessions, ...NSE_CALENDAR.blockDealWindows.filter((w) => w.id !== "block_morning")]);
  }
  sessions.sort((a, b) => a.fromMs - b.fromMs);
  const day: MarketDay = { date, weekday, holiday, special, trading, sessions };
  if (dayCache.size > 5_000) dayCache.clear();
  dayCache.set(start, day);
  return day;
}

/** A full trading day in IST (weekday, not a holiday; or a full special session such as a Budget Sunday). */
export function isTradingDay(ms: number): boolean {
  return marketDay(ms).trading;
}

/** The start of the next full trading day strictly after the day holding `ms`. */
export function nextTradingDay(ms: number): number {
  let d = istDayStart(ms) + DAY_MS;
  while (!isTradingDay(d)) d += DAY_MS;
  return d;
}

/** The start of the last full trading day strictly before the day holding `ms`. */
export function previousTradingDay(ms: number): number {
  let d = istDayStart(ms) - DAY_MS;
  while (!isTradingDay(d)) d -= DAY_MS;
  return d;
}

/** The end (exclusive) of the `n`th full trading day after the day holding `ms`: "within n working days". */
export function workingDaysDeadline(ms: number, n: number): number {
  let d = istDayStart(ms);
  for (let i = 0; i < n; i++) d = nextTradingDay(d);
  return d + DAY_MS;
}

/** Full trading days whose start lies in [fromMs, toMs). */
export function tradingDaysBetween(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let d = istDayStart(fromMs); d < toMs; d += DAY_MS) if (d >= fromMs && isTradingDay(d)) out.push(d);
  return out;
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

/** The market's phase at `ms`: what the desk's status badge shows. */
export function marketStatusAt(ms: number): MarketStatus {
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
}

/** The block-deal window running at `ms` on a trading day, if any. */
export function blockDealWindowAt(ms: number): SessionSpan | null {
  if (!isTradingDay(ms)) return null;
  const start = istDayStart(ms);
  return spans(start, NSE_CALENDAR.blockDealWindows).find((w) => ms >= w.fromMs && ms < w.toMs) ?? null;
}

/** The normal session's bounds on the day holding `ms`, or null when it does not trade. */
export function normalSession(ms: number): SessionSpan | null {
  return marketDay(ms).sessions.find((s) => s.id === "normal") ?? null;
}
