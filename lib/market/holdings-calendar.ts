/**
 * The events of a holdings calendar, free of I/O: results board meetings and concalls as the service books them, each
 * holding's statutory results deadline, NSE holidays and special sessions. Meetings and concalls are compared with what
 * the feed last published: a moved one raises its sequence and says where it moved from, a withdrawn one is cancelled.
 */
import { quarterLabel } from "../alpha/quarters";
import { formatIstDate, formatIstDateTime } from "../format/time";
import type { MarketCalendar } from "./calendar-schema";
import { istDate } from "./calendar-view";
import { resultsDeadlineMs } from "./season";

const DAY_MS = 86_400_000;
/** Past events stay in the feed this long (a calendar keeps showing last week's meeting), then drop out. */
export const KEEP_PAST_DAYS = 30;
/** Holidays and special sessions this far ahead. */
export const MARKET_DAYS_AHEAD = 400;
/** A meeting or call without a time is a one-hour slot from its start. */
const TIMED_MINUTES = 60;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export type FeedEventKind = "meeting" | "concall" | "deadline" | "holiday" | "session";

export interface FeedEvent {
  uid: string;
  kind: FeedEventKind;
  symbol: string | null;
  summary: string;
  description: string;
  /** An ISO instant, or YYYY-MM-DD (an IST calendar day) when `allDay`. */
  start: string;
  allDay: boolean;
  /** Minutes, for timed events. */
  minutes: number;
  sequence: number;
  status: "confirmed" | "cancelled";
  movedFrom: string | null;
  /** The instant the event last changed (its DTSTAMP). */
  stamp: string;
}

export interface BookedMeeting {
  symbol: string;
  quarter: string;
  /** An ISO date or datetime, as the service's calendar has it. */
  date: string;
  company?: string | null;
}

export interface BookedConcall {
  symbol: string;
  quarter: string;
  meetingDate: string;
}

/** A row of what a feed last published (calendar_published). */
export interface PublishedEvent {
  uid: string;
  symbol: string;
  start: string;
  sequence: number;
  status: "confirmed" | "cancelled";
  movedFrom: string | null;
  event: FeedEvent;
}

export interface HoldingsCalendarInput {
  nowMs: number;
  holdings: readonly string[];
  names: ReadonlyMap<string, string>;
  meetings: readonly BookedMeeting[];
  concalls: readonly BookedConcall[];
  /** `SYMBOL:qN_YY` of results already filed (the free index): a meeting gone from the calendar then happened. */
  reported: ReadonlySet<string>;
  /** The quarters whose deadlines are shown. */
  quarters: readonly string[];
  market: MarketCalendar;
  published: readonly PublishedEvent[];
}

export interface HoldingsCalendar {
  events: FeedEvent[];
  /** Rows to insert or replace in what the feed published. */
  upserts: PublishedEvent[];
  /** uids no longer published (past the keep window, or no longer held). */
  deletes: string[];
}

const uidOf = (kind: string, ...parts: string[]) => `${kind}-${parts.join("-").toLowerCase()}@alpha-desk`;

/** The fields of a day-long event that never moves (a filing deadline, a market holiday). */
function allDayEvent(stamp: string) {
  return { allDay: true, minutes: 0, sequence: 0, status: "confirmed", movedFrom: null, stamp } as const;
}

function when(start: string): string {
  return DATE_ONLY.test(start) ? formatIstDate(`${start}T00:00:00+05:30`) : formatIstDateTime(start);
}

function startMs(start: string): number {
  return DATE_ONLY.test(start) ? Date.parse(`${start}T00:00:00+05:30`) : Date.parse(start);
}

/** The IST day of the event's start, YYYY-MM-DD (the reminder's day). */
export function eventDay(event: Pick<FeedEvent, "start" | "allDay">): string {
  return event.allDay ? event.start : istDate(Date.parse(event.start));
}

function named(symbol: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(symbol);
  return name ? `${symbol} (${name})` : symbol;
}

