import type { MarketCalendarView } from "./calendar-view";

/**
 * Whether no session of the market ran between two instants: an answer bought while the market was shut (a weekend,
 * a holiday, the evening) is as current as it was until the next session begins, and a reload before then is not
 * worth paying for again.
 */
export function marketQuietBetween(view: MarketCalendarView, fromMs: number, toMs: number): boolean {
  if (toMs < fromMs) return false;
  const phase = view.marketStatusAt(fromMs).phase;
  if (phase !== "closed" && phase !== "post_close") return false;
  const next = view.nextSessionStart(fromMs);
  return next === null || next.fromMs > toMs;
}
