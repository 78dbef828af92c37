import type { Hono } from "hono";
import type { AccountProfile, LedgerEntry, LedgerResponse, UsageSnapshot } from "../../lib/alpha/account";
import { PRODUCTS } from "../../lib/alpha/account";
import type { QueryOutput } from "../../lib/alpha/catalogue";
import { catalogue } from "../../lib/alpha/catalogue";
import { istDateString } from "../../lib/alpha/time";
import type { AccountRecord } from "../accounts";
import type { RateLimiter } from "../billing/rate-limit";
import type { ServiceContext } from "../context";
import type { AppEnv, RouteDeps } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { BATCH_LINE_ROUTE_ID } from "../batch/worker";
import { prepared } from "../store/prepared";
import { fetchPage, Filters } from "./shared";

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
  defineEndpoint(app, "listAccountLedger", ({ ctx, account, input }) => listLedger(ctx, account.id, input));
}
