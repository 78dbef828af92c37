import type { Db } from "../store/db";

const waiters = new WeakMap<Db, Set<() => void>>();

/** Registers a callback run whenever batch work is queued on `db` in this process; returns its remover. */
export function onBatchWork(db: Db, wake: () => void): () => void {
  let set = waiters.get(db);
  if (!set) {
    set = new Set();
    waiters.set(db, set);
  }
  set.add(wake);
  return () => set.delete(wake);
}

/** Wakes the workers of this process at once; workers in other processes find the work on their next poll. */
export function notifyBatchWork(db: Db): void {
  for (const wake of waiters.get(db) ?? []) wake();
}
