/**
 * What several desk instances must share, behind one interface with two implementations: in-process memory (the
 * embedded default, one process) and Redis (REDIS_URL: any instance serves any request). Values are JSON text, so
 * both behave alike; every key is named by the owner of what it holds (account, key, user) by its caller.
 */

/** One entry of a capped event stream; ids grow ("<ms>-<seq>", as Redis streams write them). */
export interface StreamEntry {
  id: string;
  data: string;
}

export interface SharedInfra {
  readonly kind: "memory" | "redis";
  /**
   * Runs `work` once for every caller of `key` at the same time, on whichever instance asks first; the others get its
   * result (a JSON value; an error must be encoded into the value by the caller). `ttlMs` bounds the wait on a leader
   * that died.
   */
  singleFlight<T>(key: string, work: () => Promise<T>, options: { ttlMs: number }): Promise<{ value: T; leader: boolean }>;
  /** Atomic counter: adds `by` and returns the new value; the counter lives `ttlMs` from its first increment. */
  increment(key: string, ttlMs: number, by?: number): Promise<number>;
  /** Short-lived memo in a named scope (an account's answers): text values, dropped together with clearScope. */
  memoGet(scope: string, key: string): Promise<string | null>;
  memoSet(scope: string, key: string, value: string, ttlMs: number): Promise<void>;
  memoDelete(scope: string, key: string): Promise<void>;
  clearScope(scope: string): Promise<void>;
  /** The keys of a scope whose entries have not expired (who is present on a live channel). */
  memoKeys(scope: string): Promise<string[]>;
  /** Keeps the larger of the stored and the given instant (epoch ms) until it passes: a back-off. */
  extendUntil(key: string, untilMs: number): Promise<void>;
  /** The stored instant when still ahead of now, else null. */
  readUntil(key: string): Promise<number | null>;
  /** Leases (leader election): held by one owner until released or its ttl lapses without renewal. */
  acquireLease(key: string, owner: string, ttlMs: number): Promise<boolean>;
  renewLease(key: string, owner: string, ttlMs: number): Promise<boolean>;
  releaseLease(key: string, owner: string): Promise<void>;
  /** Capped streams: append an entry (about `maxLen` kept), read after an id, follow new entries. */
  append(stream: string, data: string, maxLen: number): Promise<string>;
  /** Entries after `afterId` (exclusive), oldest first, at most `count`. */
  readAfter(stream: string, afterId: string, count: number): Promise<StreamEntry[]>;
  /** The id of the newest entry, or "0-0" when the stream is empty. */
  lastId(stream: string): Promise<string>;
  /** Calls `onEntries` with every entry after `afterId` as it arrives, until the returned function is called. */
  follow(stream: string, afterId: string, onEntries: (entries: StreamEntry[]) => void): () => void;
  /** Throws when the shared store cannot be reached (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Orders stream ids ("<ms>-<seq>"): negative when a is older than b. */
export function compareStreamIds(a: string, b: string): number {
  const [am = "0", as = "0"] = a.split("-");
  const [bm = "0", bs = "0"] = b.split("-");
  return comparePart(am, bm) || comparePart(as, bs);
}

/** Two decimal parts of a stream id; exact as numbers up to 15 digits (ids are milliseconds and a sequence), BigInt past that. */
function comparePart(a: string, b: string): number {
  if (a.length <= 15 && b.length <= 15) return Math.sign(Number(a) - Number(b));
  const d = BigInt(a) - BigInt(b);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

export function isStreamId(value: string): boolean {
  return /^\d{1,20}-\d{1,20}$/.test(value);
}
