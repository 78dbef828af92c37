import { parseAsStringLiteral } from "nuqs/server";
import * as z from "zod";
import { type FeedSearch, feedSearchParsers, parseFeedSearch } from "@/components/feeds/feed-search";
import { SENTIMENTS, type Sentiment } from "@/lib/alpha/news";

/** The news page's URL: the feed's shared fields and sentiment. */
export const newsParsers = {
  ...feedSearchParsers,
  sentiment: parseAsStringLiteral(SENTIMENTS),
};

export interface NewsSearch extends FeedSearch {
  sentiment: Sentiment | null;
}

/** The server's reading of the same URL (zod), normalised like the browser's. */
export function parseNewsSearch(raw: Record<string, string | string[] | undefined>): NewsSearch {
  const { extra, ...base } = parseFeedSearch(raw, { sentiment: z.enum(SENTIMENTS).optional().catch(undefined) });
  return { ...base, sentiment: extra.sentiment ?? null };
}
