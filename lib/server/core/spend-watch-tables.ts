import "server-only";
/** Row type of the per-account spend settings and watch state (migration 2026_11_29_i44b_spend_watch). */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { PortfolioTables } from "./portfolio-tables";
import type { ScheduleTables } from "./schedule-tables";
import type { TeamsTables } from "./teams-tables";
import type { TokenTables } from "./token-tables";

export interface AccountSpendSettingsTable {
  account_id: string;
  /** Rupees per credit as a decimal string ("0.25"); null: not set. */
  inr_per_credit: string | null;
  runway_horizon_days: number;
  /** 1 while the runway is under its horizon; the crossing counter moves on each fall under it. */
  runway_below: number;
  runway_crossings: number;
  /** The crossing whose notice has gone out. */
  runway_notified: number;
  /** The IST date of the session whose unusual-spend notice has gone out. */
  unusual_sent_for: string | null;
  /** The Monday (IST date) of the last week whose report has gone out. */
  weekly_sent_for: string | null;
  updated_by: string | null;
  updated_at: string | null;
}

export type SpendWatchTables = { account_spend_settings: AccountSpendSettingsTable };

export type SpendWatchDb = Kysely<DeskDatabase & PortfolioTables & TeamsTables & TokenTables & ScheduleTables & SpendWatchTables>;

export function spendWatchDb({ ctx }: { ctx: Pick<DeskContext, "db"> }): SpendWatchDb {
  return ctx.db.withTables<PortfolioTables & TeamsTables & TokenTables & ScheduleTables & SpendWatchTables>();
}
