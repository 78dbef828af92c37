import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { WatchlistsView, WatchlistsViewSkeleton } from "@/components/watchlists/watchlists-view";
import { watchlistsQueryOptions } from "@/lib/query/watchlists";
import { pageContext, requestQueryClient } from "@/lib/server/http/prefetch";
import { requireUser } from "@/lib/server/identity/auth";
import { listWatchlists } from "@/lib/server/portfolio/watchlists";

export const metadata: Metadata = { title: "Watchlists" };

export default async function WatchlistsPage() {
  const user = await requireUser();
  const ctx = await pageContext();
  const queryClient = requestQueryClient();
  queryClient.setQueryData(watchlistsQueryOptions().queryKey, await listWatchlists({ ctx, user }));
  return (
    <>
      <PageHeader
        title="Watchlists"
        description="Your lists of symbols, with an exposure and a label each. Pick one on any page to filter it, or summarise it on the Summaries page. Watchlists are free: they live in the desk."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Suspense fallback={<WatchlistsViewSkeleton />}>
          <WatchlistsView />
        </Suspense>
      </HydrationBoundary>
    </>
  );
}
