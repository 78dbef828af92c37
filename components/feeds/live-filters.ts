import { resolveBound } from "@/lib/alpha/time";

/** Date filters of the live feed pages: `from` and `to` are IST days (or datetimes), both inclusive. */

/** A `to` before now: nothing live can match, so the page does not stream. */
export function rangeEnded(to: string | null, now = Date.now()): boolean {
  return Boolean(to && resolveBound(to, "to").getTime() < now);
}

/** Whether an instant (epoch ms) lies inside the range. */
export function inDateRange(at: number, from: string | null, to: string | null): boolean {
  if (from && at < resolveBound(from, "from").getTime()) return false;
  if (to && at > resolveBound(to, "to").getTime()) return false;
  return true;
}
