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

/** An ISO time as epoch ms; a missing or unreadable one reads as 0, so it sorts last. */
export function timeOf(iso: string | null | undefined): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : 0;
}

/** The REST query of one backfill page, the feed's own filters in `own`; a watchlist beyond 20 symbols is cut to 20. */
export function backfillInput<T extends object>(filters: { symbols: readonly string[]; from: string | null; to: string | null }, own: T, page: number, limit: number) {
  return {
    query: {
      ...(filters.symbols.length ? { symbols: filters.symbols.slice(0, 20) } : {}),
      ...own,
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      page,
      limit,
    },
  };
}

/** Stream and page rows, one per id (the first seen wins), newest first. */
export function mergeById<T extends { id: string }>(lists: readonly (readonly T[])[], time: (row: T) => number): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const row of list) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => time(b) - time(a));
}
