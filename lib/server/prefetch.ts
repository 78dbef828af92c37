import "server-only";
/**
 * Server prefetch for page.tsx files, the one way pages prefetch:
 * - requestQueryClient(): the request's QueryClient (one per request)
 * - prefetchFree(client, user, endpointId, input): fills the QueryClient under the same key the browser's
 *   alphaQueryOptions uses; a call that can cost credits is refused (paid data is only ever fetched when the user asks)
 * - loadUpcomingCalendar(user, symbols) + seedUpcomingCalendar(client, symbols, calendar): the collected calendar,
 *   loaded once per request and put in each section that reads it
 * - watchlistSymbols(user, watchlistId): the symbols of the chosen watchlist (null when none or not the user's)
 * - userHasKey(user): whether prefetching can work at all
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
import type { UpcomingCalendar } from "@/lib/query/earnings";
import { collectUpcomingCalendar, UPCOMING_MAX_PAGES, upcomingCalendarQueryOptions, upcomingPageInput } from "@/lib/query/earnings";
import { callAlpha } from "./alpha-proxy";
import { backgroundPages } from "./background-budget";
import { getDeskContext } from "./default-context";
import { getAlphaKeyStatus, withUserKey } from "./key-vault";
import type { SessionUser } from "./users";
import { findWatchlist } from "./watchlists";

/**
 * The one QueryClient of a server request: every section of a page prefetches into it and dehydrates from it, so a
 * query is loaded once per request whichever section reads it (React's cache() scopes it to the request).
 */
export const requestQueryClient: () => QueryClient = cache(makeQueryClient);

export async function userHasKey(user: SessionUser): Promise<boolean> {
  return (await getAlphaKeyStatus(user.id)).hasKey;
}

export async function prefetchFree<K extends EndpointId>(client: QueryClient, user: SessionUser, id: K, input: CallInput<K>): Promise<void> {
  if (estimateCost(id, prepareRequest(id, input).parsed) > 0) throw new Error(`prefetchFree refuses ${id}: paid data is fetched only when the user asks`);
  const { queryKey } = alphaQueryOptions(id, input);
  await client.prefetchQuery({ queryKey, queryFn: () => callAlpha(user, id, input) }).catch(() => undefined);
}

/** The collected upcoming-results calendar (free), or null when it cannot be loaded now. */
export async function loadUpcomingCalendar(user: SessionUser, symbols: readonly string[]): Promise<UpcomingCalendar | null> {
  try {
    const ctx = await getDeskContext();
    const { accountId } = await withUserKey(user.id, ctx);
    // A background collection: on a low-rpm account (Sandbox) it reads the nearest pages only.
    return await collectUpcomingCalendar(
      symbols,
      async ({ symbols: chunk, page }) => (await callAlpha(user, "listUpcomingEarnings", upcomingPageInput(chunk, page), { ctx })).data,
      () => backgroundPages(ctx, accountId, UPCOMING_MAX_PAGES),
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
export async function watchlistSymbols(user: SessionUser, watchlistId: string | null): Promise<string[] | null> {
  if (!watchlistId) return null;
  const found = await findWatchlist(user, watchlistId).catch(() => null);
  return found ? found.items.map((i) => i.symbol) : null;
}
