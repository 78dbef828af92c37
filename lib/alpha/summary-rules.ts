/**
 * The daily summary's modes, limits and headers, zod-free: the summary, brief and batch forms render them at once.
 * lib/alpha/summaries.ts builds its schemas on them and re-exports them.
 */

export const SUMMARY_MODES = ["exposure", "intraday_movements", "news_context"] as const;
export type SummaryMode = (typeof SUMMARY_MODES)[number];
/** Modes that read a context window; `exposure` does not take one. */
export const WINDOWED_MODES: readonly SummaryMode[] = ["intraday_movements", "news_context"];
export const SUMMARY_STATUSES = ["success", "success_no_news", "success_no_signal", "error"] as const;
/** Most symbols one summary request may carry (documented in the OpenAPI document). */
export const MAX_SUMMARY_SYMBOLS = 50;
export const CONTEXT_WINDOW_MIN = 1;
export const CONTEXT_WINDOW_MAX = 7;
export const DEFAULT_CONTEXT_WINDOW_DAYS = 1;
/**
 * `exposure` takes no context_window_days; it reads today and the previous IST day, so a summary read before
 * the open still covers the last session. Reported in details.context_window_days.
 */
export const EXPOSURE_CONTEXT_WINDOW_DAYS = 2;

/** Header that opts a request out of content retention. */
export const CONTENT_RETENTION_HEADER = "X-Alpha-Content-Retention";
/**
 * Response header naming the retention that applied: `none` (opted out, nothing of the content kept) or `retain`;
 * `retain; requested=none; reason=policy` when the account's policy does not permit the opt-out that was asked for.
 */
export const CONTENT_RETENTION_APPLIED_HEADER = "X-Alpha-Content-Retention-Applied";
