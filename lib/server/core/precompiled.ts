import "server-only";
/**
 * Hot-path queries compiled once per database (Kysely's builder costs several times the query itself), run straight on
 * the SQLite connection when no transaction holds it, and concurrent writes committed together (a commit costs most).
 */
// From node:timers, not the global: a test's fake timers must not hold the desk's commits back.
import { setImmediate } from "node:timers";
import type { Compilable, CompiledQuery, Kysely } from "kysely";
import { sql } from "kysely";
import type { DeskDb, SqliteHandle } from "./db";
import { sqliteHandleOf } from "./db";

interface Entry<O> {
  compiled: CompiledQuery<O>;
  /** For each compiled parameter: the argument it takes, or null for a constant of the query. */
  slots: (number | null)[];
}

/**
 * `build` is called once per database with placeholder arguments; each placeholder must reach the query as one
 * parameter value (no arithmetic or formatting on it). Constants written into the query stay as they are.
 */
export function precompiled<DB, Args extends unknown[], O>(arity: Args["length"], build: (db: Kysely<DB>, ...args: Args) => Compilable<O>) {
  const entries = new WeakMap<Kysely<DB>, Entry<O>>();
  const compiledWith = (db: Kysely<DB>, args: Args): CompiledQuery<O> => {
    let entry = entries.get(db);
    if (!entry) {
      const placeholders = Array.from({ length: arity }, (_, i) => `\u0000arg${i}\u0000`);
      // The placeholders stand in for the arguments: only their identity matters, not their type.
      const compiled = build(db, ...(placeholders as unknown as Args)).compile();
      const slots = compiled.parameters.map((p) => {
        const i = typeof p === "string" ? placeholders.indexOf(p) : -1;
        return i >= 0 ? i : null;
      });
      if (new Set(slots.filter((s) => s !== null)).size !== arity) throw new Error("precompiled: every argument must appear as a parameter");
      entry = { compiled, slots };
      entries.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === null ? compiled.parameters[i] : args[slot]));
    return { ...compiled, parameters };
  };
  /** The rows the query returns. */
  const run = async (db: Kysely<DB>, ...args: Args): Promise<O[]> => {
    const compiled = compiledWith(db, args);
    const handle = idleSqliteHandle(db);
    return handle ? (runOnHandle(handle, compiled).rows as O[]) : (await db.executeQuery<O>(compiled)).rows;
  };
  /** How many rows a write inserted, updated or deleted. */
  const change = async (db: Kysely<DB>, ...args: Args): Promise<number> => {
    const compiled = compiledWith(db, args);
    const handle = idleSqliteHandle(db);
    return handle ? runOnHandle(handle, compiled).changes : Number((await db.executeQuery<O>(compiled)).numAffectedRows ?? 0n);
  };
  /** The statement with these arguments, not run: for writeGrouped. */
  const compile = (db: Kysely<DB>, ...args: Args): CompiledQuery<O> => compiledWith(db, args);
  return Object.assign(run, { change, compile });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCompiled = CompiledQuery<any>;

/**
 * The SQLite connection under `db` when a statement may run on it synchronously now: no transaction of Kysely's open on
 * it. Null on PostgreSQL or in a transaction: the statement then goes through Kysely, which waits for the connection.
 */
function idleSqliteHandle<DB>(db: Kysely<DB>): SqliteHandle | null {
  const handle = sqliteHandleOf(db as unknown as DeskDb);
  return handle && !handle.database.inTransaction ? handle : null;
}

/** One statement on the connection, as Kysely's SQLite driver runs it: rows of a reader, changed-row count of a write. */
function runOnHandle(handle: SqliteHandle, compiled: AnyCompiled): { rows: unknown[]; changes: number } {
  const statement = handle.prepare(compiled.sql);
  if (statement.reader) {
    const rows = statement.all(compiled.parameters as unknown[]);
    return { rows, changes: rows.length };
  }
  return { rows: [], changes: statement.run(compiled.parameters as unknown[]).changes };
}

interface PendingWrite {
  statements: readonly AnyCompiled[];
  resolve: (changes: number[]) => void;
  reject: (error: unknown) => void;
}

