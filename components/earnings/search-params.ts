import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs/server";
import * as z from "zod";
import { previousQuarter, quarterKeyOfDate, formatQuarterKey, parseQuarterKey, quarterOfDate } from "@/lib/alpha/quarters";
import { QUARTER_KEY_RE, SYMBOL_RE } from "@/lib/alpha/primitives";
import { istDateString } from "@/lib/alpha/time";
import { CALENDAR_VIEWS, isDayKey } from "./calendar";

/**
 * The URL of the earnings page (and the filters the concalls page shares): parsed with zod on the server, read and
 * written with nuqs in the browser. Both sides normalise through the same functions so prefetched keys match.
 */

/** A typed watchlist of symbols is capped well above one request's 20: the calendar splits it into chunks. */
export const MAX_FILTER_SYMBOLS = 100;

/** Upper-cases, drops what is not a symbol, removes repeats, keeps the order typed. */
export function normalizeSymbols(values: readonly string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const raw of values ?? []) {
    for (const piece of raw.split(/[\s,]+/)) {
      const s = piece.trim().toUpperCase();
      if (s && SYMBOL_RE.test(s) && !out.includes(s)) out.push(s);
      if (out.length >= MAX_FILTER_SYMBOLS) return out;
    }
  }
  return out;
}

/** What a page filters on: the chosen watchlist's symbols, then the typed ones (server and browser alike). */
export function effectiveSymbols(watchlistSymbols: readonly string[] | null | undefined, typed: readonly string[]): string[] {
  return normalizeSymbols([...(watchlistSymbols ?? []), ...typed]);
}

export const PAST_MODES = ["quarter", "range"] as const;
export type PastMode = (typeof PAST_MODES)[number];

/** The quarter whose results are most likely being filed or just filed: the one before today's (IST). */
export function defaultResultsQuarter(now: Date): string {
  return formatQuarterKey(previousQuarter(quarterOfDate(now)));
}

/** The quarter picker's choices, newest first: the current quarter and the seven before it. */
export function recentQuarterKeys(now: Date, count = 8): string[] {
  let q = parseQuarterKey(quarterKeyOfDate(now)) ?? quarterOfDate(now);
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push(formatQuarterKey(q));
    q = previousQuarter(q);
  }
  return out;
}

export function todayIst(now: Date): string {
  return istDateString(now);
}

/** `TCS:q2_27` → the result the detail panel shows. */
export function parseResultRef(value: string | null | undefined): { symbol: string; quarter: string } | null {
  if (!value) return null;
  const [symbol, quarter] = value.split(":");
  if (!symbol || !quarter || !SYMBOL_RE.test(symbol.toUpperCase()) || !QUARTER_KEY_RE.test(quarter.toLowerCase())) return null;
  return { symbol: symbol.toUpperCase(), quarter: quarter.toLowerCase() };
}

export function resultRef(symbol: string, quarter: string): string {
  return `${symbol}:${quarter}`;
}

// ── browser: nuqs ──

export const symbolFilterParsers = {
  symbols: parseAsArrayOf(parseAsString, ",").withDefault([]),
  watchlist: parseAsString,
};

export const earningsParsers = {
  ...symbolFilterParsers,
  view: parseAsStringLiteral(CALENDAR_VIEWS).withDefault("month"),
  date: parseAsString,
  past: parseAsStringLiteral(PAST_MODES).withDefault("quarter"),
  quarter: parseAsString,
  from: parseAsString,
  to: parseAsString,
  page: parseAsInteger.withDefault(1),
  result: parseAsString,
};

// ── server: zod ──

type RawParams = Record<string, string | string[] | undefined>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

const dayParam = z
  .string()
  .refine(isDayKey)
  .optional()
  .catch(undefined);

const earningsSearchSchema = z.object({
  symbols: z.string().optional().catch(undefined),
  watchlist: z.string().trim().min(1).max(64).optional().catch(undefined),
  view: z.enum(CALENDAR_VIEWS).catch("month"),
  date: dayParam,
  past: z.enum(PAST_MODES).catch("quarter"),
  quarter: z.string().trim().toLowerCase().regex(QUARTER_KEY_RE).optional().catch(undefined),
  from: dayParam,
  to: dayParam,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  result: z.string().optional().catch(undefined),
});

export interface EarningsSearch {
  symbols: string[];
  watchlist: string | null;
  view: (typeof CALENDAR_VIEWS)[number];
  date: string | null;
  past: PastMode;
  quarter: string | null;
  from: string | null;
  to: string | null;
  page: number;
  result: string | null;
}

export function parseEarningsSearch(raw: RawParams): EarningsSearch {
  const picked = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)]));
  const p = earningsSearchSchema.parse({ view: undefined, past: undefined, page: undefined, ...picked });
  return {
    symbols: normalizeSymbols(p.symbols ? [p.symbols] : []),
    watchlist: p.watchlist ?? null,
    view: p.view,
    date: p.date ?? null,
    past: p.past,
    quarter: p.quarter ?? null,
    from: p.from ?? null,
    to: p.to ?? null,
    page: p.page,
    result: p.result ?? null,
  };
}

/** The free index query of the past-results list; the same function feeds the server prefetch and the browser. */
export function pastResultsInput(filters: {
  symbols: readonly string[];
  past: PastMode;
  quarter: string;
  from: string | null;
  to: string | null;
  page: number;
}) {
  const symbols = filters.symbols.slice(0, 20);
  const byRange = filters.past === "range" && (filters.from || filters.to);
  return {
    query: {
      ...(symbols.length ? { symbols } : {}),
      ...(byRange ? { ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) } : { quarter: filters.quarter }),
      page: filters.page,
      limit: PAST_PAGE_SIZE,
    },
  };
}

/** One page of past results fits one metadata lookup (20 symbols), so company names cost one call per page. */
export const PAST_PAGE_SIZE = 20;
