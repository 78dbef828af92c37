import { parseAsStringLiteral } from "@/lib/url-state/parsers";
import { type FeedSearch, feedSearchParsers, feedSearchReader } from "@/components/feeds/feed-search";
import { SENTIMENTS, type Sentiment } from "@/lib/alpha/vocabulary";

/** The news page's URL: the feed's shared fields and sentiment. */
export const newsParsers = {
  ...feedSearchParsers,
  sentiment: parseAsStringLiteral(SENTIMENTS),
};

export interface NewsSearch extends FeedSearch {
  sentiment: Sentiment | null;
}

/** The server's reading of the same URL. */
export const parseNewsSearch: (raw: Record<string, string | string[] | undefined>) => NewsSearch = feedSearchReader(newsParsers, (s) => ({ sentiment: s.sentiment }));
