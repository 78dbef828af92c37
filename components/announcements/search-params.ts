import { parseAsArrayOf, parseAsString } from "@/lib/url-state/parsers";
import { parseAsFlag } from "@/components/earnings/search-params";
import { type FeedSearch, feedSearchParsers, feedSearchReader } from "@/components/feeds/feed-search";
import { normalizeCategories } from "./announcement-model";

/** The announcements page's URL: the feed's shared fields, categories and important only. */
export const announcementsParsers = {
  ...feedSearchParsers,
  // Category labels hold no commas ("Award/Receipt of Order"), so a comma list is unambiguous.
  categories: parseAsArrayOf(parseAsString, ",").withDefault([]),
  important: parseAsFlag.withDefault(false),
};

export interface AnnouncementsSearch extends FeedSearch {
  categories: string[];
  important: boolean;
}

/** The server's reading of the same URL, normalised like the browser's view. */
export const parseAnnouncementsSearch: (raw: Record<string, string | string[] | undefined>) => AnnouncementsSearch = feedSearchReader(announcementsParsers, (s) => ({
  categories: normalizeCategories(s.categories),
  important: s.important,
}));
