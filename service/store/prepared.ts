import type { Statement } from "better-sqlite3";
import type { Db } from "./db";

const caches = new WeakMap<Db, Map<string, Statement>>();
/** Query builders make a handful of shapes per route; the cap only guards against a runaway caller. */
const MAX_STATEMENTS_PER_DB = 2_000;

/** A prepared statement for `sql` on `db`, prepared once and reused: preparing costs more than running. */
export function prepared(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    if (cache.size >= MAX_STATEMENTS_PER_DB) cache.clear();
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}
