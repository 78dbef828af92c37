import "server-only";
/** Row types of the issue-17 market tables; `marketDb({ ctx })` is the desk database typed with them too. */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";

/** One saved calendar; the newest row is the active calendar, the older ones its history. */
export interface MarketCalendarVersionsTable {
  id: string;
  /** The calendar as JSON, checked with marketCalendarSchema before it was saved. */
  calendar: string;
  note: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
}

// A type alias, not an interface: withTables<T> wants an indexable record.
export type MarketTables = {
  market_calendar_versions: MarketCalendarVersionsTable;
};

export function marketDb({ ctx }: { ctx: DeskContext }): Kysely<DeskDatabase & MarketTables> {
  return ctx.db.withTables<MarketTables>();
}
