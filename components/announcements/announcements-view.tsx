"use client";

import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { PaidButton } from "@/components/paid/paid-call";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { FeedList, type FeedViewProps } from "@/components/feeds/feed-list";
import { FeedFooter, FeedNotices, loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { DateRangeFields, FilterSwitch } from "@/components/feeds/filter-fields";
import { NewItemsPill } from "@/components/feeds/live-feed-parts";
import { rangeEnded } from "@/components/feeds/live-filters";
import { LiveStatusBadge } from "@/components/feeds/live-status-lazy";
import { useLiveFeed } from "@/components/feeds/use-live-feed";
import { useLiveStream } from "@/components/feeds/use-live-stream";
import { usePaidPages } from "@/components/feeds/use-paid-pages";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { Announcement, AnnouncementFilters } from "./announcement-model";
import { announcementsInput, matchesAnnouncementFilters, mergeAnnouncements, normalizeCategories } from "./announcement-model";
import { CategoryFilter } from "./category-filter";
import { announcementsParsers } from "./search-params";

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: AnnouncementCard, prefetch: prefetchCard } = onDemandItem(() => import("./announcement-card").then((m) => m.AnnouncementCard));

/** Corporate announcements: live filings (free) on top, a paid page per click, categories from the free catalogue. */
export function AnnouncementsView({
  hasKey,
  description,
  needsKey,
  empty,
}: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const [state, setState] = useQueryStates(announcementsParsers);
  const symbolFilter = useSymbolFilter();
  const categories = React.useMemo(() => normalizeCategories(state.categories), [state.categories]);
  const filters: AnnouncementFilters = React.useMemo(
    () => ({ symbols: symbolFilter.effective, categories, important: state.important, from: state.from, to: state.to }),
    [symbolFilter.effective, categories, state.important, state.from, state.to],
  );
  const [detailed, setDetailed] = React.useState(true);
  const ended = rangeEnded(filters.to);
  const { shown, waiting, fresh, add, flush, topRef } = useLiveFeed<Announcement>({ paused: false, resetKey: JSON.stringify(filters) });
  const [pollAll, setPollAll] = React.useState(false);
  const live = useLiveStream({
    products: ["announcements"],
    pollAll,
    symbols: filters.symbols,
    enabled: hasKey && symbolFilter.ready && !ended,
    onRow: ({ row }) => {
      if (matchesAnnouncementFilters(row, filters)) add(row);
    },
  });
  const pages = usePaidPages("listAnnouncements", (page) => announcementsInput(filters, page, detailed), {
    matches: (row) => (filters.symbols.length === 0 || filters.symbols.includes(row.symbol)) && matchesAnnouncementFilters(row, filters),
    // Detailed rows carry more than plain ones: only rows bought at the same level of detail stand in.
    fromRequest: (canonical) => (new URLSearchParams(canonical.split("?")[1] ?? "").get("detailed") === "true") === detailed,
  });
  const visible = React.useMemo(() => mergeAnnouncements(shown, pages.rows), [shown, pages.rows]);
  const off = ended ? "The date range ends before today, so no new filings can match. Clear the end date to follow them live." : null;
  const perItem = detailed ? 2 : 1;

  return (
    <>
      <PageHeader
        title="Announcements"
        description={description}
        actions={<LiveStatusBadge snapshot={live} product="announcements" off={off} reserve />}
      />
      <SymbolFilterBar>
        <CategoryFilter value={categories} onChange={(next) => void setState({ categories: next.length ? next : null })} />
        <FilterSwitch label="Important only" checked={filters.important} onChange={(v) => void setState({ important: v || null })} testId="filter-important" />
        <DateRangeFields from={filters.from} to={filters.to} onChange={(next) => void setState(next)} />
      </SymbolFilterBar>
      {!hasKey ? (
        needsKey
      ) : (
        <Card data-testid="announcements-feed" data-live-url={live.url ?? ""}>
          <CardHeader className="grid-rows-none gap-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid gap-1">
                <CardTitle>Filings</CardTitle>
                <CardDescription>Newest first. Important categories are starred; a filing in one has a marked edge.</CardDescription>
              </div>
              {pages.loaded === 0 && (
                <div className="flex flex-wrap items-center gap-3">
                  <div className="flex items-center gap-2">
                    <Switch id="announcements-detailed" checked={detailed} onCheckedChange={setDetailed} data-testid="announcements-detailed" />
                    <Label htmlFor="announcements-detailed" className="text-xs font-normal text-muted-foreground">
                      With related categories ({perItem} credit{perItem === 1 ? "" : "s"} a filing)
                    </Label>
                  </div>
                  <PaidButton
                    price={pages.nextPrice}
                    what={`Load the latest ${20} filings matching your filters (${perItem} credit${perItem === 1 ? "" : "s"} each, only for filings returned).`}
                    onRun={pages.loadNext}
                    variant="outline"
                    testId="announcements-load"
                  >
                    Load recent filings
                  </PaidButton>
                </div>
              )}
            </div>
            <FeedNotices status={live.statuses.announcements} onPollAll={() => setPollAll(true)} symbols={filters.symbols.length} noun="filings" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <NewItemsPill count={waiting.length} noun={["filing", "filings"]} paused={false} onShow={() => flush({ scroll: true })} />
            <div ref={topRef} aria-hidden className="-mb-3" />
            <FeedList
              items={visible}
              itemKey={(item) => item.id}
              isFresh={(item) => fresh.has(item.id)}
              render={(item) => <AnnouncementCard item={item} />}
              label="Announcements"
              testId="announcements-list"
              pages={pages}
              ended={ended}
              empty={empty}
            />
            <FeedFooter pages={pages} noun="filings" />
          </CardContent>
        </Card>
      )}
    </>
  );
}