function tracked(input: HoldingsCalendarInput, stamp: string): FeedEvent[] {
  const out = new Map<string, FeedEvent>();
  for (const m of input.meetings) {
    const start = DATE_ONLY.test(m.date) ? m.date : new Date(Date.parse(m.date)).toISOString();
    if (!Number.isFinite(startMs(start))) continue;
    const label = quarterLabel(m.quarter);
    out.set(uidOf("results", m.symbol, m.quarter), {
      uid: uidOf("results", m.symbol, m.quarter),
      kind: "meeting",
      symbol: m.symbol,
      summary: `${m.symbol} · ${label} results board meeting`,
      description: `${named(m.symbol, input.names)}: board meeting to consider the ${label} financial results, ${when(start)}.`,
      start,
      allDay: DATE_ONLY.test(start),
      minutes: TIMED_MINUTES,
      sequence: 0,
      status: "confirmed",
      movedFrom: null,
      stamp,
    });
  }
  for (const c of input.concalls) {
    const ms = Date.parse(c.meetingDate);
    if (!Number.isFinite(ms)) continue;
    const start = new Date(ms).toISOString();
    const label = quarterLabel(c.quarter);
    out.set(uidOf("concall", c.symbol, c.quarter), {
      uid: uidOf("concall", c.symbol, c.quarter),
      kind: "concall",
      symbol: c.symbol,
      summary: `${c.symbol} · ${label} earnings call`,
      description: `${named(c.symbol, input.names)}: conference call on the ${label} results, ${when(start)}.`,
      start,
      allDay: false,
      minutes: TIMED_MINUTES,
      sequence: 0,
      status: "confirmed",
      movedFrom: null,
      stamp,
    });
  }
  return [...out.values()];
}

/** Meetings and calls against what was published: moves raise the sequence, withdrawals cancel, the past ages out. */
function reconcile(input: HoldingsCalendarInput, current: FeedEvent[], stamp: string): HoldingsCalendar {
  const held = new Set(input.holdings);
  const before = new Map(input.published.map((p) => [p.uid, p]));
  const events: FeedEvent[] = [];
  const upserts: PublishedEvent[] = [];
  const deletes: string[] = [];
  const keepFrom = input.nowMs - KEEP_PAST_DAYS * DAY_MS;

  for (const event of current) {
    const prev = before.get(event.uid);
    before.delete(event.uid);
    if (prev && prev.start === event.start && prev.status === "confirmed") {
      // Unchanged: answered exactly as last published (same sequence, same stamp).
      const same = { ...event, sequence: prev.sequence, movedFrom: prev.movedFrom, stamp: prev.event.stamp };
      events.push(withMove(same));
      continue;
    }
    const moved = prev && prev.start !== event.start ? prev.start : (prev?.movedFrom ?? null);
    const next = withMove({ ...event, sequence: prev ? prev.sequence + 1 : 0, movedFrom: moved });
    events.push(next);
    upserts.push({ uid: next.uid, symbol: next.symbol ?? "", start: next.start, sequence: next.sequence, status: "confirmed", movedFrom: moved, event: next });
  }

  for (const prev of before.values()) {
    const at = startMs(prev.start);
    if (!held.has(prev.symbol) || at < keepFrom) {
      deletes.push(prev.uid);
      continue;
    }
    const quarter = /-(q\d_\d{2})@/.exec(prev.uid)?.[1] ?? "";
    const happened = at <= input.nowMs || input.reported.has(`${prev.symbol}:${quarter}`);
    if (prev.status === "cancelled" || happened) {
      events.push(prev.event);
      continue;
    }
    const cancelled: FeedEvent = {
      ...prev.event,
      sequence: prev.sequence + 1,
      status: "cancelled",
      summary: `Cancelled: ${prev.event.summary}`,
      description: `Withdrawn from the exchange calendar. ${prev.event.description}`,
      stamp,
    };
    events.push(cancelled);
    upserts.push({ ...prev, sequence: cancelled.sequence, status: "cancelled", event: cancelled });
  }
  return { events, upserts, deletes };
}

