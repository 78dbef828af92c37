"use client";

import { CardSkeleton, rows } from "@/components/shell/card-skeleton";
import { type ComponentProps, Suspense } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import { importOnce } from "@/lib/import-once";
import { UsageOverviewSkeleton } from "@/components/usage/usage-overview-skeleton";

/**
 * Today's panels below the market status, each its own chunk: rendered in full on the server (so nothing shifts) and
 * hydrated when its chunk arrives; the skeletons hold a panel's box on a client-side navigation.
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
  return <CardSkeleton label={label} head={["h-5 w-48", "h-4 w-full max-w-96"]} body={rows(lines, "h-5 w-full")} bodyClassName="grid gap-2" {...(className ? { className } : {})} />;
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
