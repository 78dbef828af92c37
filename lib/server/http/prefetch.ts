import "server-only";
/**
 * Server prefetch for page.tsx files, the one way pages prefetch:
 * - pageContext(): the process DeskContext, the one way a server component obtains it (and passes it to every verb)
 * - requestQueryClient(): the request's QueryClient (one per request)
 * - prefetchFree({ ctx, user, client, id, input }): fills the QueryClient under the same key the browser's
 *   alphaQueryOptions uses; a call that can cost credits is refused (paid data is only ever fetched when the user asks)
 * - loadUpcomingCalendar({ ctx, user, symbols }) + seedUpcomingCalendar(client, symbols, calendar): the collected calendar,
 *   loaded once per request and put in each section that reads it
 * - watchlistSymbols({ ctx, user, watchlistId }): the symbols of the chosen watchlist (null when none or not the user's)
 * - userHasKey({ ctx, user }): whether prefetching can work at all
 * - seedPeeks({ ctx, user, client, calls }): what the browser's peeks at the desk's cache of paid GETs would find
 * - seedBriefs({ ctx, user, client }): the user's scheduled briefs and today's runs, under the browser's keys
 * - loadFiledCalendar + seedFiledCalendar: the calendar's past days (filed results), as loadUpcomingCalendar
 * - seedCompanyNamesPeek({ ctx, user, client, indexInput }): past results' paid-names peek (seedPeeks for the names)
 * Failures are swallowed: the browser fetches again and shows the error state that explains it.
 */
