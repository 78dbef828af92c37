import { parseAsArrayOf, parseAsString } from "@/lib/url-state/parsers";
import { effectiveSymbols, normalizeSymbols, parseAsFlag } from "@/components/earnings/search-params";
import { type FeedSearch, feedSearchParsers, feedSearchReader } from "@/components/feeds/feed-search";
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

/** The server's reading of the same URL, normalised like the browser's view. */
export const parseAlertsSearch: (raw: Record<string, string | string[] | undefined>) => AlertsSearch = feedSearchReader(alertsParsers, (s) => ({ types: normalizeAlertTypes(s.type), important: s.important }));

export { effectiveSymbols, normalizeSymbols };
