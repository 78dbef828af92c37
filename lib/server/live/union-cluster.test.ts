import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLiveEvent } from "@/scripts/live-events";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import type { SessionUser } from "../identity/users";
import { deskRoute } from "../routes";
import { saveAlphaKey } from "../upstream/stored-keys";
import { CHANNEL_LEASE_MS, liveChannelCount } from "./live-hub";
import type { LiveTuning } from "./relay";
import { serveLive } from "./relay";
import { clusterServersUp, createTestCluster, type TestCluster } from "@/test/support/cluster";
import { browserRequest, makeAccount, makeUser, startTestService } from "@/test/support/desk";
import { SseReader } from "@/test/support/sse-reader";

/**
 * Two desk instances (PostgreSQL and Redis between them) share one channel per account and product: whichever leads
 * subscribes its one socket to both instances' browsers' symbols (their presence entries), and each browser gets its own.
 */
const up = await clusterServersUp("the two-instance live channel tests");
const FAST: Partial<LiveTuning> = { backoffInitialMs: 50, backoffMaxMs: 400, pollIntervalMs: 150, keepAliveMs: 60_000, watchdogCheckMs: 100, lingerMs: 100 };

let service: RunningServer;
let cluster: TestCluster;
const readers: SseReader[] = [];

beforeAll(async () => {
  if (!up) return;
  service = await startTestService();
  cluster = await createTestCluster({ config: { alphaBaseUrl: service.url } });
});

afterAll(async () => {
  for (const r of readers) r.abort();
  await cluster?.close();
  await service?.close();
});

async function openLive(ctx: DeskContext, user: SessionUser, query: string): Promise<SseReader> {
  const controller = new AbortController();
  const request = await browserRequest(ctx, user, `/api/live?${query}`, { signal: controller.signal });
  const response = await deskRoute("live", { ctx, serve: (args) => serveLive({ ...args, tuning: FAST }) })(request);
  expect(response.status).toBe(200);
  const reader = new SseReader(response, controller);
  readers.push(reader);
  return reader;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const connected = (reader: SseReader, product: string) => reader.statuses().some((s) => s.product === product && s.state === "connected");

describe.runIf(up)("one live channel per account and product across two instances", () => {
  it("browsers of two books on two instances share one socket per product, each gets its own rows, through a handover too", async () => {
    const [a, b] = cluster.desks as [DeskContext, DeskContext];
    const account = makeAccount(service);
    const user = await makeUser(a);
    await saveAlphaKey({ ctx: b, userId: user.id, key: account.key });
    const connections = () => service.streams.stats().connectionsByAccount[account.accountId] ?? 0;

    // Instance 0 leads; instance 1's browser asks for symbols its socket does not have yet.
    const first = await openLive(a, user, "products=news,alerts&symbols=TCS,INFY");
    await until(() => connected(first, "news") && connected(first, "alerts"), "the first browser connected");
    const startedAt = Date.now();
    const second = await openLive(b, user, "products=news,alerts&symbols=WIPRO,TCS");
    await until(() => connected(second, "news") && connected(second, "alerts"), "the second browser connected");
    // Told through the stream, the leader widens its socket at once rather than at its next lease round.
    expect(Date.now() - startedAt).toBeLessThan(CHANNEL_LEASE_MS / 3);
    expect(connections()).toBe(2);
    expect(cluster.desks.map((d) => liveChannelCount({ ctx: d }))).toEqual([2, 2]);

    const rows = (["news", "alerts"] as const).flatMap((product) => ["TCS", "INFY", "WIPRO", "ITC"].map((symbol) => ({ product, symbol, id: recordLiveEvent(service, { product, symbol }).id })));
    const want = (symbols: string[], product: string) => rows.filter((r) => r.product === product && symbols.includes(r.symbol)).map((r) => r.id);
    await until(() => ["news", "alerts"].every((p) => first.rows(p).length >= 2 && second.rows(p).length >= 2), "both browsers' rows");
    await new Promise((r) => setTimeout(r, 200));
    for (const p of ["news", "alerts"]) {
      expect(first.rows(p).map((r) => r.id)).toEqual(want(["TCS", "INFY"], p));
      expect(second.rows(p).map((r) => r.id)).toEqual(want(["WIPRO", "TCS"], p));
    }

    // The leader's browser leaves: instance 1 takes both channels over its own browser's symbols, and its browser
    // gets every WIPRO row stored meanwhile, once.
    first.abort();
    const during: string[] = [];
    const handedOver = () => second.statuses().filter((s) => s.product === "news" && s.state === "connected").length >= 2 && connections() === 2;
    const handedAt = Date.now();
    while (!handedOver() && Date.now() - handedAt < 20_000) {
      during.push(recordLiveEvent(service, { product: "news", symbol: "WIPRO" }).id);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(handedOver()).toBe(true);
    const after = recordLiveEvent(service, { product: "news", symbol: "WIPRO" }).id;
    const expected = [...want(["WIPRO", "TCS"], "news"), ...during, after];
    await until(() => second.rows("news").length >= expected.length, "every WIPRO row through the handover");
    await new Promise((r) => setTimeout(r, 200));
    expect(second.rows("news").map((r) => r.id)).toEqual(expected);
    second.abort();
    await until(() => connections() === 0, "the sockets to close with their last browsers", 30_000);
  }, 60_000);
});
