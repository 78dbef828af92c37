import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { EarningsIndexRow, UpcomingEarningsRow } from "@/lib/alpha/earnings";
import { MAX_LIST_VALUES } from "@/lib/alpha/patterns";
import type { ListView } from "@/lib/alpha/views";
import { allAlphaCalls, alphaQueryOptions } from "@/lib/query/alpha";
import { alphaPeekOptions, fetchAlpha } from "@/lib/query/alpha-core";
import { alphaKeys } from "@/lib/query/alpha-keys";
import { transportOf } from "@/lib/query/transport";
import { deskKey } from "@/lib/query/desk";
import { pagesForRpm } from "@/lib/desk/rate-budget";
import type { UsageView } from "@/lib/desk/usage";

/**
 * How many pages of a free collection to read: the server's budget for the account, or in the browser the one its
 * gauge knows (the plan's rpm), so a Sandbox user's page does not read eight pages after hydration either.
 */
async function collectionBudget(client: QueryClient, max: number): Promise<number | (() => number)> {
  const server = transportOf(client);
  if (server) return server.pageBudget(max);
  return pagesForRpm(client.getQueryData<UsageView>(deskKey("getUsage"))?.usage.rate_limits.overall.rpm, max);
}

/** Upcoming results come nearest first, 50 a page at most; this many pages cover a results season. */
export const UPCOMING_PAGE_LIMIT = 50;
export const UPCOMING_MAX_PAGES = 8;

/**
 * What the desk shows of an upcoming results row: not the announcement's long texts (`bm_desc`, `body`), shown nowhere
 * and two thirds of the calendar's bytes in every page that carries it.
 */
export type CalendarRow = Pick<UpcomingEarningsRow, "id" | "symbol" | "company" | "purpose" | "title" | "date" | "quarter">;

const CALENDAR_FIELDS = ["id", "symbol", "company", "purpose", "title", "date", "quarter"] as const satisfies readonly (keyof CalendarRow)[];

/** The row's shown fields, those it has only (an absent field must not become an `undefined` in the page's payload). */
function calendarRow(row: UpcomingEarningsRow): CalendarRow {
  const out: Record<string, unknown> = {};
  for (const field of CALENDAR_FIELDS) if (row[field] !== undefined) out[field] = row[field];
  return out as CalendarRow;
}

export interface UpcomingCalendar {
  rows: CalendarRow[];
  /** More rows exist beyond what was collected (the calendar shows the nearest ones only). */
  truncated: boolean;
}

type PageFetcher = (input: { symbols: string[] | undefined; page: number }) => Promise<ListView<UpcomingEarningsRow>>;

/** Splits a symbol list into the chunks one request may carry; no symbols means one unfiltered request. */
export function symbolChunks(symbols: readonly string[]): (string[] | undefined)[] {
  if (symbols.length === 0) return [undefined];
  const out: string[][] = [];
  for (let i = 0; i < symbols.length; i += MAX_LIST_VALUES) out.push(symbols.slice(i, i + MAX_LIST_VALUES));
  return out;
}

/**
 * Collects the upcoming results calendar page by page (free), per chunk of 20 symbols, and merges it nearest first.
 * Shared by the server prefetch (through callAlpha) and the browser (through the desk's proxy).
 */
export async function collectUpcomingCalendar(
  symbols: readonly string[],
  fetchPage: PageFetcher,
  maxPages: number | (() => number) = UPCOMING_MAX_PAGES,
): Promise<UpcomingCalendar> {
  let truncated = false;
  // A function is asked before every page: the server's budget for the account may shrink once its rpm is known.
  const limit = typeof maxPages === "function" ? maxPages : () => maxPages;
  const chunks = await Promise.all(
    symbolChunks(symbols).map(async (chunk) => {
      const rows: CalendarRow[] = [];
      for (let page = 1; page <= limit(); page += 1) {
        const res = await fetchPage({ symbols: chunk, page });
        rows.push(...res.items.map(calendarRow));
        if (!res.hasNext) return rows;
      }
      truncated = true;
      return rows;
    }),
  );
  const seen = new Set<string>();
  const rows = chunks.flat().filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  rows.sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.symbol.localeCompare(b.symbol));
  return { rows, truncated };
}

/** The catalogue input of one page of the upcoming calendar: identical on server and browser so keys match. */
export function upcomingPageInput(symbols: string[] | undefined, page: number) {
  return { query: { ...(symbols ? { symbols } : {}), page, limit: UPCOMING_PAGE_LIMIT } };
}

/** The free upcoming results calendar for a symbol filter (empty: every company). */
export function upcomingCalendarQueryOptions(symbols: readonly string[]) {
  return queryOptions({
    queryKey: ["earnings", "upcoming-calendar", [...symbols]],
    queryFn: async ({ signal, client }) => {
      // On the server it is a background collection: a low-rpm account (Sandbox) reads the nearest pages only.
      const budget = await collectionBudget(client, UPCOMING_MAX_PAGES);
      return collectUpcomingCalendar(symbols, ({ symbols: chunk, page }) => fetchAlpha(client, "listUpcomingEarnings", upcomingPageInput(chunk, page), signal), budget);
    },
    staleTime: 60_000,
  });
}

