import * as z from "zod";
import { openEnum, symbolSchema } from "./primitives";

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

export const holdingSchema = z.object({
  symbol: symbolSchema,
  exposure: z.number().finite().min(0, { message: "must be zero or more" }).optional(),
  label: z.string().trim().max(80).optional(),
});
export type Holding = z.infer<typeof holdingSchema>;

const holdings = z
  .array(holdingSchema)
  .min(1, { message: "at least one holding is required" })
  .max(MAX_SUMMARY_SYMBOLS, { message: `at most ${MAX_SUMMARY_SYMBOLS} symbols` });

/** The fields of a summary request, before the one-of rule; the batch line extends it. */
export const dailySummaryFieldsSchema = z.object({
  portfolio: holdings.optional(),
  symbols: z
    .array(symbolSchema)
    .min(1, { message: "at least one symbol is required" })
    .max(MAX_SUMMARY_SYMBOLS, { message: `at most ${MAX_SUMMARY_SYMBOLS} symbols` })
    .optional(),
  items: holdings.optional(),
  mode: z.enum(SUMMARY_MODES, { message: `must be one of ${SUMMARY_MODES.join(", ")}` }).optional(),
  context_window_days: z.number().int().min(CONTEXT_WINDOW_MIN).max(CONTEXT_WINDOW_MAX).optional(),
});

/**
 * Exactly one of portfolio, symbols, items. context_window_days is accepted with every mode (the hosted Python
 * client always sends it) and used only by the modes that read a window; details.context_window_days reports
 * the window that applied.
 */
export function checkSummaryRequest(
  v: z.infer<typeof dailySummaryFieldsSchema>,
  ctx: z.RefinementCtx,
) {
  const given = (["portfolio", "symbols", "items"] as const).filter((k) => v[k] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({
      code: "custom",
      path: given.length > 1 ? [given[1]!] : ["symbols"],
      message: "provide exactly one of portfolio, symbols, items",
    });
  }
}

export const dailySummaryRequestSchema = dailySummaryFieldsSchema.superRefine(checkSummaryRequest);
export type DailySummaryRequest = z.input<typeof dailySummaryRequestSchema>;

export const summaryDetailsSchema = z.looseObject({
  context_window_days: z.number().int().nullish(),
  input_type: z.string().nullish(),
  mode: z.string().nullish(),
  portfolio_size: z.number().int().nullish(),
  request_id: z.string().nullish(),
  submitted_symbol_count: z.number().int().nullish(),
  symbols_processed: z.number().int().nullish(),
});

export const dailySummaryResponseSchema = z.looseObject({
  status: openEnum(SUMMARY_STATUSES),
  summary: z.string().nullish(),
  details: summaryDetailsSchema.nullish(),
  error: z.union([z.string(), z.looseObject({ code: z.string().optional(), message: z.string().optional() })]).nullish(),
});
export type DailySummaryResponse = z.infer<typeof dailySummaryResponseSchema>;

/** Header that opts a request out of content retention. */
export const CONTENT_RETENTION_HEADER = "X-Alpha-Content-Retention";
/**
 * Response header naming the retention that applied: `none` (opted out, nothing of the content kept) or `retain`;
 * `retain; requested=none; reason=policy` when the account's policy does not permit the opt-out that was asked for.
 */
export const CONTENT_RETENTION_APPLIED_HEADER = "X-Alpha-Content-Retention-Applied";
