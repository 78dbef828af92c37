/**
 * Scheduled briefs as the desk's routes serve them (pure zod, browser-safe): a watchlist's daily summary generated at
 * a time of day in IST on market days, and each run of a schedule (one per schedule and market day).
 */
import * as z from "zod";
import { SUMMARY_MODES } from "@/lib/alpha/summaries";

export const briefTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time of day as HH:MM (24-hour, IST)");

export const createBriefScheduleInputSchema = z.object({
  watchlistId: z.string().min(1).max(80),
  time: briefTimeSchema,
  mode: z.enum(SUMMARY_MODES).default("news_context"),
});
export type CreateBriefScheduleInput = z.input<typeof createBriefScheduleInputSchema>;

export const updateBriefScheduleInputSchema = z
  .object({ paused: z.boolean().optional(), time: briefTimeSchema.optional() })
  .refine((v) => v.paused !== undefined || v.time !== undefined, "nothing to change");
export type UpdateBriefScheduleInput = z.input<typeof updateBriefScheduleInputSchema>;

export const BRIEF_RUN_STATUSES = ["running", "generated", "skipped", "failed"] as const;
export type BriefRunStatus = (typeof BRIEF_RUN_STATUSES)[number];

export const briefRunSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  watchlistName: z.string(),
  /** The IST day of the slot, YYYY-MM-DD. */
  slot: z.string(),
  /** The instant the slot was due. */
  dueAt: z.string(),
  status: z.enum(BRIEF_RUN_STATUSES),
  /** Why it was skipped or failed, in words for people. */
  reason: z.string().nullable(),
  summaryId: z.string().nullable(),
  credits: z.number().int().min(0),
  preview: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BriefRun = z.output<typeof briefRunSchema>;

export const briefScheduleSchema = z.object({
  id: z.string(),
  watchlistId: z.string(),
  watchlistName: z.string(),
  symbolCount: z.number().int().min(0),
  time: briefTimeSchema,
  mode: z.enum(SUMMARY_MODES),
  paused: z.boolean(),
  /** The next slot it will run at (a market day, at its time), or null when paused. */
  nextRunAt: z.string().nullable(),
  lastRun: briefRunSchema.nullable(),
  createdAt: z.string(),
});
export type BriefSchedule = z.output<typeof briefScheduleSchema>;

export { briefRequest } from "./brief-request";

/** GET /api/briefs/runs: one IST day's runs (today when absent). */
export const listBriefRunsQuerySchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD").optional() });
