import type { UsageSnapshot } from "@/lib/alpha/account";
import { percentOf } from "@/lib/format/number";

/** Colour of a usage bar: calm below 80 %, warning to 95 %, then negative. */
export function meterTone(used: number | null | undefined, limit: number | null | undefined): "ok" | "warn" | "high" {
  const pct = percentOf(used, limit) ?? 0;
  return pct >= 95 ? "high" : pct >= 80 ? "warn" : "ok";
}

export const METER_INDICATOR: Record<ReturnType<typeof meterTone>, string> = {
  ok: "bg-primary",
  warn: "bg-warning",
  high: "bg-negative",
};

/** The numbers the gauge shows, read from the upstream usage snapshot. */
export function gaugeNumbers(usage: UsageSnapshot) {
  const live = usage.live_usage;
  return {
    balance: usage.balance,
    reserved: usage.reserved ?? 0,
    debitedToday: usage.debited_today,
    dailyLimit: usage.rate_limits.overall.daily,
    requestsLastMinute: live.requests_last_minute ?? null,
    requestsToday: live.requests_today ?? null,
    rpm: usage.rate_limits.overall.rpm,
  };
}
