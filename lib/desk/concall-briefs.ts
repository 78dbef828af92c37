/**
 * Concall briefs as the desk's routes serve them (pure zod, browser-safe): one call's brief made from the analysis the
 * desk already holds (0 credits), with what changed since the quarter before, and a watchlist's weekly roundup.
 */
import * as z from "zod";
import { quarterKeySchema, symbolSchema } from "@/lib/alpha/primitives";

export const concallBriefQuerySchema = z.object({ symbol: symbolSchema, quarter: quarterKeySchema });
export type ConcallBriefQuery = z.output<typeof concallBriefQuerySchema>;

/** A line of a brief and where it came from: "transcript ¶12" when the transcript is held, else the analysis. */
export const briefLineSchema = z.object({ text: z.string(), ref: z.string() });
export type BriefLine = z.output<typeof briefLineSchema>;

export const CHANGE_KINDS = ["new_risk", "risk_cleared", "dropped_positive", "new_positive", "guidance_moved", "guidance_new", "guidance_dropped", "number_moved"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const briefChangeSchema = briefLineSchema.extend({ kind: z.enum(CHANGE_KINDS) });
export type BriefChange = z.output<typeof briefChangeSchema>;

export const concallBriefSchema = z.object({
  symbol: z.string(),
  company: z.string().nullable(),
  quarter: z.string(),
  /** When the call was held (from the transcript's header) or, without a transcript, when its analysis was filed. */
  callTime: briefLineSchema,
  guidance: z.array(briefLineSchema),
  redFlags: z.array(briefLineSchema),
  indicators: z.object({ positive: z.array(briefLineSchema), negative: z.array(briefLineSchema) }),
  changes: z.object({
    previousQuarter: z.string(),
    /** Whether the desk holds the previous quarter's analysis; without it nothing can be compared. */
    held: z.boolean(),
    lines: z.array(briefChangeSchema),
  }),
  transcriptHeld: z.boolean(),
  /** The brief as plain text, fit for a chat message or an e-mail. */
  text: z.string(),
  credits: z.literal(0),
});
export type ConcallBrief = z.output<typeof concallBriefSchema>;

export const concallRoundupQuerySchema = z.object({
  watchlist: z.string().trim().min(1).max(100),
  /** The last IST day of the week (seven days ending on it); today when absent. */
  to: z.iso.date().optional(),
});
export type ConcallRoundupQuery = z.input<typeof concallRoundupQuerySchema>;

export const concallRoundupSchema = z.object({
  watchlist: z.object({ id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  briefs: z.array(concallBriefSchema),
  /** Calls of the week whose analysis the desk does not hold: listed, not bought. */
  notHeld: z.array(z.object({ symbol: z.string(), quarter: z.string(), date: z.string().nullable() })),
  text: z.string(),
  credits: z.literal(0),
});
export type ConcallRoundup = z.output<typeof concallRoundupSchema>;
