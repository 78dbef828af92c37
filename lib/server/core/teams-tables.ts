import "server-only";
/**
 * Row types of the teams tables (migration 2026_11_24_16_teams). `teamsDb({ ctx })` is the desk database typed with them
 * too, the way portfolioDb adds the portfolio tables, so teams add tables without widening DeskDatabase for all.
 */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { PortfolioTables } from "./portfolio-tables";

/** The row id of the organisation key, and the additional data it is sealed with (a user's row never decrypts as it). */
export const ORG_KEY_ID = "org";
export const ORG_KEY_AAD = "org-key";

/** The one organisation key (id `org`): AES-256-GCM like a personal key, with `org-key` as additional data. */
export interface OrgKeyTable {
  id: string;
  ciphertext: string;
  last4: string;
  account_id: string;
  account_name: string | null;
  plan: string | null;
  saved_by: string;
  saved_at: string;
}

/** A member's seat: the daily credit allowance (null: none) and the paid actions permitted (JSON array). */
export interface SeatsTable {
  user_id: string;
  daily_allowance: number | null;
  actions: string;
  updated_at: string;
}

/** Credits counted against a member's allowance on one IST day (reserved before a call, settled after). */
export interface AllowanceDaysTable {
  user_id: string;
  day: string;
  counted: number;
}

export interface InvitesTable {
  id: string;
  /** SHA-256 of the one-time token: the token itself is only ever in the link shown to the admin. */
  token_hash: string;
  role: "admin" | "member";
  daily_allowance: number | null;
  actions: string;
  note: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
  /** When an admin revoked the link (it then signs nobody up). */
  revoked_at?: string | null;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string;
  /** The actor's email at the time (kept even when the user is gone). */
  actor: string;
  action: string;
  target: string;
  change: string;
}

/** Who submitted a batch job through the desk, with which key (the proxy writes it from the upstream's answer). */
export interface JobOwnersTable {
  job_id: string;
  user_id: string;
  account_id: string;
  key_source: string;
  created_at: string;
}

export type TeamsTables = {
  org_key: OrgKeyTable;
  seats: SeatsTable;
  allowance_days: AllowanceDaysTable;
  invites: InvitesTable;
  audit_log: AuditLogTable;
  job_owners: JobOwnersTable;
};

export type TeamsDb = Kysely<DeskDatabase & PortfolioTables & TeamsTables>;

export function teamsDb({ ctx }: { ctx: Pick<DeskContext, "db"> }): TeamsDb {
  return ctx.db.withTables<PortfolioTables & TeamsTables>();
}
