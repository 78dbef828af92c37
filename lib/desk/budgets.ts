/**
 * Budgets as the desk's routes answer them (pure zod, browser-safe): what a budget covers (the account, a member, a
 * feature or a desk token), its IST period, limit, alert thresholds and the ladder it climbs past its limit.
 */
import * as z from "zod";
import { BUDGET_FEATURES, BUDGET_PERIODS, DEFAULT_BUDGET_THRESHOLDS, DEFAULT_LADDER_AT } from "./budget-labels";

export * from "./budget-labels";

export const budgetScopeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("account") }),
  z.object({ kind: z.literal("member"), userId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal("feature"), feature: z.enum(BUDGET_FEATURES) }),
  z.object({ kind: z.literal("token"), tokenId: z.string().min(1).max(100) }),
]);
export type BudgetScope = z.output<typeof budgetScopeSchema>;

const percents = (max: number) => z.array(z.number().int().min(1).max(max));

export const saveBudgetInputSchema = z
  .object({
    name: z.string().trim().min(1, { message: "is required" }).max(80),
    scope: budgetScopeSchema,
    period: z.enum(BUDGET_PERIODS),
    limit: z.number().int().min(1, { message: "must be at least 1 credit" }).max(1_000_000_000),
    thresholds: percents(1000).max(10).default([...DEFAULT_BUDGET_THRESHOLDS]),
    /** Past its limit the budget climbs the ladder (else it only alerts). */
    hardLimit: z.boolean().default(false),
    ladderAt: percents(1000).length(3).default([...DEFAULT_LADDER_AT]),
  })
  .refine((b) => b.ladderAt.every((p, i) => i === 0 || p > (b.ladderAt[i - 1] as number)), { message: "ladder steps must rise", path: ["ladderAt"] });
export type SaveBudgetInput = z.input<typeof saveBudgetInputSchema>;

export const budgetLadderSchema = z.object({
  step: z.number().int().min(0).max(3),
  /** Steps an admin undid this period: they do not engage again until the period ends. */
  undoneThrough: z.number().int().min(0).max(3),
  updatedAt: z.string(),
});

export const budgetViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: budgetScopeSchema,
  /** What the scope names, as the page shows it ("Whole account", a member's e-mail, a token's name). */
  scopeLabel: z.string(),
  accountId: z.string(),
  period: z.enum(BUDGET_PERIODS),
  limit: z.number().int(),
  thresholds: z.array(z.number().int()),
  hardLimit: z.boolean(),
  ladderAt: z.array(z.number().int()),
  /** Credits spent in the current period (the desk's spend log, reconciled with the service's ledger). */
  spent: z.number(),
  periodKey: z.string(),
  periodStart: z.string(),
  resetsAt: z.string(),
  /** Thresholds already crossed this period (each alerted once). */
  crossed: z.array(z.number().int()),
  ladder: budgetLadderSchema,
});
export type BudgetView = z.output<typeof budgetViewSchema>;

export const undoLadderInputSchema = z.object({ toStep: z.number().int().min(0).max(2).default(0) });
export type UndoLadderInput = z.input<typeof undoLadderInputSchema>;
