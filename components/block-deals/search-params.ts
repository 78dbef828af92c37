import { parseAsStringLiteral } from "nuqs/server";
import * as z from "zod";
import { type FeedSearch, feedSearchParsers, parseFeedSearch } from "@/components/feeds/feed-search";
import { BLOCK_DEAL_EXCHANGES } from "@/lib/alpha/block-deals";
import type { BlockDealExchange } from "./block-deal-model";

/** The block-deals page's URL: the feed's shared fields and the exchange. */
export const blockDealsParsers = {
  ...feedSearchParsers,
  exchange: parseAsStringLiteral(BLOCK_DEAL_EXCHANGES),
};

export interface BlockDealsSearch extends FeedSearch {
  exchange: BlockDealExchange | null;
}

/** The server's reading of the same URL (zod), normalised like the browser's. */
export function parseBlockDealsSearch(raw: Record<string, string | string[] | undefined>): BlockDealsSearch {
  const { extra, ...base } = parseFeedSearch(raw, { exchange: z.enum(BLOCK_DEAL_EXCHANGES).optional().catch(undefined) });
  return { ...base, exchange: extra.exchange ?? null };
}
