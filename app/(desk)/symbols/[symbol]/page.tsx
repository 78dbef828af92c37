import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import { CalendarDaysIcon, MicIcon, SearchXIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { symbolInputs } from "@/components/symbols/inputs";
import { SymbolProfile } from "@/components/symbols/symbol-profile";
import { SymbolTimeline } from "@/components/symbols/symbol-timeline";
import { Button } from "@/components/ui/button";
import { SYMBOL_RE } from "@/lib/alpha/primitives";
import { symbolStanding } from "@/lib/server/symbols/symbol-directory";
import { symbolFromSegment } from "@/lib/symbols/symbol-href";
import type { DeskContext } from "@/lib/server/core/context";
import { requireUser, type SessionUser } from "@/lib/server/identity/auth";
import { pageContext, prefetchFree, userHasKey, requestQueryClient, seedPeeks } from "@/lib/server/http/prefetch";

type Params = Promise<{ symbol: string }>;

function readSymbol(raw: string): string {
  return symbolFromSegment(raw);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: readSymbol((await params).symbol) };
}

/** The timeline's free data (filed results, scheduled results and calls), prefetched under the browser's keys. */
async function prefetchTimeline({ ctx, client, user, inputs }: { ctx: DeskContext; client: QueryClient; user: SessionUser; inputs: ReturnType<typeof symbolInputs> }): Promise<void> {
  await Promise.all([
    prefetchFree({ ctx, client, user, id: "listEarningsIndex", input: inputs.results }),
    prefetchFree({ ctx, client, user, id: "listUpcomingEarnings", input: inputs.upcomingResults }),
    prefetchFree({ ctx, client, user, id: "listUpcomingConcalls", input: inputs.upcomingCalls }),
  ]);
}

export default async function SymbolPage({ params }: { params: Params }) {
  const user = await requireUser();
  const symbol = readSymbol((await params).symbol);
  if (!SYMBOL_RE.test(symbol)) {
    return (
      <>
        <PageHeader title="Symbol" />
        <EmptyState
          icon={SearchXIcon}
          title={`“${symbol}” is not a symbol`}
          description="Exchange symbols are capital letters and digits, like TCS, INFY or M&M. Open a company from the earnings calendar or a watchlist."
          action={
            <Button asChild variant="outline">
              <Link href="/earnings">Earnings calendar</Link>
            </Button>
          }
        />
      </>
    );
  }
  // A symbol the service does not list gets no paid section: nothing on this page could be bought for it.
  const ctx = await pageContext();
  const hasKey = await userHasKey({ ctx, user });
  if (hasKey && (await symbolStanding({ ctx, user, input: { symbol } })) === "unknown") {
    return (
      <>
        <PageHeader title={symbol} />
        <EmptyState
          icon={SearchXIcon}
          title={`The Alpha service does not list “${symbol}”`}
          description="No company trades under this symbol in the service's data, so there is nothing to show or buy for it. Check the spelling, or find the company by name in the earnings calendar's symbol search."
          action={
            <Button asChild variant="outline">
              <Link href="/earnings">Earnings calendar</Link>
            </Button>
          }
        />
      </>
    );
  }
  const q = encodeURIComponent(symbol);
  const now = new Date();
  // The timeline's free data, and what the paid sections' peeks would find in the desk's cache (free, local), so the
  // browser asks nothing on load. Both before the page is sent, not streamed in a Suspense boundary: on a phone the
  // profile sits under the timeline, and a timeline arriving after the first paint pushed it down (CLS 0.10 in one
  // of three measured runs, bench/README.md session 7).
  const client = requestQueryClient();
  if (hasKey) {
    const inputs = symbolInputs(symbol);
    await Promise.all([
      prefetchTimeline({ ctx, client, user, inputs }),
      seedPeeks({
        ctx,
        user,
        client,
        calls: [
          { id: "listSymbolMetadata", input: inputs.metadata },
          { id: "listConcalls", input: inputs.calls },
          { id: "listAlerts", input: inputs.alerts },
          { id: "listNews", input: inputs.news },
          { id: "listAnnouncements", input: inputs.announcements },
          { id: "listBlockDeals", input: inputs.blockDeals },
        ],
      }),
    ]);
  }
  return (
    <>
      <PageHeader
        title={symbol}
        description="Everything the desk knows about this company, on one page. Free data loads at once; paid sections show their price and load when you ask. Times are IST."
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link href={`/earnings?symbols=${q}&view=agenda`}>
                <CalendarDaysIcon aria-hidden />
                Results calendar
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href={`/concalls?symbols=${q}`}>
                <MicIcon aria-hidden />
                Concalls
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <HydrationBoundary state={dehydrate(client)}>
          <SymbolTimeline symbol={symbol} now={now.getTime()} />
          <div className="lg:sticky lg:top-20">
            <SymbolProfile symbol={symbol} />
          </div>
        </HydrationBoundary>
      </div>
    </>
  );
}
