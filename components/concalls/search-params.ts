import { parseAsString } from "nuqs/server";
import * as z from "zod";
import { MAX_LIST_VALUES } from "@/lib/alpha/query-params";
import { isDayKey } from "@/components/earnings/calendar";
import { normalizeSymbols, symbolFilterParsers } from "@/components/earnings/search-params";

/** The URL of /concalls: symbols and a watchlist (shared with the earnings page) and a filing date range. */
export const concallsParsers = {
  ...symbolFilterParsers,
  from: parseAsString,
  to: parseAsString,
};

export interface ConcallsSearch {
  symbols: string[];
  watchlist: string | null;
  from: string | null;
  to: string | null;
}

const dayParam = z.string().refine(isDayKey).optional().catch(undefined);
const schema = z.object({
  symbols: z.string().optional().catch(undefined),
  watchlist: z.string().trim().min(1).max(64).optional().catch(undefined),
  from: dayParam,
  to: dayParam,
});

export function parseConcallsSearch(raw: Record<string, string | string[] | undefined>): ConcallsSearch {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const p = schema.parse({ symbols: first(raw.symbols), watchlist: first(raw.watchlist), from: first(raw.from), to: first(raw.to) });
  return { symbols: normalizeSymbols(p.symbols ? [p.symbols] : []), watchlist: p.watchlist ?? null, from: p.from ?? null, to: p.to ?? null };
}

export const UPCOMING_CALLS_LIMIT = 50;
export const RECENT_CALLS_LIMIT = 20;

/** The free upcoming-calls page (detailed=false: the intimation links would cost 5 credits a page). */
export function upcomingCallsInput(symbols: readonly string[], page: number) {
  const s = symbols.slice(0, MAX_LIST_VALUES);
  return { query: { ...(s.length ? { symbols: s } : {}), page, limit: UPCOMING_CALLS_LIMIT } };
}

/** One paid page of recent calls (1 credit per call returned). */
export function recentCallsInput(filters: { symbols: readonly string[]; from: string | null; to: string | null }, page: number) {
  const s = filters.symbols.slice(0, MAX_LIST_VALUES);
  return {
    query: {
      ...(s.length ? { symbols: s } : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      page,
      limit: RECENT_CALLS_LIMIT,
    },
  };
}
