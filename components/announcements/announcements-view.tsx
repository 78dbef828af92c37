"use client";

import * as React from "react";
import type { FeedViewProps } from "@/components/feeds/feed-list";
import { loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { FeedView } from "@/components/feeds/feed-view";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { FeedFilterFields } from "@/components/feeds/filter-fields";
import { useFeed, type FeedSpec } from "@/components/feeds/use-feed";
import { Label } from "@/components/ui/label";
import { lazyPart } from "@/components/ui/lazy-part";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import type { AnnouncementFilters } from "./announcement-model";
import { announcementsInput, matchesAnnouncementFilters, mergeAnnouncements, normalizeCategories } from "./announcement-model";
import { announcementsParsers } from "./search-params";
import type { ScoredFilings } from "./materiality-part";

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: AnnouncementCard, prefetch: prefetchCard } = onDemandItem(() => import("./announcement-card").then((m) => m.AnnouncementCard));

/**
 * The category filter and the materiality panel paint on the server and hydrate when their chunks are in; each has its
 * own boundary, so the rest of the page neither waits for them nor streams behind them.
 */
const CategoryFilter = lazyPart(
  () => import("./category-filter").then((m) => m.CategoryFilter),
  <div className="grid gap-1.5" aria-busy="true">
    <span className="text-xs font-medium text-muted-foreground">Categories</span>
    <Skeleton className="h-9 w-[9.5rem]" />
  </div>,
);
const MaterialityPart = lazyPart(() => import("./materiality-part").then((m) => m.MaterialityPart), <Skeleton className="h-[6.125rem] w-full rounded-xl" />);

/** The same array while its rows are the same ones: the feed rebuilds it each render, the scoring is keyed by it. */
function useSameRows<T>(rows: T[]): T[] {
  const [kept, setKept] = React.useState(rows);
  const same = kept.length === rows.length && kept.every((row, i) => row === rows[i]);
  if (!same) setKept(rows);
  return same ? kept : rows;
}

/** Detailed rows carry more than plain ones: only rows bought at the same level of detail stand in for each other. */
const detailOf = (canonical: string) => new URLSearchParams(canonical.split("?")[1] ?? "").get("detailed") === "true";

/** Corporate announcements: live filings (free) on top, a paid page per click, categories from the free catalogue. */
export function AnnouncementsView(view: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const [detailed, setDetailed] = React.useState(true);
  const spec: FeedSpec<"listAnnouncements", "announcements", AnnouncementFilters, typeof announcementsParsers> = React.useMemo(
    () => ({
      product: "announcements",
      endpoint: "listAnnouncements",
      parsers: announcementsParsers,
      filters: (state, symbols) => ({ symbols, categories: normalizeCategories(state.categories), important: state.important, from: state.from, to: state.to }),
      input: (f, page) => announcementsInput(f, page, detailed),
      matches: matchesAnnouncementFilters,
      merge: mergeAnnouncements,
    }),
    [detailed],
  );
  const feed = useFeed(spec, { hasKey: view.hasKey, fromRequest: (canonical) => detailOf(canonical) === detailed });
  const { filters, setState } = feed;
  // Filled in by the materiality part once it has hydrated; rows that come sooner wait as the list's skeleton.
  const [scored, setScored] = React.useState<ScoredFilings | null>(null);
  const rows = useSameRows(feed.rows);
  const pending = scored === null && rows.length > 0;
  const perItem = detailed ? 2 : 1;
  const credits = `${perItem} credit${perItem === 1 ? "" : "s"}`;

  return (
    <FeedView
      product="announcements"
      feed={{ ...feed, items: scored?.items ?? [], pages: pending ? { ...feed.pages, fetching: true } : feed.pages }}
      view={view}
      words={{
        title: "Announcements",
        listTitle: "Filings",
        listDescription: "Newest first, each with its materiality score and why. Important categories are starred; a filing in one has a marked edge.",
        noun: ["filing", "filings"],
        footerNoun: "filings",
        load: {
          label: "Load recent filings",
          what: `Load the latest 20 filings matching your filters (${credits} each, only for filings returned).`,
          controls: (
            <div className="flex items-center gap-2">
              <Switch id="announcements-detailed" checked={detailed} onCheckedChange={setDetailed} data-testid="announcements-detailed" />
              <Label htmlFor="announcements-detailed" className="text-xs font-normal text-muted-foreground">
                With related categories ({credits} a filing)
              </Label>
            </div>
          ),
        },
      }}
      filters={
        <FeedFilterFields filters={filters} setState={setState}>
          <CategoryFilter value={filters.categories} onChange={(next) => void setState({ categories: next.length ? next : null })} />
        </FeedFilterFields>
      }
      above={<MaterialityPart rows={rows} hasKey={view.hasKey} onScored={setScored} />}
      render={(item) => <AnnouncementCard item={item} {...scored?.cardProps(item)} />}
    />
  );
}
