import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { NewsSkeleton, NewsView } from "@/components/news/news-view";
import { parseNewsSearch } from "@/components/news/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/http/prefetch";
import { loadFeedPage } from "@/lib/server/live/feed-page";

export const metadata: Metadata = { title: "News" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function NewsSection({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with nuqs.
  parseNewsSearch(await searchParams);
  const { hasKey, state } = await loadFeedPage({ ctx, user });
  return (
    <HydrationBoundary state={state}>
      <NewsView hasKey={hasKey} />
    </HydrationBoundary>
  );
}

/** News is live (free) or paid pages the user asks for: nothing paid is prefetched. */
export default function NewsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<NewsSkeleton />}>
      <NewsSection searchParams={searchParams} />
    </Suspense>
  );
}
