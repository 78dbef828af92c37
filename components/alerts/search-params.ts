import { parseAsArrayOf, parseAsBoolean, parseAsString } from "nuqs/server";
import * as z from "zod";
import { effectiveSymbols, normalizeSymbols } from "@/components/earnings/search-params";
import { type FeedSearch, feedSearchParsers, parseFeedSearch } from "@/components/feeds/feed-search";
import type { AlertFilterType } from "./alert-model";
import { normalizeAlertTypes } from "./alert-model";

/** The alerts page's URL: the feed's shared fields, types and important only. */
export const alertsParsers = {
  ...feedSearchParsers,
  type: parseAsArrayOf(parseAsString, ",").withDefault([]),
  important: parseAsBoolean.withDefault(false),
};

export interface AlertsSearch extends FeedSearch {
  types: AlertFilterType[];
  important: boolean;
}

/** The server's reading of the same URL (zod), normalised like the browser's. */
export function parseAlertsSearch(raw: Record<string, string | string[] | undefined>): AlertsSearch {
  const { extra, ...base } = parseFeedSearch(raw, {
    type: z.string().optional().catch(undefined),
    important: z.enum(["true", "false"]).optional().catch(undefined),
  });
  return { ...base, types: normalizeAlertTypes(extra.type?.split(",")), important: extra.important === "true" };
}

export { effectiveSymbols, normalizeSymbols };
