/**
 * The spend watch's shapes (pure zod, browser-safe): the account's ₹ per credit and runway horizon, the runway at the
 * market's pace, today's spend against the same hour of recent sessions, and the weekly report by member, feature and token.
 */
import * as z from "zod";

import { SPEND_FEATURES } from "./spend-watch-labels";

export { SPEND_FEATURE_LABELS, SPEND_FEATURES, type SpendFeature } from "./spend-watch-labels";

/** Rupees per credit as typed: a positive decimal with at most four places (₹0.0001), below ₹10,000. */
export const inrPerCreditSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, { message: "must be a number of rupees with at most 4 decimal places, below 10,000" })
  .refine((v) => Number(v) > 0, { message: "must be more than 0" });

export const RUNWAY_HORIZON_DEFAULT_DAYS = 2;

export const putSpendSettingsInputSchema = z.object({
  /** Null clears it: figures read in credits only. */
  inrPerCredit: inrPerCreditSchema.nullable(),
  runwayHorizonDays: z.number().int().min(1, { message: "must be at least 1 trading day" }).max(20, { message: "may be at most 20 trading days" }).default(RUNWAY_HORIZON_DEFAULT_DAYS),
});
export type PutSpendSettingsInput = z.input<typeof putSpendSettingsInputSchema>;

export const spendSettingsSchema = z.object({
  accountId: z.string(),
  inrPerCredit: z.string().nullable(),
  runwayHorizonDays: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type SpendSettings = z.output<typeof spendSettingsSchema>;

export const runwaySchema = z.object({
  balance: z.number(),
  /** Credits per hour of open market, over the recent sessions in `sessions`. */
  perMarketHour: z.number(),
  sessions: z.number().int(),
  /** When the balance runs out at this pace, counting only market hours (ISO with +05:30); null when nothing is spent. */
  runsOutAt: z.string().nullable(),
  /** Market hours the balance lasts; null when nothing is spent. */
  marketHoursLeft: z.number().nullable(),
  horizonDays: z.number().int(),
  /** Under the horizon (in trading days of market hours): the alert's condition. */
  belowHorizon: z.boolean(),
});
export type Runway = z.output<typeof runwaySchema>;

export const unusualSpendSchema = z.object({
  /** The session (IST date) and hour compared; null outside a trading day. */
  session: z.string().nullable(),
  hour: z.number().int().nullable(),
  /** Spend since IST midnight, through this hour. */
  spentByHour: z.number(),
  /** The median of the last seven sessions' spend by the same hour; null with fewer than seven sessions of history. */
  median: z.number().nullable(),
  unusual: z.boolean(),
});
export type UnusualSpend = z.output<typeof unusualSpendSchema>;

const creditsCalls = { credits: z.number(), calls: z.number().int() };

export const weeklyReportSchema = z.object({
  accountId: z.string(),
  /** The Monday (IST) the week starts on, and the Monday after (exclusive). */
  week: z.string(),
  until: z.string(),
  members: z.array(z.object({ userId: z.string(), email: z.string(), name: z.string(), ...creditsCalls })),
  tokens: z.array(z.object({ tokenId: z.string(), name: z.string(), last4: z.string(), ownerEmail: z.string().nullable(), ...creditsCalls })),
  /** The same account's debits made outside the desk. */
  outside: z.object(creditsCalls),
  features: z.array(z.object({ feature: z.enum(SPEND_FEATURES), ...creditsCalls })),
  /** members + tokens + outside = features = every debit of the account in the week, as the ledger has them. */
  total: z.number(),
});
export type WeeklyReport = z.output<typeof weeklyReportSchema>;

/** A Monday's IST date; absent: the last whole week. */
export const weekQuerySchema = z.object({
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date, YYYY-MM-DD" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).getUTCDay() === 1, { message: "must be a Monday" })
    .optional(),
});

export const spendWatchSchema = z.object({
  settings: spendSettingsSchema,
  /** Null when the account's balance could not be read now (the reason in `error`). */
  runway: runwaySchema.nullable(),
  unusual: unusualSpendSchema,
  /** Admins only (everyone's spend); null for members. */
  report: weeklyReportSchema.nullable(),
  /** The Monday (IST) of the week under way, by the server's clock: the newest week there is to read. */
  thisWeek: z.string(),
  error: z.string().nullable(),
});
export type SpendWatch = z.output<typeof spendWatchSchema>;
