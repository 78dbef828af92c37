import "server-only";
/**
 * The spend log: one row per paid-endpoint call made through the desk (credits 0 and cached=1 for answers from
 * the cache). Interface (optional trailing DeskContext):
 * - getSpendSeries({ userId, range } | { all: true, range }) with range "24h" | "7d" | "30d" → { range, granularity,
 *   buckets: { start, byEndpoint, total }[], byEndpoint, total }: hourly IST buckets for 24h, IST days otherwise, oldest first, empty buckets included
 * - getSpendByUser(range) → { userId, email, name, credits, calls }[] (admins; the route checks)
 */
import { sql } from "kysely";
import { z } from "zod";
import { IST_OFFSET_MINUTES } from "@/lib/alpha/time";
import type { DeskContext } from "./context";
import { toNumber } from "./db";
import { getDeskContext } from "./default-context";
import { newId } from "./ids";
import { precompiled } from "./precompiled";

export const SPEND_RANGES = ["24h", "7d", "30d"] as const;
export type SpendRange = (typeof SPEND_RANGES)[number];
export const spendRangeSchema = z.enum(SPEND_RANGES).default("24h");

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
}

const insertSpend = precompiled(
  8,
  (db: DeskContext["db"], id: string, userId: string, endpoint: string, credits: number, accountId: string, cached: number, createdAt: string, istHour: number) =>
    db.insertInto("spend_log").values({ id, user_id: userId, endpoint, credits, account_id: accountId, cached, created_at: createdAt, ist_hour: istHour }),
);

export async function recordSpend(ctx: DeskContext, entry: SpendEntry): Promise<void> {
  const now = ctx.now();
  const credits = Math.max(0, Math.round(entry.credits));
  await insertSpend(ctx.db, newId("spn"), entry.userId, entry.endpoint, credits, entry.accountId, entry.cached ? 1 : 0, now.toISOString(), istHourOf(now));
}

export interface SpendBucket {
  /** ISO instant the bucket starts (an IST hour or IST midnight). */
  start: string;
  byEndpoint: Record<string, number>;
  total: number;
}

export interface SpendSeries {
  range: SpendRange;
  granularity: "hour" | "day";
  buckets: SpendBucket[];
  byEndpoint: Record<string, number>;
  total: number;
}

function rangeShape(range: SpendRange, now: Date): { granularity: "hour" | "day"; size: number; count: number; first: number } {
  const hour = istHourOf(now);
  if (range === "24h") return { granularity: "hour", size: 1, count: 24, first: hour - 23 };
  const days = range === "7d" ? 7 : 30;
  const today = Math.floor(hour / 24);
  return { granularity: "day", size: 24, count: days, first: (today - days + 1) * 24 };
}

export type SpendSeriesInput = { userId: string; range: SpendRange } | { all: true; range: SpendRange };

export async function getSpendSeries(input: SpendSeriesInput, ctx?: DeskContext): Promise<SpendSeries> {
  const c = ctx ?? (await getDeskContext());
  const range = input.range;
  const shape = rangeShape(range, c.now());
  const bucketExpr = shape.size === 1 ? sql<number>`ist_hour` : sql<number>`(ist_hour / 24) * 24`;
  let query = c.db
    .selectFrom("spend_log")
    .select([bucketExpr.as("bucket"), "endpoint", (eb) => eb.fn.sum<number>("credits").as("credits")])
    .where("ist_hour", ">=", shape.first)
    .groupBy([bucketExpr, "endpoint"]);
  if ("userId" in input) query = query.where("user_id", "=", input.userId);
  const rows = await query.execute();

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
    bucket.byEndpoint[row.endpoint] = (bucket.byEndpoint[row.endpoint] ?? 0) + credits;
    bucket.total += credits;
    byEndpoint[row.endpoint] = (byEndpoint[row.endpoint] ?? 0) + credits;
    total += credits;
  }
  return { range, granularity: shape.granularity, buckets, byEndpoint, total };
}

export interface UserSpend {
  userId: string;
  email: string;
  name: string;
  credits: number;
  /** Calls of paid endpoints in the range, cached answers included. */
  calls: number;
  cachedCalls: number;
}

export async function getSpendByUser(range: SpendRange, ctx?: DeskContext): Promise<UserSpend[]> {
  const c = ctx ?? (await getDeskContext());
  const shape = rangeShape(range, c.now());
  const rows = await c.db
    .selectFrom("users")
    .leftJoin("spend_log", (join) => join.onRef("spend_log.user_id", "=", "users.id").on("spend_log.ist_hour", ">=", shape.first))
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
