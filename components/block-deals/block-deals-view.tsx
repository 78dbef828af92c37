"use client";

import * as React from "react";
import type { FeedViewProps } from "@/components/feeds/feed-list";
import { loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { FeedView } from "@/components/feeds/feed-view";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { FeedFilterFields } from "@/components/feeds/filter-fields";
import { useFeed, type FeedSpec } from "@/components/feeds/use-feed";
import { describeCost } from "@/lib/alpha/costs";
import { BLOCK_DEAL_PAGE_SIZE, type BlockDealFilters, blockDealsInput, matchesBlockDealFilters, mergeBlockDeals } from "./block-deal-model";
import { ExchangeFilter } from "./exchange-filter";
import { blockDealsParsers } from "./search-params";
import { useHeldContext } from "./use-held-context";

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: BlockDealCard, prefetch: prefetchCard } = onDemandItem(() => import("./block-deal-card").then((m) => m.BlockDealCard));

const BLOCK_DEALS: FeedSpec<"listBlockDeals", "block-deals", BlockDealFilters, typeof blockDealsParsers> = {
  product: "block-deals",
  endpoint: "listBlockDeals",
  parsers: blockDealsParsers,
  filters: (state, symbols) => ({ symbols, exchange: state.exchange, from: state.from, to: state.to }),
  input: blockDealsInput,
  matches: matchesBlockDealFilters,
  merge: mergeBlockDeals,
};

/** Block deals: live arrivals on top, a paid page per click (charged per deal returned), each deal in context. */
export function BlockDealsView(view: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const held = useHeldContext();
  const feed = useFeed(BLOCK_DEALS, { hasKey: view.hasKey });
  const { filters, setState } = feed;

  return (
    <FeedView
      product="block-deals"
      feed={{ ...feed, items: feed.rows }}
      view={view}
      words={{
        title: "Block deals",
        listTitle: "Deals",
        listDescription: "Newest first. Sizes against market cap and explaining filings come from data the desk already holds.",
        noun: ["deal", "deals"],
        footerNoun: "deals",
        noticesNoun: "block deals",
        load: {
          label: "Load recent deals",
          what: `Load the latest ${BLOCK_DEAL_PAGE_SIZE} block deals matching your filters (${describeCost("listBlockDeals").replace(/\.$/, "")}).`,
        },
      }}
      filters={
        <FeedFilterFields filters={filters} setState={setState}>
          <ExchangeFilter value={filters.exchange} onChange={(v) => void setState({ exchange: v })} />
        </FeedFilterFields>
      }
      render={(item) => <BlockDealCard deal={item} held={held} />}
    />
  );
}
