import "server-only";
/**
 * SharedInfra on Redis for several instances: locks whose holder hands its result over, counters, memos, leases and
 * capped streams for live events. Every key starts with `prefix`, so tests and deployments sharing a Redis never meet.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { SharedInfra, StreamEntry } from "./types";

const RESULT_TTL_MS = 30_000;
const FOLLOW_BLOCK_MS = 5_000;

const RENEW = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;
const ACQUIRE = `local v = redis.call("GET", KEYS[1])
if v == false then redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2]) return 1 end
if v == ARGV[1] then redis.call("PEXPIRE", KEYS[1], ARGV[2]) return 1 end
return 0`;
const EXTEND_UNTIL = `local v = tonumber(redis.call("GET", KEYS[1]) or "0")
local u = tonumber(ARGV[1])
if u > v then redis.call("SET", KEYS[1], ARGV[1], "PXAT", ARGV[1]) end
return 1`;
const INCREMENT = `local n = redis.call("INCRBY", KEYS[1], ARGV[1])
if redis.call("PTTL", KEYS[1]) < 0 then redis.call("PEXPIRE", KEYS[1], ARGV[2]) end
return n`;

function entriesOf(raw: [string, string[]][]): StreamEntry[] {
  return raw.map(([id, fields]) => ({ id, data: fields[1] ?? "" }));
}

export interface RedisSharedOptions {
  url: string;
  /** Namespace of every key: `alpha-desk:` in a deployment, a random one per test. */
  prefix: string;
}

