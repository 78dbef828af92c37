import { NewspaperIcon } from "lucide-react";
import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NewsView } from "@/components/news/news-view";
import { describeCost } from "@/lib/alpha/costs";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { NeedsKey } from "@/components/feeds/needs-key";
import { parseNewsSearch } from "@/components/news/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/http/prefetch";
import { loadFeedPage } from "@/lib/server/live/feed-page";

export const metadata: Metadata = { title: "News" };

/** The page header's description. */
const DESCRIPTION = `Company news with its sentiment, as it is published. Live arrivals are free; earlier news is a paid page (${describeCost("listNews")}) Headlines open the publisher's site. Times are IST.`;

/** The feed's empty states, rendered here on the server. */
const EMPTY = feedEmptyStates({
  icon: NewspaperIcon,
  noMatch: ["No news matched", "Nothing matched these filters, and an empty page is free: nothing was charged."],
  pastRange: ["Nothing live for a past range", "Load the news of this range with the button above."],
  waiting: ["Waiting for news", "New articles appear here as they are published, for free. Load recent news to see what came before."],
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * News is live (free) or paid pages the user asks for: nothing paid is prefetched. No Suspense boundary: the page
 * reads only the desk's own data, so it is sent whole and its header (the page's largest text on a phone) paints
 * with the first frame, not in a boundary revealed later (e2e/first-paint.spec.ts).
 */
export default async function NewsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with lib/url-state.
  parseNewsSearch(await searchParams);
  const { hasKey, state } = await loadFeedPage({ ctx, user });
  return (
    <HydrationBoundary state={state}>
      <NewsView hasKey={hasKey} description={DESCRIPTION} needsKey={<NeedsKey />} empty={EMPTY} />
    </HydrationBoundary>
  );
}

