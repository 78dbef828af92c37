import { parseAsString } from "nuqs/server";
import * as z from "zod";
import { normalizeSymbols, symbolFilterParsers } from "@/components/earnings/search-params";

/** URL state every live feed page shares: symbols and watchlist (as on the other pages) and an IST date range. */
export const feedSearchParsers = {
  ...symbolFilterParsers,
  from: parseAsString,
  to: parseAsString,
};

export interface FeedSearch {
  symbols: string[];
  watchlist: string | null;
  from: string | null;
  to: string | null;
}

type RawParams = Record<string, string | string[] | undefined>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const baseShape = {
  symbols: z.string().optional().catch(undefined),
  watchlist: z.string().trim().min(1).max(64).optional().catch(undefined),
  from: day,
  to: day,
};

/**
 * The server's reading of a feed page's URL (zod), normalised like the browser's: the shared fields, plus the
 * page's own `extra` fields parsed from the first value of each parameter. A malformed value reads as absent.
 */
export function parseFeedSearch<E extends z.ZodRawShape>(
  raw: RawParams,
  extra: E,
): FeedSearch & { extra: z.infer<z.ZodObject<E>> } {
  const firsts = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const base = z.object(baseShape).parse(firsts);
  return {
    symbols: normalizeSymbols(base.symbols ? [base.symbols] : []),
    watchlist: base.watchlist ?? null,
    from: base.from ?? null,
    to: base.to ?? null,
    extra: z.object(extra).parse(firsts),
  };
}
