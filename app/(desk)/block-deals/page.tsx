import { HandshakeIcon } from "lucide-react";
import type { Metadata } from "next";
import { BlockDealsView } from "@/components/block-deals/block-deals-view";
import { describeCost } from "@/lib/alpha/costs";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { parseBlockDealsSearch } from "@/components/block-deals/search-params";
import { feedPage } from "@/lib/server/routes/feed-page";

export const metadata: Metadata = { title: "Block deals" };

/** The page header's description. */
const DESCRIPTION = `Large trades in the exchanges' block windows (08:45–09:00 and 14:05–14:20 IST), with their size and the company's filings of the day. Live arrivals are free; earlier deals are a paid page (${describeCost("listBlockDeals")}) Beta at the service. Times are IST.`;

/** The feed's empty states, rendered here on the server. */
const EMPTY = feedEmptyStates({
  icon: HandshakeIcon,
  noMatch: ["No block deals matched", "Nothing matched these filters; deals are charged only when returned, so nothing was charged."],
  pastRange: ["Nothing live for a past range", "Load the deals of this range with the button above."],
  waiting: ["Waiting for block deals", "New deals appear here as they are reported, for free. Load recent deals to see what came before."],
});

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function BlockDealsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return feedPage({ searchParams, parse: parseBlockDealsSearch, View: BlockDealsView, description: DESCRIPTION, empty: EMPTY });
}
