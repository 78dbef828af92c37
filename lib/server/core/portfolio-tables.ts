import "server-only";
/**
 * Row types of the issue-9 tables (migration 0002_portfolio): watchlists, the symbol-check cache, the summary
 * history and batch inputs. `portfolioDb(ctx)` is the desk database typed with them as well, so these features
 * add tables without widening DeskDatabase for every other module.
 */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";

export interface WatchlistsTable {
  id: string;
  user_id: string;
  name: string;
  /** inr, shares or weight (migration 0005); null when never said. */
  exposure_unit: string | null;
  /** private, team_read or team_edit (migration 2026_11_24_16_teams). */
  sharing: string;
  created_at: string;
  updated_at: string;
}

/** What the service's symbol metadata said a symbol's ISIN is (null: it gave none). */
export interface SymbolIsinsTable {
  symbol: string;
  isin: string | null;
  fetched_at: string;
}

export interface WatchlistItemsTable {
  watchlist_id: string;
  symbol: string;
  exposure: number | null;
  label: string | null;
  /** Display order within the watchlist (insertion order). */
  position: number;
  added_at: string;
}

export interface SymbolChecksTable {
  symbol: string;
  /** 1 when the service's earnings index holds the symbol. */
  known: number;
  checked_at: string;
}

export interface SummaryHistoryTable {
  id: string;
  user_id: string;
  account_id: string;
  /** HMAC of the normalised request: finds a repeat without keeping the request of an opted-out call. */
  request_hash: string;
  /** The request body as JSON; null when the user opted out of content retention. */
  request: string | null;
  /** Where the symbols came from, e.g. "watchlist:<name>" or "typed"; null when opted out. */
  source: string | null;
  symbol_count: number;
  mode: string | null;
  context_window_days: number | null;
  status: string;
  summary: string | null;
  error: string | null;
  details: string | null;
  credits: number;
  retention_opt_out: number;
  created_at: string;
}

export interface BatchInputsTable {
  job_id: string;
  user_id: string;
  account_id: string;
  display_name: string | null;
  line_count: number;
  /** The job's checked request lines as a JSON array: failed lines are rebuilt from it. */
  lines: string;
  created_at: string;
}

// A type alias, not an interface: withTables<T> wants an indexable record.
export type PortfolioTables = {
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  symbol_checks: SymbolChecksTable;
  summary_history: SummaryHistoryTable;
  batch_inputs: BatchInputsTable;
  symbol_isins: SymbolIsinsTable;
};

export type PortfolioDb = Kysely<DeskDatabase & PortfolioTables>;

export function portfolioDb({ ctx }: { ctx: DeskContext }): PortfolioDb {
  return ctx.db.withTables<PortfolioTables>();
}
