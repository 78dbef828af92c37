import "server-only";
/** Row types of budgets, their crossings, the ladder and spend notices (migrations 2026_11_29_i44a_*). */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { AlertTables } from "./alert-tables";
import type { InboxTables } from "./inbox-tables";
import type { PortfolioTables } from "./portfolio-tables";
import type { ScheduleTables } from "./schedule-tables";
import type { TeamsDb, TeamsTables } from "./teams-tables";
import type { TokenTables } from "./token-tables";

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

/** A budget: a scope (account, member, feature, token) of one upstream account, per IST day, week or month. */
export interface BudgetsTable {
  id: string;
  account_id: string;
  name: string;
  /** account | member | feature | token */
  scope_kind: string;
  /** The member's or token's id, the feature's name, or "" for the account. */
  scope_id: string;
  period: string;
  credit_limit: number;
  /** Percent thresholds, JSON. */
  thresholds: string;
  hard_limit: number;
  /** Percent at which steps 1, 2 and 3 engage, JSON. */
  ladder_at: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A threshold crossed in a period: the primary key is the claim that makes its alert go out once. */
export interface BudgetCrossingsTable {
  budget_id: string;
  period_key: string;
  percent: number;
  crossed_at: string;
}

/** The ladder of a budget in a period, with its scope copied so a paid call's check is one indexed read. */
export interface BudgetLadderTable {
  budget_id: string;
  period_key: string;
  account_id: string;
  scope_kind: string;
  scope_id: string;
  budget_name: string;
  step: number;
  undone_through: number;
  resets_at: string;
  updated_at: string;
}

export type BudgetTables = {
  spend_notices: SpendNoticesTable;
  budgets: BudgetsTable;
  budget_crossings: BudgetCrossingsTable;
  budget_ladder: BudgetLadderTable;
};

type Tables = PortfolioTables & TeamsTables & TokenTables & ScheduleTables & InboxTables & AlertTables & BudgetTables;

export type BudgetDb = Kysely<DeskDatabase & Tables>;

export function budgetDb({ ctx }: { ctx: Pick<DeskContext, "db"> }): BudgetDb {
  return ctx.db.withTables<Tables>();
}

/** The same connection typed as the core database, for verbs that take `{ db }` inside a budget transaction. */
export function budgetAsDeskDb(db: BudgetDb): DeskContext["db"] {
  return db as unknown as DeskContext["db"];
}

/** The same connection typed for the audit log (writeAudit in a budget's transaction); sound as asDeskDb is. */
export function budgetAsTeamsDb(db: BudgetDb): TeamsDb {
  return db as unknown as TeamsDb;
}
