import "server-only";
/**
 * The credit-usage gauge (interface for pages and GET /api/usage):
 * - getUsageSnapshot(user) → { usage, account, projection, fetchedAt }: the free GET /v1/account/usage and
 *   GET /v1/account of the user's key, and at today's pace when the daily limit is reached (IST) or null.
 * Both calls are free but count against the account's rpm: the usage is memoised per upstream account for a tenth of
 * its rpm (3 s on Pro, 60 s on Sandbox; lib/server/background-budget.ts) and the profile for 60 s, and both are
 * forgotten as soon as a paid call through the desk moves the balance.
 */
import type { UsageSnapshot } from "@/lib/alpha/account";
import { istDayEnd, istDayStart, toIstIso } from "@/lib/alpha/time";
import type { UsageProjection, UsageView } from "@/lib/desk/usage";
import { callAlpha } from "./alpha-proxy";
import { knownRpm, rememberRpm, usageTtlMs } from "./background-budget";
import type { DeskContext } from "./context";
import { getDeskContext } from "./default-context";
import { withUserKey } from "./key-vault";
import type { SessionUser } from "./users";

export type { UsageProjection, UsageView } from "@/lib/desk/usage";

const PROFILE_TTL_MS = 60_000;
/** Below this much of the day, a pace is mostly noise: the first minutes after midnight count as a quarter hour. */
const MIN_ELAPSED_MS = 15 * 60_000;

export function projectUsage(usage: UsageSnapshot, now: Date): UsageProjection {
  const requestsToday = usage.live_usage.requests_today;
  const basis = typeof requestsToday === "number" ? "requests" : "credits";
  const usedToday = basis === "requests" ? (requestsToday ?? 0) : usage.debited_today;
  const dailyLimit = usage.rate_limits.overall.daily;
  const start = istDayStart(now).getTime();
  const elapsed = Math.max(MIN_ELAPSED_MS, now.getTime() - start);
  const perMs = usedToday / elapsed;
  const limitReached = dailyLimit > 0 && usedToday >= dailyLimit;
  let limitReachedAt: string | null = null;
  if (limitReached) limitReachedAt = toIstIso(now);
  else if (perMs > 0 && dailyLimit > 0) {
    const at = now.getTime() + (dailyLimit - usedToday) / perMs;
    if (at < istDayEnd(now).getTime()) limitReachedAt = toIstIso(new Date(at));
  }
  const creditsPerMs = usage.debited_today / elapsed;
  const balanceRunsOutAt = creditsPerMs > 0 ? toIstIso(new Date(now.getTime() + Math.max(0, usage.balance) / creditsPerMs)) : null;
  return { basis, usedToday, dailyLimit, perHour: Math.round(perMs * 3_600_000 * 10) / 10, limitReached, limitReachedAt, balanceRunsOutAt };
}

/** ttlMs is asked again once the value is in: the first answer may teach the desk the account's rpm. */
function memoised<T>(ctx: DeskContext, key: string, ttlMs: () => number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = ctx.memo.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  const entry = { expiresAt: now + ttlMs(), value };
  ctx.memo.set(key, entry);
  value.then(
    () => {
      if (ctx.memo.get(key) === entry) entry.expiresAt = now + ttlMs();
    },
    () => {
      if (ctx.memo.get(key)?.value === value) ctx.memo.delete(key);
    },
  );
  return value;
}

export async function getUsageSnapshot(user: SessionUser, ctx?: DeskContext): Promise<UsageView> {
  const c = ctx ?? (await getDeskContext());
  const { accountId } = await withUserKey(user.id, c);
  const [usage, account] = await Promise.all([
    memoised(c, `${accountId}:usage`, () => usageTtlMs(knownRpm(c, accountId)), async () => {
      const usage = (await callAlpha(user, "getAccountUsage", {}, { ctx: c })).data.data;
      // The account's rpm decides how long the next snapshot is shared.
      rememberRpm(c, accountId, usage.rate_limits.overall.rpm);
      return usage;
    }),
    memoised(c, `${accountId}:account`, () => PROFILE_TTL_MS, async () => (await callAlpha(user, "getAccount", {}, { ctx: c })).data.data),
  ]);
  const now = c.now();
  return { usage, account, projection: projectUsage(usage, now), fetchedAt: now.toISOString(), resumesAt: null };
}
