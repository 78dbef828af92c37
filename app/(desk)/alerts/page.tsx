import { BellRingIcon } from "lucide-react";
import type { Metadata } from "next";
import { AlertsView } from "@/components/alerts/alerts-view";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { parseAlertsSearch } from "@/components/alerts/search-params";
import { feedPage } from "@/lib/server/routes/feed-page";

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

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function AlertsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return feedPage({ searchParams, parse: parseAlertsSearch, View: AlertsView, description: DESCRIPTION, empty: EMPTY });
}
