import { createLoader, parseAsArrayOf, parseAsString } from "@/lib/url-state/parsers";
import { effectiveSymbols, normalizeSymbols, parseAsFlag } from "@/components/earnings/search-params";
import { type FeedSearch, feedSearchParsers, readFeedSearch } from "@/components/feeds/feed-search";
import type { AlertFilterType } from "./alert-model";
import { normalizeAlertTypes } from "./alert-model";

/** The alerts page's URL: the feed's shared fields, types and important only. */
export const alertsParsers = {
  ...feedSearchParsers,
  type: parseAsArrayOf(parseAsString, ",").withDefault([]),
  important: parseAsFlag.withDefault(false),
};

export interface AlertsSearch extends FeedSearch {
  types: AlertFilterType[];
  important: boolean;
}

/** The server's reading of the same URL, through the browser's parsers and normalised like the browser's view. */
export function parseAlertsSearch(raw: Record<string, string | string[] | undefined>): AlertsSearch {
  const s = createLoader(alertsParsers)(raw);
  return { ...readFeedSearch(s), types: normalizeAlertTypes(s.type), important: s.important };
}

export { effectiveSymbols, normalizeSymbols };
