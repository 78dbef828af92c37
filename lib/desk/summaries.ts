/**
 * The desk's summary history as routes serve it (pure zod, browser-safe), shared by lib/server/money/summaries.ts and
 * the Summaries page. The request and response inside are the contract's own schemas.
 */
import * as z from "zod";
import { dailySummaryRequestSchema } from "@/lib/alpha/summaries";

/** A paid summary repeated within this window opens the earlier result instead of paying again. */
export const SUMMARY_DEDUPE_WINDOW_MS = 10 * 60 * 1000;
/** How many entries the history list shows. */
export const SUMMARY_HISTORY_LIMIT = 50;

/** Where a request's symbols came from, for the history list. */
export const summarySourceSchema = z.string().trim().max(120).nullish();

/** POST /api/summaries/lookup: is there a recent paid result for this very request? */
export const lookupSummaryInputSchema = z.object({ request: dailySummaryRequestSchema });
export type LookupSummaryInput = z.input<typeof lookupSummaryInputSchema>;

export const summaryEntrySchema = z.object({
  id: z.string(),
  /** The request as sent; null when the user opted out of content retention (the desk keeps only the result). */
  request: dailySummaryRequestSchema.nullable(),
  source: z.string().nullable(),
  symbolCount: z.number(),
  mode: z.string().nullable(),
  contextWindowDays: z.number().nullable(),
  status: z.string(),
  summary: z.string().nullable(),
  error: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  credits: z.number(),
  retentionOptOut: z.boolean(),
  createdAt: z.string(),
});
export type SummaryEntry = z.output<typeof summaryEntrySchema>;

/** The history list: entries without their summary text (opened one at a time). */
export const summaryListEntrySchema = summaryEntrySchema.omit({ summary: true, details: true, request: true }).extend({ preview: z.string().nullable() });
export type SummaryListEntry = z.output<typeof summaryListEntrySchema>;
