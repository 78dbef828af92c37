import { parseAsStringLiteral } from "@/lib/url-state/parsers";
import { feedSearchParams } from "@/components/feeds/feed-search";
import { BLOCK_DEAL_EXCHANGES } from "@/lib/alpha/vocabulary";

/** The block-deals page's URL: the feed's shared fields and the exchange. */
export const { parsers: blockDealsParsers, parse: parseBlockDealsSearch } = feedSearchParams({ exchange: parseAsStringLiteral(BLOCK_DEAL_EXCHANGES) }, (s) => ({ exchange: s.exchange }));
