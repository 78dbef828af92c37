import { parseAsArrayOf, parseAsBoolean, parseAsString } from "nuqs/server";
import { z } from "zod";
import { normalizeSymbols, symbolFilterParsers } from "@/components/earnings/search-params";
import { normalizeCategories } from "./announcement-model";

/** The announcements page's URL: symbols and watchlist (shared with the other pages), categories, important, dates. */
export const announcementsParsers = {
  ...symbolFilterParsers,
  // Category labels hold no commas ("Award/Receipt of Order"), so a comma list is unambiguous.
  categories: parseAsArrayOf(parseAsString, ",").withDefault([]),
  important: parseAsBoolean.withDefault(false),
  from: parseAsString,
  to: parseAsString,
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface AnnouncementsSearch {
  symbols: string[];
  watchlist: string | null;
  categories: string[];
  important: boolean;
  from: string | null;
  to: string | null;
}

/** The server's reading of the same URL (zod), normalised like the browser's. */
export function parseAnnouncementsSearch(raw: Record<string, string | string[] | undefined>): AnnouncementsSearch {
  const p = z
    .object({
      symbols: z.string().optional().catch(undefined),
      watchlist: z.string().trim().min(1).max(64).optional().catch(undefined),
      categories: z.string().optional().catch(undefined),
      important: z.enum(["true", "false"]).optional().catch(undefined),
      from: day,
      to: day,
    })
    .parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)])));
  return {
    symbols: normalizeSymbols(p.symbols ? [p.symbols] : []),
    watchlist: p.watchlist ?? null,
    categories: normalizeCategories(p.categories?.split(",")),
    important: p.important === "true",
    from: p.from ?? null,
    to: p.to ?? null,
  };
}
