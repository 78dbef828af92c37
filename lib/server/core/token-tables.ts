import "server-only";
/**
 * Row types of the desk-token tables (migration 2026_11_28_i44_desk_tokens). `tokensDb({ ctx })` is the desk database
 * typed with them and the teams tables, the way teamsDb adds its own.
 */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { PortfolioTables } from "./portfolio-tables";
import type { TeamsTables } from "./teams-tables";

export interface DeskTokensTable {
  id: string;
  /** SHA-256 (hex) of the secret: the secret itself is shown once, when minted. */
  token_hash: string;
  last4: string;
  name: string;
  /** The user whose seat the token spends within (their allowance counts its calls too). */
  owner_id: string;
  created_by: string;
  /** JSON array of TokenScope. */
  scopes: string;
  daily_cap: number | null;
  monthly_cap: number | null;
  rpm: number | null;
  /** JSON array of addresses or IPv4 blocks; null: any address. */
  allowed_addresses: string | null;
  expires_at: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** Credits counted against a token's caps in one period: `d:YYYY-MM-DD` or `m:YYYY-MM` (IST). */
export interface DeskTokenPeriodsTable {
  token_id: string;
  period: string;
  counted: number;
}

export type TokenTables = {
  desk_tokens: DeskTokensTable;
  desk_token_periods: DeskTokenPeriodsTable;
};

export type TokensDb = Kysely<DeskDatabase & PortfolioTables & TeamsTables & TokenTables>;

export function tokensDb({ ctx }: { ctx: Pick<DeskContext, "db"> }): TokensDb {
  return ctx.db.withTables<PortfolioTables & TeamsTables & TokenTables>();
}
