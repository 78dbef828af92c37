import type { DeskAlert as Alert } from "@/lib/alpha/alerts";
import type { AnnouncementRow } from "@/lib/alpha/announcements";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import type { Concall, UpcomingConcall } from "@/lib/alpha/concalls";
import type { EarningsIndexRow, UpcomingEarningsRow } from "@/lib/alpha/earnings";
import type { NewsItem } from "@/lib/alpha/news";
import { resolveBound } from "@/lib/alpha/time";

/** One symbol's events from every source, on one time line. Pure, so it is tested without a browser. */

export const TIMELINE_KINDS = ["results", "calls", "alerts", "news", "announcements", "block-deals"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export type TimelineEvent =
  | { kind: "results"; id: string; at: number; upcoming: false; row: EarningsIndexRow }
  | { kind: "results"; id: string; at: number; upcoming: true; row: UpcomingEarningsRow }
  | { kind: "calls"; id: string; at: number; upcoming: true; row: UpcomingConcall }
  | { kind: "calls"; id: string; at: number; upcoming: false; row: Concall }
  | { kind: "alerts"; id: string; at: number; upcoming: false; row: Alert }
  | { kind: "news"; id: string; at: number; upcoming: false; row: NewsItem }
  | { kind: "announcements"; id: string; at: number; upcoming: false; row: AnnouncementRow }
  | { kind: "block-deals"; id: string; at: number; upcoming: false; row: BlockDeal };

/** The events a person buys (or the desk's cache holds): past calls, alerts, news and block deals. */
export type PaidTimelineEvent = Extract<TimelineEvent, { kind: "calls" | "alerts" | "news" | "block-deals"; upcoming: false }>;

export interface TimelineSources {
  results?: readonly EarningsIndexRow[];
  upcomingResults?: readonly UpcomingEarningsRow[];
  upcomingCalls?: readonly UpcomingConcall[];
  calls?: readonly Concall[];
  alerts?: readonly Alert[];
  news?: readonly NewsItem[];
  announcements?: readonly AnnouncementRow[];
  blockDeals?: readonly BlockDeal[];
}

function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = resolveBound(value.trim(), "from").getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * Merges the sources into events: what is still ahead (scheduled results and calls) nearest first, then what has
 * happened, newest first. Rows without a usable time are left out; a call seen twice (scheduled and held) once.
 */
export function buildTimeline(src: TimelineSources, now: number): { upcoming: TimelineEvent[]; past: TimelineEvent[] } {
  const events: TimelineEvent[] = [];
  const push = (e: TimelineEvent | null) => {
    if (e) events.push(e);
  };
  for (const row of src.results ?? []) {
    const at = instant(row.date);
    push(at === null ? null : { kind: "results", id: `results:${row.id}`, at, upcoming: false, row });
  }
  for (const row of src.upcomingResults ?? []) {
    const at = instant(row.date);
    push(at === null ? null : { kind: "results", id: `upcoming-results:${row.id}`, at, upcoming: true, row });
  }
  const heldCalls = new Set((src.calls ?? []).map((c) => c.id));
  for (const row of src.upcomingCalls ?? []) {
    const at = instant(row.meeting_date);
    if (heldCalls.has(row.id)) continue;
    push(at === null ? null : { kind: "calls", id: `upcoming-call:${row.id}`, at, upcoming: true, row });
  }
  for (const row of src.calls ?? []) {
    const at = instant(row.date);
    push(at === null ? null : { kind: "calls", id: `call:${row.id}`, at, upcoming: false, row });
  }
  for (const row of src.alerts ?? []) {
    const at = instant(row.timestamp);
    push(at === null ? null : { kind: "alerts", id: `alert:${row.id}`, at, upcoming: false, row });
  }
  for (const row of src.news ?? []) {
    const at = instant(row.date);
    push(at === null ? null : { kind: "news", id: `news:${row.id}`, at, upcoming: false, row });
  }
  for (const row of src.announcements ?? []) {
    const at = instant(row.date);
    push(at === null ? null : { kind: "announcements", id: `announcement:${row.id}`, at, upcoming: false, row });
  }
  for (const row of src.blockDeals ?? []) {
    const at = instant(row.date);
    push(at === null ? null : { kind: "block-deals", id: `block-deal:${row.id}`, at, upcoming: false, row });
  }
  const upcoming = events.filter((e) => e.upcoming && e.at >= now).sort((a, b) => a.at - b.at);
  const past = events.filter((e) => !(e.upcoming && e.at >= now)).sort((a, b) => b.at - a.at);
  return { upcoming, past };
}

export function parseKinds(value: readonly string[] | null | undefined): TimelineKind[] {
  const picked = (value ?? []).filter((v): v is TimelineKind => (TIMELINE_KINDS as readonly string[]).includes(v));
  return picked.length ? [...new Set(picked)] : [...TIMELINE_KINDS];
}
