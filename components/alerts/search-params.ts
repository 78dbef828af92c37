import { parseAsArrayOf, parseAsString } from "@/lib/url-state/parsers";
import { effectiveSymbols, normalizeSymbols, parseAsFlag } from "@/components/earnings/search-params";
import { feedSearchParams } from "@/components/feeds/feed-search";
import { normalizeAlertTypes } from "./alert-model";

/** The alerts page's URL: the feed's shared fields, types and important only; the server's reading normalised like the browser's view. */
export const { parsers: alertsParsers, parse: parseAlertsSearch } = feedSearchParams(
  { type: parseAsArrayOf(parseAsString, ",").withDefault([]), important: parseAsFlag.withDefault(false) },
  (s) => ({ types: normalizeAlertTypes(s.type), important: s.important }),
);

export { effectiveSymbols, normalizeSymbols };
