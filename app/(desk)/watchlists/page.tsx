import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { WatchlistsView, WatchlistsViewSkeleton } from "@/components/watchlists/watchlists-view";
import { watchlistsQueryOptions } from "@/lib/query/watchlists";
import { requestQueryClient } from "@/lib/server/prefetch";
import { requireUser } from "@/lib/server/auth";
import { listWatchlists } from "@/lib/server/watchlists";

export const metadata: Metadata = { title: "Watchlists" };

export default async function WatchlistsPage() {
  const user = await requireUser();
  const queryClient = requestQueryClient();
  queryClient.setQueryData(watchlistsQueryOptions().queryKey, await listWatchlists(user));
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
