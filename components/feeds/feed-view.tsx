"use client";

import type * as React from "react";
import { PaidButton } from "@/components/paid/paid-call";
import { PageHeader } from "@/components/shell/page-header";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { LiveProduct } from "@/lib/query/live";
import { FeedFooter, FeedNotices } from "./feed-chrome-lazy";
import { FeedList, type FeedViewProps } from "./feed-list";
import { NewItemsPill } from "./live-feed-parts";
import { LiveStatusBadge } from "./live-status-lazy";
import type { LiveSnapshot } from "./use-live-stream";
import type { FeedEndpoint, PaidPages } from "./use-paid-pages";

/** What a feed's page shows of its live stream and paid pages (the result of useFeed, loosely typed). */
interface FeedState<T> {
  live: LiveSnapshot;
  waiting: readonly unknown[];
  flush: (options?: { scroll?: boolean }) => void;
  topRef: React.RefObject<HTMLDivElement | null>;
  pollAll: () => void;
  ended: boolean;
  /** How many symbols the feed follows (the notices say so). */
  symbolCount: number;
  pages: Omit<PaidPages<FeedEndpoint>, "rows">;
  items: readonly T[];
  fresh: ReadonlySet<string>;
}

/** The words of one feed: its title (also the list's label), its nouns, its buttons; test ids follow the product. */
export interface FeedWords {
  title: string;
  /** The card's title and what its description says under it. */
  listTitle: string;
  listDescription: React.ReactNode;
  noun: [singular: string, plural: string];
  /** What the footer and the notices call the rows ("filings", "block deals"); the notices' word when it differs. */
  footerNoun: string;
  noticesNoun?: string;
  load: { label: string; what: string; controls?: React.ReactNode };
}

/** The row's id keys it and says whether it has just arrived. */
const byId = (item: unknown) => (item as { id: string }).id;

/**
 * One live feed page: the header with the live status, the filter bar, then (with a key) the feed's card: the paid
 * page button, the stream's notices, the new-item pill, the rows and the footer. Each feed brings its own parts.
 */
export function FeedView<T>({
  product,
  feed,
  words,
  view,
  filters,
  actions,
  above,
  render,
  itemKey,
  isFresh,
  paused = false,
  onShowWaiting,
  footerClassName,
  cardProps,
}: {
  product: LiveProduct;
  feed: FeedState<T>;
  words: FeedWords;
  view: FeedViewProps;
  filters: React.ReactNode;
  actions?: React.ReactNode;
  above?: React.ReactNode;
  render: (item: T) => React.ReactNode;
  /** The row's key, and whether it has just arrived; by default its `id`. */
  itemKey?: (item: T) => string;
  isFresh?: (item: T) => boolean;
  paused?: boolean;
  onShowWaiting?: () => void;
  footerClassName?: string;
  cardProps?: Record<`data-${string}`, string>;
}) {
  const { live, pages, items, ended, waiting, topRef, flush, pollAll, symbolCount, fresh } = feed;
  const loadButton = (
    <PaidButton price={pages.nextPrice} what={words.load.what} onRun={pages.loadNext} variant="outline" testId={`${product}-load`}>
      {words.load.label}
    </PaidButton>
  );
  const off = ended ? `The date range ends before today, so no new ${words.noun[1]} can match. Clear the end date to follow them live.` : null;
  return (
    <>
      <PageHeader
        title={words.title}
        description={view.description}
        actions={
          <>
            <LiveStatusBadge snapshot={live} product={product} paused={paused} off={off} reserve />
            {actions}
          </>
        }
      />
      <SymbolFilterBar>{filters}</SymbolFilterBar>
      {!view.hasKey ? (
        view.needsKey
      ) : (
        <>
          {above}
          <Card data-testid={`${product}-feed`} data-live-url={live.url ?? ""} {...cardProps}>
            <CardHeader className="grid-rows-none gap-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid gap-1">
                  <CardTitle>{words.listTitle}</CardTitle>
                  <CardDescription>{words.listDescription}</CardDescription>
                </div>
                {pages.loaded === 0 && (words.load.controls ? <div className="flex flex-wrap items-center gap-3">{words.load.controls}{loadButton}</div> : loadButton)}
              </div>
              <FeedNotices status={live.statuses[product]} onPollAll={pollAll} symbols={symbolCount} noun={words.noticesNoun ?? words.footerNoun} />
            </CardHeader>
            <CardContent className="grid gap-3">
              <NewItemsPill count={waiting.length} noun={words.noun} paused={paused} onShow={onShowWaiting ?? (() => flush({ scroll: true }))} />
              <div ref={topRef} aria-hidden className="-mb-3" />
              <FeedList
                items={items}
                itemKey={itemKey ?? byId}
                isFresh={isFresh ?? ((item) => fresh.has(byId(item)))}
                render={render}
                label={words.title}
                testId={`${product}-list`}
                pages={pages}
                ended={ended}
                empty={view.empty}
              />
              <FeedFooter pages={pages} noun={words.footerNoun} className={footerClassName} />
            </CardContent>
          </Card>
        </>
      )}
    </>
  );
}
