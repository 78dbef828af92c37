import { HandshakeIcon } from "lucide-react";
import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { BlockDealsView } from "@/components/block-deals/block-deals-view";
import { describeCost } from "@/lib/alpha/costs";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { NeedsKey } from "@/components/feeds/needs-key";
import { parseBlockDealsSearch } from "@/components/block-deals/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/http/prefetch";
import { loadFeedPage } from "@/lib/server/live/feed-page";

export const metadata: Metadata = { title: "Block deals" };

/** The page header's description. */
const DESCRIPTION = `Large trades in the exchanges' block windows (08:45–09:00 and 14:05–14:20 IST), with their size and the company's filings of the day. Live arrivals are free; earlier deals are a paid page (${describeCost("listBlockDeals")}) Beta at the service. Times are IST.`;

/** The feed's empty states, rendered here on the server. */
const EMPTY = feedEmptyStates({
  icon: HandshakeIcon,
  noMatch: ["No block deals matched", "Nothing matched these filters; deals are charged only when returned, so nothing was charged."],
  pastRange: ["Nothing live for a past range", "Load the deals of this range with the button above."],
  waiting: ["Waiting for block deals", "New deals appear here as they are reported, for free. Load recent deals to see what came before."],
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Deals are live (free) or paid pages the user asks for; nothing paid is prefetched. No Suspense boundary: the page
 * reads only the desk's own data, so it is sent whole and its header (the page's largest text on a phone) paints
 * with the first frame, not in a boundary revealed later (e2e/first-paint.spec.ts).
 */
export default async function BlockDealsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with lib/url-state.
  parseBlockDealsSearch(await searchParams);
  const { hasKey, state } = await loadFeedPage({ ctx, user });
  return (
    <HydrationBoundary state={state}>
      <BlockDealsView hasKey={hasKey} description={DESCRIPTION} needsKey={<NeedsKey />} empty={EMPTY} />
    </HydrationBoundary>
  );
}

