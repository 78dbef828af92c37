import type { Statement } from "better-sqlite3";
import { kept } from "../kept";
import type { Db } from "./db";

const caches = new WeakMap<Db, Map<string, Statement>>();
/** Query builders make a handful of shapes per route; the cap only guards against a runaway caller. */
const MAX_STATEMENTS_PER_DB = 2_000;

/** A prepared statement for `sql` on `db`, prepared once and reused: preparing costs more than running. */
export function prepared(db: Db, sql: string): Statement {
  const cache = kept(caches, db, () => new Map<string, Statement>());
  return kept(cache, sql, () => {
    if (cache.size >= MAX_STATEMENTS_PER_DB) cache.clear();
    return db.prepare(sql);
  });
}
