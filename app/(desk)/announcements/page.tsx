import { MegaphoneIcon } from "lucide-react";
import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AnnouncementsView } from "@/components/announcements/announcements-view";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { NeedsKey } from "@/components/feeds/needs-key";
import { parseAnnouncementsSearch } from "@/components/announcements/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { loadFeedPage } from "@/lib/server/live/feed-page";
import { pageContext } from "@/lib/server/http/prefetch";

export const metadata: Metadata = { title: "Announcements" };

/** The page header's description. */
const DESCRIPTION =
  "Exchange filings with their categories, as they are filed. Live arrivals are free; earlier filings are a paid page (charged per filing returned). Times are IST.";

/** The feed's empty states, rendered here on the server. */
const EMPTY = feedEmptyStates({
  icon: MegaphoneIcon,
  noMatch: ["No filings matched", "Nothing matched these filters; filings are charged only when returned, so nothing was charged."],
  pastRange: ["Nothing live for a past range", "Load the filings of this range with the button above."],
  waiting: ["Waiting for filings", "New filings appear here as they are made, for free. Load recent filings to see what came before."],
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Filings are live (free) or paid pages the user asks for; nothing is prefetched. No Suspense boundary: the page
 * reads only the desk's own data, so it is sent whole and its header (the page's largest text on a phone) paints
 * with the first frame, not in a boundary revealed later (e2e/first-paint.spec.ts).
 */
export default async function AnnouncementsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with lib/url-state.
  parseAnnouncementsSearch(await searchParams);
  // The category list is not part of the page: the filter fetches it when the menu is about to be used
  // (components/announcements/category-filter.tsx), so the page neither waits for it nor carries it.
  const { hasKey, state } = await loadFeedPage({ ctx, user });
  return (
    <HydrationBoundary state={state}>
      <AnnouncementsView hasKey={hasKey} description={DESCRIPTION} needsKey={<NeedsKey />} empty={EMPTY} />
    </HydrationBoundary>
  );
}