function withMove(event: FeedEvent): FeedEvent {
  if (!event.movedFrom || event.movedFrom === event.start) return { ...event, movedFrom: event.movedFrom === event.start ? null : event.movedFrom };
  return { ...event, description: `Moved from ${when(event.movedFrom)} to ${when(event.start)}. ${event.description}` };
}

function deadlines(input: HoldingsCalendarInput, stamp: string): FeedEvent[] {
  const out: FeedEvent[] = [];
  for (const quarter of input.quarters) {
    const due = resultsDeadlineMs(quarter);
    if (due < input.nowMs - KEEP_PAST_DAYS * DAY_MS) continue;
    const day = istDate(due - 1);
    const label = quarterLabel(quarter);
    for (const symbol of input.holdings) {
      const filed = input.reported.has(`${symbol}:${quarter}`);
      out.push({
        uid: uidOf("deadline", symbol, quarter),
        kind: "deadline",
        symbol,
        summary: `${symbol} · ${label} results due`,
        description: `${named(symbol, input.names)}: the last day to file the ${label} results under SEBI's listing rules${filed ? " (already filed)" : ""}.`,
        start: day,
        ...allDayEvent(stamp),
      });
    }
  }
  return out;
}

function marketDays(input: HoldingsCalendarInput, stamp: string): FeedEvent[] {
  const from = istDate(input.nowMs - KEEP_PAST_DAYS * DAY_MS);
  const to = istDate(input.nowMs + MARKET_DAYS_AHEAD * DAY_MS);
  const out: FeedEvent[] = [];
  for (const h of input.market.holidays) {
    if (h.date < from || h.date > to) continue;
    out.push({
      uid: uidOf("holiday", h.date),
      kind: "holiday",
      symbol: null,
      summary: `NSE holiday: ${h.name}`,
      description: `The NSE equity market is closed for ${h.name}${h.provisional ? " (provisional until the exchange confirms)" : ""}.`,
      start: h.date,
      ...allDayEvent(stamp),
    });
  }
  for (const s of input.market.specialSessions) {
    if (s.date < from || s.date > to) continue;
    const normal = s.sessions.find((w) => w.id === "normal") ?? s.sessions[0]!;
    const first = [...s.sessions].sort((a, b) => (a.from < b.from ? -1 : 1))[0]!;
    const startAt = Date.parse(`${s.date}T${first.from}:00+05:30`);
    const endAt = Date.parse(`${s.date}T${normal.to}:00+05:30`);
    out.push({
      uid: uidOf("session", s.date),
      kind: "session",
      symbol: null,
      summary: `NSE special session: ${s.name}`,
      description: `${s.name}: normal market ${normal.from}–${normal.to} IST${s.provisional ? " (provisional)" : ""}.`,
      start: new Date(startAt).toISOString(),
      allDay: false,
      minutes: Math.max(1, Math.round((endAt - startAt) / 60_000)),
      sequence: 0,
      status: "confirmed",
      movedFrom: null,
      stamp,
    });
  }
  return out;
}

export function buildHoldingsCalendar(input: HoldingsCalendarInput): HoldingsCalendar {
  const stamp = new Date(input.nowMs).toISOString();
  const held = new Set(input.holdings);
  const current = tracked({ ...input, meetings: input.meetings.filter((m) => held.has(m.symbol)), concalls: input.concalls.filter((c) => held.has(c.symbol)) }, stamp);
  const { events, upserts, deletes } = reconcile(input, current, stamp);
  // Market days and deadlines follow from rules and the calendar: their stamp is their day's, so it does not churn.
  const fixed = [...deadlines(input, stamp), ...marketDays(input, stamp)].map((e) => ({ ...e, stamp: `${e.start.slice(0, 10)}T00:00:00.000Z` }));
  return { events: [...events, ...fixed].sort((a, b) => startMs(a.start) - startMs(b.start) || a.uid.localeCompare(b.uid)), upserts, deletes };
}
