import "server-only";
/** Row types of budgets, their crossings, the ladder and spend notices (migrations 2026_11_29_i44a_*). */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { AlertTables } from "./alert-tables";
import type { InboxTables } from "./inbox-tables";
import type { PortfolioTables } from "./portfolio-tables";
import type { TeamsTables } from "./teams-tables";

/** One notice about spend, unique on (account_id, dedupe_key): every instance that tries stores one row. */
export interface SpendNoticesTable {
  id: string;
  account_id: string;
  dedupe_key: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  /** "admins" or a user id. */
  audience: string;
  created_at: string;
}

export type BudgetTables = {
  spend_notices: SpendNoticesTable;
};

export type BudgetDb = Kysely<DeskDatabase & PortfolioTables & TeamsTables & InboxTables & AlertTables & BudgetTables>;

export function budgetDb({ ctx }: { ctx: Pick<DeskContext, "db"> }): BudgetDb {
  return ctx.db.withTables<PortfolioTables & TeamsTables & InboxTables & AlertTables & BudgetTables>();
}

/** The same connection typed as the core database, for verbs that take `{ db }` inside a budget transaction. */
export function budgetAsDeskDb(db: BudgetDb): DeskContext["db"] {
  return db as unknown as DeskContext["db"];
}
