"use client";

import { useQuery } from "@tanstack/react-query";
import { BellRingIcon, CalendarDaysIcon, FileTextIcon, HandshakeIcon, type LucideIcon, MegaphoneIcon, MicIcon, NewspaperIcon } from "lucide-react";
import Link from "next/link";
import { parseAsArrayOf, parseAsString, useQueryStates } from "@/lib/url-state";
import * as React from "react";
import type { ResultRef } from "@/components/earnings/earnings-detail-sheet";
import { EarningsDetailSheetLazy, preloadEarningsDetailSheet } from "@/components/earnings/earnings-detail-sheet-lazy";
import { PaidButton, usePaidCallWith } from "@/components/paid/paid-call-core";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, SkeletonStack } from "@/components/ui/skeleton";
import { describeRule } from "@/lib/alpha/cost-rules";
import { formatCredits } from "@/lib/format/number";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDate, formatIstDateTime, formatIstTime } from "@/lib/format/time";
import { importOnce } from "@/lib/import-once";
import { cn } from "@/lib/utils";
import { symbolInputs } from "./inputs";
import { SYMBOL_PAGE_CALLS, type SymbolPageEndpoint } from "./symbol-calls";
import { buildTimeline, parseKinds, TIMELINE_KINDS, type TimelineEvent, type TimelineKind } from "./timeline";

const KIND: Record<TimelineKind, { label: string; icon: LucideIcon; className: string }> = {
  results: { label: "Results", icon: FileTextIcon, className: "bg-chart-1/15 text-chart-1" },
  calls: { label: "Calls", icon: MicIcon, className: "bg-chart-2/15 text-chart-2" },
  alerts: { label: "Alerts", icon: BellRingIcon, className: "bg-chart-3/20 text-foreground" },
  news: { label: "News", icon: NewspaperIcon, className: "bg-chart-5/15 text-chart-5" },
  announcements: { label: "Announcements", icon: MegaphoneIcon, className: "bg-chart-4/15 text-chart-4" },
  "block-deals": { label: "Block deals", icon: HandshakeIcon, className: "bg-primary/10 text-primary" },
};

const loadPaidEventBody = importOnce(() => import("./paid-event-body").then((m) => m.PaidEventBody));
const PaidEventBodyLazy = React.lazy(() => loadPaidEventBody().then((component) => ({ default: component })));
const preloadPaidEventBody = () => void loadPaidEventBody().catch(() => undefined);

/** What stands in for a paid event's body for the moment its module loads: two lines at the body's rhythm. */
function PaidEventBodySkeleton() {
  return (
    <div className="grid gap-1.5 py-0.5" aria-hidden>
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-full" />
    </div>
  );
}

const timelineParsers = { show: parseAsArrayOf(parseAsString, ",") };

function EventBody({ event, symbol, onOpenResult }: { event: TimelineEvent; symbol: string; onOpenResult: (r: ResultRef) => void }) {
  switch (event.kind) {
    case "results":
      if (event.upcoming) {
        return (
          <>
            <p className="font-medium">Board meeting for {formatQuarter(event.row.quarter)} results</p>
            {event.row.title && <p className="text-sm text-muted-foreground">{event.row.title}</p>}
          </>
        );
      }
      return (
        <>
          <p className="font-medium">{formatQuarter(event.row.quarter)} results filed</p>
          {event.row.quarter && (
            <div className="flex flex-wrap gap-2 pt-1">
              <Button
                variant="outline"
                size="sm"
                className="h-auto min-h-7 max-w-full py-1 text-left whitespace-normal"
                data-testid="timeline-open-result"
                onPointerEnter={preloadEarningsDetailSheet}
                onFocus={preloadEarningsDetailSheet}
                onClick={() => event.row.quarter && onOpenResult({ symbol, quarter: event.row.quarter, date: event.row.date })}
              >
                Summary &amp; results table
              </Button>
              <Button asChild variant="ghost" size="sm" className="h-7">
                <Link href={`/concalls/${encodeURIComponent(symbol)}/${event.row.quarter}`}>Concall</Link>
              </Button>
            </div>
          )}
        </>
      );
    case "calls": {
      const href = event.row.quarter ? `/concalls/${encodeURIComponent(symbol)}/${event.row.quarter}` : null;
      if (event.upcoming) {
        return (
          <p className="font-medium">
            {formatQuarter(event.row.quarter)} earnings call at {formatIstTime(event.at)}
            {href && (
              <Link href={href} className="ml-2 text-sm font-normal text-primary hover:underline">
                Call page
              </Link>
            )}
          </p>
        );
      }
      return (
        <React.Suspense fallback={<PaidEventBodySkeleton />}>
          <PaidEventBodyLazy event={event} href={href} />
        </React.Suspense>
      );
    }
    case "alerts":
    case "news":
    case "block-deals":
      return (
        <React.Suspense fallback={<PaidEventBodySkeleton />}>
          <PaidEventBodyLazy event={event} href={null} />
        </React.Suspense>
      );
    case "announcements":
      return (
        <>
          <p className="font-medium">{event.row.category ?? "Announcement"}</p>
          {event.row.summary && <p className="line-clamp-3 text-sm text-muted-foreground">{event.row.summary}</p>}
        </>
      );
  }
}

