import { NewspaperIcon } from "lucide-react";
import type { Metadata } from "next";
import { NewsView } from "@/components/news/news-view";
import { describeCost } from "@/lib/alpha/costs";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { parseNewsSearch } from "@/components/news/search-params";
import { feedPage } from "@/lib/server/routes/feed-page";

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

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function NewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return feedPage({ searchParams, parse: parseNewsSearch, View: NewsView, description: DESCRIPTION, empty: EMPTY });
}
