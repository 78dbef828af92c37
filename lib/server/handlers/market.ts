import "server-only";
/**
 * Market calendar routes:
 * - GET /api/market/calendar → { data: ActiveCalendar } (every signed-in user: the status badge and the live feeds)
 * - PUT /api/admin/market-calendar { calendar, note? } → { data: ActiveCalendar } (admins; a new kept version)
 * - GET /api/admin/market-calendar/versions → { data: CalendarVersion[] } (admins)
 */
import type { SaveCalendarInput } from "@/lib/desk/market";
import type { UserRouteArgs } from "../http/route";
import { readJsonBody } from "../http/route";
import { getActiveCalendar, listCalendarVersions, saveCalendar } from "../market/calendar-store";

export async function handleGetMarketCalendar({ ctx }: UserRouteArgs) {
  return { data: await getActiveCalendar({ ctx }) };
}

export async function handleSaveMarketCalendar({ ctx, user, request }: UserRouteArgs) {
  return { data: await saveCalendar({ ctx, user, input: (await readJsonBody(request, 500_000)) as SaveCalendarInput }) };
}

export async function handleListMarketCalendarVersions({ ctx, user }: UserRouteArgs) {
  return { data: await listCalendarVersions({ ctx, user }) };
}
