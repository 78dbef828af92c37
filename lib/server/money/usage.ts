import "server-only";
/**
 * The credit gauge: the free usage and profile of the user's key. They count against the account's rpm, so both are
 * memoised per account (a tenth of its rpm, 60 s) and forgotten when a paid call moves the balance.
 */
import type { UsageSnapshot } from "@/lib/alpha/account";
import { istDayEnd, istDayStart, toIstIso } from "@/lib/alpha/time";
import type { UsageProjection, UsageView } from "@/lib/desk/usage";
import { accountMemoScope, callAlpha, lastRateLimit, type SeenRateLimit } from "../upstream/alpha-proxy";
import { knownRpm, rememberRpm, usageTtlMs } from "../upstream/background-budget";
import type { DeskContext } from "../core/context";
import { withUserKey } from "../identity/key-vault";
import { seatToday } from "../teams/seats";
import { getUserDaySpend } from "../records/spend";
import type { SessionUser } from "../identity/users";

export type { UsageProjection, UsageView } from "@/lib/desk/usage";

const PROFILE_TTL_MS = 60_000;
/** Below this much of the day, a pace is mostly noise: the first minutes after midnight count as a quarter hour. */
const MIN_ELAPSED_MS = 15 * 60_000;
/**
 * The furthest a projection names: a large balance spent slowly would run out past what a Date holds (and
 * /api/usage failed with "Invalid time value"); the page says "more than two months" for anything this far.
 */
const FARTHEST_MS = 100 * 365 * 86_400_000;

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
  const balanceRunsOutAt = creditsPerMs > 0 ? toIstIso(new Date(now.getTime() + Math.min(FARTHEST_MS, Math.max(0, usage.balance) / creditsPerMs))) : null;
  return { basis, usedToday, dailyLimit, perHour: Math.round(perMs * 3_600_000 * 10) / 10, limitReached, limitReachedAt, balanceRunsOutAt };
}

/**
 * The snapshot is shared a while, but every answer of the service says what it has counted in the window its
 * X-RateLimit-* headers describe: the latest of them, free calls included, is what the gauge shows.
 */
export function withCountedRequests(usage: UsageSnapshot, seen: SeenRateLimit | null): UsageSnapshot {
  if (!seen) return usage;
  const { rpm, daily } = usage.rate_limits.overall;
  const used = Math.max(0, seen.limit - seen.remaining);
  const live = { ...usage.live_usage };
  if (seen.limit === rpm && rpm !== daily) live.requests_last_minute = used;
  else if (seen.limit === daily && rpm !== daily) live.requests_today = Math.max(live.requests_today ?? 0, used);
  else return usage;
  return { ...usage, live_usage: live };
}

/**
 * Shared by every instance: the memo in ctx.shared, and one load at a time across instances. ttlMs is asked once
 * the value is in: the first answer may teach the desk the account's rpm.
 */
async function memoised<T>(ctx: DeskContext, accountId: string, name: string, ttlMs: () => number, load: () => Promise<T>): Promise<T> {
  const scope = accountMemoScope(accountId);
  const held = await ctx.shared.memoGet(scope, name);
  if (held !== null) return JSON.parse(held) as T;
  const { value } = await ctx.shared.singleFlight(
    `memo:${accountId}:${name}`,
    async () => {
      const value = await load();
      await ctx.shared.memoSet(scope, name, JSON.stringify(value), ttlMs());
      return value;
    },
    { ttlMs: ctx.config.upstreamTimeoutMs * 2 + 5_000 },
  );
  return value;
}

/** The gauge's next read asks the service again, on every instance. */
export async function forgetUsageSnapshot({ ctx, accountId }: { ctx: DeskContext; accountId: string }): Promise<void> {
  await ctx.shared.memoDelete(accountMemoScope(accountId), "usage");
}

export async function getUsageSnapshot({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<UsageView> {
  const c = ctx;
  const { accountId, source } = await withUserKey({ userId: user.id, ctx: c });
  const [usage, account] = await Promise.all([
    memoised(c, accountId, "usage", () => usageTtlMs(knownRpm({ ctx: c, accountId })), async () => {
      const usage = (await callAlpha({ ctx: c, user, id: "getAccountUsage", input: {} })).data.data;
      // The account's rpm decides how long the next snapshot is shared.
      rememberRpm({ ctx: c, accountId, rpm: usage.rate_limits.overall.rpm });
      return usage;
    }),
    memoised(c, accountId, "account", () => PROFILE_TTL_MS, async () => (await callAlpha({ ctx: c, user, id: "getAccount", input: {} })).data.data),
  ]);
  const now = c.now();
  const [seen, seat] = await Promise.all([
    lastRateLimit({ ctx: c, accountId }),
    source === "organisation"
      ? Promise.all([seatToday({ ctx: c, user }), getUserDaySpend({ ctx: c, userId: user.id, accountId })]).then(([s, spentToday]) => ({ ...s, spentToday }))
      : null,
  ]);
  const counted = withCountedRequests(usage, seen);
  return { usage: counted, account, projection: projectUsage(counted, now), fetchedAt: now.toISOString(), resumesAt: null, seat };
}
