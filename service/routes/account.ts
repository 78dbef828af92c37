import type { Hono } from "hono";
import type { AccountLimits, AccountProfile, LedgerEntry, LedgerResponse, UsageSnapshot } from "../../lib/alpha/account";
import { BATCH_MAX_FILE_BYTES, BATCH_MAX_LINES } from "../../lib/alpha/batch";
import { MAX_TRANSCRIPT_ITEMS } from "../../lib/alpha/concalls";
import { MAX_LIST_VALUES, MAX_PAGE, MAX_TYPE_VALUES } from "../../lib/alpha/query-params";
import { toStreamProduct } from "../../lib/alpha/streams";
import { MAX_SUMMARY_SYMBOLS } from "../../lib/alpha/summaries";
import { PRODUCTS } from "../../lib/alpha/account";
import type { QueryOutput } from "../../lib/alpha/catalogue";
import { catalogue } from "../../lib/alpha/catalogue";
import { istDateString } from "../../lib/alpha/time";
import type { AccountRecord } from "../accounts";
import type { RateLimiter } from "../billing/rate-limit";
import type { ServiceContext } from "../context";
import type { AppEnv, RouteDeps } from "../endpoint";
import { defineEndpoint, MAX_JSON_BODY_BYTES } from "../endpoint";
import { capsForTier, connectionCap, streamEntitlementOf } from "../streams/tiers";
import { BATCH_LINE_ROUTE_ID } from "../batch/worker";
import { prepared } from "../store/prepared";
import { fetchPage, Filters } from "./shared";

/** What the account may stream: whether it has any WebSocket add-on, and the tier of each enabled one. */
export function liveEntitlement(account: AccountRecord): { websocket: boolean; streams: Record<string, string> } {
  const streams = Object.fromEntries(account.websocketAddons.filter((a) => a.enabled).map((a) => [a.product, a.tier]));
  return { websocket: Object.keys(streams).length > 0, streams };
}

/** The account profile of `GET /v1/account`: every REST product with its flag, add-ons, plan facts in metadata. */
export function accountProfile(account: AccountRecord): AccountProfile {
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
    live_entitlement: liveEntitlement(account),
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
    live_entitlement: liveEntitlement(account),
  };
}

/**
 * `GET /v1/account/limits`: the plan's rpm and daily (overall and per enabled product; limits are plan-wide), the
 * request caps, the account's credits and today's counts, and per stream product its tier, symbol allowance and
 * whether the full feed is open.
 */
export function accountLimits(ctx: ServiceContext, limiter: RateLimiter, account: AccountRecord): AccountLimits {
  const { rpm, daily } = account.limits;
  const rest: Record<string, Record<string, number>> = {
    overall: { rpm, daily },
    caps: {
      max_list_values: MAX_LIST_VALUES,
      max_type_values: MAX_TYPE_VALUES,
      max_page: MAX_PAGE,
      max_json_body_bytes: MAX_JSON_BODY_BYTES,
      max_summary_symbols: MAX_SUMMARY_SYMBOLS,
      max_transcript_items: MAX_TRANSCRIPT_ITEMS,
      max_batch_lines: BATCH_MAX_LINES,
      max_batch_file_bytes: BATCH_MAX_FILE_BYTES,
    },
  };
  for (const product of account.products) rest[product] = { rpm, daily };
  const usage = accountUsage(ctx, limiter, account);
  const requestsLastMinute = usage.live_usage.requests_last_minute ?? 0;
  const requestsToday = usage.live_usage.requests_today ?? 0;
  const entitlement = streamEntitlementOf(account);
  const products: Record<string, { enabled: boolean; tier: string | null; symbols_per_subscription: number; full_feed: boolean }> = {};
  for (const addon of account.websocketAddons) {
    const product = toStreamProduct(addon.product);
    if (!product) continue;
    const tier = entitlement.tiers.get(product) ?? null;
    const caps = tier ? capsForTier(tier) : null;
    products[product] = { enabled: tier !== null, tier: tier ?? addon.tier, symbols_per_subscription: caps?.symbolsPerSubscription ?? 0, full_feed: caps?.fullFeed ?? false };
  }
  return {
    rest,
    account: {
      credits: { balance: account.balance, reserved: account.reserved, debited_today: usage.debited_today, plan_credits: account.plan.credits },
      requests: {
        rpm,
        daily,
        requests_last_minute: requestsLastMinute,
        requests_today: requestsToday,
        remaining_minute: Math.max(0, rpm - requestsLastMinute),
        remaining_today: Math.max(0, daily - requestsToday),
      },
    },
    websocket: {
      enabled: entitlement.tiers.size > 0,
      connections_per_account: entitlement.tiers.size > 0 ? connectionCap(entitlement) : 0,
      products,
    },
  };
}

interface LedgerRow {
  id: number;
  account_id: string;
  key_id: string | null;
  key_prefix: string | null;
  entry_type: string;
  amount: number;
  balance_after: number;
  route_id: string | null;
  reference_id: string | null;
  metadata: string;
  created_at: string;
}

/** `METHOD /path` of a ledger row's route: a catalogue endpoint, or the batch upload a batch summary belongs to. */
function endpointOfRoute(routeId: string | null): string | null {
  if (routeId === BATCH_LINE_ROUTE_ID) return `${catalogue.createBatchJob.method} ${catalogue.createBatchJob.path}`;
  if (routeId && routeId in catalogue) {
    const def = catalogue[routeId as keyof typeof catalogue];
    return `${def.method} ${def.path}`;
  }
  return null;
}

function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    entry_id: String(row.id),
    account_id: row.account_id,
    api_key: row.key_id,
    api_key_prefix: row.key_prefix,
    entry_type: row.entry_type,
    amount: row.amount,
    balance_after: row.balance_after,
    reference_id: row.reference_id,
    route_id: row.route_id,
    endpoint: endpointOfRoute(row.route_id),
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    created_at: row.created_at,
  };
}

/** The account's own ledger, newest first (by entry id, the order rows were committed in). */
export function listLedger(ctx: ServiceContext, accountId: string, query: QueryOutput<"listAccountLedger">): LedgerResponse {
  const filters = new Filters().add("l.account_id = ?", accountId).range("l.created_ms", query.from, query.to).in("l.entry_type", query.entry_type);
  if (query.before) filters.add("l.id < ?", Number(query.before));
  const { rows, hasNext } = fetchPage<LedgerRow>(
    ctx,
    `SELECT l.id, l.account_id, l.key_id, k.prefix AS key_prefix, l.entry_type, l.amount, l.balance_after, l.route_id, l.reference_id,
            l.metadata, l.created_at
     FROM ledger l LEFT JOIN api_keys k ON k.id = l.key_id ${filters.sql} ORDER BY l.id DESC`,
    filters.params,
    query.page,
    query.limit,
  );
  const data = rows.map(toLedgerEntry);
  return { data, has_next: hasNext, next_before: hasNext ? (data.at(-1)?.entry_id ?? null) : null };
}

export function registerAccountRoutes(app: Hono<AppEnv>, deps: Pick<RouteDeps, "limiter">): void {
  defineEndpoint(app, "getAccount", ({ account }) => ({ data: accountProfile(account) }));
  defineEndpoint(app, "getAccountUsage", ({ ctx, account }) => ({ data: accountUsage(ctx, deps.limiter, account) }));
  defineEndpoint(app, "getAccountLimits", ({ ctx, account }) => accountLimits(ctx, deps.limiter, account));
  defineEndpoint(app, "listAccountLedger", ({ ctx, account, input }) => listLedger(ctx, account.id, input));
}
