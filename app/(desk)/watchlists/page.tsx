import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { WatchlistsView, WatchlistsViewSkeleton } from "@/components/watchlists/watchlists-view";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Watchlists" };

export default async function WatchlistsPage() {
  const user = await requireUser();
  const ctx = await pageContext();
  const queryClient = pageQueryClient({ ctx, user });
  await queryClient.prefetchQuery(deskQuery(api.listWatchlists));
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
