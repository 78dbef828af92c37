"use client";

import { BarChart3Icon } from "lucide-react";
import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { PaidButton } from "@/components/paid/paid-call";
import { SymbolFilterBar } from "@/components/symbol-filter/symbol-filter-bar";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { FeedList, type FeedViewProps } from "@/components/feeds/feed-list";
import { FeedFooter, FeedNotices, loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { ChoiceChips, type ChoiceOption, DateRangeFields } from "@/components/feeds/filter-fields";
import { rangeEnded } from "@/components/feeds/live-filters";
import { NewItemsPill } from "@/components/feeds/live-feed-parts";
import { LiveStatusBadge } from "@/components/feeds/live-status-lazy";
import { useLiveFeed } from "@/components/feeds/use-live-feed";
import { useLiveStream } from "@/components/feeds/use-live-stream";
import { usePaidPages } from "@/components/feeds/use-paid-pages";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { NewsItem, Sentiment } from "@/lib/alpha/news";
import { formatNumber } from "@/lib/format/number";
import type { NewsFilters } from "./news-model";
import { matchesNewsFilters, mergeNews, newsInput, sentimentMix } from "./news-model";
import { newsParsers } from "./search-params";

// Recharts loads only when the chart is drawn, keeping the page's first load small; drawn in the browser only.
const SentimentChartLazy = React.lazy(() => import("./sentiment-chart").then((m) => ({ default: m.SentimentChart })));
const subscribeNothing = () => () => {};

function SentimentChart(props: React.ComponentProps<typeof SentimentChartLazy>) {
  const inBrowser = React.useSyncExternalStore(subscribeNothing, () => true, () => false);
  const placeholder = <Skeleton className="h-56 w-full" />;
  return inBrowser ? (
    <React.Suspense fallback={placeholder}>
      <SentimentChartLazy {...props} />
    </React.Suspense>
  ) : (
    placeholder
  );
}

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: NewsCard, prefetch: prefetchCard } = onDemandItem(() => import("./news-card").then((m) => m.NewsCard));

const SENTIMENT_OPTIONS: ChoiceOption<Sentiment>[] = [
  { value: null, label: "All", testId: "sentiment-all" },
  { value: "positive", label: "Positive", testId: "sentiment-positive" },
  { value: "negative", label: "Negative", testId: "sentiment-negative" },
  { value: "neutral", label: "Neutral", testId: "sentiment-neutral" },
];

/** News with sentiment: live arrivals (free) on top, paid pages on request, and the sentiment mix of what is loaded. */
export function NewsView({
  hasKey,
  description,
  needsKey,
  empty,
}: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const [state, setState] = useQueryStates(newsParsers);
  const symbolFilter = useSymbolFilter();
  const filters: NewsFilters = React.useMemo(
    () => ({ symbols: symbolFilter.effective, sentiment: state.sentiment, from: state.from, to: state.to }),
    [symbolFilter.effective, state.sentiment, state.from, state.to],
  );
  const ended = rangeEnded(filters.to);
  const { shown, waiting, fresh, add, flush, topRef } = useLiveFeed<NewsItem>({ paused: false, resetKey: JSON.stringify(filters) });
  const [pollAll, setPollAll] = React.useState(false);
  const live = useLiveStream({
    products: ["news"],
    pollAll,
    symbols: filters.symbols,
    enabled: hasKey && symbolFilter.ready && !ended,
    onRow: ({ row }) => {
      if (matchesNewsFilters(row, filters)) add(row);
    },
  });
  const pages = usePaidPages("listNews", (page) => newsInput(filters, page), {
    matches: (row) => (filters.symbols.length === 0 || (row.symbol != null && filters.symbols.includes(row.symbol))) && matchesNewsFilters(row, filters),
  });
  const visible = React.useMemo(() => mergeNews(shown, pages.rows), [shown, pages.rows]);
  const mix = React.useMemo(() => sentimentMix(mergeNews(shown, waiting, pages.rows)), [shown, waiting, pages.rows]);
  const counted = mix.reduce((n, d) => n + d.positive + d.negative + d.neutral, 0);
  const off = ended ? "The date range ends before today, so no new articles can match. Clear the end date to follow them live." : null;

  return (
    <>
      <PageHeader
        title="News"
        description={description}
        actions={<LiveStatusBadge snapshot={live} product="news" off={off} reserve />}
      />
      <SymbolFilterBar>
        <ChoiceChips label="Sentiment" options={SENTIMENT_OPTIONS} value={filters.sentiment} onChange={(v) => void setState({ sentiment: v })} />
        <DateRangeFields from={filters.from} to={filters.to} onChange={(next) => void setState(next)} />
      </SymbolFilterBar>
      {!hasKey ? (
        needsKey
      ) : (
        <>
          <Card data-testid="sentiment-card">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <BarChart3Icon aria-hidden className="size-4 text-muted-foreground" />
                Sentiment mix
              </CardTitle>
              <CardDescription>
                {counted > 0
                  ? `Articles per day by sentiment, from the ${formatNumber(counted)} loaded on this page.`
                  : "Articles per day by sentiment, drawn from the news on this page once some has arrived or been loaded."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {mix.length > 0 ? (
                <SentimentChart days={mix} />
              ) : (
                <div className="grid h-56 place-items-center rounded-lg border border-dashed text-sm text-muted-foreground" data-testid="sentiment-empty">
                  No articles yet.
                </div>
              )}
            </CardContent>
          </Card>
          <Card data-testid="news-feed" data-live-url={live.url ?? ""}>
            <CardHeader className="grid-rows-none gap-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid gap-1">
                  <CardTitle>Articles</CardTitle>
                  <CardDescription>Newest first. The sentiment is the service&apos;s reading of the article.</CardDescription>
                </div>
                {pages.loaded === 0 && (
                  <PaidButton price={pages.nextPrice} what="Load the latest page of news matching your filters (up to 50 articles)." onRun={pages.loadNext} variant="outline" testId="news-load">
                    Load recent news
                  </PaidButton>
                )}
              </div>
              <FeedNotices status={live.statuses.news} onPollAll={() => setPollAll(true)} symbols={filters.symbols.length} noun="news" />
            </CardHeader>
            <CardContent className="grid gap-3">
              <NewItemsPill count={waiting.length} noun={["article", "articles"]} paused={false} onShow={() => flush({ scroll: true })} />
              <div ref={topRef} aria-hidden className="-mb-3" />
              <FeedList
                items={visible}
                itemKey={(item) => item.id}
                isFresh={(item) => fresh.has(item.id)}
                render={(item) => <NewsCard item={item} />}
                label="News"
                testId="news-list"
                pages={pages}
                ended={ended}
                empty={empty}
              />
              <FeedFooter pages={pages} noun="news" />
            </CardContent>
          </Card>
        </>
      )}
    </>
  );
}
