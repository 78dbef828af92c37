"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarClockIcon, FileAudioIcon, ListTreeIcon, SearchXIcon } from "lucide-react";
import Link from "next/link";
import { CallMetaNote, PaidButton, priceWords, usePaidCall } from "@/components/paid/paid-call";
import { ErrorState } from "@/components/shell/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, Skeletons } from "@/components/ui/skeleton";
import type { Concall, UpcomingConcall } from "@/lib/alpha/concalls";
import type { EarningsIndexRow } from "@/lib/alpha/earnings";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { compareQuarterKeys } from "@/lib/alpha/quarters";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDateTime, formatRelativeTime } from "@/lib/format/time";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { ConcallAssets } from "./concall-assets";
import { ConcallBriefPanel } from "./concall-brief";
import { concallGlance, GuidanceBlock, IndicatorList, RedFlagsBlock } from "./concall-parts";
import { alphaInstant } from "./dates";
import { callContextInputs } from "./inputs";
import { symbolHref } from "@/lib/symbols/symbol-href";

function useCallContext(symbol: string, quarter: string) {
  const inputs = callContextInputs(symbol);
  const index = useQuery(alphaQueryOptions("listEarningsIndex", inputs.index));
  const upcoming = useQuery(alphaQueryOptions("listUpcomingConcalls", inputs.upcoming));
  const rows: EarningsIndexRow[] = index.data?.items ?? [];
  const quarters = [...new Set(rows.map((r) => r.quarter).filter((q): q is string => !!q))].sort((a, b) => compareQuarterKeys(b, a));
  const resultsThisQuarter = rows.find((r) => r.quarter === quarter) ?? null;
  const scheduled: UpcomingConcall | null = (upcoming.data?.items ?? []).find((u) => u.quarter === quarter) ?? null;
  return { quarters, resultsThisQuarter, scheduled, loaded: index.isSuccess, upcomingLoaded: upcoming.isSuccess };
}

function QuarterLinks({ symbol, quarters, current }: { symbol: string; quarters: string[]; current: string }) {
  const others = quarters.filter((q) => q !== current);
  if (others.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {others.map((q) => (
        <Link
          key={q}
          href={`/concalls/${encodeURIComponent(symbol)}/${q}`}
          className="rounded-md border px-2 py-0.5 font-mono text-xs text-primary hover:bg-accent"
          data-testid="other-quarter"
        >
          {formatQuarter(q)}
        </Link>
      ))}
    </span>
  );
}

/** A 404 from the detail call, explained with the free data: is the call still ahead, which quarters have calls. */
function ConcallNotFound({ symbol, quarter }: { symbol: string; quarter: string }) {
  const ctx = useCallContext(symbol, quarter);
  const meeting = ctx.scheduled?.meeting_date;
  return (
    <div className="grid grid-cols-1 gap-3 rounded-lg border p-4" data-testid="concall-not-found">
      <p className="flex items-start gap-2 font-medium">
        <SearchXIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        No call found for {symbol} in {formatQuarter(quarter)}. Nothing was charged.
      </p>
      {meeting && (
        <p className="text-sm">
          The {formatQuarter(quarter)} call is scheduled for <strong>{formatIstDateTime(meeting)}</strong> ({formatRelativeTime(meeting)}). Its analysis
          appears after the call.
        </p>
      )}
      {ctx.loaded &&
        (ctx.quarters.filter((q) => q !== quarter).length > 0 ? (
          <div className="grid grid-cols-1 gap-1.5 text-sm">
            <p>
              Calls exist for the quarters {symbol} has filed results for (a call follows most results):
            </p>
            <QuarterLinks symbol={symbol} quarters={ctx.quarters} current={quarter} />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            {symbol} has no results in the earnings index, so there are no calls to show. Check the symbol on its{" "}
            <Link className="text-primary underline underline-offset-4 hover:decoration-2" href={symbolHref(symbol)}>
              page
            </Link>
            .
          </p>
        ))}
    </div>
  );
}

