import { parseAsStringLiteral } from "@/lib/url-state/parsers";
import { type FeedSearch, feedSearchParsers, feedSearchReader } from "@/components/feeds/feed-search";
import { BLOCK_DEAL_EXCHANGES } from "@/lib/alpha/vocabulary";
import type { BlockDealExchange } from "./block-deal-model";

/** The block-deals page's URL: the feed's shared fields and the exchange. */
export const blockDealsParsers = {
  ...feedSearchParsers,
  exchange: parseAsStringLiteral(BLOCK_DEAL_EXCHANGES),
};

export interface BlockDealsSearch extends FeedSearch {
  exchange: BlockDealExchange | null;
}

/** The server's reading of the same URL. */
export const parseBlockDealsSearch: (raw: Record<string, string | string[] | undefined>) => BlockDealsSearch = feedSearchReader(blockDealsParsers, (s) => ({ exchange: s.exchange }));
