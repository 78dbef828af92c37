import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { CalendarSkeleton, EarningsCalendar } from "@/components/earnings/earnings-calendar";
import { PastResultsLazy } from "@/components/earnings/past-results-lazy";
import { PastResultsSkeleton } from "@/components/earnings/past-results-skeleton";
import { defaultResultsQuarter, effectiveSymbols, parseEarningsSearch, pastResultsInput, recentQuarterKeys, todayIst, type EarningsSearch } from "@/components/earnings/search-params";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { PageHeader } from "@/components/shell/page-header";
import type { UpcomingCalendar } from "@/lib/query/earnings";
import { requireUser, type SessionUser } from "@/lib/server/identity/auth";
import { pageContext, loadUpcomingCalendar, prefetchFree, seedUpcomingCalendar, userHasKey, watchlistSymbols, requestQueryClient } from "@/lib/server/http/prefetch";

export const metadata: Metadata = { title: "Earnings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

interface Prefetch {
  /** The symbols the page filters on, or null when there is no key to prefetch with. */
  symbols: Promise<string[] | null>;
  calendar: Promise<UpcomingCalendar | null>;
}

async function UpcomingSection({ prefetch, today }: { prefetch: Prefetch; today: string }) {
  const client = requestQueryClient();
  const symbols = await prefetch.symbols;
  if (symbols) seedUpcomingCalendar(client, symbols, await prefetch.calendar);
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
  const prefetch: Prefetch = { symbols, calendar };
  return (
    <>
      <PageHeader
        title="Earnings"
        description="The results calendar and the results already filed. Calendar and index are free; a filing's summary and statement of results cost credits and are loaded only when you ask. Times are IST."
      />
      <SymbolFilterBar />
      <Suspense fallback={<CalendarSkeleton />}>
        <UpcomingSection prefetch={prefetch} today={todayIst(now)} />
      </Suspense>
      <Suspense fallback={<PastResultsSkeleton />}>
        <PastSection user={user} search={search} prefetch={prefetch} now={now} />
      </Suspense>
    </>
  );
}
