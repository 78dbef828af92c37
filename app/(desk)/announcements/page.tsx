import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { AnnouncementsSkeleton, AnnouncementsView } from "@/components/announcements/announcements-view";
import { CATEGORIES_INPUT } from "@/lib/query/announcements";
import { parseAnnouncementsSearch } from "@/components/announcements/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { loadFeedPage } from "@/lib/server/live/feed-page";
import { pageContext, prefetchFree } from "@/lib/server/http/prefetch";

export const metadata: Metadata = { title: "Announcements" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function AnnouncementsSection({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with nuqs.
  parseAnnouncementsSearch(await searchParams);
  // The categories are free: they come with the page.
  const { hasKey, state } = await loadFeedPage({ ctx, user, extra: (client) => prefetchFree({ ctx, user, client, id: "listAnnouncementCategories", input: CATEGORIES_INPUT }) });
  return (
    <HydrationBoundary state={state}>
      <AnnouncementsView hasKey={hasKey} />
    </HydrationBoundary>
  );
}

/** Filings are live (free) or paid pages the user asks for; only the free category list is prefetched. */
export default function AnnouncementsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<AnnouncementsSkeleton />}>
      <AnnouncementsSection searchParams={searchParams} />
    </Suspense>
  );
}
