import type { Metadata } from "next";
import { NewsView } from "@/components/news/news-view";
import { FEED_PAGES, type FeedPageProps } from "@/components/feeds/feed-pages";
import { parseNewsSearch } from "@/components/news/search-params";
import { feedPage } from "@/lib/server/routes/feed-page";

export const metadata: Metadata = { title: "News" };

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function NewsPage({ searchParams }: FeedPageProps) {
  return feedPage({ searchParams, parse: parseNewsSearch, View: NewsView, ...FEED_PAGES.news });
}
