import "server-only";
/**
 * The spend log: a row per paid call through the desk (cached answers at 0 credits) and the rows ledger-sync imports;
 * the day's spend and the spend views read it by IST hour.
 */
import { sql } from "kysely";
import { IST_OFFSET_MINUTES } from "@/lib/alpha/time";
import type { DaySpend, SpendRange, SpendSeries, TokenSpend, UserSpend } from "@/lib/desk/usage";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { tokensDb } from "../core/token-tables";
import { newSequentialId } from "../core/ids";
import { precompiled, writeGrouped } from "../core/precompiled";

export { SPEND_RANGES, spendRangeSchema } from "@/lib/desk/usage";
export type { DaySpend, SpendRange, SpendSeries, UserSpend } from "@/lib/desk/usage";
type SpendBucket = SpendSeries["buckets"][number];

const HOUR_MS = 3_600_000;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** Hours since the epoch on the IST clock; IST hours start at :30 UTC. */
export function istHourOf(at: Date): number {
  return Math.floor((at.getTime() + IST_OFFSET_MS) / HOUR_MS);
}

function istHourStart(istHour: number): Date {
  return new Date(istHour * HOUR_MS - IST_OFFSET_MS);
}

export interface SpendEntry {
  userId: string;
  endpoint: string;
  credits: number;
  accountId: string;
  cached: boolean;
  /** The upstream's X-Request-Id of the call: the ledger names the charge by it. */
  requestId?: string | null;
  /** The job a batch submit created: its line debits in the ledger are this user's too. */
  jobId?: string | null;
}

/** Where a spend row comes from: a call through the desk, a line of a desk batch job, or the same account elsewhere. */
export const SPEND_SOURCES = ["desk", "batch_line", "outside"] as const;
export type SpendSource = (typeof SPEND_SOURCES)[number];
/** The spend log's user of rows spent outside the desk (no desk user made them). */
export const OUTSIDE_USER = "";

const insertSpend = precompiled(
  10,
  (
    db: DeskContext["db"],
    id: string,
    userId: string,
    endpoint: string,
    credits: number,
    accountId: string,
    cached: number,
    createdAt: string,
    istHour: number,
    requestId: string | null,
    jobId: string | null,
  ) =>
    db
      .insertInto("spend_log")
      .values({ id, user_id: userId, endpoint, credits, account_id: accountId, cached, created_at: createdAt, ist_hour: istHour, source: "desk", request_id: requestId, job_id: jobId }),
);

// `source = 'outside'` written as a literal, so the partial index spend_log_outside_request applies (one probe).
const deleteOutsideTwin = precompiled(2, (db: DeskContext["db"], accountId: string, requestId: string) =>
  db.deleteFrom("spend_log").where("account_id", "=", accountId).where("source", "=", sql.lit("outside")).where("request_id", "=", requestId),
);

export async function recordSpend({ ctx, entry }: { ctx: DeskContext; entry: SpendEntry }): Promise<void> {
  const now = ctx.now();
  const credits = Math.max(0, Math.round(entry.credits));
  const requestId = entry.requestId ?? null;
  const id = newSequentialId("spn", now.getTime());
  // Committed with the other writes of the moment (one commit for concurrent calls); resolved once it is committed.
  const { db } = ctx;
  await writeGrouped(ctx, [
    insertSpend.compile(db, id, entry.userId, entry.endpoint, credits, entry.accountId, entry.cached ? 1 : 0, now.toISOString(), istHourOf(now), requestId, entry.jobId ?? null),
    // A ledger sync that ran while this call was in flight took its debit for one made outside the desk: it was ours.
    ...(requestId && credits > 0 ? [deleteOutsideTwin.compile(db, entry.accountId, requestId)] : []),
  ]);
}

export function rangeShape(range: SpendRange, now: Date): { granularity: "hour" | "day"; size: number; count: number; first: number } {
  const hour = istHourOf(now);
  if (range === "24h") return { granularity: "hour", size: 1, count: 24, first: hour - 23 };
  const days = range === "7d" ? 7 : 30;
  const today = Math.floor(hour / 24);
  return { granularity: "day", size: 24, count: days, first: (today - days + 1) * 24 };
}

export type SpendSeriesInput = { userId: string; range: SpendRange } | { all: true; range: SpendRange };

