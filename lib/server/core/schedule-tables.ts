import "server-only";
/** Row types of the issue-17 brief tables; `scheduleDb({ ctx })` is the desk database typed with them (and the portfolio's). */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { PortfolioTables } from "./portfolio-tables";

export interface BriefSchedulesTable {
  id: string;
  user_id: string;
  watchlist_id: string;
  /** HH:MM on the IST clock. */
  time_ist: string;
  mode: string;
  paused: number;
  created_at: string;
  /** Set when the time changes or the schedule resumes: slots due before it are not the schedule's. */
  updated_at: string;
}

/** One slot of one schedule, claimed (unique schedule_id + slot) before anything is sent upstream. */
export interface BriefRunsTable {
  id: string;
  schedule_id: string;
  user_id: string;
  /** The IST day, YYYY-MM-DD. */
  slot: string;
  due_at: string;
  /** running → generated | failed; or skipped outright. */
  status: string;
  reason: string | null;
  summary_id: string | null;
  credits: number;
  claimed_at: string;
  finished_at: string | null;
}

// A type alias, not an interface: withTables<T> wants an indexable record.
export type ScheduleTables = {
  brief_schedules: BriefSchedulesTable;
  brief_runs: BriefRunsTable;
};

export function scheduleDb({ ctx }: { ctx: DeskContext }): Kysely<DeskDatabase & PortfolioTables & ScheduleTables> {
  return ctx.db.withTables<PortfolioTables & ScheduleTables>();
}
