/**
 * The shapes of the desk's usage routes (pure zod, browser-safe): GET /api/usage (the gauge) and GET /api/usage/spend
 * (spend by endpoint and by user, reconciled with the service's ledger). The server builds them with these types;
 * the browser parses every answer with these schemas.
 */
import * as z from "zod";
import { accountProfileSchema, usageSnapshotSchema } from "@/lib/alpha/account";

import { SPEND_RANGES, SPEND_SCOPES } from "./spend-ranges";
import { dailyAllowanceSchema, paidActionSchema } from "./users";

export { SPEND_RANGES, SPEND_SCOPES, type SpendRange, type SpendScope } from "./spend-ranges";
export const spendRangeSchema = z.enum(SPEND_RANGES).default("24h");
export const spendQuerySchema = z.object({ range: spendRangeSchema, scope: z.enum(SPEND_SCOPES).default("me") });

export const usageProjectionSchema = z.object({
  /** What is projected: the daily request limit against requests made today (credits when requests are unknown). */
  basis: z.enum(["requests", "credits"]),
  usedToday: z.number(),
  dailyLimit: z.number(),
  /** Today's average pace since IST midnight, per hour. */
  perHour: z.number(),
  limitReached: z.boolean(),
  /** When the daily limit is reached at today's pace, as ISO with +05:30; null when not before IST midnight. */
  limitReachedAt: z.string().nullable(),
  /** When the balance runs out at today's pace of credits, as ISO with +05:30; null when nothing is being spent. */
  balanceRunsOutAt: z.string().nullable(),
});
export type UsageProjection = z.output<typeof usageProjectionSchema>;

export const seatTodaySchema = z.object({
  dailyAllowance: dailyAllowanceSchema,
  actions: z.array(paidActionSchema),
  countedToday: z.number(),
  /** What the member's own paid calls were charged today (IST), from the spend log: theirs, not the account's. */
  spentToday: z.number().optional(),
});
export type SeatToday = z.output<typeof seatTodaySchema>;

export const usageViewSchema = z.object({
  usage: usageSnapshotSchema,
  account: accountProfileSchema,
  projection: usageProjectionSchema,
  fetchedAt: z.string(),
  /** Set when the usage snapshot is being held back after a 429: the gauge resumes at this instant (ISO). */
  resumesAt: z.string().nullable().default(null),
  /** On the organisation's key: the user's seat and what it has counted today (IST); null on their own key. */
  seat: seatTodaySchema.nullable().default(null),
});
export type UsageView = z.output<typeof usageViewSchema>;

const creditsByEndpoint = z.record(z.string(), z.number());

export const spendBucketSchema = z.object({ start: z.string(), byEndpoint: creditsByEndpoint, total: z.number() });

export const spendSeriesSchema = z.object({
  range: z.enum(SPEND_RANGES),
  granularity: z.enum(["hour", "day"]),
  buckets: z.array(spendBucketSchema),
  /** Through the desk, by endpoint; `batch.summary` holds the line debits of desk batch jobs (from the ledger). */
  byEndpoint: creditsByEndpoint,
  total: z.number(),
  /** The same accounts' spend outside the desk (from the ledger); only in the all-users view. */
  outside: z.object({ byEndpoint: creditsByEndpoint, total: z.number() }).nullable(),
});
export type SpendSeries = z.output<typeof spendSeriesSchema>;

export const userSpendSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  credits: z.number(),
  /** Calls of paid endpoints in the range, cached answers included. */
  calls: z.number(),
  cachedCalls: z.number(),
});
export type UserSpend = z.output<typeof userSpendSchema>;

/** A desk token's spend in the range: its calls through the `/alpha` base and the lines of batch jobs it submitted. */
export const tokenSpendSchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  last4: z.string(),
  ownerEmail: z.string().nullable(),
  credits: z.number(),
  calls: z.number(),
});
export type TokenSpend = z.output<typeof tokenSpendSchema>;

/** Today's spend of the user's account: desk + outside = the ledger's debited_today, to the credit. */
export const daySpendSchema = z.object({
  /** The IST day, YYYY-MM-DD. */
  day: z.string(),
  /** Through the desk, every desk user of the account: calls plus the line debits of desk batch jobs. */
  desk: z.number(),
  batchLines: z.number(),
  /** The same account's debits made outside the desk (other tools, scripts, the same key used directly). */
  outside: z.number(),
});
export type DaySpend = z.output<typeof daySpendSchema>;

export const reconciliationSchema = daySpendSchema.extend({
  /** The account's debited_today as the service reports it. */
  debitedToday: z.number(),
  reconciledAt: z.string(),
});
export type Reconciliation = z.output<typeof reconciliationSchema>;

export const deskSpendSchema = spendSeriesSchema.extend({
  scope: z.enum(SPEND_SCOPES),
  /** Members' own spend in the desk (their tokens' spend is under byToken): byUser + byToken + outside = the ledger. */
  byUser: z.array(userSpendSchema).optional(),
  byToken: z.array(tokenSpendSchema).optional(),
  /** Null when the ledger could not be read now (the reason in `ledgerError`). */
  today: reconciliationSchema.nullable(),
  ledgerError: z.string().nullable(),
});
export type DeskSpend = z.output<typeof deskSpendSchema>;
