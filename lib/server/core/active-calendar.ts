import "server-only";
/**
 * The desk's active market calendar: the newest saved version, else the built-in one; each version parsed once per
 * process. In core, so every layer that follows the market (the proxy's freshness, the live feeds) can read it.
 */
import type { ActiveCalendar } from "@/lib/desk/market";
import type { MarketCalendarView } from "@/lib/market/calendar";
import { calendarView, NSE_CALENDAR, NSE_VIEW } from "@/lib/market/calendar";
import { marketCalendarSchema } from "@/lib/market/calendar-schema";
import type { DeskContext } from "./context";
import { marketDb } from "./market-tables";

const BUILT_IN: ActiveCalendar = { calendar: NSE_CALENDAR, source: "built_in", versionId: null, updatedAt: null, updatedBy: null };

// Parsed views by version id: a version never changes, so each is parsed once per process.
const views = new Map<string, { active: ActiveCalendar; view: MarketCalendarView }>();

async function loadActive(ctx: DeskContext): Promise<{ active: ActiveCalendar; view: MarketCalendarView }> {
  const row = await marketDb({ ctx })
    .selectFrom("market_calendar_versions")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return { active: BUILT_IN, view: NSE_VIEW };
  const hit = views.get(row.id);
  if (hit) return hit;
  const parsed = marketCalendarSchema.safeParse(JSON.parse(row.calendar));
  if (!parsed.success) {
    console.error(JSON.stringify({ level: "error", msg: "stored market calendar fails its schema; using the built-in one", version: row.id }));
    return { active: BUILT_IN, view: NSE_VIEW };
  }
  const entry = {
    active: { calendar: parsed.data, source: "edited" as const, versionId: row.id, updatedAt: row.created_at, updatedBy: row.created_by_name },
    view: calendarView(parsed.data),
  };
  if (views.size > 50) views.clear();
  views.set(row.id, entry);
  return entry;
}

export async function getActiveCalendar({ ctx }: { ctx: DeskContext }): Promise<ActiveCalendar> {
  return (await loadActive(ctx)).active;
}

export async function activeCalendarView({ ctx }: { ctx: DeskContext }): Promise<MarketCalendarView> {
  return (await loadActive(ctx)).view;
}

