import type { Metadata } from "next";
import { AnnouncementsView } from "@/components/announcements/announcements-view";
import { FEED_PAGES, type FeedPageProps } from "@/components/feeds/feed-pages";
import { parseAnnouncementsSearch } from "@/components/announcements/search-params";
import { feedPage } from "@/lib/server/routes/feed-page";

export const metadata: Metadata = { title: "Announcements" };

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function AnnouncementsPage({ searchParams }: FeedPageProps) {
  return feedPage({ searchParams, parse: parseAnnouncementsSearch, View: AnnouncementsView, ...FEED_PAGES.announcements });
}
