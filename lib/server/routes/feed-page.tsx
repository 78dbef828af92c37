import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { FeedEmptyText, FeedViewProps } from "@/components/feeds/feed-list";
import { NeedsKey } from "@/components/feeds/needs-key";
import { requireUser } from "../identity/auth";
import { loadFeedPage, pageContext } from "./page-data";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A live feed page: live rows are free and earlier ones paid pages the user asks for, so nothing paid is prefetched. No
 * Suspense boundary: the page reads only the desk's own data, so its header paints with the first frame.
 */
export async function feedPage({
  searchParams,
  parse,
  View,
  description,
  empty,
  materiality = false,
}: {
  searchParams: SearchParams;
  /** Checked here so a bad link fails soft (unknown values dropped); the browser reads the same URL. */
  parse: (search: Record<string, string | string[] | undefined>) => unknown;
  View: ComponentType<FeedViewProps>;
  description: string;
  empty: FeedEmptyText;
  /** Whether the page shows the announcements' materiality panel (its settings are read with the page). */
  materiality?: boolean;
}) {
  const user = await requireUser();
  const ctx = await pageContext();
  parse(await searchParams);
  const { hasKey, state } = await loadFeedPage({ ctx, user, materiality });
  return (
    <HydrationBoundary state={state}>
      <View hasKey={hasKey} description={description} needsKey={<NeedsKey />} empty={empty} />
    </HydrationBoundary>
  );
}
