import "server-only";
/**
 * Hot-path queries compiled once per database and run with fresh values: Kysely's builder spends ~50 µs building
 * and compiling a query, several times what SQLite needs to run it, and the proxy runs four or five per call.
 * And their group commit: on SQLite a commit (its WAL write) costs more than the statement it commits, so the writes
 * of concurrent calls (spend rows, cached answers) are committed together (writeGrouped).
 */
// From node:timers, not the global: a test's fake timers must not hold the desk's commits back.
import { setImmediate } from "node:timers";
import type { Compilable, CompiledQuery, Kysely } from "kysely";

interface Entry<O> {
  compiled: CompiledQuery<O>;
  /** For each compiled parameter: the argument it takes, or null for a constant of the query. */
  slots: (number | null)[];
}

/** A transaction of writeGrouped → the database it belongs to, so precompiled queries run in it as compiled for the database. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const rootOf = new WeakMap<Kysely<any>, Kysely<any>>();

/**
 * `build` is called once per database with placeholder arguments; each placeholder must reach the query as one
 * parameter value (no arithmetic or formatting on it). Constants written into the query stay as they are.
 */
export function precompiled<DB, Args extends unknown[], O>(arity: Args["length"], build: (db: Kysely<DB>, ...args: Args) => Compilable<O>) {
  const entries = new WeakMap<Kysely<DB>, Entry<O>>();
  const compiledWith = (db: Kysely<DB>, args: Args): CompiledQuery<O> => {
    const root = (rootOf.get(db) as Kysely<DB> | undefined) ?? db;
    let entry = entries.get(root);
    if (!entry) {
      const placeholders = Array.from({ length: arity }, (_, i) => `\u0000arg${i}\u0000`);
      // The placeholders stand in for the arguments: only their identity matters, not their type.
      const compiled = build(root, ...(placeholders as unknown as Args)).compile();
      const slots = compiled.parameters.map((p) => {
        const i = typeof p === "string" ? placeholders.indexOf(p) : -1;
        return i >= 0 ? i : null;
      });
      if (new Set(slots.filter((s) => s !== null)).size !== arity) throw new Error("precompiled: every argument must appear as a parameter");
      entry = { compiled, slots };
      entries.set(root, entry);
    }
    const { compiled, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === null ? compiled.parameters[i] : args[slot]));
    return { ...compiled, parameters };
  };
  /** The rows the query returns. */
  const run = async (db: Kysely<DB>, ...args: Args): Promise<O[]> => (await db.executeQuery<O>(compiledWith(db, args))).rows;
  /** How many rows a write inserted, updated or deleted. */
  const change = async (db: Kysely<DB>, ...args: Args): Promise<number> => Number((await db.executeQuery<O>(compiledWith(db, args))).numAffectedRows ?? 0n);
  return Object.assign(run, { change });
}

interface PendingWrite<DB> {
  write: (db: Kysely<DB>) => Promise<unknown>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pendingWrites = new WeakMap<Kysely<any>, PendingWrite<any>[]>();

/**
 * Runs `write` (a few statements, given the database or a transaction to run them on) together with the other writes
 * asked for in the same turn of the event loop, in one transaction, and resolves once they are committed: the caller
 * waits for its own write exactly as before, one commit serves them all. When the shared transaction fails, each write
 * is run again alone, so one failing write fails only its own caller. Only for SQLite (one writer, so no lock order
 * to get wrong): on PostgreSQL `write` runs at once on its own.
 */
export function writeGrouped<DB>(target: { db: Kysely<DB>; dialect: "sqlite" | "postgres" }, write: (db: Kysely<DB>) => Promise<unknown>): Promise<void> {
  const { db } = target;
  if (target.dialect !== "sqlite") return write(db).then(() => undefined);
  return new Promise<void>((resolve, reject) => {
    let queue = pendingWrites.get(db) as PendingWrite<DB>[] | undefined;
    if (!queue) {
      pendingWrites.set(db, (queue = []));
      setImmediate(() => void flushWrites(db));
    }
    queue.push({ write, resolve, reject });
  });
}

async function flushWrites<DB>(db: Kysely<DB>): Promise<void> {
  const queue = (pendingWrites.get(db) ?? []) as PendingWrite<DB>[];
  pendingWrites.delete(db);
  if (queue.length === 1) {
    const [only] = queue as [PendingWrite<DB>];
    await only.write(db).then(only.resolve, only.reject);
    return;
  }
  try {
    await db.transaction().execute(async (trx) => {
      rootOf.set(trx, db);
      for (const pending of queue) await pending.write(trx);
    });
  } catch {
    // Nothing of the shared transaction was kept: each write alone, in order.
    for (const pending of queue) await pending.write(db).then(pending.resolve, pending.reject);
    return;
  }
  for (const pending of queue) pending.resolve();
}