export async function getSpendSeries({ ctx, input }: { ctx: DeskContext; input: SpendSeriesInput }): Promise<SpendSeries> {
  const c = ctx;
  const range = input.range;
  const shape = rangeShape(range, c.now());
  const bucketExpr = shape.size === 1 ? sql<number>`ist_hour` : sql<number>`(ist_hour / 24) * 24`;
  let query = c.db
    .selectFrom("spend_log")
    .select([bucketExpr.as("bucket"), "endpoint", "source", (eb) => eb.fn.sum<number>("credits").as("credits")])
    .where("ist_hour", ">=", shape.first)
    .groupBy([bucketExpr, "endpoint", "source"]);
  if ("userId" in input) query = query.where("user_id", "=", input.userId);
  const rows = await query.execute();
  const outside = { byEndpoint: {} as Record<string, number>, total: 0 };

  const buckets: SpendBucket[] = Array.from({ length: shape.count }, (_, i) => ({
    start: istHourStart(shape.first + i * shape.size).toISOString(),
    byEndpoint: {},
    total: 0,
  }));
  const byEndpoint: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    const index = Math.floor((toNumber(row.bucket) - shape.first) / shape.size);
    const bucket = buckets[index];
    const credits = toNumber(row.credits);
    if (!bucket || credits === 0) continue;
    if (row.source === "outside") {
      outside.byEndpoint[row.endpoint] = (outside.byEndpoint[row.endpoint] ?? 0) + credits;
      outside.total += credits;
      continue;
    }
    bucket.byEndpoint[row.endpoint] = (bucket.byEndpoint[row.endpoint] ?? 0) + credits;
    bucket.total += credits;
    byEndpoint[row.endpoint] = (byEndpoint[row.endpoint] ?? 0) + credits;
    total += credits;
  }
  return { range, granularity: shape.granularity, buckets, byEndpoint, total, outside: "userId" in input ? null : outside };
}

/** What one user's calls on the account were charged on the current IST day (a member on the organisation's key). */
export async function getUserDaySpend({ ctx, userId, accountId }: { ctx: DeskContext; userId: string; accountId: string }): Promise<number> {
  const today = Math.floor(istHourOf(ctx.now()) / 24);
  const row = await ctx.db
    .selectFrom("spend_log")
    .select((eb) => eb.fn.sum<number>("credits").as("credits"))
    .where("account_id", "=", accountId)
    .where("user_id", "=", userId)
    .where("ist_hour", ">=", today * 24)
    .executeTakeFirst();
  return toNumber(row?.credits ?? 0);
}

/** The account's spend on the current IST day as the desk accounts for it: desk + outside = the ledger's debits. */
export async function getDaySpend({ ctx, accountId }: { ctx: DeskContext; accountId: string }): Promise<DaySpend> {
  const today = Math.floor(istHourOf(ctx.now()) / 24);
  const rows = await ctx.db
    .selectFrom("spend_log")
    .select(["source", (eb) => eb.fn.sum<number>("credits").as("credits")])
    .where("account_id", "=", accountId)
    .where("ist_hour", ">=", today * 24)
    .groupBy("source")
    .execute();
  const by = (source: SpendSource) => toNumber(rows.find((r) => r.source === source)?.credits ?? 0);
  const day = new Date(istHourStart(today * 24).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  return { day, desk: by("desk") + by("batch_line"), batchLines: by("batch_line"), outside: by("outside") };
}

export async function getSpendByUser({ ctx, range }: { ctx: DeskContext; range: SpendRange }): Promise<UserSpend[]> {
  const c = ctx;
  const shape = rangeShape(range, c.now());
  const rows = await c.db
    .selectFrom("users")
    // A member's own calls: what their desk tokens spent is the tokens' (getSpendByToken).
    .leftJoin("spend_log", (join) => join.onRef("spend_log.user_id", "=", "users.id").on("spend_log.ist_hour", ">=", shape.first).on("spend_log.token_id", "is", null))
    .select([
      "users.id",
      "users.email",
      "users.name",
      (eb) => eb.fn.coalesce(eb.fn.sum<number>("spend_log.credits"), sql<number>`0`).as("credits"),
      (eb) => eb.fn.count<number>("spend_log.id").as("calls"),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>("spend_log.cached"), sql<number>`0`).as("cached_calls"),
    ])
    .groupBy(["users.id", "users.email", "users.name"])
    .execute();
  return rows
    .map((r) => ({ userId: r.id, email: r.email, name: r.name, credits: toNumber(r.credits), calls: toNumber(r.calls), cachedCalls: toNumber(r.cached_calls) }))
    .sort((a, b) => b.credits - a.credits || a.email.localeCompare(b.email));
}

/** Each desk token's spend in the range (calls and its batch jobs' lines), biggest first; tokens that spent nothing are left out. */
export async function getSpendByToken({ ctx, range }: { ctx: DeskContext; range: SpendRange }): Promise<TokenSpend[]> {
  const shape = rangeShape(range, ctx.now());
  const rows = await tokensDb({ ctx })
    .selectFrom("spend_log")
    .innerJoin("desk_tokens", "desk_tokens.id", "spend_log.token_id")
    .leftJoin("users", "users.id", "desk_tokens.owner_id")
    .select([
      "desk_tokens.id",
      "desk_tokens.name",
      "desk_tokens.last4",
      "users.email",
      (eb) => eb.fn.coalesce(eb.fn.sum<number>("spend_log.credits"), sql<number>`0`).as("credits"),
      (eb) => eb.fn.count<number>("spend_log.id").as("calls"),
    ])
    .where("spend_log.ist_hour", ">=", shape.first)
    .groupBy(["desk_tokens.id", "desk_tokens.name", "desk_tokens.last4", "users.email"])
    .execute();
  return rows
    .map((r) => ({ tokenId: r.id, name: r.name, last4: r.last4, ownerEmail: r.email ?? null, credits: toNumber(r.credits), calls: toNumber(r.calls) }))
    .sort((a, b) => b.credits - a.credits || a.name.localeCompare(b.name));
}
