import { BellRingIcon, HandshakeIcon, MegaphoneIcon, NewspaperIcon } from "lucide-react";
import { describeCost } from "@/lib/alpha/costs";
import type { LiveProduct } from "@/lib/query/live";
import { feedEmptyStates } from "./feed-empty";
import type { FeedEmptyText } from "./feed-list";

/** What a feed page is given by the router. */
export interface FeedPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The words each feed page writes on the server: its header's description and its empty states (neither is part of
 * the page's JavaScript). The announcements page also reads the materiality settings with the page.
 */
export const FEED_PAGES: Record<LiveProduct, { description: string; empty: FeedEmptyText; materiality?: boolean }> = {
  alerts: {
    description: "Market alerts as they happen: live arrivals are free and appear at the top. Earlier alerts are a paid page you load when you want them. Times are IST; prices are delayed.",
    empty: feedEmptyStates(BellRingIcon, "alerts", {
      noMatch: ["No alerts matched", "Nothing matched these filters, and an empty page is free: nothing was charged. Widen the filters or wait for new alerts."],
      waiting: ["Waiting for new alerts", "New alerts appear here as they happen, for free. Load recent alerts to see what came before."],
    }),
  },
  announcements: {
    description: "Exchange filings with their categories, as they are filed. Live arrivals are free; earlier filings are a paid page (charged per filing returned). Times are IST.",
    materiality: true,
    empty: feedEmptyStates(MegaphoneIcon, "filings", {
      noMatch: ["No filings matched", "Nothing matched these filters; filings are charged only when returned, so nothing was charged."],
      waiting: ["Waiting for filings", "New filings appear here as they are made, for free. Load recent filings to see what came before."],
    }),
  },
  "block-deals": {
    description: `Large trades in the exchanges' block windows (08:45–09:00 and 14:05–14:20 IST), with their size and the company's filings of the day. Live arrivals are free; earlier deals are a paid page (${describeCost("listBlockDeals")}) Beta at the service. Times are IST.`,
    empty: feedEmptyStates(HandshakeIcon, "deals", {
      noMatch: ["No block deals matched", "Nothing matched these filters; deals are charged only when returned, so nothing was charged."],
      waiting: ["Waiting for block deals", "New deals appear here as they are reported, for free. Load recent deals to see what came before."],
    }),
  },
  news: {
    description: `Company news with its sentiment, as it is published. Live arrivals are free; earlier news is a paid page (${describeCost("listNews")}) Headlines open the publisher's site. Times are IST.`,
    empty: feedEmptyStates(NewspaperIcon, "news", {
      noMatch: ["No news matched", "Nothing matched these filters, and an empty page is free: nothing was charged."],
      waiting: ["Waiting for news", "New articles appear here as they are published, for free. Load recent news to see what came before."],
    }),
  },
};
