import { NSE_VIEW } from "@/lib/market/calendar";
import type { MarketCalendarView } from "@/lib/market/calendar-view";
import { type MarketStatusView, marketStatusView as statusBy, nextOpenAfter as nextOpenBy } from "./market-status-core";

export type { MarketStatusView };

/** The next start of a normal session strictly after `ms`, over the next three weeks of the calendar (the built-in one by default). */
export function nextOpenAfter(ms: number, calendar: MarketCalendarView = NSE_VIEW): number | null {
  return nextOpenBy(ms, calendar);
}

/** What Today's status panel says at `ms` by a calendar (the desk's active one; the built-in one by default). */
export function marketStatusView(ms: number, calendar: MarketCalendarView = NSE_VIEW): MarketStatusView {
  return statusBy(ms, calendar);
}