/** What a target database of writeGrouped offers: the desk context has all three. */
export interface GroupTarget<DB> {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pendingWrites = new WeakMap<Kysely<any>, PendingWrite[]>();

/**
 * Runs `statements` with the other writes asked for in the same turn in one transaction (one commit serves them all);
 * each caller waits for its own rows, and a failing write is rolled back alone (a savepoint each).
 */
export function writeGrouped<DB>(target: GroupTarget<DB>, statements: readonly AnyCompiled[]): Promise<number[]> {
  const { db } = target;
  if (target.dialect !== "sqlite") return runInOrder(db, statements);
  return new Promise<number[]>((resolve, reject) => {
    let queue = pendingWrites.get(db);
    if (!queue) {
      pendingWrites.set(db, (queue = []));
      setImmediate(() => void flushWrites(db));
    }
    queue.push({ statements, resolve, reject });
  });
}

async function runInOrder<DB>(db: Kysely<DB>, statements: readonly AnyCompiled[]): Promise<number[]> {
  const changes: number[] = [];
  for (const statement of statements) changes.push(Number((await db.executeQuery(statement)).numAffectedRows ?? 0n));
  return changes;
}

interface GroupRunner {
  /**
   * The whole group in one transaction. First without savepoints (a write rarely fails, and two statements per write
   * cost more than most writes); when a statement fails, that transaction is rolled back whole and the group runs
   * again with each write in a savepoint of its own, so only the failing write is dropped.
   */
  group: (queue: PendingWrite[]) => ({ ok: true; changes: number[] } | { ok: false; error: unknown })[];
}
const groupRunners = new WeakMap<SqliteHandle, GroupRunner>();

function groupRunnerOf(handle: SqliteHandle): GroupRunner {
  let runner = groupRunners.get(handle);
  if (runner) return runner;
  const runStatements = (statements: readonly AnyCompiled[]): number[] => statements.map((statement) => runOnHandle(handle, statement).changes);
  // better-sqlite3: a transaction function called inside another runs as a savepoint, rolled back alone when it throws.
  const one = handle.database.transaction(runStatements);
  const separately = handle.database.transaction((queue: PendingWrite[]) =>
    queue.map((pending) => {
      try {
        return { ok: true as const, changes: one(pending.statements) };
      } catch (error) {
        return { ok: false as const, error };
      }
    }),
  );
  // Rolled back whole (by better-sqlite3) when a statement throws.
  const together = handle.database.transaction((queue: PendingWrite[]) => queue.map((pending) => ({ ok: true as const, changes: runStatements(pending.statements) })));
  const group = (queue: PendingWrite[]) => {
    try {
      return together(queue);
    } catch {
      return separately(queue);
    }
  };
  runner = { group };
  groupRunners.set(handle, runner);
  return runner;
}

async function flushWrites<DB>(db: Kysely<DB>): Promise<void> {
  const queue = pendingWrites.get(db) ?? [];
  pendingWrites.delete(db);
  const handle = idleSqliteHandle(db);
  if (handle) {
    let outcomes;
    try {
      outcomes = groupRunnerOf(handle).group(queue);
    } catch (error) {
      // The commit itself failed: nothing of the group was kept.
      for (const pending of queue) pending.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => (outcome.ok ? queue[i]!.resolve(outcome.changes) : queue[i]!.reject(outcome.error)));
    return;
  }
  // A transaction of Kysely's holds the connection (or no handle to run on): the group goes through Kysely after it.
  const outcomes: ({ ok: true; changes: number[] } | { ok: false; error: unknown })[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (const pending of queue) {
        await sql`savepoint grouped_write`.execute(trx);
        try {
          outcomes.push({ ok: true, changes: await runInOrder(trx, pending.statements) });
        } catch (error) {
          await sql`rollback to grouped_write`.execute(trx);
          outcomes.push({ ok: false, error });
        }
        await sql`release grouped_write`.execute(trx);
      }
    });
  } catch (error) {
    for (const pending of queue) pending.reject(error);
    return;
  }
  outcomes.forEach((outcome, i) => (outcome.ok ? queue[i]!.resolve(outcome.changes) : queue[i]!.reject(outcome.error)));
}
