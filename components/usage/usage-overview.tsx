"use client";

import { ClockIcon, InfoIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/shell/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatCredits, formatNumber, percentOf } from "@/lib/format/number";
import { formatIstTime } from "@/lib/format/time";
import { gaugeNumbers, METER_INDICATOR, meterTone } from "./meter";
import { describePace, describeProjection } from "./projection";
import { useUsage } from "./use-usage";
import { UsageOverviewSkeleton } from "./usage-overview-skeleton";

/** The gauge in full, on the usage page: every number with what it means, and when today's pace hits the limit. */
export function UsageOverview() {
  const query = useUsage();
  if (query.isPending) return <UsageOverviewSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const n = gaugeNumbers(query.data.usage);
  const projection = query.data.projection;

  return (
    <section aria-labelledby="usage-now" className="grid gap-4">
      <h2 id="usage-now" className="sr-only">
        Usage now
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          testId="usage-balance"
          title="Balance"
          hint="Credits available on the Alpha account of your key. Paid calls debit it; top-ups add to it."
          value={formatCredits(n.balance, { compact: true })}
          unit="credits"
          raw={n.balance}
        >
          <p className="text-xs text-muted-foreground">{n.reserved > 0 ? `${formatNumber(n.reserved)} reserved by running batch jobs` : "Nothing reserved"}</p>
        </StatCard>
        <StatCard
          testId="usage-debited-today"
          title="Debited today"
          hint="Credits debited since midnight IST by every call of your key, through the desk or not."
          value={formatNumber(n.debitedToday)}
          unit="credits"
          raw={n.debitedToday}
        >
          <p className="text-xs text-muted-foreground">{n.debitedToday > 0 ? "Since midnight IST" : "Nothing spent yet today"}</p>
        </StatCard>
        <StatCard
          testId="usage-requests-today"
          title="Requests today"
          hint="Requests your key made since midnight IST, free ones included, against your plan's daily limit."
          value={formatNumber(n.requestsToday ?? 0)}
          unit={`of ${formatNumber(n.dailyLimit)}`}
          raw={n.requestsToday ?? 0}
        >
          <Meter used={n.requestsToday ?? 0} limit={n.dailyLimit} label="Requests today against the daily limit" />
        </StatCard>
        <StatCard
          testId="usage-rpm"
          title="Requests per minute"
          hint="Requests in the last 60 seconds against your plan's per-minute limit. Requests over it are refused with a wait."
          value={formatNumber(n.requestsLastMinute ?? 0)}
          unit={`of ${formatNumber(n.rpm)}`}
          raw={n.requestsLastMinute ?? 0}
        >
          <Meter used={n.requestsLastMinute ?? 0} limit={n.rpm} label="Requests in the last minute against the per-minute limit" />
        </StatCard>
      </div>
      <div className="flex items-start gap-2 rounded-lg border bg-card px-4 py-3 text-sm">
        <ClockIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <p data-testid="usage-projection" className="font-medium">
            {describeProjection(projection)}
          </p>
          <p className="text-muted-foreground">
            {describePace(projection, new Date(query.data.fetchedAt))} Updated {formatIstTime(query.data.fetchedAt)}.
          </p>
        </div>
      </div>
    </section>
  );
}

function StatCard({
  title,
  hint,
  value,
  unit,
  raw,
  testId,
  children,
}: {
  title: string;
  hint: string;
  value: string;
  unit: string;
  raw: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="gap-3" data-testid={testId} data-value={raw}>
      <CardHeader>
        <CardDescription className="flex items-center gap-1.5">
          {title}
          <Tooltip>
            <TooltipTrigger asChild>
              <button type="button" className="rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50" aria-label={`About ${title}`}>
                <InfoIcon aria-hidden className="size-3.5" />
              </button>
            </TooltipTrigger>
            <TooltipContent>{hint}</TooltipContent>
          </Tooltip>
        </CardDescription>
        <CardTitle className="flex items-baseline gap-2">
          <span className="font-mono text-2xl font-semibold tabular-nums">{value}</span>
          <span className="text-sm font-normal text-muted-foreground">{unit}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Meter({ used, limit, label }: { used: number; limit: number; label: string }) {
  const pct = percentOf(used, limit) ?? 0;
  return (
    <div className="grid gap-1.5">
      <Progress value={pct} aria-label={label} indicatorClassName={METER_INDICATOR[meterTone(used, limit)]} />
      <p className="text-xs text-muted-foreground">{pct < 1 && used > 0 ? "under 1" : Math.round(pct)}% used</p>
    </div>
  );
}

