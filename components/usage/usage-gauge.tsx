"use client";

import { KeyRoundIcon } from "lucide-react";
import Link from "next/link";
import { lazy, type ReactNode, Suspense } from "react";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatCredits, formatNumber, percentOf } from "@/lib/format/number";
import { formatIstTime } from "@/lib/format/time";
import { cn } from "@/lib/utils";
import { gaugeNumbers, METER_INDICATOR, meterTone } from "./meter";
import { GaugeErrorButton } from "./gauge-error-button";
import { useUsage } from "./use-usage";

// What went wrong (the error explanations) is fetched only when the gauge fails; until then, or if that fetch fails
// too, the same button without its hint.
const UsageGaugeError = lazy(() => import("./usage-gauge-error").catch(() => ({ default: ({ onRetry }: { onRetry: () => void }) => <GaugeErrorButton onRetry={onRetry} /> })));

/**
 * The credit-usage gauge in the top bar of every desk page: balance, credits debited today, requests today against
 * the plan's daily limit and in the last minute against its rpm. Refreshed every 15 s and after every paid call.
 */
export function UsageGauge({ hasKey }: { hasKey: boolean }) {
  const query = useUsage({ enabled: hasKey });

  if (!hasKey || (isAlphaError(query.error) && query.error.code === "no_api_key")) {
    return (
      <Link
        href="/settings#alpha-key"
        data-testid="usage-gauge"
        data-state="no-key"
        className="inline-flex items-center gap-2 rounded-md border border-dashed px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      >
        <KeyRoundIcon aria-hidden className="size-4" />
        <span>
          Add your Alpha key <span className="hidden sm:inline">to see your credits</span>
        </span>
      </Link>
    );
  }

  if (query.isPending) {
    return (
      <div data-testid="usage-gauge" data-state="loading" className="flex items-center gap-4" role="status" aria-busy="true" aria-label="Loading credit usage">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="hidden h-8 w-32 sm:block" />
        <Skeleton className="hidden h-8 w-28 md:block" />
      </div>
    );
  }

  if (query.isError) {
    const retry = () => void query.refetch();
    return (
      <Suspense fallback={<GaugeErrorButton onRetry={retry} />}>
        <UsageGaugeError error={query.error} onRetry={retry} />
      </Suspense>
    );
  }

  const n = gaugeNumbers(query.data.usage);
  const updated = formatIstTime(query.data.fetchedAt);
  const seat = query.data.seat;
  const allowance = seat && seat.dailyAllowance !== null ? { daily: seat.dailyAllowance, counted: seat.countedToday, left: Math.max(0, seat.dailyAllowance - seat.countedToday) } : null;
  return (
    <div role="group" aria-label="Credit usage" data-testid="usage-gauge" data-state="ready" className="flex items-center gap-4 sm:gap-5">
      {allowance ? (
        // On the organisation's key a member spends their allowance, not the firm's balance.
        <GaugeMetric
          testId="gauge-allowance"
          value={allowance.left}
          limit={allowance.daily}
          label="Allowance left"
          hint={`${formatCredits(allowance.left)} left today of your daily allowance of ${formatCredits(allowance.daily)} on the organisation's key (${formatCredits(allowance.counted)} counted since midnight IST). Updated ${updated}.`}
        >
          <span className="font-mono text-sm font-semibold tabular-nums">
            {formatNumber(allowance.left)}
            <span className="font-normal text-muted-foreground">/{formatNumber(allowance.daily)}</span>
          </span>
        </GaugeMetric>
      ) : (
        <GaugeMetric
          testId="gauge-balance"
          value={n.balance}
          label={query.data.seat ? "Team balance" : "Balance"}
          hint={`Credits available on the Alpha account of ${query.data.seat ? "the organisation's key" : "your key"}${n.reserved ? ` (${formatNumber(n.reserved)} reserved by running jobs)` : ""}. Updated ${updated}.`}
        >
          <span className="font-mono text-sm font-semibold tabular-nums">{formatNumber(n.balance)}</span>
        </GaugeMetric>
      )}
      {seat ? (
        // A member on the organisation's key: their own spend, not the whole team's.
        <GaugeMetric
          testId="gauge-today"
          value={seat.spentToday ?? 0}
          label="You spent today"
          className="hidden sm:flex"
          hint={`${formatCredits(seat.spentToday ?? 0)} charged since midnight IST for your own calls on the organisation's key (the whole team: ${formatCredits(n.debitedToday)}).`}
        >
          <span className="font-mono text-sm font-semibold tabular-nums">{formatNumber(seat.spentToday ?? 0)}</span>
        </GaugeMetric>
      ) : (
        <GaugeMetric
          testId="gauge-today"
          value={n.debitedToday}
          label="Spent today"
          className="hidden sm:flex"
          hint={`${formatCredits(n.debitedToday)} debited since midnight IST by every call of your key.`}
        >
          <span className="font-mono text-sm font-semibold tabular-nums">{formatNumber(n.debitedToday)}</span>
        </GaugeMetric>
      )}
      <GaugeMetric
        testId="gauge-daily"
        value={n.requestsToday ?? 0}
        limit={n.dailyLimit}
        label="Daily limit"
        className="hidden md:flex"
        hint={`${formatNumber(n.requestsToday ?? 0)} requests today against your plan's daily limit of ${formatNumber(n.dailyLimit)} (it resets at midnight IST).`}
      >
        <MiniMeter used={n.requestsToday ?? 0} limit={n.dailyLimit} />
      </GaugeMetric>
      <GaugeMetric
        testId="gauge-rpm"
        value={n.requestsLastMinute ?? 0}
        limit={n.rpm}
        label="Per minute"
        className="hidden xl:flex"
        hint={`${formatNumber(n.requestsLastMinute ?? 0)} requests in the last minute against your plan's limit of ${formatNumber(n.rpm)} a minute. Requests over it are refused with a wait.`}
      >
        <MiniMeter used={n.requestsLastMinute ?? 0} limit={n.rpm} />
      </GaugeMetric>
    </div>
  );
}

function GaugeMetric({
  label,
  hint,
  value,
  limit,
  testId,
  className,
  children,
}: {
  label: string;
  hint: string;
  value: number;
  limit?: number;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span data-testid={testId} data-value={value} data-limit={limit} className={cn("flex cursor-default flex-col gap-0.5 rounded-sm leading-none", className)}>
          <span className="text-[0.65rem] font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
          {children}
          {/* Figures to read, not stops on the way through the page: the hint is in the text for screen readers. */}
          <span className="sr-only">{hint}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent side="bottom">{hint}</TooltipContent>
    </Tooltip>
  );
}

function MiniMeter({ used, limit }: { used: number; limit: number }) {
  const pct = percentOf(used, limit) ?? 0;
  return (
    <span className="flex items-center gap-2">
      <span className="font-mono text-sm font-semibold tabular-nums">
        {formatNumber(used)}
        <span className="font-normal text-muted-foreground">/{formatNumber(limit)}</span>
      </span>
      <Progress value={pct} aria-hidden className="h-1.5 w-12" indicatorClassName={METER_INDICATOR[meterTone(used, limit)]} />
    </span>
  );
}
