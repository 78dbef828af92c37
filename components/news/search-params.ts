import { parseAsStringLiteral } from "@/lib/url-state/parsers";
import { feedSearchParams } from "@/components/feeds/feed-search";
import { SENTIMENTS } from "@/lib/alpha/vocabulary";

/** The news page's URL: the feed's shared fields and sentiment. */
export const { parsers: newsParsers, parse: parseNewsSearch } = feedSearchParams({ sentiment: parseAsStringLiteral(SENTIMENTS) }, (s) => ({ sentiment: s.sentiment }));