import type { QueryClient } from "@tanstack/react-query";
import { cache } from "react";
import { makeQueryClient } from "@/lib/query/query-client";
import type { CallInput } from "@/lib/alpha/client";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { prepareRequest } from "@/lib/alpha/client";
import { estimateCost } from "@/lib/alpha/costs";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { alphaPeekKey } from "@/lib/query/alpha-keys";
import { parseEnvelope } from "@/lib/query/alpha-contract";
import { briefRunsQueryOptions, briefSchedulesQueryOptions } from "@/lib/query/briefs";
import type { FiledCalendar, UpcomingCalendar } from "@/lib/query/earnings";
import {
  collectFiledCalendar,
  collectUpcomingCalendar,
  companyNamesInput,
  filedCalendarQueryOptions,
  filedPageInput,
  heldCompanyNames,
  unnamedSymbols,
  UPCOMING_MAX_PAGES,
  upcomingCalendarQueryOptions,
  upcomingPageInput,
} from "@/lib/query/earnings";
import { callAlpha, proxyAlphaCall } from "../upstream/alpha-proxy";
import { backgroundPages } from "../upstream/background-budget";
import type { DeskContext } from "../core/context";
import { getDeskContext } from "../core/default-context";
import { getAlphaKeyStatus, withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { findWatchlist } from "../portfolio/watchlists";
import { listBriefRuns, listBriefSchedules } from "../schedules/briefs";

/**
 * The one QueryClient of a server request: every section of a page prefetches into it and dehydrates from it, so a
 * query is loaded once per request whichever section reads it (React's cache() scopes it to the request).
 */
export const requestQueryClient: () => QueryClient = cache(makeQueryClient);

/** The process-wide DeskContext for a server component (page or layout): the one helper pages obtain it with. */
export async function pageContext(): Promise<DeskContext> {
  return getDeskContext();
}

export async function userHasKey({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<boolean> {
  return (await getAlphaKeyStatus({ ctx, userId: user.id })).hasKey;
}

export async function prefetchFree<K extends EndpointId>({ ctx, user, client, id, input }: { ctx: DeskContext; user: SessionUser; client: QueryClient; id: K; input: CallInput<K> }): Promise<void> {
  if (estimateCost(id, prepareRequest(id, input).parsed) > 0) throw new Error(`prefetchFree refuses ${id}: paid data is fetched only when the user asks`);
  const { queryKey } = alphaQueryOptions(id, input);
  await client.prefetchQuery({ queryKey, queryFn: () => callAlpha({ ctx, user, id, input }) }).catch(() => undefined);
}

/** The collected upcoming-results calendar (free), or null when it cannot be loaded now. */
export async function loadUpcomingCalendar({ ctx, user, symbols }: { ctx: DeskContext; user: SessionUser; symbols: readonly string[] }): Promise<UpcomingCalendar | null> {
  try {
    const { accountId } = await withUserKey({ userId: user.id, ctx });
    // A background collection: on a low-rpm account (Sandbox) it reads the nearest pages only.
    return await collectUpcomingCalendar(
      symbols,
      async ({ symbols: chunk, page }) => (await callAlpha({ ctx, user, id: "listUpcomingEarnings", input: upcomingPageInput(chunk, page) })).data,
      () => backgroundPages({ ctx, accountId, max: UPCOMING_MAX_PAGES }),
    );
  } catch {
    return null;
  }
}

/**
 * Puts a loaded calendar in a QueryClient. Every section whose client leaf reads the calendar must carry it: a
 * query another leaf already created during server rendering is not hydrated there, and the HTML would disagree.
 */
export function seedUpcomingCalendar(client: QueryClient, symbols: readonly string[], calendar: UpcomingCalendar | null): void {
  if (calendar) client.setQueryData(upcomingCalendarQueryOptions(symbols).queryKey, calendar);
}

/** The chosen watchlist's symbols (when it is the user's) — the typed ones are merged by the caller. */
export async function watchlistSymbols({ ctx, user, watchlistId }: { ctx: DeskContext; user: SessionUser; watchlistId: string | null }): Promise<string[] | null> {
  if (!watchlistId) return null;
  const found = await findWatchlist({ ctx, user, id: watchlistId }).catch(() => null);
  return found ? found.items.map((i) => i.symbol) : null;
}

/**
 * Seeds the user's scheduled briefs and today's runs (their own, free: reading them spends nothing) under the keys
 * TodaysBriefs and BriefSchedules read (lib/query/briefs.ts), so neither is fetched from the browser on load. A failure
 * is left to the card, which fetches again and shows why.
 */
export async function seedBriefs({ ctx, user, client }: { ctx: DeskContext; user: SessionUser; client: QueryClient }): Promise<void> {
  await Promise.all([
    client.prefetchQuery({ ...briefSchedulesQueryOptions(), queryFn: () => listBriefSchedules({ ctx, user, input: undefined }) }),
    client.prefetchQuery({ ...briefRunsQueryOptions("today"), queryFn: () => listBriefRuns({ ctx, user, input: {} }) }),
  ]);
}

/** The key a paid section's peek is kept under in the browser (components/paid/paid-call-core.tsx, usePaidCallWith). */
export function peekKeyOf<K extends EndpointId>(id: K, input: CallInput<K>): readonly unknown[] {
  return alphaPeekKey(alphaQueryOptions(id, input).queryKey);
}

/**
 * Asks the desk's own cache, for each paid GET, whether it holds an answer bought earlier (a peek: free, never
 * upstream, the user's own answers only, as /api/alpha/...?peek=1 does), and seeds what the browser's peek would have
 * found: the peek's outcome under its key and a held answer under the call's, parsed with the contract as the
 * browser parses it. Nothing is bought: a call with no held answer shows its price, as before. A failed peek is not
 * seeded; the browser peeks itself.
 */
export async function seedPeeks({ ctx, user, client, calls }: { ctx: DeskContext; user: SessionUser; client: QueryClient; calls: readonly { [K in EndpointId]: { id: K; input: CallInput<K> } }[EndpointId][] }): Promise<void> {
  await Promise.all(
    calls.map(async ({ id, input }) => {
      try {
        const hit = await proxyAlphaCall({ ctx, user, id, input: input as CallInput<typeof id>, options: { peek: true } });
        if (hit) {
          const body = JSON.parse(`{"data":${hit.json},"meta":${JSON.stringify(hit.meta)}}`) as { data?: unknown; meta?: unknown };
          client.setQueryData(alphaQueryOptions(id, input as CallInput<typeof id>).queryKey, parseEnvelope(id, body));
        }
        client.setQueryData(peekKeyOf(id, input as CallInput<typeof id>), hit !== null);
      } catch {
        // Left to the browser's own peek.
      }
    }),
  );
}

/**
 * The results filed on the calendar's past days (free index), collected as the browser's filedCalendarQueryOptions
 * does (same pages, same merge), or null when it cannot be loaded now (the browser then asks and explains).
 */
export async function loadFiledCalendar({ ctx, user, symbols, range }: { ctx: DeskContext; user: SessionUser; symbols: readonly string[]; range: { from: string; to: string } }): Promise<FiledCalendar | null> {
  try {
    return await collectFiledCalendar(symbols, async ({ symbols: chunk, page }) => (await callAlpha({ ctx, user, id: "listEarningsIndex", input: filedPageInput(chunk, range, page) })).data);
  } catch {
    return null;
  }
}

/** Puts a loaded filed calendar in a QueryClient under the browser's key (see seedUpcomingCalendar). */
export function seedFiledCalendar(client: QueryClient, symbols: readonly string[], range: { from: string; to: string }, calendar: FiledCalendar | null): void {
  if (calendar) client.setQueryData(filedCalendarQueryOptions(symbols, range).queryKey, calendar);
}

/**
 * The peek of past results' company names (paid symbol metadata), answered on the server from the desk's cache alone
 * (never upstream, never charged), so the browser does not ask it on load: for the symbols of the prefetched index page
 * that the client's held names (the seeded calendar) do not cover — the same `unknown` the page computes from the same
 * cache. A hit seeds the answer (shown, labelled from the cache, as the browser's peek would); a miss seeds "not held"
 * (the price is offered). Call it after the index page and the calendar are in `client`. A failure seeds nothing.
 */
export async function seedCompanyNamesPeek({ ctx, user, client, indexInput }: { ctx: DeskContext; user: SessionUser; client: QueryClient; indexInput: CallInput<"listEarningsIndex"> }): Promise<void> {
  const index = client.getQueryData<{ data: { data: { symbol: string }[] } }>(alphaQueryOptions("listEarningsIndex", indexInput).queryKey);
  if (!index) return;
  const unknown = unnamedSymbols(
    index.data.data.map((r) => r.symbol),
    heldCompanyNames(client),
  );
  if (unknown.length === 0) return;
  await seedPeeks({ ctx, user, client, calls: [{ id: "listSymbolMetadata", input: companyNamesInput(unknown) }] });
}
