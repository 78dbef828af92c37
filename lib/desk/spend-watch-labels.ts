/** The weekly report's features, zod-free (the usage page's panel names them); lib/desk/spend-watch.ts re-exports them. */

/** What a spend row was for: every credit falls in exactly one. */
export const SPEND_FEATURES = ["briefs", "batch", "summaries", "data", "other"] as const;
export type SpendFeature = (typeof SPEND_FEATURES)[number];
export const SPEND_FEATURE_LABELS: Record<SpendFeature, string> = {
  briefs: "Scheduled briefs",
  batch: "Batch jobs",
  summaries: "Summaries",
  data: "Paid data",
  other: "Other",
};
