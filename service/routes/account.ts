import type { Hono } from "hono";
import type { AccountProfile, UsageSnapshot } from "../../lib/alpha/account";
import { PRODUCTS } from "../../lib/alpha/account";
import { istDateString } from "../../lib/alpha/time";
import type { AccountRecord } from "../accounts";
import type { RateLimiter } from "../billing/rate-limit";
import type { ServiceContext } from "../context";
import type { AppEnv, RouteDeps } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { prepared } from "../store/prepared";

/** The account profile of `GET /v1/account`: every REST product with its flag, add-ons, plan facts in metadata. */
export function accountProfile(account: AccountRecord): AccountProfile {
  const streams = Object.fromEntries(account.websocketAddons.filter((a) => a.enabled).map((a) => [a.product, a.tier]));
  return {
    account_id: account.id,
    name: account.name,
    status: account.status,
    balance: account.balance,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    metadata: {
      ...account.metadata,
      plan_daily: account.limits.daily,
      plan_rpm: account.limits.rpm,
      subscription_plan_id: account.plan.id,
      subscription_plan_name: account.plan.name,
    },
    products: PRODUCTS.map((product) => ({ product, enabled: account.products.includes(product) })),
    websocket_addons: account.websocketAddons,
    live_entitlement: { websocket: Object.keys(streams).length > 0, streams },
    retention_policy: account.retentionPolicy,
  };
}

/** The usage snapshot: balance, credits debited in the current Asia/Kolkata day, live counters and limits. */
export function accountUsage(ctx: ServiceContext, limiter: RateLimiter, account: AccountRecord): UsageSnapshot {
  const today = istDateString(ctx.clock.now());
  const debited = prepared(
    ctx.db,
    "SELECT COALESCE(-SUM(amount), 0) AS n FROM ledger WHERE account_id = ? AND ist_day = ? AND entry_type = 'debit'",
  ).get(account.id, today) as { n: number };
  const live = limiter.usage(account.id);
  return {
    account_id: account.id,
    balance: account.balance,
    debited_today: debited.n,
    reserved: account.reserved,
    live_usage: {
      requests_last_minute: live.requestsLastMinute,
      requests_today: live.requestsToday,
      credits_debited_today: debited.n,
    },
    rate_limits: { overall: { daily: account.limits.daily, rpm: account.limits.rpm } },
  };
}

export function registerAccountRoutes(app: Hono<AppEnv>, deps: Pick<RouteDeps, "limiter">): void {
  defineEndpoint(app, "getAccount", ({ account }) => ({ data: accountProfile(account) }));
  defineEndpoint(app, "getAccountUsage", ({ ctx, account }) => ({ data: accountUsage(ctx, deps.limiter, account) }));
}
