import { parseAsArrayOf, parseAsString } from "@/lib/url-state/parsers";
import { parseAsFlag } from "@/components/earnings/search-params";
import { feedSearchParams } from "@/components/feeds/feed-search";
import { normalizeCategories } from "./announcement-model";

/**
 * The announcements page's URL: the feed's shared fields, categories and important only; the server's reading
 * normalised like the browser's view. Category labels hold no commas ("Award/Receipt of Order"): a comma list is unambiguous.
 */
export const { parsers: announcementsParsers, parse: parseAnnouncementsSearch } = feedSearchParams(
  { categories: parseAsArrayOf(parseAsString, ",").withDefault([]), important: parseAsFlag.withDefault(false) },
  (s) => ({ categories: normalizeCategories(s.categories), important: s.important }),
);
