import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { clusterServersUp, TEST_REDIS_URL } from "@/test/support/cluster";
import { createMemoryShared } from "./memory";
import { createRedisShared } from "./redis";
import type { SharedInfra, StreamEntry } from "./types";
import { compareStreamIds } from "./types";

/**
 * One contract, two implementations. "Two instances" are two SharedInfra objects: for memory, the same one (one
 * process); for Redis, two clients with their own connections that meet only in Redis.
 */
const redisUp = await clusterServersUp("the Redis SharedInfra tests");
const opened: SharedInfra[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
});

function pair(kind: "memory" | "redis"): [SharedInfra, SharedInfra] {
  if (kind === "memory") {
    const one = createMemoryShared();
    opened.push(one);
    return [one, one];
  }
  const prefix = `shared-test:${randomBytes(6).toString("hex")}:`;
  const a = createRedisShared({ url: process.env.TEST_REDIS_URL ?? TEST_REDIS_URL, prefix });
  const b = createRedisShared({ url: process.env.TEST_REDIS_URL ?? TEST_REDIS_URL, prefix });
  opened.push(a, b);
  return [a, b];
}

const waitUntil = async (check: () => boolean, what: string, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each([
  ["memory", true],
  ["redis", redisUp],
] as const)("SharedInfra on %s", (kind, up) => {
  it.runIf(up)("single flight: twenty callers on two instances, one run, every caller gets its result", async () => {
    const [a, b] = pair(kind);
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 150));
      return { answer: 42, runs };
    };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).singleFlight("k1", work, { ttlMs: 5_000 })));
    expect(runs).toBe(1);
    expect(results.filter((r) => r.leader)).toHaveLength(1);
    expect(results.every((r) => r.value.answer === 42)).toBe(true);
    // Once it is over, the next caller runs again (a flight is not a cache).
    await a.singleFlight("k1", work, { ttlMs: 5_000 });
    expect(runs).toBe(2);
  });

  it.runIf(up)("single flight: a leader that fails lets a waiter on the other instance run instead", async () => {
    const [a, b] = pair(kind);
    let runs = 0;
    const failing = a.singleFlight(
      "k2",
      async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 100));
        throw new Error("leader failed");
      },
      { ttlMs: 5_000 },
    );
    await new Promise((r) => setTimeout(r, 20));
    const waiting = b.singleFlight("k2", async () => ((runs += 1), "second"), { ttlMs: 5_000 });
    await expect(failing).rejects.toThrow("leader failed");
    if (kind === "memory") await expect(waiting).rejects.toThrow("leader failed");
    else expect((await waiting).value).toBe("second");
    expect(runs).toBe(kind === "memory" ? 1 : 2);
  });

  it.runIf(up)("counters add atomically across instances and start again after their ttl", async () => {
    const [a, b] = pair(kind);
    const values = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).increment("c1", 300)));
    expect([...values].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await new Promise((r) => setTimeout(r, 350));
    expect(await b.increment("c1", 300)).toBe(1);
  });

  it.runIf(up)("memos live their ttl, belong to a scope, and a cleared scope is gone on every instance", async () => {
    const [a, b] = pair(kind);
    await a.memoSet("acct:1", "usage", '{"n":1}', 5_000);
    await a.memoSet("acct:1", "short", "x", 50);
    await a.memoSet("acct:2", "usage", '{"n":2}', 5_000);
    expect(await b.memoGet("acct:1", "usage")).toBe('{"n":1}');
    await new Promise((r) => setTimeout(r, 80));
    expect(await b.memoGet("acct:1", "short")).toBeNull();
    await b.clearScope("acct:1");
    expect(await a.memoGet("acct:1", "usage")).toBeNull();
    expect(await a.memoGet("acct:2", "usage")).toBe('{"n":2}');
    expect(await b.memoKeys("acct:2")).toEqual(["usage"]);
    await a.memoDelete("acct:2", "usage");
    expect(await b.memoKeys("acct:2")).toEqual([]);
    expect(await b.memoGet("acct:2", "usage")).toBeNull();
  });

  it.runIf(up)("a back-off keeps the later instant, on every instance, until it passes", async () => {
    const [a, b] = pair(kind);
    const now = Date.now();
    await a.extendUntil("backoff:x", now + 5_000);
    await b.extendUntil("backoff:x", now + 1_000);
    expect(await b.readUntil("backoff:x")).toBe(now + 5_000);
    await a.extendUntil("backoff:y", now + 60);
    await new Promise((r) => setTimeout(r, 100));
    expect(await b.readUntil("backoff:y")).toBeNull();
  });

  it.runIf(up)("a lease has one holder; it renews, releases, and lapses when not renewed", async () => {
    const [a, b] = pair(kind);
    expect(await a.acquireLease("l1", "one", 200)).toBe(true);
    expect(await b.acquireLease("l1", "two", 200)).toBe(false);
    expect(await a.renewLease("l1", "one", 200)).toBe(true);
    expect(await b.renewLease("l1", "two", 200)).toBe(false);
    await a.releaseLease("l1", "two");
    expect(await b.acquireLease("l1", "two", 200)).toBe(false);
    await a.releaseLease("l1", "one");
    expect(await b.acquireLease("l1", "two", 100)).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(await a.acquireLease("l1", "one", 200)).toBe(true);
  });

  it.runIf(up)("a capped stream: appended on one instance, read after an id and followed on the other, in order", async () => {
    const [a, b] = pair(kind);
    expect(await b.lastId("s1")).toBe("0-0");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await a.append("s1", `e${i}`, 1_000));
    expect([...ids].sort(compareStreamIds)).toEqual(ids);
    expect(await b.lastId("s1")).toBe(ids[4]);
    expect((await b.readAfter("s1", ids[1]!, 10)).map((e) => e.data)).toEqual(["e2", "e3", "e4"]);
    const got: StreamEntry[] = [];
    const stop = b.follow("s1", ids[2]!, (entries) => got.push(...entries));
    await waitUntil(() => got.length === 2, "the backlog after e2");
    for (let i = 5; i < 8; i++) await a.append("s1", `e${i}`, 1_000);
    await waitUntil(() => got.length === 5, "the new entries");
    stop();
    expect(got.map((e) => e.data)).toEqual(["e3", "e4", "e5", "e6", "e7"]);
    // Capped: about maxLen entries stay (Redis trims by whole nodes, so "about").
    for (let i = 0; i < 300; i++) await a.append("s2", `x${i}`, 10);
    expect((await b.readAfter("s2", "0-0", 1_000)).length).toBeLessThan(300);
  });
});

