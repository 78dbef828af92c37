import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { ConcallRoundupButton } from "@/components/concalls/concall-roundup-lazy";
import { DateRangeFilter } from "@/components/concalls/date-range-filter";
import { RecentConcallsLazy } from "@/components/concalls/recent-concalls-lazy";
import { RecentConcallsSkeleton } from "@/components/concalls/recent-concalls-skeleton";
import { parseConcallsSearch, upcomingCallsInput } from "@/components/concalls/search-params";
import { UpcomingConcalls, UpcomingConcallsSkeleton } from "@/components/concalls/upcoming-concalls";
import { effectiveSymbols } from "@/components/earnings/search-params";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { PageHeader } from "@/components/shell/page-header";
import { requireUser, type SessionUser } from "@/lib/server/identity/auth";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { pageContext, userHasKey, watchlistSymbols, pageQueryClient } from "@/lib/server/routes/page-data";
import type { ConcallsSearch } from "@/components/concalls/search-params";

export const metadata: Metadata = { title: "Concalls" };

async function UpcomingSection({ user, search }: { user: SessionUser; search: ConcallsSearch }) {
  const ctx = await pageContext();
  const client = pageQueryClient({ ctx, user });
  if (await userHasKey({ ctx, user })) {
    const symbols = effectiveSymbols(await watchlistSymbols({ ctx, user, watchlistId: search.watchlist }), search.symbols);
    await client.prefetchQuery(alphaQueryOptions("listUpcomingConcalls", upcomingCallsInput(symbols, 1)));
  }
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <UpcomingConcalls />
    </HydrationBoundary>
  );
}

export default async function ConcallsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser();
  const search = parseConcallsSearch(await searchParams);
  return (
    <>
      <PageHeader
        title="Concalls"
        description="Earnings calls: the schedule ahead (free) and what was said on recent calls (paid, loaded when you ask). Open a call for its full analysis, transcript and recording. Times are IST."
        actions={<ConcallRoundupButton />}
      />
      <SymbolFilterBar>
        <DateRangeFilter />
      </SymbolFilterBar>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Suspense fallback={<UpcomingConcallsSkeleton />}>
          <UpcomingSection user={user} search={search} />
        </Suspense>
        <Suspense fallback={<RecentConcallsSkeleton />}>
          <RecentConcallsLazy />
        </Suspense>
      </div>
    </>
  );
}
