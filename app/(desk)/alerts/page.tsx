import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { AlertsSkeleton, AlertsView } from "@/components/alerts/alerts-view";
import { parseAlertsSearch } from "@/components/alerts/search-params";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/http/prefetch";
import { loadFeedPage } from "@/lib/server/live/feed-page";

export const metadata: Metadata = { title: "Alerts" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function AlertsSection({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  // Checked here so a bad link fails soft (unknown values are dropped); the browser reads the same URL with nuqs.
  parseAlertsSearch(await searchParams);
  const { hasKey, state } = await loadFeedPage({ ctx, user });
  return (
    <HydrationBoundary state={state}>
      <AlertsView hasKey={hasKey} />
    </HydrationBoundary>
  );
}

/** Alerts are live (free) or paid pages the user asks for: nothing paid is prefetched. */
export default function AlertsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<AlertsSkeleton />}>
      <AlertsSection searchParams={searchParams} />
    </Suspense>
  );
}
