"use client";

import type * as React from "react";
import { ErrorState } from "@/components/shell/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ArrivingItem } from "./live-feed-parts";

/**
 * The messages of an empty feed, rendered on the server (`FeedEmptyState` in `./feed-empty`): after a paid page that
 * matched nothing, for a range that has ended, or while waiting.
 */
/** What every feed page (alerts, announcements, block deals, news) hands its view, written by the page on the server. */
export interface FeedViewProps {
  hasKey: boolean;
  /** The page header's description. */
  description: string;
  /** What the page shows instead of the feed without a key. */
  needsKey: React.ReactNode;
  /** The feed's empty states. */
  empty: FeedEmptyText;
}

export interface FeedEmptyText {
  noMatch: React.ReactNode;
  pastRange: React.ReactNode;
  waiting: React.ReactNode;
}

/**
 * The list body every live feed page shows: the error of its paid pages, the items with arrivals highlighted,
 * a skeleton while a page loads, or an empty state that says what to do next.
 */
export function FeedList<T>({
  items,
  itemKey,
  isFresh,
  render,
  label,
  testId,
  pages,
  ended,
  empty,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  isFresh: (item: T) => boolean;
  render: (item: T) => React.ReactNode;
  label: string;
  testId: string;
  pages: { error: unknown; retry: () => void; fetching: boolean; loaded: number };
  ended: boolean;
  empty: FeedEmptyText;
}) {
  return (
    <>
      {pages.error ? <ErrorState error={pages.error} onRetry={pages.retry} /> : null}
      {items.length > 0 ? (
        <ol className="grid grid-cols-1 gap-3" aria-label={label} data-testid={testId}>
          {items.map((item) => (
            <ArrivingItem key={itemKey(item)} fresh={isFresh(item)}>
              {render(item)}
            </ArrivingItem>
          ))}
        </ol>
      ) : pages.fetching ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-28 w-full rounded-xl" />
          <Skeleton className="h-28 w-full rounded-xl" />
        </div>
      ) : (
        (pages.loaded > 0 ? empty.noMatch : ended ? empty.pastRange : empty.waiting)
      )}
    </>
  );
}
