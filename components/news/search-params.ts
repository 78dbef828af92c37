import { parseAsString, parseAsStringLiteral } from "nuqs/server";
import { z } from "zod";
import { normalizeSymbols, symbolFilterParsers } from "@/components/earnings/search-params";
import { SENTIMENTS, type Sentiment } from "@/lib/alpha/news";

/** The news page's URL: symbols and watchlist (shared with the other pages), sentiment, dates. */
export const newsParsers = {
  ...symbolFilterParsers,
  sentiment: parseAsStringLiteral(SENTIMENTS),
  from: parseAsString,
  to: parseAsString,
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface NewsSearch {
  symbols: string[];
  watchlist: string | null;
  sentiment: Sentiment | null;
  from: string | null;
  to: string | null;
}

/** The server's reading of the same URL (zod), normalised like the browser's. */
export function parseNewsSearch(raw: Record<string, string | string[] | undefined>): NewsSearch {
  const p = z
    .object({
      symbols: z.string().optional().catch(undefined),
      watchlist: z.string().trim().min(1).max(64).optional().catch(undefined),
      sentiment: z.enum(SENTIMENTS).optional().catch(undefined),
      from: day,
      to: day,
    })
    .parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)])));
  return {
    symbols: normalizeSymbols(p.symbols ? [p.symbols] : []),
    watchlist: p.watchlist ?? null,
    sentiment: p.sentiment ?? null,
    from: p.from ?? null,
    to: p.to ?? null,
  };
}
