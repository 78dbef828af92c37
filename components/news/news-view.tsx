"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { BarChart3Icon } from "lucide-react";
import * as React from "react";
import type { FeedViewProps } from "@/components/feeds/feed-list";
import { loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { FeedView } from "@/components/feeds/feed-view";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { ChoiceChips, type ChoiceOption, FeedFilterFields } from "@/components/feeds/filter-fields";
import { useFeed, type FeedSpec } from "@/components/feeds/use-feed";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Sentiment } from "@/lib/alpha/news";
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

const NEWS: FeedSpec<"listNews", "news", NewsFilters, typeof newsParsers> = {
  product: "news",
  endpoint: "listNews",
  parsers: newsParsers,
  filters: (state, symbols) => ({ symbols, sentiment: state.sentiment, from: state.from, to: state.to }),
  input: newsInput,
  matches: matchesNewsFilters,
  merge: mergeNews,
};

/** News with sentiment: live arrivals (free) on top, paid pages on request, and the sentiment mix of what is loaded. */
export function NewsView(view: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const feed = useFeed(NEWS, { hasKey: view.hasKey });
  const { filters, setState } = feed;
  const mix = React.useMemo(() => sentimentMix(mergeNews(feed.shown, feed.waiting, feed.pages.rows)), [feed.shown, feed.waiting, feed.pages.rows]);
  const counted = mix.reduce((n, d) => n + d.positive + d.negative + d.neutral, 0);

  return (
    <FeedView
      product="news"
      feed={{ ...feed, items: feed.rows }}
      view={view}
      words={{
        title: "News",
        listTitle: "Articles",
        listDescription: "Newest first. The sentiment is the service's reading of the article.",
        noun: ["article", "articles"],
        footerNoun: "news",
        load: { label: "Load recent news", what: "Load the latest page of news matching your filters (up to 50 articles)." },
      }}
      filters={
        <FeedFilterFields filters={filters} setState={setState}>
          <ChoiceChips label="Sentiment" options={SENTIMENT_OPTIONS} value={filters.sentiment} onChange={(v) => void setState({ sentiment: v })} />
        </FeedFilterFields>
      }
      above={
        <Card data-testid="sentiment-card">
          <CardHeader>
            <CardHeading icon={BarChart3Icon} title="Sentiment mix" description={counted > 0 ? `Articles per day by sentiment, from the ${formatNumber(counted)} loaded on this page.` : "Articles per day by sentiment, drawn from the news on this page once some has arrived or been loaded."} />
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
      }
      render={(item) => <NewsCard item={item} />}
    />
  );
}
