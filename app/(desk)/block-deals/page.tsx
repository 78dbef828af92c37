import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { BlockDealsSkeleton, BlockDealsView } from "@/components/block-deals/block-deals-view";
import { parseBlockDealsSearch } from "@/components/block-deals/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/http/prefetch";
import { loadFeedPage } from "@/lib/server/live/feed-page";

export const metadata: Metadata = { title: "Block deals" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function BlockDealsSection({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with nuqs.
  parseBlockDealsSearch(await searchParams);
  const { hasKey, state } = await loadFeedPage({ ctx, user });
  return (
    <HydrationBoundary state={state}>
      <BlockDealsView hasKey={hasKey} />
    </HydrationBoundary>
  );
}

/** Deals are live (free) or paid pages the user asks for; nothing paid is prefetched. */
export default function BlockDealsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<BlockDealsSkeleton />}>
      <BlockDealsSection searchParams={searchParams} />
    </Suspense>
  );
}
