import { formatNumber } from "@/lib/format/number";
import { formatIstDateTime, formatIstTime } from "@/lib/format/time";
import type { UsageProjection } from "@/lib/desk/usage";

/** "At today's pace the daily limit is reached at 16:40 IST." / "... is not reached today." */
export function describeProjection(p: Pick<UsageProjection, "limitReached" | "limitReachedAt">): string {
  if (p.limitReached) return "The daily limit has been reached for today.";
  if (!p.limitReachedAt) return "At today's pace the daily limit is not reached today.";
  return `At today's pace the daily limit is reached at ${formatIstTime(p.limitReachedAt)}.`;
}

const TWO_MONTHS_MS = 60 * 86_400_000;

/** The pace behind the projection, in words; `now` decides whether the balance's end is worth a date. */
export function describePace(p: Pick<UsageProjection, "basis" | "perHour" | "balanceRunsOutAt">, now: Date = new Date()): string {
  const unit = p.basis === "requests" ? "requests" : "credits";
  const pace = `Today's pace: ${formatNumber(p.perHour, { maximumFractionDigits: 1 })} ${unit} an hour since midnight IST.`;
  if (!p.balanceRunsOutAt) return pace;
  if (Date.parse(p.balanceRunsOutAt) - now.getTime() > TWO_MONTHS_MS) return `${pace} At this rate the balance lasts more than two months.`;
  return `${pace} At this rate the balance lasts until about ${formatIstDateTime(p.balanceRunsOutAt)}.`;
}
