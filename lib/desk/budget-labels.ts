/** Budgets' names and defaults without zod: the budgets card reads them on the usage page's first load. */

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
