/**
 * The NSE market calendar: trading days, sessions, holidays and the market's phase at a moment. Pure arithmetic, so
 * the service's generator and simulator and the desk's status badge read one truth (any calendar: ./calendar-view.ts).
 */
import { calendarView, type MarketCalendarView, type MarketDay, type MarketStatus, type SessionSpan } from "./calendar-view";
import type { MarketCalendar } from "./calendar-schema";
import { NSE_CALENDAR_DATA } from "./nse-calendar-data";

export * from "./calendar-view";
export type { Holiday, MarketCalendar, SessionId, SessionWindow, SpecialSession } from "./calendar-schema";

/** The NSE calendar: typed by its data file, and checked against `marketCalendarSchema` by calendar.test.ts. */
export const NSE_CALENDAR: MarketCalendar = NSE_CALENDAR_DATA;

/** The file, in the desk's data folder, that carries an admin's calendar to the embedded service's simulator. */
export const MARKET_CALENDAR_FILE_NAME = "market-calendar.json";

/** Years the data covers; outside them only weekends are known to be shut. */
export const CALENDAR_YEARS = [...new Set(NSE_CALENDAR.holidays.map((h) => Number(h.date.slice(0, 4))))].sort();

/** The built-in calendar's view: what the service's generator uses, and the desk's default until an admin edits it. */
export const NSE_VIEW: MarketCalendarView = calendarView(NSE_CALENDAR);

export const marketDay = (ms: number): MarketDay => NSE_VIEW.marketDay(ms);
/** A full trading day in IST (weekday, not a holiday; or a full special session such as a Budget Sunday). */
export const isTradingDay = (ms: number): boolean => NSE_VIEW.isTradingDay(ms);
/** The start of the next full trading day strictly after the day holding `ms`. */
export const nextTradingDay = (ms: number): number => NSE_VIEW.nextTradingDay(ms);
/** The start of the last full trading day strictly before the day holding `ms`. */
export const previousTradingDay = (ms: number): number => NSE_VIEW.previousTradingDay(ms);
/** The end (exclusive) of the `n`th full trading day after the day holding `ms`: "within n working days". */
export const workingDaysDeadline = (ms: number, n: number): number => NSE_VIEW.workingDaysDeadline(ms, n);
/** Full trading days whose start lies in [fromMs, toMs). */
export const tradingDaysBetween = (fromMs: number, toMs: number): number[] => NSE_VIEW.tradingDaysBetween(fromMs, toMs);
/** The market's phase at `ms`: what the desk's status badge shows. */
export const marketStatusAt = (ms: number): MarketStatus => NSE_VIEW.marketStatusAt(ms);
/** The block-deal window running at `ms` on a trading day, if any. */
export const blockDealWindowAt = (ms: number): SessionSpan | null => NSE_VIEW.blockDealWindowAt(ms);
/** The normal session's bounds on the day holding `ms`, or null when it does not trade. */
export const normalSession = (ms: number): SessionSpan | null => NSE_VIEW.normalSession(ms);
