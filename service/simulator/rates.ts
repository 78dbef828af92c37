import { HOUR_MS, istDayStartMs, isTradingDay, MINUTE_MS } from "../dataset/rows";
import type { MarketCalendarView } from "../../lib/market/calendar";
import { NEWS_CLOSED_DAY_WEIGHT, NEWS_TRADING_DAY_WEIGHT, newsHourWeight } from "../dataset/rules";

/** What the simulator draws at random rates; results and calls follow the stored calendars instead. */
export type RatedKind = "alerts" | "news" | "announcements" | "blockDeals";
export type Rates = Record<RatedKind, number>;

/** A band of the IST day, [from, to) in minutes after midnight, with events per hour at speed 1. */
interface Band {
  from: number;
  to: number;
  perHour: number;
}

const hm = (h: number, m = 0) => h * 60 + m;

/*
 * Rates per hour at speed 1, Asia/Kolkata. Aimed at about 1.5× the seeded history's density (a live day is a
 * busy day): per trading day ≈ 60 alerts, 55 news items, 40 announcements, 7 block deals.
 * - alerts: the NSE session 09:15–15:30 (9/h), a few closing-price alerts until 16:00 (4/h); none otherwise.
 * - news: about 55 a trading day spread by the market's one news-volume curve (service/dataset/rules.ts, which the
 *   generator follows too): thin at night, peaks at the open and the close; closed days at that curve's lower level.
 * - announcements: exchange filing hours 09:00–15:30 4/h, 15:30–19:00 3/h, 19:00–23:00 1/h, night 0.1/h;
 *   weekends 0.5/h 10:00–18:00.
 * - block deals: only in the exchanges' block-deal windows, 08:45–09:00 and 14:05–14:20 (14/h: ≈3.5 a window).
 * Results are filed when their board meeting in the upcoming-results calendar comes due (the seeded calendar puts
 * most after the close, 15:30–22:00), and calls are analysed 75 minutes after their meeting time.
 */
/** News per trading day at speed 1, spread over the hours by the market's news-volume curve. */
const NEWS_PER_TRADING_DAY = 55;
const NEWS_PER_WEIGHT = NEWS_PER_TRADING_DAY / NEWS_TRADING_DAY_WEIGHT;

// News is not in bands: it follows the curve (ratesAt, expectedPerDay).
type BandedKind = Exclude<RatedKind, "news">;

const SESSION_ALERTS_PER_HOUR = 9;
const CLOSING_ALERTS_PER_HOUR = 4;
const BLOCK_DEALS_PER_HOUR = 14;

const WEEKDAY: Record<BandedKind, Band[]> = {
  alerts: [
    { from: hm(9, 15), to: hm(15, 30), perHour: SESSION_ALERTS_PER_HOUR },
    { from: hm(15, 30), to: hm(16), perHour: CLOSING_ALERTS_PER_HOUR },
  ],
  announcements: [
    { from: 0, to: hm(9), perHour: 0.1 },
    { from: hm(9), to: hm(15, 30), perHour: 4 },
    { from: hm(15, 30), to: hm(19), perHour: 3 },
    { from: hm(19), to: hm(23), perHour: 1 },
    { from: hm(23), to: hm(24), perHour: 0.1 },
  ],
  blockDeals: [
    { from: hm(8, 45), to: hm(9), perHour: BLOCK_DEALS_PER_HOUR },
    { from: hm(14, 5), to: hm(14, 20), perHour: BLOCK_DEALS_PER_HOUR },
  ],
};

const WEEKEND: Record<BandedKind, Band[]> = {
  alerts: [],
  announcements: [{ from: hm(10), to: hm(18), perHour: 0.5 }],
  blockDeals: [],
};

/**
 * Events per hour of each kind at the moment `ms`, at speed 1. With a calendar (an admin's, from the desk), market
 * events follow its sessions: alerts in the normal and closing sessions (a Muhurat hour included), block deals in
 * its block-deal windows, nothing on its holidays; the bands' rates stay the same.
 */
export function ratesAt(ms: number, calendar?: MarketCalendarView): Rates {
  const trading = calendar ? calendar.isTradingDay(ms) : isTradingDay(ms);
  const table = trading ? WEEKDAY : WEEKEND;
  const minute = Math.floor((ms - istDayStartMs(ms)) / MINUTE_MS);
  const rate = (bands: Band[]) => bands.find((b) => minute >= b.from && minute < b.to)?.perHour ?? 0;
  const news = NEWS_PER_WEIGHT * newsHourWeight(ms);
  if (!calendar) return { alerts: rate(table.alerts), news, announcements: rate(table.announcements), blockDeals: rate(table.blockDeals) };
  const phase = calendar.marketStatusAt(ms).phase;
  const alerts = phase === "open" ? SESSION_ALERTS_PER_HOUR : phase === "closing" ? CLOSING_ALERTS_PER_HOUR : 0;
  const blockDeals = calendar.blockDealWindowAt(ms) ? BLOCK_DEALS_PER_HOUR : 0;
  return { alerts, news, announcements: rate(table.announcements), blockDeals };
}

/** Expected events per trading day and per weekend day, at speed 1 (for documentation and tests). */
export function expectedPerDay(kind: RatedKind, weekend = false): number {
  if (kind === "news") return NEWS_PER_WEIGHT * (weekend ? NEWS_CLOSED_DAY_WEIGHT : NEWS_TRADING_DAY_WEIGHT);
  const bands = (weekend ? WEEKEND : WEEKDAY)[kind];
  return bands.reduce((sum, b) => sum + (b.perHour * (b.to - b.from) * MINUTE_MS) / HOUR_MS, 0);
}
