"use client";

import { CardSkeleton, rows } from "@/components/shell/card-skeleton";
import { lazyPart } from "@/components/ui/lazy-part";
import { importOnce } from "@/lib/import-once";
import { UsageOverviewSkeleton } from "@/components/usage/usage-overview-skeleton";

/**
 * Today's panels below the market status, each its own chunk: rendered in full on the server (so nothing shifts) and
 * hydrated when its chunk arrives; the skeletons hold a panel's box on a client-side navigation.
 */

const loadPanels = importOnce(() => import("./today-panels"));

/** A card of the panels' shape: a title, a line of description and `lines` rows, at the panels' rhythm. */
function PanelSkeleton({ label, lines = 3, className }: { label: string; lines?: number; className?: string }) {
  return <CardSkeleton label={label} head={["h-5 w-48", "h-4 w-full max-w-96"]} body={rows(lines, "h-5 w-full")} bodyClassName="grid gap-2" {...(className ? { className } : {})} />;
}

export const ResultsTodayPanel = lazyPart(() => loadPanels().then((m) => m.ResultsTodayPanel), <PanelSkeleton label="Loading results today and tomorrow" lines={5} />);
export const UpcomingCallsPanel = lazyPart(() => loadPanels().then((m) => m.UpcomingCallsPanel), <PanelSkeleton label="Loading upcoming calls" />);
export const LatestOnSymbolsPanel = lazyPart(() => loadPanels().then((m) => m.LatestOnSymbolsPanel), <PanelSkeleton label="Loading alerts and announcements" lines={6} />);
export const SeasonPanel = lazyPart(() => import("@/components/season/season-tracker").then((m) => m.SeasonPanel), <PanelSkeleton label="Loading the season" lines={6} />);
export const BlockDealsForSymbols = lazyPart(
  () => import("@/components/block-deals/block-deals-for-symbols").then((m) => m.BlockDealsForSymbols),
  <PanelSkeleton label="Loading block deals today" />,
);
export const UsageOverview = lazyPart(() => import("@/components/usage/usage-overview").then((m) => m.UsageOverview), <UsageOverviewSkeleton />);
export const TodaysBriefs = lazyPart(() => import("@/components/briefs/todays-briefs").then((m) => m.TodaysBriefs), <PanelSkeleton label="Loading today's briefs" lines={2} />);
