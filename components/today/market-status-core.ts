/** The panel's words by a given calendar, without the built-in calendar's data (the browser loads that on demand). */
import type { MarketCalendarView, MarketPhase } from "@/lib/market/calendar-view";

const DAY_MS = 86_400_000;

export interface MarketStatusView {
  phase: MarketPhase;
  /** "Open", "Pre-open", "Closing session", "Closed", or the holiday's name. */
  label: string;
  /** Why the market is shut all day (a holiday's name, "Weekend"), when it is. */
  closedReason: string | null;
  /** The running session's end (open, pre-open, closing), as an instant. */
  untilMs: number | null;
  /** The next normal session's start after `ms` (the next market open), or null past the calendar. */
  nextOpenMs: number | null;
  /** A special session today (Muhurat, Budget day), by name. */
  special: string | null;
}

/** The next start of a normal session strictly after `ms`, over the next three weeks of the calendar. */
export function nextOpenAfter(ms: number, calendar: MarketCalendarView): number | null {
  for (let d = 0; d < 21; d += 1) {
    const normal = calendar.marketDay(ms + d * DAY_MS).sessions.find((s) => s.id === "normal");
    if (normal && normal.fromMs > ms) return normal.fromMs;
  }
  return null;
}

/** What Today's status panel says at `ms` by a calendar (the desk's active one, or the built-in one). */
export function marketStatusView(ms: number, calendar: MarketCalendarView): MarketStatusView {
  const status = calendar.marketStatusAt(ms);
  const label =
    status.phase === "open" ? "Open" : status.phase === "pre_open" ? "Pre-open" : status.phase === "closing" ? "Closing session" : status.closedReason && status.closedReason !== "Weekend" ? "Holiday" : "Closed";
  return {
    phase: status.phase,
    label,
    closedReason: status.closedReason,
    untilMs: status.session && status.phase !== "closed" && status.phase !== "post_close" ? status.session.toMs : null,
    nextOpenMs: status.phase === "open" ? nextOpenAfter(status.session?.toMs ?? ms, calendar) : nextOpenAfter(ms, calendar),
    special: status.day.special?.name ?? null,
  };
}
