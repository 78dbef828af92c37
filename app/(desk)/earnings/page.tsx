import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { CalendarBodyAndPast, ResultsCalendarSections } from "@/components/earnings/calendar-card";
import { CalendarSkeleton, EarningsCalendar } from "@/components/earnings/earnings-calendar";
import { PastResultsLazy } from "@/components/earnings/past-results-lazy";
import { PastResultsSkeleton } from "@/components/earnings/past-results-skeleton";
import { defaultResultsQuarter, effectiveSymbols, parseEarningsSearch, pastResultsInput, recentQuarterKeys, todayIst, type EarningsSearch } from "@/components/earnings/search-params";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { PageHeader } from "@/components/shell/page-header";
import { calendarWindow } from "@/components/earnings/calendar";
import type { QueryClient } from "@tanstack/react-query";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { companyNamesPeekOptions, filedCalendarQueryOptions, upcomingCalendarQueryOptions } from "@/lib/query/earnings";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, pageQueryClient, userHasKey, watchlistSymbols } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Earnings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

interface Prefetch {
  client: QueryClient;
  /** The symbols the page filters on, or null when there is no key to prefetch with. */
  symbols: Promise<string[] | null>;
  /** The upcoming calendar, and the results filed on the calendar's past days in view, in `client` once settled. */
  calendar: Promise<unknown>;
  filed: Promise<unknown>;
}

async function UpcomingSection({ prefetch, today }: { prefetch: Prefetch; today: string }) {
  const { client } = prefetch;
  await Promise.all([prefetch.calendar, prefetch.filed]);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <EarningsCalendar today={today} />
    </HydrationBoundary>
  );
}

async function PastSection({ search, prefetch, now }: { search: EarningsSearch; prefetch: Prefetch; now: Date }) {
  const { client } = prefetch;
  const defaultQuarter = defaultResultsQuarter(now);
  const symbols = await prefetch.symbols;
  if (symbols) {
    const input = pastResultsInput({ symbols, past: search.past, quarter: search.quarter ?? defaultQuarter, from: search.from, to: search.to, page: search.page });
    // The list shows company names from the calendar, so it needs the calendar too.
    await Promise.all([client.prefetchQuery(alphaQueryOptions("listEarningsIndex", input)), prefetch.calendar]);
    // What the desk already holds of the page's company names (its cache only, free): the browser's peek, done here.
    const names = companyNamesPeekOptions(client, input);
    if (names) await client.prefetchQuery(names);
  }
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <PastResultsLazy quarters={recentQuarterKeys(now)} defaultQuarter={defaultQuarter} />
    </HydrationBoundary>
  );
}

export default async function EarningsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const search = parseEarningsSearch(await searchParams);
  const now = new Date();
  const symbols = userHasKey({ ctx, user }).then(async (hasKey) => (hasKey ? effectiveSymbols(await watchlistSymbols({ ctx, user, watchlistId: search.watchlist }), search.symbols) : null));
  const client = pageQueryClient({ ctx, user });
  const calendar = symbols.then((s) => (s ? client.prefetchQuery(upcomingCalendarQueryOptions(s)) : null));
  // The calendar's past days in view, read as the browser reads them (calendarWindow).
  const today = todayIst(now);
  const { past } = calendarWindow(search.date, search.view, today);
  // The past days of the view: the browser would otherwise collect them (pages of the index) after hydrating.
  const filed = symbols.then((s) => (s && past ? client.prefetchQuery(filedCalendarQueryOptions(s, past)) : null));
  const prefetch: Prefetch = { client, symbols, calendar, filed };
  return (
    <>
      <PageHeader
        title="Earnings"
        description="The results calendar and the results already filed. Calendar and index are free; a filing's summary and statement of results cost credits and are loaded only when you ask. Times are IST."
      />
      <SymbolFilterBar />
      <ResultsCalendarSections
        rest={
          // One boundary for the calendar card's body and the past results, so they are revealed together
          // (./calendar-card); the past results have their own inside it, as their reads may take longer.
          <Suspense fallback={<CalendarBodyAndPast calendar={<CalendarSkeleton />} past={<PastResultsSkeleton />} />}>
            <CalendarBodyAndPast
              calendar={<UpcomingSection prefetch={prefetch} today={today} />}
              past={
                <Suspense fallback={<PastResultsSkeleton />}>
                  <PastSection search={search} prefetch={prefetch} now={now} />
                </Suspense>
              }
            />
          </Suspense>
        }
      />
    </>
  );
}
