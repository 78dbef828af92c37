import { BellRingIcon } from "lucide-react";
import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AlertsView } from "@/components/alerts/alerts-view";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { NeedsKey } from "@/components/feeds/needs-key";
import { parseAlertsSearch } from "@/components/alerts/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/http/prefetch";
import { loadFeedPage } from "@/lib/server/live/feed-page";

export const metadata: Metadata = { title: "Alerts" };

/** The page header's description. */
const DESCRIPTION =
  "Market alerts as they happen: live arrivals are free and appear at the top. Earlier alerts are a paid page you load when you want them. Times are IST; prices are delayed.";

/** The feed's empty states, rendered here on the server. */
const EMPTY = feedEmptyStates({
  icon: BellRingIcon,
  noMatch: ["No alerts matched", "Nothing matched these filters, and an empty page is free: nothing was charged. Widen the filters or wait for new alerts."],
  pastRange: ["Nothing live for a past range", "Load the alerts of this range with the button above."],
  waiting: ["Waiting for new alerts", "New alerts appear here as they happen, for free. Load recent alerts to see what came before."],
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Alerts are live (free) or paid pages the user asks for: nothing paid is prefetched. No Suspense boundary: the page
 * reads only the desk's own data, so it is sent whole and its header (the page's largest text on a phone) paints
 * with the first frame, not in a boundary revealed later (e2e/first-paint.spec.ts).
 */
export default async function AlertsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with lib/url-state.
  parseAlertsSearch(await searchParams);
  const { hasKey, state } = await loadFeedPage({ ctx, user });
  return (
    <HydrationBoundary state={state}>
      <AlertsView hasKey={hasKey} description={DESCRIPTION} needsKey={<NeedsKey />} empty={EMPTY} />
    </HydrationBoundary>
  );
}

