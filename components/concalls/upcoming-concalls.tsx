"use client";

import { useQueries } from "@tanstack/react-query";
import { CalendarClockIcon } from "lucide-react";
import { useQueryStates } from "@/lib/url-state";
import * as React from "react";
import { isDayKey, longDayLabel } from "@/components/earnings/calendar";
import { useSymbolFilter } from "@/components/symbol-filter/use-symbol-filter";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, Skeletons, SkeletonStack } from "@/components/ui/skeleton";
import type { UpcomingConcall } from "@/lib/alpha/concalls";
import { istDateString } from "@/lib/alpha/time";
import { formatIstTime, formatRelativeTime } from "@/lib/format/time";
import { CONCALL_CALLS } from "@/lib/query/concalls";
import { CallName } from "./call-name";
import { alphaInstant } from "./dates";
import { concallsParsers, upcomingCallsInput } from "./search-params";
import { cn } from "@/lib/utils";

/**
 * Below xl the card sits above Recent calls: skeleton and card have one fixed height there (the list scrolls inside),
 * so the streamed list does not move the card below it (CLS 0.2 on a phone). Side by side (xl) it grows as it needs.
 */
const UPCOMING_CARD = "max-xl:h-[28rem]";
const UPCOMING_CONTENT = "max-xl:min-h-0 max-xl:flex-1 max-xl:overflow-y-auto";

export function UpcomingConcallsSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading upcoming calls" className={UPCOMING_CARD}>
      <CardHeader>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-72" />
      </CardHeader>
      <CardContent className={cn("grid grid-cols-1 content-start gap-2", UPCOMING_CONTENT)}>
        <Skeletons count={6} className="h-8 w-full" />
      </CardContent>
    </Card>
  );
}

function groupByIstDay(rows: UpcomingConcall[]): [string, UpcomingConcall[]][] {
  const out = new Map<string, UpcomingConcall[]>();
  for (const r of rows) {
    const at = alphaInstant(r.meeting_date);
    if (!at) continue;
    const day = istDateString(at);
    out.set(day, [...(out.get(day) ?? []), r]);
  }
  return [...out.entries()];
}

/** Within a day, "in 5 h" says more than the day heading does. */
function soon(meeting: string | null | undefined): boolean {
  const at = alphaInstant(meeting);
  return at !== null && at.getTime() - Date.now() < 86_400_000;
}

/** Calls still to come (free), nearest first, with their meeting time in IST. */
export function UpcomingConcalls() {
  const [state] = useQueryStates(concallsParsers);
  const filter = useSymbolFilter();
  const [pages, setPages] = React.useState({ key: "", count: 1 });
  const filterKey = filter.effective.join(",");
  const count = pages.key === filterKey ? pages.count : 1;
  const queries = useQueries({
    queries: Array.from({ length: count }, (_, i) => ({ ...CONCALL_CALLS.queryOptions("listUpcomingConcalls", upcomingCallsInput(filter.effective, i + 1)), enabled: filter.ready })),
  });
  const first = queries[0];
  const from = state.from && isDayKey(state.from) ? state.from : null;
  const to = state.to && isDayKey(state.to) ? state.to : null;
  const rows = queries
    .flatMap((q) => q.data?.items ?? [])
    .filter((r) => {
      const at = alphaInstant(r.meeting_date);
      const day = at ? istDateString(at) : null;
      return day !== null && (!from || day >= from) && (!to || day <= to);
    });
  const hasNext = queries.at(-1)?.data?.hasNext ?? false;
  const groups = groupByIstDay(rows);

  return (
    <Card data-testid="upcoming-concalls" className={UPCOMING_CARD}>
      <CardHeader>
        <CardTitle>
          <h2>Upcoming calls</h2>
        </CardTitle>
        <CardDescription>Scheduled earnings calls, nearest first, from the free calendar. Times are IST.</CardDescription>
      </CardHeader>
      <CardContent className={cn("grid grid-cols-1 content-start gap-4", UPCOMING_CONTENT)}>
        {!first || first.isPending ? (
          <SkeletonStack className="grid-cols-1" label="Loading upcoming calls" bars={Array(5).fill("h-8 w-full")} />
        ) : first.isError ? (
          <ErrorState error={first.error} onRetry={() => void first.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={CalendarClockIcon}
            title="No calls scheduled"
            description={
              filter.effective.length || from || to
                ? "None of these symbols has a call scheduled in these dates. Clear a filter to see every scheduled call."
                : "No company has announced an earnings call yet. Calls are usually announced a few days after a results date is set."
            }
          />
        ) : (
          <div className="grid grid-cols-1 gap-4">
            {groups.map(([day, calls]) => (
              <section key={day} aria-labelledby={`calls-${day}`}>
                <h3 id={`calls-${day}`} className="mb-1 flex items-baseline justify-between border-b pb-1 text-sm font-semibold">
                  {longDayLabel(day)}
                  <span className="shrink-0 pl-2 text-xs font-normal whitespace-nowrap text-muted-foreground">
                    {calls.length} {calls.length === 1 ? "call" : "calls"}
                  </span>
                </h3>
                <ul className="divide-y">
                  {calls.map((c) => (
                    <li key={c.id} className="grid grid-cols-[3rem_minmax(0,1fr)_auto] items-center gap-3 py-1.5 text-sm" data-testid="upcoming-call" data-symbol={c.symbol}>
                      <span className="font-mono tabular-nums">{formatIstTime(alphaInstant(c.meeting_date), { suffix: false })}</span>
                      <span className="flex min-w-0 items-center gap-2">
                        <CallName symbol={c.symbol} quarter={c.quarter} linkClassName="truncate" />
                      </span>
                      <span className="text-xs whitespace-nowrap text-muted-foreground" suppressHydrationWarning>
                        {soon(c.meeting_date) ? formatRelativeTime(alphaInstant(c.meeting_date)) : ""}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        {filter.effective.length > 20 && <p className="text-xs text-muted-foreground">Showing calls for the first 20 symbols of the filter.</p>}
        {hasNext && (
          <Button variant="outline" className="justify-self-center" onClick={() => setPages({ key: filterKey, count: count + 1 })} disabled={queries.some((q) => q.isFetching)}>
            Show more upcoming calls (free)
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
