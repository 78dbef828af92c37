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
import { Switch } from "@/components/ui/switch";
import { importOnce } from "@/lib/import-once";
import type { AnnouncementFilters } from "./announcement-model";
import { announcementsInput, matchesAnnouncementFilters, mergeAnnouncements, normalizeCategories } from "./announcement-model";
import { announcementsParsers } from "./search-params";
import type { ScoredFilings } from "./materiality-part";

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: AnnouncementCard, prefetch: prefetchCard } = onDemandItem(() => import("./announcement-card").then((m) => m.AnnouncementCard));

/** A thenable already settled: `then` runs its callback at once, so React.lazy takes a loaded part without suspending. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled?: (v: T) => unknown) => settled(onFulfilled ? onFulfilled(value) : value) } as unknown as Promise<T>;
}

/** A part's module, fetched as this module loads (server and browser), then handed over settled. */
function preloaded<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: { value: T } | null = null;
  const once = importOnce(() => load().then((value) => ((loaded = { value }), value)));
  once().catch(() => undefined);
  return () => (loaded ? settled(loaded.value) : once());
}

/**
 * The category filter and the materiality panel paint on the server and hydrate from their own chunks, in the page's
 * boundary (one of their own could stream apart from it and move the list). Their modules are in before the page
 * renders, so neither suspends; memo keeps an early update from reaching a part whose chunk is still on its way.
 */
const loadCategoryFilter = preloaded(() => import("./category-filter").then((m) => m.CategoryFilter));
const loadMaterialityPart = preloaded(() => import("./materiality-part").then((m) => m.MaterialityPart));
const CategoryFilter = React.memo(lazyPart(loadCategoryFilter));
const MaterialityPart = React.memo(lazyPart(loadMaterialityPart));

/** The same array while it holds the same elements: the feed rebuilds its arrays each render. */
function useSameElements<T>(next: T[]): T[] {
  const [kept, setKept] = React.useState(next);
  const same = kept.length === next.length && kept.every((x, i) => x === next[i]);
  if (!same) setKept(next);
  return same ? kept : next;
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
  const rows = useSameElements(feed.rows);
  const categories = useSameElements(filters.categories);
  const latestSetState = React.useRef(setState);
  React.useLayoutEffect(() => {
    latestSetState.current = setState;
  });
  const onCategories = React.useCallback((next: string[]) => void latestSetState.current({ categories: next.length ? next : null }), []);
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
          <CategoryFilter value={categories} onChange={onCategories} />
        </FeedFilterFields>
      }
      above={<MaterialityPart rows={rows} hasKey={view.hasKey} onScored={setScored} />}
      render={(item) => <AnnouncementCard item={item} {...scored?.cardProps(item)} />}
    />
  );
}
