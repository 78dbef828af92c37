/** The one-process SharedInfra of the embedded default: the same contract as Redis, held in this process. */
import type { SharedInfra, StreamEntry } from "./types";
import { compareStreamIds } from "./types";

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

export function createMemoryShared(clock: () => number = Date.now): SharedInfra {
  const flights = new Map<string, Promise<unknown>>();
  const counters = new Map<string, Expiring<number>>();
  const scopes = new Map<string, Map<string, Expiring<string>>>();
  const untils = new Map<string, number>();
  const leases = new Map<string, Expiring<string>>();
  const streams = new Map<string, { entries: StreamEntry[]; lastMs: number; seq: number; listeners: Set<() => void> }>();

  const live = <T>(entry: Expiring<T> | undefined): entry is Expiring<T> => !!entry && entry.expiresAt > clock();
  const streamOf = (name: string) => {
    let s = streams.get(name);
    if (!s) streams.set(name, (s = { entries: [], lastMs: 0, seq: 0, listeners: new Set() }));
    return s;
  };
  // Entries are kept in id order: the first one past `afterId` is found by bisection, so a follower woken for one new
  // entry does a dozen comparisons, not one per kept entry.
  const after = (entries: StreamEntry[], afterId: string) => {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareStreamIds(entries[mid]!.id, afterId) > 0) hi = mid;
      else lo = mid + 1;
    }
    return entries.slice(lo);
  };

  return {
    kind: "memory",
    async singleFlight<T>(key: string, work: () => Promise<T>) {
      const running = flights.get(key) as Promise<T> | undefined;
      if (running) return { value: await running, leader: false };
      const flight = work();
      flights.set(key, flight);
      try {
        return { value: await flight, leader: true };
      } finally {
        if (flights.get(key) === flight) flights.delete(key);
      }
    },
    async increment(key, ttlMs, by = 1) {
      const current = counters.get(key);
      if (live(current)) {
        current.value += by;
        return current.value;
      }
      counters.set(key, { value: by, expiresAt: clock() + ttlMs });
      return by;
    },
    async memoGet(scope, key) {
      const entry = scopes.get(scope)?.get(key);
      return live(entry) ? entry.value : null;
    },
    async memoSet(scope, key, value, ttlMs) {
      let map = scopes.get(scope);
      if (!map) scopes.set(scope, (map = new Map()));
      map.set(key, { value, expiresAt: clock() + ttlMs });
    },
    async memoDelete(scope, key) {
      scopes.get(scope)?.delete(key);
    },
    async memoKeys(scope) {
      return [...(scopes.get(scope) ?? new Map<string, Expiring<string>>())].filter(([, entry]) => live(entry)).map(([key]) => key);
    },
    async clearScope(scope) {
      scopes.delete(scope);
    },
    async extendUntil(key, untilMs) {
      untils.set(key, Math.max(untils.get(key) ?? 0, untilMs));
    },
    async readUntil(key) {
      const until = untils.get(key);
      if (until === undefined) return null;
      if (until <= clock()) {
        untils.delete(key);
        return null;
      }
      return until;
    },
    async acquireLease(key, owner, ttlMs) {
      const held = leases.get(key);
      if (live(held) && held.value !== owner) return false;
      leases.set(key, { value: owner, expiresAt: clock() + ttlMs });
      return true;
    },
    async renewLease(key, owner, ttlMs) {
      const held = leases.get(key);
      if (!live(held) || held.value !== owner) return false;
      held.expiresAt = clock() + ttlMs;
      return true;
    },
    async releaseLease(key, owner) {
      if (leases.get(key)?.value === owner) leases.delete(key);
    },
    async append(name, data, maxLen) {
      const s = streamOf(name);
      const ms = clock();
      if (ms > s.lastMs) {
        s.lastMs = ms;
        s.seq = 0;
      } else s.seq += 1;
      const entry = { id: `${s.lastMs}-${s.seq}`, data };
      s.entries.push(entry);
      if (s.entries.length > maxLen) s.entries.splice(0, s.entries.length - maxLen);
      for (const listener of [...s.listeners]) listener();
      return entry.id;
    },
    async readAfter(name, afterId, count) {
      return after(streams.get(name)?.entries ?? [], afterId).slice(0, count);
    },
    async lastId(name) {
      return streams.get(name)?.entries.at(-1)?.id ?? "0-0";
    },
    follow(name, afterId, onEntries) {
      const s = streamOf(name);
      let cursor = afterId;
      // Always read from the stream itself, so a backlog and a new entry can never overtake each other.
      const listener = () => {
        const fresh = after(s.entries, cursor);
        if (!fresh.length) return;
        cursor = fresh.at(-1)!.id;
        onEntries(fresh);
      };
      s.listeners.add(listener);
      queueMicrotask(listener);
      return () => {
        s.listeners.delete(listener);
      };
    },
    async ping() {},
    async close() {
      for (const s of streams.values()) s.listeners.clear();
    },
  };
}
