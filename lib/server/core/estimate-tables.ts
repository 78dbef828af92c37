import "server-only";
/** Row types of the estimates tables (migration 2026_11_28_46_estimates); `estimatesDb({ ctx })` is typed with them. */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";

/** One uploaded estimates file: a version. Every version is kept; the latest one holding a key is in force. */
export interface EstimateVersionsTable {
  id: string;
  user_id: string;
  filename: string;
  /** 1, 2, 3… per user: the order of the uploads (two in the same millisecond included). */
  number: number;
  row_count: number;
  created_at: string;
}

/** One estimate of one version, with its line in the file. */
export interface EstimatesTable {
  version_id: string;
  user_id: string;
  line: number;
  symbol: string;
  quarter: string;
  line_item: string;
  value: number;
  unit: string;
  basis: string;
  source: string;
  as_of: string;
}

// A type alias, not an interface: withTables<T> wants an indexable record.
export type EstimateTables = {
  estimate_versions: EstimateVersionsTable;
  estimates: EstimatesTable;
};

export function estimatesDb({ ctx }: { ctx: DeskContext }): Kysely<DeskDatabase & EstimateTables> {
  return ctx.db.withTables<EstimateTables>();
}
