import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { ListChecksIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { NeedsKeyNote } from "@/components/season/needs-key-note";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { PageSkeleton } from "@/components/shell/page-skeleton";
import { marketStatusView } from "@/components/today/market-status";
import { MarketStatusPanel } from "@/components/today/market-status-panel";
import { BlockDealsForSymbols, LatestOnSymbolsPanel, ResultsTodayPanel, SeasonPanel, TodaysBriefs, UpcomingCallsPanel, UsageOverview } from "@/components/today/today-lazy";
import { Button } from "@/components/ui/button";
import * as api from "@/lib/desk/route-meta";
import { seasonQueryInput } from "@/lib/desk/season-scopes";
import { deskQuery } from "@/lib/query/desk";
import { upcomingCalendarQueryOptions } from "@/lib/query/earnings";
import { requireUser } from "@/lib/server/identity/auth";
import { listWatchlists } from "@/lib/server/portfolio/watchlists";
import { pageContext, pageQueryClient, userHasKey } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Today" };

/**
 * The page after sign-in: the market now, then what matters today in the user's watchlists, free data first. The
 * header is sent at once, outside the boundary, so it paints with the first frame; the rest streams in when read.
 */
export default function TodayPage() {
  return (
    <>
      <PageHeader title="Today" description="The market now, and what matters today in your watchlists: results, the season, calls, alerts and block deals. Free data first; anything paid shows its price." />
      <Suspense fallback={<PageSkeleton cards={3} label="Loading today" />}>
        <TodayBody />
      </Suspense>
    </>
  );
}

async function TodayBody() {
  const user = await requireUser();
  const ctx = await pageContext();
  const now = ctx.now().getTime();
  const [hasKey, watchlists] = await Promise.all([userHasKey({ ctx, user }), listWatchlists({ ctx, user })]);
  const symbols = [...new Set(watchlists.flatMap((w) => w.items.map((i) => i.symbol)))];

  // Free answers the panels read, loaded once here under the browser's keys; a failure is left to each panel.
  const client = pageQueryClient({ ctx, user });
  // Today's briefs are shown with or without a key: the user's own schedules and runs, read from the desk.
  const briefs = [client.prefetchQuery(deskQuery(api.listBriefSchedules)), client.prefetchQuery(deskQuery(api.listBriefRuns))];
  const paid = hasKey ? [client.prefetchQuery(deskQuery(api.getUsage))] : [];
  const watched =
    hasKey && symbols.length > 0
      ? [
          client.prefetchQuery(deskQuery(api.getSeason, { query: seasonQueryInput({ scope: "watchlists", watchlist: null, quarter: null }) })),
          client.prefetchQuery(upcomingCalendarQueryOptions(symbols)),
          // What the announcements are scored with (materiality): the user's settings and watchlists.
          client.prefetchQuery(deskQuery(api.getMateriality)),
          client.prefetchQuery(deskQuery(api.listWatchlists)),
        ]
      : [];
  await Promise.all([...briefs, ...paid, ...watched]);

  return (
    <HydrationBoundary state={dehydrate(client)}>
      <MarketStatusPanel now={now} initial={marketStatusView(now)} />
      <TodaysBriefs />
      {!hasKey ? (
        <NeedsKeyNote what="Today's results, alerts, block deals and credits" />
      ) : (
        <>
          <section aria-labelledby="today-credits" className="grid gap-2">
            <h2 id="today-credits" className="text-sm font-medium text-muted-foreground">
              Your credits
            </h2>
            <UsageOverview />
          </section>
          {symbols.length === 0 ? (
            <EmptyState
              icon={ListChecksIcon}
              title="Make a watchlist to fill Today"
              description="Today follows the symbols in your watchlists: their results, the season, calls, alerts, announcements and block deals. Add symbols by hand or import a broker's holdings file."
              action={
                <Button asChild>
                  <Link href="/watchlists">Make a watchlist</Link>
                </Button>
              }
            />
          ) : (
            <>
              <div className="grid gap-4 xl:grid-cols-2">
                <ResultsTodayPanel symbols={symbols} now={now} />
                <SeasonPanel />
                <BlockDealsForSymbols symbols={symbols} now={now} hasKey={hasKey} />
                <UpcomingCallsPanel symbols={symbols} />
              </div>
              <LatestOnSymbolsPanel symbols={symbols} now={now} hasKey={hasKey} />
            </>
          )}
        </>
      )}
    </HydrationBoundary>
  );
}