export function createRedisShared(options: RedisSharedOptions): SharedInfra {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 3, enableAutoPipelining: true, lazyConnect: false });
  redis.on("error", (error: Error) => console.error(JSON.stringify({ level: "error", msg: "redis", error: error.message })));
  const k = (name: string) => `${options.prefix}${name}`;
  const localFlights = new Map<string, Promise<unknown>>();
  const followers = new Set<Redis>();

  // One subscriber connection for every flight waiting on a result.
  let sub: Redis | null = null;
  const waiting = new Map<string, Set<(text: string) => void>>();
  const subscriber = (): Redis => {
    if (sub) return sub;
    const s = redis.duplicate();
    s.on("error", () => undefined);
    s.on("message", (channel: string, text: string) => {
      for (const resolve of waiting.get(channel) ?? []) resolve(text);
    });
    sub = s;
    return s;
  };

  /** The result of the flight held under `token`, or undefined once the lock is gone without one (leader failed). */
  const awaitResult = async (lockKey: string, token: string, resultKey: string, ttlMs: number): Promise<string | undefined> => {
    const channel = `${resultKey}:done`;
    const s = subscriber();
    let resolveMessage: (text: string) => void = () => undefined;
    const message = new Promise<string>((resolve) => (resolveMessage = resolve));
    let set = waiting.get(channel);
    if (!set) waiting.set(channel, (set = new Set()));
    set.add(resolveMessage);
    try {
      await s.subscribe(channel);
      const deadline = Date.now() + ttlMs + 1_000;
      while (Date.now() < deadline) {
        const stored = await redis.get(resultKey);
        if (stored !== null) return stored;
        if ((await redis.get(lockKey)) !== token) {
          const last = await redis.get(resultKey);
          return last ?? undefined;
        }
        const text = await Promise.race([message, new Promise<null>((resolve) => setTimeout(() => resolve(null), 100))]);
        if (text !== null) return text;
      }
      return undefined;
    } finally {
      set.delete(resolveMessage);
      if (set.size === 0) {
        waiting.delete(channel);
        void s.unsubscribe(channel).catch(() => undefined);
      }
    }
  };

  const lead = async <T>(key: string, work: () => Promise<T>, ttlMs: number): Promise<{ value: T; leader: boolean }> => {
    const lockKey = k(`flight:lock:${key}`);
    for (let attempt = 0; ; attempt += 1) {
      const token = randomBytes(12).toString("hex");
      // SET NX GET: either we hold the lock, or we learn whose flight to wait for.
      const previous = (await redis.call("SET", lockKey, token, "PX", String(ttlMs), "NX", "GET")) as string | null;
      if (previous === null) {
        const resultKey = k(`flight:result:${key}:${token}`);
        try {
          const value = await work();
          const text = JSON.stringify(value) ?? "null";
          await redis.multi().set(resultKey, text, "PX", RESULT_TTL_MS).publish(`${resultKey}:done`, text).exec();
          return { value, leader: true };
        } finally {
          await redis.eval(RELEASE, 1, lockKey, token).catch(() => undefined);
        }
      }
      const text = await awaitResult(lockKey, previous, k(`flight:result:${key}:${previous}`), ttlMs);
      if (text !== undefined) return { value: JSON.parse(text) as T, leader: false };
      // The holder went without a result: try to lead, a few times at most.
      if (attempt >= 3) throw new Error("single flight: no result from the instance that held the call");
    }
  };

  return {
    kind: "redis",
    async singleFlight<T>(key: string, work: () => Promise<T>, { ttlMs }: { ttlMs: number }) {
      // Callers on this instance merge here first; one of them meets the other instances in Redis.
      const local = localFlights.get(key) as Promise<{ value: T; leader: boolean }> | undefined;
      if (local) return { value: (await local).value, leader: false };
      const flight = lead(key, work, ttlMs);
      localFlights.set(key, flight);
      try {
        return await flight;
      } finally {
        if (localFlights.get(key) === flight) localFlights.delete(key);
      }
    },
    async increment(key, ttlMs, by = 1) {
      return Number(await redis.eval(INCREMENT, 1, k(`count:${key}`), String(by), String(ttlMs)));
    },
    async memoGet(scope, key) {
      const raw = await redis.hget(k(`memo:${scope}`), key);
      if (raw === null) return null;
      const cut = raw.indexOf("|");
      return Number(raw.slice(0, cut)) > Date.now() ? raw.slice(cut + 1) : null;
    },
    async memoSet(scope, key, value, ttlMs) {
      const hash = k(`memo:${scope}`);
      await redis.multi().hset(hash, key, `${Date.now() + ttlMs}|${value}`).pexpire(hash, Math.max(ttlMs, 600_000)).exec();
    },
    async memoDelete(scope, key) {
      await redis.hdel(k(`memo:${scope}`), key);
    },
    async memoKeys(scope) {
      const all = await redis.hgetall(k(`memo:${scope}`));
      const now = Date.now();
      return Object.entries(all)
        .filter(([, raw]) => Number(raw.slice(0, raw.indexOf("|"))) > now)
        .map(([key]) => key);
    },
    async clearScope(scope) {
      await redis.del(k(`memo:${scope}`));
    },
    async extendUntil(key, untilMs) {
      await redis.eval(EXTEND_UNTIL, 1, k(`until:${key}`), String(Math.ceil(untilMs)));
    },
    async readUntil(key) {
      const raw = await redis.get(k(`until:${key}`));
      const until = raw === null ? NaN : Number(raw);
      return Number.isFinite(until) && until > Date.now() ? until : null;
    },
    async acquireLease(key, owner, ttlMs) {
      return Number(await redis.eval(ACQUIRE, 1, k(`lease:${key}`), owner, String(ttlMs))) === 1;
    },
    async renewLease(key, owner, ttlMs) {
      return Number(await redis.eval(RENEW, 1, k(`lease:${key}`), owner, String(ttlMs))) === 1;
    },
    async releaseLease(key, owner) {
      await redis.eval(RELEASE, 1, k(`lease:${key}`), owner);
    },
    async append(stream, data, maxLen) {
      const id = await redis.xadd(k(`stream:${stream}`), "MAXLEN", "~", String(maxLen), "*", "d", data);
      return id ?? "0-0";
    },
    async readAfter(stream, afterId, count) {
      return entriesOf(await redis.xrange(k(`stream:${stream}`), `(${afterId}`, "+", "COUNT", count));
    },
    async lastId(stream) {
      const last = await redis.xrevrange(k(`stream:${stream}`), "+", "-", "COUNT", 1);
      return last[0]?.[0] ?? "0-0";
    },
    follow(stream, afterId, onEntries) {
      // A blocking read holds its connection: each follow has its own (the relay follows once per channel and instance).
      const conn = redis.duplicate();
      conn.on("error", () => undefined);
      followers.add(conn);
      let stopped = false;
      let cursor = afterId;
      const key = k(`stream:${stream}`);
      void (async () => {
        while (!stopped) {
          try {
            const answer = (await conn.xread("COUNT", 500, "BLOCK", FOLLOW_BLOCK_MS, "STREAMS", key, cursor)) as [string, [string, string[]][]][] | null;
            const entries = answer?.[0] ? entriesOf(answer[0][1]) : [];
            if (stopped || entries.length === 0) continue;
            cursor = entries.at(-1)!.id;
            onEntries(entries);
          } catch {
            if (stopped) return;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      })();
      return () => {
        stopped = true;
        followers.delete(conn);
        conn.disconnect();
      };
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      for (const conn of followers) conn.disconnect();
      followers.clear();
      sub?.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
