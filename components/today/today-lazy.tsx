"use client";

import { type ComponentProps, Suspense } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { lazyPart } from "@/components/ui/lazy-part";
import { importOnce } from "@/lib/import-once";
import { UsageOverviewSkeleton } from "@/components/usage/usage-overview-skeleton";

/**
 * Today's panels below the market status, each its own chunk instead of part of the page's first load (issue 18).
 * The server renders them in full (React.lazy resolves there; only the first request after the server starts streams
 * a skeleton and then the panel in the same response), so the first HTML shows every panel and nothing shifts; the
 * browser fetches a panel's code and hydrates it when the chunk arrives. The skeletons hold a panel's box for a
 * client-side navigation, while the chunk loads.
 */

const loadPanels = importOnce(() => import("./today-panels"));

const ResultsToday = lazyPart(() => loadPanels().then((m) => m.ResultsTodayPanel));
const UpcomingCalls = lazyPart(() => loadPanels().then((m) => m.UpcomingCallsPanel));
const LatestOnSymbols = lazyPart(() => loadPanels().then((m) => m.LatestOnSymbolsPanel));
const Season = lazyPart(() => import("@/components/season/season-tracker").then((m) => m.SeasonPanel));
const BlockDeals = lazyPart(() => import("@/components/block-deals/block-deals-for-symbols").then((m) => m.BlockDealsForSymbols));
const Usage = lazyPart(() => import("@/components/usage/usage-overview").then((m) => m.UsageOverview));
const Briefs = lazyPart(() => import("@/components/briefs/todays-briefs").then((m) => m.TodaysBriefs));

/** A card of the panels' shape: a title, a line of description and `lines` rows, at the panels' rhythm. */
function PanelSkeleton({ label, lines = 3, className }: { label: string; lines?: number; className?: string }) {
  return (
    <Card aria-busy="true" aria-label={label} className={className}>
      <CardHeader>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-full max-w-96" />
      </CardHeader>
      <CardContent className="grid gap-2">
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}

export function ResultsTodayPanel(props: ComponentProps<typeof ResultsToday>) {
  return (
    <Suspense fallback={<PanelSkeleton label="Loading results today and tomorrow" lines={5} />}>
      <ResultsToday {...props} />
    </Suspense>
  );
}

export function UpcomingCallsPanel(props: ComponentProps<typeof UpcomingCalls>) {
  return (
    <Suspense fallback={<PanelSkeleton label="Loading upcoming calls" />}>
      <UpcomingCalls {...props} />
    </Suspense>
  );
}

export function LatestOnSymbolsPanel(props: ComponentProps<typeof LatestOnSymbols>) {
  return (
    <Suspense fallback={<PanelSkeleton label="Loading alerts and announcements" lines={6} />}>
      <LatestOnSymbols {...props} />
    </Suspense>
  );
}

export function SeasonPanel() {
  return (
    <Suspense fallback={<PanelSkeleton label="Loading the season" lines={6} />}>
      <Season />
    </Suspense>
  );
}

export function BlockDealsForSymbols(props: ComponentProps<typeof BlockDeals>) {
  return (
    <Suspense fallback={<PanelSkeleton label="Loading block deals today" />}>
      <BlockDeals {...props} />
    </Suspense>
  );
}


export function UsageOverview() {
  return (
    <Suspense fallback={<UsageOverviewSkeleton />}>
      <Usage />
    </Suspense>
  );
}

export function TodaysBriefs() {
  return (
    <Suspense fallback={<PanelSkeleton label="Loading today's briefs" lines={2} />}>
      <Briefs />
    </Suspense>
  );
}
