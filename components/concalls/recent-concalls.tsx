"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { ArrowRightIcon, FileTextIcon, MicIcon } from "lucide-react";
import Link from "next/link";
import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { CallMetaNoteWith, PaidButton } from "@/components/paid/paid-call-core";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeletons } from "@/components/ui/skeleton";
import type { Concall } from "@/lib/alpha/concalls";
import { formatIstDateTime } from "@/lib/format/time";
import { CONCALL_CALLS } from "@/lib/query/concalls";
import { isDayKey } from "@/components/earnings/day-key";
import { concallGlance, GuidanceBlock, IndicatorList, RedFlagsBlock } from "./concall-parts";
import { CallName } from "./call-name";
import { alphaInstant } from "./dates";
import { concallsParsers, RECENT_CALLS_LIMIT, recentCallsInput } from "./search-params";
import { describeRule, unitCreditsBy } from "@/lib/alpha/cost-rules";
import { formatCredits } from "@/lib/format/number";

/** One call at a glance: guidance, red flags, and the positive and negative indicators. */
export function ConcallCard({ call }: { call: Concall }) {
  const g = concallGlance(call);
  const href = call.quarter ? `/concalls/${encodeURIComponent(call.symbol)}/${call.quarter}` : null;
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
      data-testid="concall-card"
      data-symbol={call.symbol}
      data-quarter={call.quarter ?? ""}
      data-has-transcript={call.transcript_url ? "true" : "false"}
    >
      <header className="flex flex-wrap items-center gap-2">
        <CallName symbol={call.symbol} quarter={call.quarter} />
        {call.transcript_url && (
          <Badge variant="secondary" title={`A transcript exists: getting its link costs ${formatCredits(unitCreditsBy(CONCALL_CALLS.endpoints.lookupConcallTranscripts.cost).credits)} on the call's page`}>
            <FileTextIcon aria-hidden />
            Transcript
          </Badge>
        )}
        <span className="ml-auto text-xs text-muted-foreground">Filed {formatIstDateTime(alphaInstant(call.date))}</span>
      </header>
      <GuidanceBlock text={g.guidance} clamp />
      <RedFlagsBlock text={g.redflags} clamp />
      <div className="grid grid-cols-1 gap-1.5">
        <IndicatorList items={g.positive} tone="positive" compact />
        {g.negative.length > 0 && <IndicatorList items={g.negative} tone="negative" compact />}
      </div>
      {href && (
        <Link href={href} className="mt-auto inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline" data-testid="open-call">
          Open the call
          <ArrowRightIcon aria-hidden className="size-4" />
        </Link>
      )}
    </article>
  );
}

function CardsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading recent calls">
      <Skeletons count={6} className="h-64 rounded-xl" />
    </div>
  );
}

/**
 * Recent calls (paid: 1 credit per call returned). Nothing loads until the user presses the priced button; pages
 * bought earlier in the session show again at once, and cached answers from the desk say so.
 */
export function RecentConcalls() {
  const [state] = useQueryStates(concallsParsers);
  const filter = useSymbolFilter();
  const client = useQueryClient();
  const from = state.from && isDayKey(state.from) ? state.from : null;
  const to = state.to && isDayKey(state.to) ? state.to : null;
  const filters = { symbols: filter.effective, from, to };
  const filterKey = JSON.stringify(filters);
  const [requested, setRequested] = React.useState({ key: "", pages: 0 });

  // Pages already bought this session (in the browser's cache) show without asking again.
  let cachedPages = 0;
  while (client.getQueryData(CONCALL_CALLS.queryOptions("listConcalls", recentCallsInput(filters, cachedPages + 1)).queryKey)) cachedPages += 1;
  const wanted = requested.key === filterKey ? requested.pages : 0;
  const pageCount = Math.max(wanted, cachedPages);

  const queries = useQueries({
    queries: Array.from({ length: pageCount }, (_, i) => ({ ...CONCALL_CALLS.queryOptions("listConcalls", recentCallsInput(filters, i + 1)), enabled: i < wanted })),
  });
  const nextPage = pageCount + 1;
  const nextInput = recentCallsInput(filters, nextPage);
  const price = CONCALL_CALLS.price("listConcalls", nextInput);
  const last = queries.at(-1);
  const hasMore = pageCount === 0 || (last?.data?.hasNext ?? false);
  const loading = queries.some((q) => q.isFetching);
  const calls = queries.flatMap((q) => q.data?.items ?? []);
  const failed = queries.find((q) => q.isError);

  const loadMore = () => setRequested({ key: filterKey, pages: pageCount + 1 });
  const scope = `${filter.effective.length ? ` for ${filter.effective.slice(0, 20).join(", ")}` : ""}${from || to ? ` filed ${from ?? "…"} to ${to ?? "…"}` : ""}`;

  return (
    <Card data-testid="recent-concalls">
      <CardHeader>
        <CardTitle>Recent calls</CardTitle>
        <CardDescription>
          Calls that have happened, newest filing first, with their guidance, red flags and key indicators. {describeRule(CONCALL_CALLS.endpoints.listConcalls.cost)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {pageCount === 0 && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-4">
            <MicIcon aria-hidden className="size-5 text-muted-foreground" />
            <p className="max-w-prose flex-1 text-sm text-muted-foreground">
              Nothing is loaded until you ask. Loading shows the {RECENT_CALLS_LIMIT} most recent calls{scope}; you pay only for the calls returned.
            </p>
            <PaidButton price={price} what={`Load the ${RECENT_CALLS_LIMIT} most recent calls${scope}.`} onRun={loadMore} pending={loading} testId="load-recent-calls">
              Load {RECENT_CALLS_LIMIT} recent calls
            </PaidButton>
          </div>
        )}
        {pageCount > 0 && calls.length === 0 && queries.every((q) => q.isPending) && <CardsSkeleton />}
        {pageCount > 0 && calls.length === 0 && queries.every((q) => q.isSuccess) && (
          <EmptyState
            icon={MicIcon}
            title="No calls found"
            description="No calls match these filters. Widen the dates, or clear the symbols or the watchlist. Empty answers cost nothing."
          />
        )}
        {calls.length > 0 && (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {calls.map((c) => (
              <ConcallCard key={c.id} call={c} />
            ))}
          </div>
        )}
        {failed?.isError && <ErrorState error={failed.error} />}
        {pageCount > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
            <div className="grid grid-cols-1 gap-1">
              {queries.map((q, i) =>
                q.data ? (
                  <div key={i} className="flex items-center gap-2 text-xs text-muted-foreground">
                    <span>Page {i + 1}:</span>
                    <CallMetaNoteWith calls={CONCALL_CALLS} id="listConcalls" input={recentCallsInput(filters, i + 1)} meta={q.data.meta} what={`page ${i + 1} of recent calls`} />
                  </div>
                ) : null,
              )}
            </div>
            {hasMore && !failed && (
              <PaidButton price={price} what={`Load the next ${RECENT_CALLS_LIMIT} calls${scope}.`} onRun={loadMore} pending={loading} variant="outline" testId="load-more-calls">
                Load {RECENT_CALLS_LIMIT} more
              </PaidButton>
            )}
            {failed && (
              <PaidButton price={price} what="Try loading these calls again." onRun={() => void failed.refetch()} variant="outline">
                Try again
              </PaidButton>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
