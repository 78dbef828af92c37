"use client";

import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ArrivingItem } from "./live-feed-parts";

/** The messages of an empty feed: after a paid page that matched nothing, for a range that has ended, or while waiting. */
export interface FeedEmptyText {
  icon: LucideIcon;
  noMatch: [title: string, description: string];
  pastRange: [title: string, description: string];
  waiting: [title: string, description: string];
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
  const [title, description] = pages.loaded > 0 ? empty.noMatch : ended ? empty.pastRange : empty.waiting;
  return (
    <>
      {pages.error ? <ErrorState error={pages.error} onRetry={pages.retry} /> : null}
      {items.length > 0 ? (
        <ol className="grid gap-3" aria-label={label} data-testid={testId}>
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
        <EmptyState icon={empty.icon} title={title} description={description} />
      )}
    </>
  );
}
