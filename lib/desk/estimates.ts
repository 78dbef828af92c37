/**
 * Results against the manager's own estimates (pure zod, browser-safe): the CSV upload, its versions, the fetch of
 * filed tables for names with an estimate, and the season scorecard.
 */
import * as z from "zod";
import { quarterKeySchema } from "@/lib/alpha/primitives";
import { LINE_ITEMS, SCORE_OUTCOMES } from "./scorecard-words";

export { LINE_ITEM_LABELS, LINE_ITEMS, OUTCOME_WORDS, SCORE_OUTCOMES, type LineItem, type ScoreOutcome } from "./scorecard-words";

export const ESTIMATE_COLUMNS = ["symbol", "quarter", "line_item", "value", "unit", "basis", "source", "as_of"] as const;
export type EstimateUnit = "lakh" | "crore";
export type EstimateBasis = "consolidated" | "standalone";

export const uploadEstimatesInputSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  csv: z.string().min(1).max(400_000),
});
export type UploadEstimatesInput = z.input<typeof uploadEstimatesInputSchema>;

export const estimateVersionSchema = z.object({ id: z.string(), filename: z.string(), rows: z.number().int(), createdAt: z.string() });
export type EstimateVersion = z.output<typeof estimateVersionSchema>;

export const estimatesViewSchema = z.object({
  versions: z.array(estimateVersionSchema),
  /** The estimates in force: for each company, quarter, line item and basis, the latest version's. */
  current: z.array(
    z.object({
      symbol: z.string(),
      quarter: z.string(),
      lineItem: z.enum(LINE_ITEMS),
      value: z.number(),
      unit: z.enum(["lakh", "crore"]),
      basis: z.enum(["consolidated", "standalone"]),
      source: z.string(),
      asOf: z.string(),
      versionId: z.string(),
    }),
  ),
});
export type EstimatesView = z.output<typeof estimatesViewSchema>;

export const scorecardQuerySchema = z.object({
  watchlist: z.string().trim().min(1).max(100),
  quarter: quarterKeySchema.optional(),
  /** The in-line band, ± percent of the estimate. */
  band: z.coerce.number().min(0).max(50).default(2),
});
export type ScorecardQuery = z.input<typeof scorecardQuerySchema>;
export type ScorecardInput = z.output<typeof scorecardQuerySchema>;


export const scorecardRowSchema = z.object({
  symbol: z.string(),
  company: z.string().nullable(),
  sector: z.string().nullable(),
  filedAt: z.string(),
  outcome: z.enum(SCORE_OUTCOMES),
  lineItem: z.enum(LINE_ITEMS).nullable(),
  basis: z.enum(["consolidated", "standalone"]).nullable(),
  /** Both in ₹ crore, after normalising the estimate's unit. */
  estimateCr: z.number().nullable(),
  actualCr: z.number().nullable(),
  surprisePct: z.number().nullable(),
  /** Why a row could not be compared, or what was normalised. */
  note: z.string().nullable(),
});
export type ScorecardRow = z.output<typeof scorecardRowSchema>;

export const scoreCountsSchema = z.object({
  reported: z.number().int(),
  beat: z.number().int(),
  inLine: z.number().int(),
  missed: z.number().int(),
  noEstimate: z.number().int(),
  tableNotHeld: z.number().int(),
  notComparable: z.number().int(),
});
export type ScoreCounts = z.output<typeof scoreCountsSchema>;

export const scorecardSchema = z.object({
  watchlist: z.object({ id: z.string(), name: z.string() }),
  quarter: z.string(),
  band: z.number(),
  counts: scoreCountsSchema,
  /** "31 reported: 12 beat, 14 in line, 5 missed your numbers; 9 have no estimate". */
  headline: z.string(),
  sectors: z.array(z.object({ sector: z.string(), counts: scoreCountsSchema })),
  rows: z.array(scorecardRowSchema),
  /** Reported names with an estimate whose filed table the desk does not hold yet: what fetching them costs. */
  toFetch: z.object({ symbols: z.array(z.string()), credits: z.number().int() }),
});
export type Scorecard = z.output<typeof scorecardSchema>;

export const fetchTablesInputSchema = z.object({
  watchlist: z.string().trim().min(1).max(100),
  quarter: quarterKeySchema.optional(),
  /** The most the user agreed to spend; under the price nothing is fetched and the price is answered. */
  spendUpTo: z.number().int().min(0),
});
export type FetchTablesInput = z.input<typeof fetchTablesInputSchema>;
export const fetchTablesResultSchema = z.object({ price: z.number().int(), fetched: z.number().int(), credits: z.number().int(), failed: z.array(z.string()) });
export type FetchTablesResult = z.output<typeof fetchTablesResultSchema>;
