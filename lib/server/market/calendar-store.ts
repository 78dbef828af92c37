import "server-only";
/**
 * The desk's active market calendar: the newest saved version, else the built-in one. Admins' saves are checked, kept
 * as versions and written to the file the embedded service's simulator reads.
 */
import { renameSync, writeFileSync } from "node:fs";
import { AlphaError } from "@/lib/alpha/errors";
import type { ActiveCalendar, CalendarVersion, SaveCalendarInput } from "@/lib/desk/market";
import { saveCalendarInputSchema } from "@/lib/desk/market";
import type { MarketCalendar } from "@/lib/market/calendar";
import { marketCalendarSchema } from "@/lib/market/calendar-schema";
import type { DeskContext } from "../core/context";
import { newId } from "../core/ids";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import { marketDb } from "../core/market-tables";

import { activeCalendarView, getActiveCalendar } from "../core/active-calendar";

export { activeCalendarView, getActiveCalendar };

function assertAdmin(user: SessionUser): void {
  if (user.role !== "admin") throw new AlphaError("forbidden", "Only admins can change the market calendar");
}

/** The calendar file beside the desk's data (read by the embedded service's simulator): written whole, then renamed. */
function writeCalendarFile(path: string, calendar: MarketCalendar): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(calendar, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

export async function saveCalendar({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: SaveCalendarInput }): Promise<ActiveCalendar> {
  assertAdmin(user);
  const { calendar, note } = parseOrThrow(saveCalendarInputSchema, input);
  const createdAt = ctx.now().toISOString();
  const id = newId("cal");
  await marketDb({ ctx })
    .insertInto("market_calendar_versions")
    .values({ id, calendar: JSON.stringify(calendar), note: note || null, created_by: user.id, created_by_name: user.name || user.email, created_at: createdAt })
    .execute();
  if (ctx.config.marketCalendarFile) writeCalendarFile(ctx.config.marketCalendarFile, calendar);
  return getActiveCalendar({ ctx });
}

export async function listCalendarVersions({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<CalendarVersion[]> {
  assertAdmin(user);
  const rows = await marketDb({ ctx }).selectFrom("market_calendar_versions").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(100).execute();
  return rows.map((row) => {
    const cal = marketCalendarSchema.safeParse(JSON.parse(row.calendar));
    return {
      id: row.id,
      createdAt: row.created_at,
      createdBy: row.created_by_name,
      note: row.note,
      holidays: cal.success ? cal.data.holidays.length : 0,
      specialSessions: cal.success ? cal.data.specialSessions.length : 0,
    };
  });
}
