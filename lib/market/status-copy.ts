/**
 * The market's status in words for people, from a calendar view at a moment: the shell's badge and the live feeds'
 * closed note read it. Pure (no clock): the caller passes the moment.
 */
import { dayMonth, hourMinute, istParts, weekdayShort } from "@/lib/format/calendar-parts";
import type { MarketCalendarView } from "./calendar-view";
import { istDayStart } from "./calendar-view";

const DAY_MS = 86_400_000;
export type MarketBadgePhase = "pre_open" | "open" | "closing" | "closed" | "holiday";

export interface MarketStatusCopy {
  phase: MarketBadgePhase;
  /** Short: "Market open", "Pre-open", "Closing session", "Market closed", "Holiday". */
  label: string;
  /** A sentence: what is happening and what comes next. */
  detail: string;
  /** "Tue 09:15 IST", "today 09:15 IST"; null when the calendar knows no next session. */
  nextSession: string | null;
  /** Whether live market events flow now (pre-open, open, closing). */
  trading: boolean;
}

const clock = (ms: number) => hourMinute(istParts(ms));

/** When a session starts, for people: "today 09:15 IST", "Tue 09:15 IST" within a week, "Tue 1 Dec 09:15 IST" beyond. */
export function sessionWhen(startMs: number, nowMs: number): string {
  const time = `${clock(startMs)} IST`;
  const days = Math.round((istDayStart(startMs) - istDayStart(nowMs)) / DAY_MS);
  if (days === 0) return `today ${time}`;
  const start = istParts(startMs);
  if (days < 7) return `${weekdayShort(start)} ${time}`;
  return `${weekdayShort(start)} ${dayMonth(start)} ${time}`;
}

export function describeMarketStatus(view: MarketCalendarView, nowMs: number): MarketStatusCopy {
  const status = view.marketStatusAt(nowMs);
  const next = view.nextSessionStart(nowMs);
  const nextSession = next ? sessionWhen(next.fromMs, nowMs) : null;
  const nextText = nextSession ? `Next session ${nextSession}.` : "No session is scheduled in the calendar.";
  const normal = status.day.sessions.find((s) => s.id === "normal");
  const special = status.day.special ? ` (${status.day.special.name})` : "";
  switch (status.phase) {
    case "pre_open":
      return { phase: "pre_open", label: "Pre-open", detail: `Pre-open order entry${special}; the market opens at ${normal ? `${clock(normal.fromMs)} IST` : "the session's start"}.`, nextSession, trading: true };
    case "open":
      return { phase: "open", label: "Market open", detail: `Normal market${special} until ${normal ? `${clock(normal.toMs)} IST` : "the session's end"}.`, nextSession, trading: true };
    case "closing":
      return { phase: "closing", label: "Closing session", detail: `The closing session runs until ${status.session ? `${clock(status.day.sessions.at(-1)?.toMs ?? status.session.toMs)} IST` : "16:00 IST"}. ${nextText}`, nextSession, trading: true };
    default:
      if (status.day.holiday && !status.day.special) {
        return { phase: "holiday", label: "Holiday", detail: `Market holiday: ${status.day.holiday.name}. ${nextText}`, nextSession, trading: false };
      }
      return {
        phase: "closed",
        label: "Market closed",
        detail: `${status.closedReason === "Weekend" ? "Closed for the weekend. " : ""}${nextText}`,
        nextSession,
        trading: false,
      };
  }
}

const FEED_WORDS = { alerts: "live alerts resume", news: "live news resumes", announcements: "live announcements resume", "block-deals": "live block deals resume" } as const;

/** "Market closed: next session Tue 09:15 IST; live alerts resume then", or null while the market trades. */
export function liveClosedNote(copy: MarketStatusCopy, product: keyof typeof FEED_WORDS): string | null {
  if (copy.trading) return null;
  return copy.nextSession ? `Market closed: next session ${copy.nextSession}; ${FEED_WORDS[product]} then` : `Market closed; ${FEED_WORDS[product]} with the next session`;
}
