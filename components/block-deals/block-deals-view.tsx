"use client";

import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { PaidButton } from "@/components/paid/paid-call";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { FeedList, type FeedViewProps } from "@/components/feeds/feed-list";
import { FeedFooter, FeedNotices, loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { DateRangeFields } from "@/components/feeds/filter-fields";
import { NewItemsPill } from "@/components/feeds/live-feed-parts";
import { rangeEnded } from "@/components/feeds/live-filters";
import { LiveStatusBadge } from "@/components/feeds/live-status-lazy";
import { useLiveFeed } from "@/components/feeds/use-live-feed";
import { useLiveStream } from "@/components/feeds/use-live-stream";
import { usePaidPages } from "@/components/feeds/use-paid-pages";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import { describeCost } from "@/lib/alpha/costs";
import { BLOCK_DEAL_PAGE_SIZE, type BlockDealFilters, blockDealsInput, matchesBlockDealFilters, mergeBlockDeals } from "./block-deal-model";
import { ExchangeFilter } from "./exchange-filter";
import { blockDealsParsers } from "./search-params";
import { useHeldContext } from "./use-held-context";

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: BlockDealCard, prefetch: prefetchCard } = onDemandItem(() => import("./block-deal-card").then((m) => m.BlockDealCard));

/** Block deals: live arrivals on top, a paid page per click (charged per deal returned), each deal in context. */
export function BlockDealsView({
  hasKey,
  description,
  needsKey,
  empty,
}: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const [state, setState] = useQueryStates(blockDealsParsers);
  const symbolFilter = useSymbolFilter();
  const filters: BlockDealFilters = React.useMemo(
    () => ({ symbols: symbolFilter.effective, exchange: state.exchange, from: state.from, to: state.to }),
    [symbolFilter.effective, state.exchange, state.from, state.to],
  );
  const ended = rangeEnded(filters.to);
  const held = useHeldContext();
  const { shown, waiting, fresh, add, flush, topRef } = useLiveFeed<BlockDeal>({ paused: false, resetKey: JSON.stringify(filters) });
  const [pollAll, setPollAll] = React.useState(false);
  const live = useLiveStream({
    products: ["block-deals"],
    pollAll,
    symbols: filters.symbols,
    enabled: hasKey && symbolFilter.ready && !ended,
    onRow: ({ row }) => {
      if (matchesBlockDealFilters(row, filters)) add(row);
    },
  });
  const pages = usePaidPages("listBlockDeals", (page) => blockDealsInput(filters, page), {
    matches: (row) => matchesBlockDealFilters(row, filters),
  });
  const visible = React.useMemo(() => mergeBlockDeals(shown, pages.rows), [shown, pages.rows]);
  const off = ended ? "The date range ends before today, so no new deals can match. Clear the end date to follow them live." : null;

  return (
    <>
      <PageHeader
        title="Block deals"
        description={description}
        actions={<LiveStatusBadge snapshot={live} product="block-deals" off={off} reserve />}
      />
      <SymbolFilterBar>
        <ExchangeFilter value={filters.exchange} onChange={(v) => void setState({ exchange: v })} />
        <DateRangeFields from={filters.from} to={filters.to} onChange={(next) => void setState(next)} />
      </SymbolFilterBar>
      {!hasKey ? (
        needsKey
      ) : (
        <Card data-testid="block-deals-feed" data-live-url={live.url ?? ""}>
          <CardHeader className="grid-rows-none gap-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid gap-1">
                <CardTitle>Deals</CardTitle>
                <CardDescription>Newest first. Sizes against market cap and explaining filings come from data the desk already holds.</CardDescription>
              </div>
              {pages.loaded === 0 && (
                <PaidButton
                  price={pages.nextPrice}
                  what={`Load the latest ${BLOCK_DEAL_PAGE_SIZE} block deals matching your filters (${describeCost("listBlockDeals").replace(/\.$/, "")}).`}
                  onRun={pages.loadNext}
                  variant="outline"
                  testId="block-deals-load"
                >
                  Load recent deals
                </PaidButton>
              )}
            </div>
            <FeedNotices status={live.statuses["block-deals"]} onPollAll={() => setPollAll(true)} symbols={filters.symbols.length} noun="block deals" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <NewItemsPill count={waiting.length} noun={["deal", "deals"]} paused={false} onShow={() => flush({ scroll: true })} />
            <div ref={topRef} aria-hidden className="-mb-3" />
            <FeedList
              items={visible}
              itemKey={(item) => item.id}
              isFresh={(item) => fresh.has(item.id)}
              render={(item) => <BlockDealCard deal={item} held={held} />}
              label="Block deals"
              testId="block-deals-list"
              pages={pages}
              ended={ended}
              empty={empty}
            />
            <FeedFooter pages={pages} noun="deals" />
          </CardContent>
        </Card>
      )}
    </>
  );
}
