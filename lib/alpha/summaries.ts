import * as z from "zod";
import { openEnum, symbolSchema } from "./primitives";
import { CONTEXT_WINDOW_MAX, CONTEXT_WINDOW_MIN, MAX_SUMMARY_SYMBOLS, SUMMARY_MODES, SUMMARY_STATUSES } from "./summary-rules";

export * from "./summary-rules";

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