describe("stream ids", () => {
  it("compare by milliseconds then sequence, as numbers, also past 15 digits and with leading zeros", () => {
    expect(compareStreamIds("1700000000000-2", "1700000000000-10")).toBe(-1);
    expect(compareStreamIds("1700000000001-0", "1700000000000-99")).toBe(1);
    expect(compareStreamIds("0001-0", "1-0")).toBe(0);
    expect(compareStreamIds("99999999999999999-0", "99999999999999998-5")).toBe(1);
    expect(compareStreamIds("18446744073709551615-1", "18446744073709551615-0")).toBe(1);
    expect(compareStreamIds("5-0", "5")).toBe(0);
  });

  it("the memory stream's readAfter finds the first entry past any id, kept or not", async () => {
    let now = 1_000;
    const shared = createMemoryShared(() => now);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      if (i % 3 === 0) now += 1;
      ids.push(await shared.append("s", `e${i}`, 1_000));
    }
    for (let i = 0; i < 50; i++) expect((await shared.readAfter("s", ids[i]!, 100)).map((e) => e.data)).toEqual(ids.slice(i + 1).map((_, j) => `e${i + 1 + j}`));
    expect((await shared.readAfter("s", "0-0", 100)).length).toBe(50);
    expect(await shared.readAfter("s", "999999-0", 100)).toEqual([]);
    expect((await shared.readAfter("s", "1005-1", 100))[0]!.id).toBe("1005-2");
    await shared.close();
  });
});