function EventRow({ event, symbol, onOpenResult }: { event: TimelineEvent; symbol: string; onOpenResult: (r: ResultRef) => void }) {
  const k = KIND[event.kind];
  const Icon = k.icon;
  return (
    <li className="grid grid-cols-[4.75rem_1.75rem_minmax(0,1fr)] gap-2 py-3 sm:grid-cols-[6.5rem_2rem_minmax(0,1fr)] sm:gap-3" data-testid="timeline-event" data-kind={event.kind} data-upcoming={event.upcoming || undefined}>
      <div className="text-right text-xs leading-5 text-muted-foreground">
        <div className="font-medium text-foreground">{formatIstDate(event.at)}</div>
        <div className="font-mono tabular-nums">{formatIstTime(event.at)}</div>
      </div>
      <span className={cn("grid size-8 place-items-center rounded-full", k.className)} title={k.label}>
        <Icon aria-hidden className="size-4" />
        <span className="sr-only">{k.label}</span>
      </span>
      <div className="grid min-w-0 gap-0.5 wrap-anywhere">
        <EventBody event={event} symbol={symbol} onOpenResult={onOpenResult} />
      </div>
    </li>
  );
}

/** A paid source of the timeline: a priced button until loaded, then what it added (or why it could not). */
function PaidSource<K extends SymbolPageEndpoint>({ label, call, what, testId }: { label: string; call: ReturnType<typeof usePaidCallWith<SymbolPageEndpoint, K>>; what: string; testId?: string }) {
  // The paid events' bodies are fetched as the purchase starts, so they are there when its answer is.
  const run = () => {
    preloadPaidEventBody();
    call.request();
  };
  if (call.query.data) {
    const n = ("items" in call.query.data ? call.query.data.items.length : 0);
    const meta = call.query.data.meta;
    return (
      <Badge variant="secondary" className="h-8 gap-1.5 px-2.5 text-xs" data-testid="timeline-source-loaded" data-cached={meta.cached}>
        {label}: {n} · {meta.cached ? "cached, 0 credits" : formatCredits(meta.creditsCharged)}
      </Badge>
    );
  }
  if (call.query.isError) {
    return (
      <span className="inline-flex items-center gap-2 text-xs text-destructive" role="status">
        {label} could not load: {call.query.error.message}
        <PaidButton price={call.price} what={what} onRun={run} variant="ghost" size="sm">
          Retry
        </PaidButton>
      </span>
    );
  }
  return (
    <PaidButton price={call.price} what={what} onRun={run} pending={call.query.isFetching} variant="outline" size="sm" testId={testId ?? `load-${label.toLowerCase()}`}>
      {label}
    </PaidButton>
  );
}