function AnalysisSections({ call }: { call: Concall }) {
  const sections = call.expanded_analysis?.sections ?? [];
  if (sections.length === 0) return <p className="text-sm text-muted-foreground">This call has no expanded analysis.</p>;
  const slug = (i: number) => `analysis-${i}`;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
      <nav aria-label="Analysis sections" className="hidden lg:block">
        <ol className="sticky top-20 grid gap-1 border-l text-sm">
          {sections.map((s, i) => (
            <li key={s.heading}>
              <a href={`#${slug(i)}`} className="-ml-px block border-l border-transparent py-0.5 pl-3 text-muted-foreground hover:border-primary hover:text-foreground">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid max-w-prose gap-6" data-testid="analysis-sections">
        {sections.map((s, i) => (
          <section key={s.heading} id={slug(i)} aria-labelledby={`${slug(i)}-h`} className="scroll-mt-20">
            <h3 id={`${slug(i)}-h`} className="mb-2 text-base font-semibold">
              {s.heading}
            </h3>
            <div className="grid grid-cols-1 gap-2 text-sm leading-relaxed">
              {s.paragraphs.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

function AnalysisSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4" aria-busy="true" aria-label="Loading the call analysis">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <Skeleton className="h-10" />
      <Skeletons count={4} className="h-16" />
    </div>
  );
}

/** The paid analysis of one call: guidance, red flags, key indicators and the expanded analysis (3 credits). */
function ConcallAnalysis({ symbol, quarter }: { symbol: string; quarter: string }) {
  const input = { query: { symbol, quarter, detailed: true } };
  const { query, price, request, requested, checking } = usePaidCall("getConcallDetail", input);
  const ctx = useCallContext(symbol, quarter);
  const label = formatQuarter(quarter);

  let body: React.ReactNode;
  if (checking) {
    body = <Skeleton className="h-24 w-full" aria-busy="true" aria-label="Checking what the desk already holds" />;
  } else if (!query.data && !requested) {
    body = (
      <div className="grid grid-cols-1 gap-3" data-testid="analysis-locked">
        <p className="max-w-prose text-sm text-muted-foreground">
          The analysis of the call (management&apos;s guidance, red flags, positive and negative indicators, and a section-by-section
          read of the call) costs {priceWords(price)}, charged only when the call is found.
        </p>
        {ctx.loaded && !ctx.resultsThisQuarter && !ctx.scheduled && (
          <p className="text-sm" data-testid="analysis-hint">
            {symbol} has no {label} results in the earnings index yet, so there may be no call for this quarter.
          </p>
        )}
        {ctx.scheduled?.meeting_date && (
          <p className="flex items-center gap-2 text-sm" data-testid="analysis-hint">
            <CalendarClockIcon aria-hidden className="size-4 text-muted-foreground" />
            This call is scheduled for {formatIstDateTime(ctx.scheduled.meeting_date)}; there is nothing to analyse before it happens.
          </p>
        )}
        <PaidButton price={price} what={`Load the analysis of the ${symbol} ${label} call.`} onRun={request} testId="load-analysis" className="justify-self-start">
          <ListTreeIcon aria-hidden />
          Load call analysis
        </PaidButton>
      </div>
    );
  } else if (query.isPending) {
    body = <AnalysisSkeleton />;
  } else if (query.isError) {
    body =
      isAlphaError(query.error) && query.error.code === "not_found" ? (
        <ConcallNotFound symbol={symbol} quarter={quarter} />
      ) : (
        <div className="grid grid-cols-1 gap-3">
          <ErrorState error={query.error} />
          <PaidButton price={price} what={`Try loading the ${symbol} ${label} call again.`} onRun={request} variant="outline" size="sm" className="justify-self-start">
            Try again
          </PaidButton>
        </div>
      );
  } else {
    const call = query.data.item;
    const glance = concallGlance(call);
    body = (
      <div className="grid grid-cols-1 gap-6" data-testid="concall-analysis">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="rounded-lg border p-4">
            <GuidanceBlock text={glance.guidance} />
          </div>
          <RedFlagsBlock text={glance.redflags} boxed />
        </div>
        <div className="grid grid-cols-1 gap-4 rounded-lg border p-4 md:grid-cols-2">
          <div className="grid content-start gap-2">
            <h3 className="text-sm font-semibold">Positive indicators</h3>
            <IndicatorList items={glance.positive} tone="positive" />
          </div>
          <div className="grid content-start gap-2">
            <h3 className="text-sm font-semibold">Negative indicators</h3>
            <IndicatorList items={glance.negative} tone="negative" />
          </div>
        </div>
        <div className="grid grid-cols-1 gap-3">
          <h3 className="text-lg font-semibold">The call, section by section</h3>
          <AnalysisSections call={call} />
        </div>
        <CallMetaNote id="getConcallDetail" input={input} meta={query.data.meta} what={`the ${symbol} ${label} call analysis`} />
        <ConcallBriefPanel symbol={symbol} quarter={quarter} />
      </div>
    );
  }

  const filed = query.data ? alphaInstant(query.data.item.date) : null;
  return (
    <Card data-testid="analysis-card">
      <CardHeader>
        <CardTitle>Call analysis</CardTitle>
        <CardDescription>
          {filed ? `Call filed ${formatIstDateTime(filed)}.` : "What management said, read for you."}{" "}
          {ctx.resultsThisQuarter?.date && `${label} results were filed ${formatIstDateTime(ctx.resultsThisQuarter.date)}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/** The call page: analysis and transcript/recording, each paid and each loaded only when asked. */
export function ConcallView({ symbol, quarter }: { symbol: string; quarter: string }) {
  const ctx = useCallContext(symbol, quarter);
  return (
    <>
      {ctx.quarters.length > 1 && (
        <nav aria-label={`Other ${symbol} quarters`} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Other quarters:</span>
          <QuarterLinks symbol={symbol} quarters={ctx.quarters} current={quarter} />
        </nav>
      )}
      <ConcallAnalysis symbol={symbol} quarter={quarter} />
      <Card data-testid="assets-card">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileAudioIcon aria-hidden className="size-4" />
            Transcript &amp; recording
          </CardTitle>
          <CardDescription>
            Signed links from the Alpha service, valid for a short time. The transcript opens in a reader with search; the recording plays here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConcallAssets symbol={symbol} quarter={quarter} />
        </CardContent>
      </Card>
    </>
  );
}

export function ConcallViewSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true" aria-label="Loading the call">
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}
