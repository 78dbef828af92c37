/**
 * The NSE market calendar's shape as zod: what an admin's edit, the calendar file and the desk's answer are checked
 * with. Apart from the calendar's logic (lib/market/calendar.ts), which every page's status badge runs at first render
 * and must not carry zod.
 */
import * as z from "zod";

const hhmmSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM, 24-hour IST");
/** A calendar day that exists: 2027-02-30 is refused, not rolled over to March. */
export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")
  .refine((d) => isRealDate(d), { error: (issue) => `${String(issue.input)} is not a date` });

function isRealDate(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

export const sessionIdSchema = z.enum(["block_morning", "pre_open", "pre_open_matching", "normal", "closing_price", "closing", "block_afternoon"]);
export type SessionId = z.infer<typeof sessionIdSchema>;

export const sessionWindowSchema = z
  .object({ id: sessionIdSchema, label: z.string().optional(), from: hhmmSchema, to: hhmmSchema })
  .refine((s) => s.from < s.to, "a session ends after it starts");
export type SessionWindow = z.infer<typeof sessionWindowSchema>;

export const holidaySchema = z.object({ date: calendarDaySchema, name: z.string().min(1), provisional: z.boolean().optional() });
export type Holiday = z.infer<typeof holidaySchema>;

export const specialSessionSchema = z.object({
  date: calendarDaySchema,
  name: z.string().min(1),
  kind: z.enum(["muhurat", "budget", "special"]),
  provisional: z.boolean().optional(),
  sessions: z.array(sessionWindowSchema).min(1),
});
export type SpecialSession = z.infer<typeof specialSessionSchema>;

function checkWindows(windows: readonly SessionWindow[], path: (string | number)[], ctx: z.RefinementCtx): void {
  if (!windows.some((w) => w.id === "normal")) ctx.addIssue({ code: "custom", path, message: "needs a normal market session" });
  const ordered = [...windows].filter((w) => w.id !== "block_morning" && w.id !== "block_afternoon").sort((a, b) => (a.from < b.from ? -1 : 1));
  for (let i = 1; i < ordered.length; i++) {
    const [prev, next] = [ordered[i - 1], ordered[i]];
    if (prev && next && next.from < prev.to) ctx.addIssue({ code: "custom", path, message: `${next.label ?? next.id} starts before ${prev.label ?? prev.id} ends` });
  }
}

export const marketCalendarSchema = z
  .object({
    exchange: z.string().min(1).max(20),
    timezone: z.literal("Asia/Kolkata"),
    sessions: z.array(sessionWindowSchema).min(1).max(12),
    blockDealWindows: z.array(sessionWindowSchema).min(1).max(4),
    holidays: z.array(holidaySchema).max(400),
    specialSessions: z.array(specialSessionSchema).max(100),
  })
  .superRefine((cal, ctx) => {
    checkWindows(cal.sessions, ["sessions"], ctx);
    const seen = new Set<string>();
    cal.holidays.forEach((h, i) => {
      if (Number.isNaN(Date.parse(`${h.date}T00:00:00Z`))) ctx.addIssue({ code: "custom", path: ["holidays", i, "date"], message: `${h.date} is not a date` });
      if (seen.has(h.date)) ctx.addIssue({ code: "custom", path: ["holidays", i, "date"], message: `${h.date} is listed twice` });
      seen.add(h.date);
    });
    const specials = new Set<string>();
    cal.specialSessions.forEach((s, i) => {
      if (Number.isNaN(Date.parse(`${s.date}T00:00:00Z`))) ctx.addIssue({ code: "custom", path: ["specialSessions", i, "date"], message: `${s.date} is not a date` });
      if (specials.has(s.date)) ctx.addIssue({ code: "custom", path: ["specialSessions", i, "date"], message: `${s.date} has two special sessions` });
      specials.add(s.date);
      checkWindows(s.sessions, ["specialSessions", i, "sessions"], ctx);
    });
  });
export type MarketCalendar = z.infer<typeof marketCalendarSchema>;