/**
 * Company names the browser already holds from free or already-paid answers: every upcoming calendar collected this
 * session (any symbol filter) and any earnings rows bought. Names here are never bought again.
 */
export function heldCompanyNames(client: QueryClient): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, calendar] of client.getQueriesData<UpcomingCalendar>({ queryKey: ["earnings", "upcoming-calendar"] })) {
    for (const r of calendar?.rows ?? []) if (r.company) names.set(r.symbol, r.company);
  }
  for (const id of ["listEarnings", "getEarningsDetail"] as const) {
    for (const [, answer] of client.getQueriesData<{ items?: unknown[]; item?: unknown }>({ queryKey: alphaKeys.endpoint(id) })) {
      const list = answer?.items ?? (answer?.item ? [answer.item] : []);
      for (const r of list as { symbol?: unknown; company_name?: unknown }[]) {
        if (typeof r.symbol === "string" && typeof r.company_name === "string" && r.company_name) names.set(r.symbol, r.company_name);
      }
    }
  }
  return names;
}

/** Results filed on past days come from the free earnings index, 100 a page; this many pages cover a busy month. */
export const FILED_PAGE_LIMIT = 100;
export const FILED_MAX_PAGES = 5;

export interface FiledCalendar {
  rows: EarningsIndexRow[];
  truncated: boolean;
}

/**
 * Results filed between two IST days (both included), from the free earnings index, per chunk of 20 symbols (none:
 * every company), merged in filing order. What the calendar shows on past days beside the scheduled meetings.
 */
export async function collectFiledCalendar(
  symbols: readonly string[],
  fetchPage: (input: { symbols: string[] | undefined; page: number }) => Promise<ListView<EarningsIndexRow>>,
  maxPages: number | (() => number) = FILED_MAX_PAGES,
): Promise<FiledCalendar> {
  let truncated = false;
  const limit = typeof maxPages === "function" ? maxPages : () => maxPages;
  const chunks = await Promise.all(
    symbolChunks(symbols).map(async (chunk) => {
      const rows: EarningsIndexRow[] = [];
      for (let page = 1; page <= limit(); page += 1) {
        const res = await fetchPage({ symbols: chunk, page });
        rows.push(...res.items);
        if (!res.hasNext) return rows;
      }
      truncated = true;
      return rows;
    }),
  );
  const seen = new Set<string>();
  const rows = chunks.flat().filter((r) => !!r.date && (seen.has(r.id) ? false : (seen.add(r.id), true)));
  rows.sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.symbol.localeCompare(b.symbol));
  return { rows, truncated };
}

export function filedPageInput(symbols: string[] | undefined, range: { from: string; to: string }, page: number) {
  return { query: { ...(symbols ? { symbols } : {}), from: range.from, to: range.to, page, limit: FILED_PAGE_LIMIT } };
}

/** Results filed from `from` to `to` (IST days) for a symbol filter (empty: every company); free. */
export function filedCalendarQueryOptions(symbols: readonly string[], range: { from: string; to: string }) {
  return queryOptions({
    queryKey: ["earnings", "filed-calendar", [...symbols], range.from, range.to],
    queryFn: async ({ signal, client }) =>
      collectFiledCalendar(symbols, ({ symbols: chunk, page }) => fetchAlpha(client, "listEarningsIndex", filedPageInput(chunk, range, page), signal), await collectionBudget(client, FILED_MAX_PAGES)),
    staleTime: 60_000,
  });
}

/**
 * The symbols of a past-results page whose company name is not held yet (at most one metadata lookup's 20): the input
 * of the names' paid call, and of the server's peek at what the desk already bought (seedCompanyNamesPeek).
 */
export function unnamedSymbols(symbols: readonly string[], names: ReadonlyMap<string, string>): string[] {
  return symbols.filter((s) => !names.has(s)).slice(0, 20);
}

/** The input of the paid company-names lookup (symbol metadata) of past results' unnamed symbols. */
export function companyNamesInput(symbols: string[]) {
  return { query: { symbols } };
}

/**
 * The peek at the names of a past-results page that the held names (the collected calendar) do not cover, asked once
 * the index page and the calendar are in `client`: null when every name is held or the page is not loaded.
 */
export function companyNamesPeekOptions(client: QueryClient, indexInput: Parameters<typeof alphaQueryOptions<"listEarningsIndex">>[1]) {
  const index = client.getQueryData(alphaQueryOptions("listEarningsIndex", indexInput).queryKey);
  if (!index) return null;
  const unknown = unnamedSymbols(
    index.items.map((r) => r.symbol),
    heldCompanyNames(client),
  );
  return unknown.length ? alphaPeekOptions(allAlphaCalls, "listSymbolMetadata", companyNamesInput(unknown)) : null;
}

