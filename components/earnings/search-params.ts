import { createLoader, createParser, parseAsArrayOf, parseAsString, parseAsStringLiteral } from "@/lib/url-state/parsers";
import { previousQuarter, quarterKeyOfDate, formatQuarterKey, parseQuarterKey, quarterOfDate } from "@/lib/alpha/quarters";
import { QUARTER_KEY_RE, SYMBOL_RE } from "@/lib/alpha/patterns";
import { istDateString } from "@/lib/alpha/time";
import { CALENDAR_VIEWS, isDayKey } from "./day-key";

/**
 * The URL of the earnings page (and the filters the concalls and feed pages share): one set of URL parsers (lib/url-state), read
 * by the page on the server (`createLoader`) and by the browser (`useQueryStates`), then normalised through the same
 * functions, so both give the same answer for the same URL and prefetched keys match. No zod: this reaches the browser.
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

// ── parsers: the server's and the browser's reading of the URL ──
// A value a parser does not accept reads as absent (the default is used), so a bad or hostile URL never throws.

/** The largest page number a URL may ask for. */
export const MAX_URL_PAGE = 10_000;

/** A calendar day `YYYY-MM-DD` that exists. */
export const parseAsDay = createParser({ parse: (v: string) => (isDayKey(v) ? v : null), serialize: (v: string) => v });

/** A watchlist id as the URL carries it: trimmed, 1 to 64 characters. */
export const parseAsWatchlistId = createParser({
  parse: (v: string) => {
    const t = v.trim();
    return t.length >= 1 && t.length <= 64 ? t : null;
  },
  serialize: (v: string) => v,
});

/** `true` or `false`, exactly (parseAsBoolean, as nuqs's, also reads `TRUE` and any other word as false). */
export const parseAsFlag = createParser({ parse: (v: string) => (v === "true" ? true : v === "false" ? false : null), serialize: (v: boolean) => String(v) });

/** A page number, 1 to MAX_URL_PAGE, in plain digits (parseAsInteger would read `-1`, `3abc` or `1e9`). */
export const parseAsPage = createParser({
  parse: (v: string) => {
    const t = v.trim();
    if (!/^\d{1,6}$/.test(t)) return null;
    const n = Number(t);
    return n >= 1 && n <= MAX_URL_PAGE ? n : null;
  },
  serialize: (v: number) => String(v),
});

/** A quarter key, `q2_27`, read in any case. */
export const parseAsQuarterKey = createParser({
  parse: (v: string) => {
    const t = v.trim().toLowerCase();
    return QUARTER_KEY_RE.test(t) ? t : null;
  },
  serialize: (v: string) => v,
});

export const symbolFilterParsers = {
  symbols: parseAsArrayOf(parseAsString, ",").withDefault([]),
  watchlist: parseAsWatchlistId,
};

export const earningsParsers = {
  ...symbolFilterParsers,
  view: parseAsStringLiteral(CALENDAR_VIEWS).withDefault("month"),
  date: parseAsDay,
  past: parseAsStringLiteral(PAST_MODES).withDefault("quarter"),
  quarter: parseAsQuarterKey,
  from: parseAsDay,
  to: parseAsDay,
  page: parseAsPage.withDefault(1),
  result: parseAsString,
};

type RawParams = Record<string, string | string[] | undefined>;

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

/** The server's reading of the page's URL (the first value of a repeated parameter, as the browser reads it). */
export function parseEarningsSearch(raw: RawParams): EarningsSearch {
  const p = createLoader(earningsParsers)(raw);
  return { ...p, symbols: normalizeSymbols(p.symbols) };
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
