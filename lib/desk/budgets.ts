/**
 * Budgets as the desk's routes answer them (pure zod, browser-safe): what a budget covers (the account, a member, a
 * feature or a desk token), its IST period, limit, alert thresholds and the ladder it climbs past its limit.
 */
import * as z from "zod";

export const BUDGET_PERIODS = ["day", "week", "month"] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];
export const BUDGET_PERIOD_LABELS: Record<BudgetPeriod, string> = { day: "IST day", week: "IST week (from Monday)", month: "IST month" };

export const BUDGET_FEATURES = ["scheduled_briefs", "batch_jobs", "summaries", "paid_data"] as const;
export type BudgetFeature = (typeof BUDGET_FEATURES)[number];
export const BUDGET_FEATURE_LABELS: Record<BudgetFeature, string> = { scheduled_briefs: "Scheduled briefs", batch_jobs: "Batch jobs", summaries: "Summaries", paid_data: "Paid data" };

export const DEFAULT_BUDGET_THRESHOLDS = [50, 75, 90, 100] as const;
/** Spend, in percent of the limit, at which the ladder's steps 1, 2 and 3 engage. */
export const DEFAULT_LADDER_AT = [100, 110, 120] as const;

export const LADDER_STEP_LABELS = [
  "Open",
  "Step 1: scheduled briefs and new batch jobs paused",
  "Step 2: paid panels from the desk's cache, free data only",
  "Step 3: paid calls refused for everyone but admins",
] as const;

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
