/**
 * The market calendar the simulator follows, from a JSON file the desk writes when an admin saves a calendar
 * (DESK_DATA_DIR/market-calendar.json in the embedded start). Re-read when the file changes (checked at most every
 * few seconds); a missing or invalid file means the built-in NSE calendar, so the service also runs standalone.
 */
import { readFileSync, statSync } from "node:fs";
import type { MarketCalendarView } from "../../lib/market/calendar";
import { calendarView, NSE_VIEW } from "../../lib/market/calendar";
import { marketCalendarSchema } from "../../lib/market/calendar-schema";

const CHECK_EVERY_MS = 5_000;

export function calendarFromFile(path: string, now: () => number = Date.now): () => MarketCalendarView {
  let view: MarketCalendarView = NSE_VIEW;
  let seenMtime = -1;
  let checkedAt = -Infinity;
  let warned = false;
  return () => {
    const t = now();
    if (t - checkedAt < CHECK_EVERY_MS) return view;
    checkedAt = t;
    let mtime: number;
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      view = NSE_VIEW;
      seenMtime = -1;
      return view;
    }
    if (mtime === seenMtime) return view;
    seenMtime = mtime;
    try {
      view = calendarView(marketCalendarSchema.parse(JSON.parse(readFileSync(path, "utf8"))));
      warned = false;
    } catch (error) {
      view = NSE_VIEW;
      if (!warned) console.error(JSON.stringify({ level: "warn", msg: "market calendar file is not valid; the simulator follows the built-in calendar", path, error: String(error).slice(0, 300) }));
      warned = true;
    }
    return view;
  };
}
