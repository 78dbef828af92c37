import type { Metadata } from "next";
import { AlertsView } from "@/components/alerts/alerts-view";
import { FEED_PAGES, type FeedPageProps } from "@/components/feeds/feed-pages";
import { parseAlertsSearch } from "@/components/alerts/search-params";
import { feedPage } from "@/lib/server/routes/feed-page";

export const metadata: Metadata = { title: "Alerts" };

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function AlertsPage({ searchParams }: FeedPageProps) {
  return feedPage({ searchParams, parse: parseAlertsSearch, View: AlertsView, ...FEED_PAGES.alerts });
}
