import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
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
import { symbolNames, symbolStanding } from "@/lib/server/symbols/symbol-directory";
import { instrumentOf, renamedOf } from "@/lib/symbols/instruments";
import { symbolFromSegment, symbolHref } from "@/lib/symbols/symbol-href";
import { requireUser } from "@/lib/server/identity/auth";
import { SYMBOL_PAGE_CALLS } from "@/components/symbols/symbol-calls";
import { alphaPeekOptions } from "@/lib/query/alpha-core";
import { onLowRpmAccount, pageContext, userHasKey, pageQueryClient } from "@/lib/server/routes/page-data";

type Params = Promise<{ symbol: string }>;

function readSymbol(raw: string): string {
  return symbolFromSegment(raw);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: readSymbol((await params).symbol) };
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
  // An ETF or a bond files nothing a company does: no section of this page applies to it.
  const instrument = instrumentOf(symbol);
  if (instrument) {
    return (
      <>
        <PageHeader title={symbol} />
        <EmptyState
          icon={SearchXIcon}
          title={`“${symbol}” is ${instrument.kind === "etf" ? "an" : "a"} ${instrument.label}, not a company`}
          description="It files no results, holds no concalls and has no company news, so there is nothing to show or buy for it here. A watchlist keeps it with its exposure."
          action={
            <Button asChild variant="outline">
              <Link href="/watchlists">Watchlists</Link>
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
    const renamed = renamedOf(symbol);
    return (
      <>
        <PageHeader title={symbol} />
        <EmptyState
          icon={SearchXIcon}
          title={`The Alpha service does not list “${symbol}”`}
          description={
            renamed
              ? `${renamed.note} The company no longer trades as ${symbol}.`
              : "No company trades under this symbol in the service's data, so there is nothing to show or buy for it. Check the spelling, or find the company by name in the earnings calendar's symbol search."
          }
          action={
            renamed ? (
              <div className="flex flex-wrap items-center justify-center gap-2" data-testid="did-you-mean">
                <span className="text-sm">Did you mean</span>
                {renamed.to.map((to) => (
                  <Button key={to} asChild variant="outline" size="sm">
                    <Link href={symbolHref(to)}>{to}</Link>
                  </Button>
                ))}
              </div>
            ) : (
              <Button asChild variant="outline">
                <Link href="/earnings">Earnings calendar</Link>
              </Button>
            )
          }
        />
      </>
    );
  }
  const q = encodeURIComponent(symbol);
  const now = new Date();
    // The timeline's free data and the paid sections' peeks, before the page is sent (not streamed): on a phone the
    // profile sits under the timeline, and a timeline arriving after the first paint pushed it down.
  const client = pageQueryClient({ ctx, user });
  const name = hasKey ? ((await symbolNames({ ctx, user, symbols: [symbol] })).names[symbol] ?? null) : null;
  // On a plan of few requests a minute the coming dates (two more free requests) load when asked.
  const schedulesOnAsk = hasKey && (await onLowRpmAccount({ ctx, user }));
  if (hasKey) {
    const inputs = symbolInputs(symbol);
    const calls = SYMBOL_PAGE_CALLS;
    await Promise.all([
      // The same request as the symbol check above: one free call for both.
      client.prefetchQuery(calls.queryOptions("listEarningsIndex", inputs.results)),
      schedulesOnAsk ? null : client.prefetchQuery(calls.queryOptions("listUpcomingEarnings", inputs.upcomingResults)),
      schedulesOnAsk ? null : client.prefetchQuery(calls.queryOptions("listUpcomingConcalls", inputs.upcomingCalls)),
      client.prefetchQuery(alphaPeekOptions(calls, "listSymbolMetadata", inputs.metadata)),
      client.prefetchQuery(alphaPeekOptions(calls, "listConcalls", inputs.calls)),
      client.prefetchQuery(alphaPeekOptions(calls, "listAlerts", inputs.alerts)),
      client.prefetchQuery(alphaPeekOptions(calls, "listNews", inputs.news)),
      client.prefetchQuery(alphaPeekOptions(calls, "listAnnouncements", inputs.announcements)),
      client.prefetchQuery(alphaPeekOptions(calls, "listBlockDeals", inputs.blockDeals)),
    ]);
  }
  return (
    <>
      <PageHeader
        title={
          name ? (
            <>
              <span className="font-mono">{symbol}</span> <span className="font-normal text-muted-foreground" data-testid="symbol-name">{name}</span>
            </>
          ) : (
            symbol
          )
        }
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
          <SymbolTimeline symbol={symbol} now={now.getTime()} schedulesOnAsk={schedulesOnAsk} />
          <div className="lg:sticky lg:top-20">
            <SymbolProfile symbol={symbol} />
          </div>
        </HydrationBoundary>
      </div>
    </>
  );
}
