import type { Metadata } from "next";
import { BlockDealsView } from "@/components/block-deals/block-deals-view";
import { FEED_PAGES, type FeedPageProps } from "@/components/feeds/feed-pages";
import { parseBlockDealsSearch } from "@/components/block-deals/search-params";
import { feedPage } from "@/lib/server/routes/feed-page";

export const metadata: Metadata = { title: "Block deals" };

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function BlockDealsPage({ searchParams }: FeedPageProps) {
  return feedPage({ searchParams, parse: parseBlockDealsSearch, View: BlockDealsView, ...FEED_PAGES["block-deals"] });
}
