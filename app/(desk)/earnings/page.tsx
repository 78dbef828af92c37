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
import type { FiledCalendar, UpcomingCalendar } from "@/lib/query/earnings";
import { requireUser, type SessionUser } from "@/lib/server/identity/auth";
import {
  pageContext,
  loadFiledCalendar,
  loadUpcomingCalendar,
  prefetchFree,
  seedCompanyNamesPeek,
  seedFiledCalendar,
  seedUpcomingCalendar,
  userHasKey,
  watchlistSymbols,
  requestQueryClient,
} from "@/lib/server/http/prefetch";

export const metadata: Metadata = { title: "Earnings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

interface Prefetch {
  /** The symbols the page filters on, or null when there is no key to prefetch with. */
  symbols: Promise<string[] | null>;
  calendar: Promise<UpcomingCalendar | null>;
  /** The calendar's past days in view (null when the view has none), and the results filed on them. */
  filedRange: { from: string; to: string } | null;
  filed: Promise<FiledCalendar | null>;
}

async function UpcomingSection({ prefetch, today }: { prefetch: Prefetch; today: string }) {
  const client = requestQueryClient();
  const symbols = await prefetch.symbols;
  if (symbols) {
    const [calendar, filed] = await Promise.all([prefetch.calendar, prefetch.filed]);
    seedUpcomingCalendar(client, symbols, calendar);
    // The past days of the view: the browser would otherwise collect them (pages of the index) after hydrating.
    if (prefetch.filedRange) seedFiledCalendar(client, symbols, prefetch.filedRange, filed);
  }
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <EarningsCalendar today={today} />
    </HydrationBoundary>
  );
}

async function PastSection({ user, search, prefetch, now }: { user: SessionUser; search: EarningsSearch; prefetch: Prefetch; now: Date }) {
  const client = requestQueryClient();
  const ctx = await pageContext();
  const defaultQuarter = defaultResultsQuarter(now);
  const symbols = await prefetch.symbols;
  if (symbols) {
    const input = pastResultsInput({ symbols, past: search.past, quarter: search.quarter ?? defaultQuarter, from: search.from, to: search.to, page: search.page });
    await prefetchFree({ ctx, client, user, id: "listEarningsIndex", input });
    // The list shows company names from the calendar, so it needs the calendar too (see seedUpcomingCalendar).
    seedUpcomingCalendar(client, symbols, await prefetch.calendar);
    // What the desk already holds of the page's company names (its cache only, free): the browser's peek, done here.
    await seedCompanyNamesPeek({ ctx, user, client, indexInput: input });
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
  const calendar = symbols.then((s) => (s ? loadUpcomingCalendar({ ctx, user, symbols: s }) : null));
  // The calendar's past days in view, read as the browser reads them (calendarWindow).
  const today = todayIst(now);
  const { past } = calendarWindow(search.date, search.view, today);
  const filed = symbols.then((s) => (s && past ? loadFiledCalendar({ ctx, user, symbols: s, range: past }) : null));
  const prefetch: Prefetch = { symbols, calendar, filedRange: past, filed };
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
                  <PastSection user={user} search={search} prefetch={prefetch} now={now} />
                </Suspense>
              }
            />
          </Suspense>
        }
      />
    </>
  );
}