/** The symbol's one timeline: free results and schedules at once, paid calls, alerts, news and announcements on request. */
export function SymbolTimeline({ symbol, now, schedulesOnAsk = false }: { symbol: string; now: number; schedulesOnAsk?: boolean }) {
  const inputs = symbolInputs(symbol);
  const [state, setState] = useQueryStates(timelineParsers);
  const kinds = parseKinds(state.show);
  const [openResult, setOpenResult] = React.useState<ResultRef | null>(null);
  // A plan of few requests a minute: the coming dates are two more free requests, made when the user asks.
  const [schedulesAsked, setSchedulesAsked] = React.useState(false);
  const schedules = !schedulesOnAsk || schedulesAsked;

  const results = useQuery(SYMBOL_PAGE_CALLS.queryOptions("listEarningsIndex", inputs.results));
  const upcomingResults = useQuery({ ...SYMBOL_PAGE_CALLS.queryOptions("listUpcomingEarnings", inputs.upcomingResults), enabled: schedules });
  const upcomingCalls = useQuery({ ...SYMBOL_PAGE_CALLS.queryOptions("listUpcomingConcalls", inputs.upcomingCalls), enabled: schedules });
  // The paid profile, when bought, names the company too; reading it here never fetches it.
  const profile = useQuery({ ...SYMBOL_PAGE_CALLS.queryOptions("listSymbolMetadata", inputs.metadata), enabled: false });
  const company = profile.data?.items[0]?.company_name ?? upcomingResults.data?.items.find((r) => r.company)?.company ?? null;
  const calls = usePaidCallWith(SYMBOL_PAGE_CALLS, "listConcalls", inputs.calls);
  const alerts = usePaidCallWith(SYMBOL_PAGE_CALLS, "listAlerts", inputs.alerts);
  const news = usePaidCallWith(SYMBOL_PAGE_CALLS, "listNews", inputs.news);
  const announcements = usePaidCallWith(SYMBOL_PAGE_CALLS, "listAnnouncements", inputs.announcements);
  const blockDeals = usePaidCallWith(SYMBOL_PAGE_CALLS, "listBlockDeals", inputs.blockDeals);

  const timeline = buildTimeline(
    {
      results: results.data?.items,
      upcomingResults: upcomingResults.data?.items,
      upcomingCalls: upcomingCalls.data?.items,
      calls: calls.query.data?.items,
      alerts: alerts.query.data?.items,
      news: news.query.data?.items,
      announcements: announcements.query.data?.items,
      blockDeals: blockDeals.query.data?.items,
    },
    now,
  );
  const show = (e: TimelineEvent) => kinds.includes(e.kind);
  const upcoming = timeline.upcoming.filter(show);
  const past = timeline.past.filter(show);
  const freeLoading = results.isPending || (schedules && (upcomingResults.isPending || upcomingCalls.isPending));
  const freeError = results.error ?? upcomingResults.error ?? upcomingCalls.error;

  const toggle = (kind: TimelineKind) => {
    const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind];
    void setState({ show: next.length === TIMELINE_KINDS.length || next.length === 0 ? null : next });
  };

  return (
    <Card data-testid="symbol-timeline">
      <CardHeader>
        <CardTitle>
          <h2>Timeline{company ? ` · ${company}` : ""}</h2>
        </CardTitle>
        <CardDescription>
          Results, calls, alerts, news, announcements and block deals of {symbol} in one line, times in IST. Results and schedules are free; add the paid
          sources you need.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-center gap-2" data-testid="timeline-sources">
          <span className="text-xs font-medium text-muted-foreground">Add to the timeline:</span>
          <PaidSource label="Calls" call={calls} what={`Load the last ${inputs.calls.query.limit} calls of ${symbol} with their analysis.`} />
          <PaidSource label="Alerts" call={alerts} what={`Load the latest alerts of ${symbol}.`} />
          <PaidSource label="News" call={news} what={`Load the latest news about ${symbol}.`} />
          <PaidSource label="Announcements" call={announcements} what={`Load the latest ${inputs.announcements.query.limit} announcements of ${symbol}.`} />
          <PaidSource
            label="Block deals"
            call={blockDeals}
            what={`Load the latest ${inputs.blockDeals.query.limit} block deals of ${symbol} (${describeRule(SYMBOL_PAGE_CALLS.endpoints.listBlockDeals.cost).replace(/\.$/, "")}).`}
            testId="load-block-deals"
          />
        </div>
        {!schedules && (
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" data-testid="schedules-on-ask">
            <span>Coming results and call dates are free, but take 2 of your plan&apos;s few requests a minute.</span>
            <Button variant="outline" size="sm" className="h-7" onClick={() => setSchedulesAsked(true)} data-testid="show-schedules">
              Show coming dates
            </Button>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Show on the timeline">
          {TIMELINE_KINDS.map((k) => {
            const on = kinds.includes(k);
            const Icon = KIND[k].icon;
            return (
              <Button key={k} variant={on ? "secondary" : "ghost"} size="sm" aria-pressed={on} onClick={() => toggle(k)} className={cn("h-7", !on && "text-muted-foreground")}>
                <Icon aria-hidden />
                {KIND[k].label}
              </Button>
            );
          })}
        </div>

        {freeError ? (
          <ErrorState error={freeError} onRetry={() => void Promise.all([results.refetch(), upcomingResults.refetch(), upcomingCalls.refetch()])} />
        ) : freeLoading ? (
          <SkeletonStack className="grid-cols-1 gap-3" label="Loading the timeline" bars={Array(5).fill("h-12 w-full")} />
        ) : upcoming.length + past.length === 0 ? (
          <EmptyState
            icon={CalendarDaysIcon}
            title="Nothing on the timeline yet"
            description={
              kinds.length < TIMELINE_KINDS.length
                ? "Nothing of the kinds shown. Show more kinds above, or add a paid source."
                : `${symbol} has no results or scheduled events in the free data. Add calls, alerts, news, announcements or block deals above, or check the symbol.`
            }
          />
        ) : (
          <div className="grid grid-cols-1 gap-4">
            {(
              [
                ["timeline-ahead", "Coming up", upcoming],
                ["timeline-past", "What happened", past],
              ] as const
            ).map(([id, heading, events]) =>
              events.length > 0 ? (
                <section key={id} aria-labelledby={id}>
                  <h3 id={id} className="border-b pb-1 text-sm font-semibold">
                    {heading}
                  </h3>
                  <ol className="divide-y">
                    {events.map((e) => (
                      <EventRow key={e.id} event={e} symbol={symbol} onOpenResult={setOpenResult} />
                    ))}
                  </ol>
                </section>
              ) : null,
            )}
          </div>
        )}
        <p className="text-xs text-muted-foreground">As of {formatIstDateTime(now)}.</p>
      </CardContent>
      <EarningsDetailSheetLazy item={openResult} onClose={() => setOpenResult(null)} />
    </Card>
  );
}
