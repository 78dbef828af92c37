/**
 * The desk's market calendar as its routes serve it (pure zod, browser-safe): the active calendar (the built-in NSE
 * one until an admin saves an edit), and the kept history of edits (who, when, what changed in counts).
 */
import * as z from "zod";
import { marketCalendarSchema } from "@/lib/market/calendar-schema";

export const activeCalendarSchema = z.object({
  calendar: marketCalendarSchema,
  /** `built_in` until an admin saves a calendar; `edited` afterwards. */
  source: z.enum(["built_in", "edited"]),
  versionId: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ActiveCalendar = z.output<typeof activeCalendarSchema>;

export const saveCalendarInputSchema = z.object({
  calendar: marketCalendarSchema,
  /** What changed, in the admin's words (kept with the version). */
  note: z.string().trim().max(200).optional(),
});
export type SaveCalendarInput = z.input<typeof saveCalendarInputSchema>;

export const calendarVersionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  note: z.string().nullable(),
  holidays: z.number().int(),
  specialSessions: z.number().int(),
});
export type CalendarVersion = z.output<typeof calendarVersionSchema>;
