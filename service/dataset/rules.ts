/**
 * The rules of the Indian market the generator and the simulator obey, written once (SEBI LODR timelines, NSE
 * block-deal windows) so the realism audit can check both against the same numbers. The results-season rules
 * (deadlines, the season around a moment) live in lib/market/season.ts, shared with the desk's season tracker.
 */
import { blockDealWindowAt, istDayStart, isTradingDay, workingDaysDeadline } from "../../lib/market/calendar";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The board meeting is intimated to the exchange at least this many days ahead (two working days, rounded up). */
export const MEETING_NOTICE_MIN_DAYS = 2;
/** The outcome of a board meeting reaches the exchange within 30 minutes of the meeting's end. */
export const BOARD_OUTCOME_MAX_MS = 30 * MINUTE_MS;
/** A call's recording is posted within 24 hours, its transcript within five working days. */
export const RECORDING_MAX_MS = 24 * HOUR_MS;
export const TRANSCRIPT_MAX_WORKING_DAYS = 5;
/** A block deal is at least ₹25 crore, in one of the two block windows. */
export const BLOCK_DEAL_MIN_CR = 25;
/** Over the last days of an open season, the past-results index always holds filings. */
export const SEASON_TAIL_DAYS = 14;

/** Whether `ms` lies in a block-deal window (08:45–09:00 or 14:05–14:20 IST on a trading day). */
export function inBlockDealWindow(ms: number): boolean {
  return blockDealWindowAt(ms) !== null;
}

/** The transcript of a call held at `meetingMs` is posted before this instant. */
export function transcriptDeadlineMs(meetingMs: number): number {
  return workingDaysDeadline(meetingMs, TRANSCRIPT_MAX_WORKING_DAYS);
}

/** Market-wrap stories (how the indices closed, what moved) only run on days the market traded. */
export const MARKET_WRAP_RE =
  /\b(Sensex|Nifty|benchmark indices|market wrap|stock market today|closing bell|top (gainers|losers)|buzzing stocks|stocks to watch today|drag the index|in (intraday|early|today's) trad(e|ing)|heavy volumes|intraday)\b/i;

/** Stories of a session's share moves or of a corporate action decided that day: on market days only. */
export const SESSION_STORY_RE =
  /(\b(shares?|stock)|\{symbol\}|\{company\}) (jump|jumps|jumped|slump|slumps|tumbles?|rall(y|ies)|surges?|climbs?|slips?|slides|drops?|falls?|fell|gains?|rises?|rose|trade flat|end little changed|extends|under pressure|hits|at record high|among top)|in early trade|in (the|today's) session|through the session|\b(rose|fell|moved|down|up|jumped|slumped|drops|trading) \{pct\}|\{pct\} (higher|lower)|shares? (rise|fall|up|down) \{pct\}|stock (up|down) \{pct\}|\b(board approves|announces bonus|declares interim dividend|buyback worth|completes \{amount\} acquisition)/i;

/** Annual-meeting business has its season: final dividends come with the year's results (April on), AGMs and annual reports June to September. */
const AGM_SEASON: readonly (readonly [RegExp, number, number])[] = [
  [/annual general meeting|\bAGM\b|annual report|book closure/i, 6, 9],
  [/final dividend/i, 4, 9],
];

/** Whether a text's annual-meeting business fits the IST month of `ms`. */
export function inAnnualSeason(text: string, ms: number): boolean {
  const month = new Date(ms + 330 * 60_000).getUTCMonth() + 1;
  return AGM_SEASON.every(([re, from, to]) => !re.test(text) || (month >= from && month <= to));
}

export function marketWrapAllowed(ms: number): boolean {
  return isTradingDay(ms);
}

/**
 * Relative news volume by IST hour (sums to nothing in particular): thin at night, peaks around the open and the
 * close, a results bump in the evening; non-trading days run at a fifth of a weekday's daytime level.
 */
const NEWS_HOUR_WEIGHTS_TRADING = [0.2, 0.1, 0.05, 0.05, 0.05, 0.1, 0.4, 1.2, 2.4, 3.2, 2.6, 1.8, 1.5, 1.4, 1.6, 2.4, 2.6, 2.0, 1.8, 1.6, 1.2, 0.9, 0.6, 0.35];
const NEWS_HOUR_WEIGHTS_CLOSED = [0.1, 0.05, 0.03, 0.03, 0.03, 0.05, 0.1, 0.25, 0.4, 0.5, 0.55, 0.55, 0.5, 0.5, 0.5, 0.5, 0.5, 0.45, 0.45, 0.4, 0.35, 0.3, 0.2, 0.15];

/** The relative news volume for the IST hour holding `ms`. */
export function newsHourWeight(ms: number): number {
  const hour = Math.floor((ms - istDayStart(ms)) / HOUR_MS);
  return (isTradingDay(ms) ? NEWS_HOUR_WEIGHTS_TRADING : NEWS_HOUR_WEIGHTS_CLOSED)[hour] ?? 0;
}
export const NEWS_MAX_HOUR_WEIGHT = Math.max(...NEWS_HOUR_WEIGHTS_TRADING);
/** The weight of a whole trading or closed day, so a rate per day can be spread over its hours by `newsHourWeight`. */
export const NEWS_TRADING_DAY_WEIGHT = NEWS_HOUR_WEIGHTS_TRADING.reduce((sum, w) => sum + w, 0);
export const NEWS_CLOSED_DAY_WEIGHT = NEWS_HOUR_WEIGHTS_CLOSED.reduce((sum, w) => sum + w, 0);
