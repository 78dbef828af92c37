import { parseAsArrayOf, parseAsBoolean, parseAsString } from "nuqs/server";
import * as z from "zod";
import { type FeedSearch, feedSearchParsers, parseFeedSearch } from "@/components/feeds/feed-search";
import { normalizeCategories } from "./announcement-model";

/** The announcements page's URL: the feed's shared fields, categories and important only. */
export const announcementsParsers = {
  ...feedSearchParsers,
  // Category labels hold no commas ("Award/Receipt of Order"), so a comma list is unambiguous.
  categories: parseAsArrayOf(parseAsString, ",").withDefault([]),
  important: parseAsBoolean.withDefault(false),
};

export interface AnnouncementsSearch extends FeedSearch {
  categories: string[];
  important: boolean;
}

/** The server's reading of the same URL (zod), normalised like the browser's. */
export function parseAnnouncementsSearch(raw: Record<string, string | string[] | undefined>): AnnouncementsSearch {
  const { extra, ...base } = parseFeedSearch(raw, {
    categories: z.string().optional().catch(undefined),
    important: z.enum(["true", "false"]).optional().catch(undefined),
  });
  return { ...base, categories: normalizeCategories(extra.categories?.split(",")), important: extra.important === "true" };
}
