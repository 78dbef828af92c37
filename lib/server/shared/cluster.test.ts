import { deskRoute } from "../routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { isAlphaError } from "@/lib/alpha/errors";
import { recordLiveEvent } from "@/scripts/live-events";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import { authenticate } from "../identity/sign-in";
import type { SessionUser } from "../identity/users";
import { CHANNEL_LEASE_MS, liveChannelCount } from "../live/live-hub";
import type { LiveTuning } from "../live/relay";
import { serveLive } from "../live/relay";
import { callAlpha } from "../upstream/alpha-proxy";
import { writeSeat } from "../teams/members";
import { saveOrganisationKey } from "../upstream/stored-keys";
import { countedToday } from "../teams/seats";
import { clusterServersUp, createTestCluster, type TestCluster } from "@/test/support/cluster";
import { browserRequest, countingFetch, makeAccount, makeUser, startTestService } from "@/test/support/desk";
import { SseReader } from "@/test/support/sse-reader";

/**
 * Two desk instances (two contexts: own pools, Redis connections, job queues and in-process maps) that share only
 * PostgreSQL and Redis, in front of the real Alpha service.
 */
const up = await clusterServersUp("the two-instance desk tests");
const FAST: Partial<LiveTuning> = { backoffInitialMs: 50, backoffMaxMs: 400, pollIntervalMs: 150, keepAliveMs: 60_000, watchdogCheckMs: 100, lingerMs: 100 };

let service: RunningServer;
let cluster: TestCluster;
const counters = [countingFetch(), countingFetch()];
// Every upstream answer takes 150 ms more: requests that start together are surely in flight together.
const slowed = counters.map((c): typeof fetch => async (input, init) => {
  await new Promise((r) => setTimeout(r, 150));
  return c.fetch(input, init);
});
const readers: SseReader[] = [];

beforeAll(async () => {
  if (!up) return;
  service = await startTestService();
  cluster = await createTestCluster({ config: { alphaBaseUrl: service.url }, fetch: slowed });
});

afterAll(async () => {
  for (const r of readers) r.abort();
  await cluster?.close();
  await service?.close();
});

const desk = (i: number): DeskContext => cluster.desks[i % 2]!;
const upstreamCalls = (path: string) => counters.reduce((n, c) => n + c.count(path), 0);

async function userWithKey(input: Parameters<typeof makeAccount>[1] = {}) {
  const account = makeAccount(service, input);
  const user = await makeUser(desk(0));
  await saveAlphaKey({ ctx: desk(1), userId: user.id, key: account.key });
  return { user, ...account };
}

async function openLive(ctx: DeskContext, user: SessionUser, query: string, lastEventId?: string): Promise<SseReader> {
  const controller = new AbortController();
  const request = await browserRequest(ctx, user, `/api/live?${query}`, { signal: controller.signal, ...(lastEventId ? { headers: { "last-event-id": lastEventId } } : {}) });
  const response = await deskRoute("live", { ctx, serve: (args) => serveLive({ ...args, tuning: FAST }) })(request);
  expect(response.status).toBe(200);
  const reader = new SseReader(response, controller, undefined, request);
  readers.push(reader);
  return reader;
}

/** The credits the desk's spend log holds for an account. */
async function loggedCredits(ctx: DeskContext, accountId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom("spend_log")
    .select((eb) => eb.fn.sum<string>("credits").as("credits"))
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(row?.credits);
}

/** A browser's stream on an instance, once it says the upstream stream is connected. */
async function openConnected(ctx: DeskContext, user: SessionUser, query: string, name: string): Promise<SseReader> {
  const reader = await openLive(ctx, user, query);
  await until(() => reader.statuses().some((s) => s.state === "connected"), `${name} connected`);
  return reader;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(up)("two desk instances on PostgreSQL and Redis", () => {
  it("both answer the health check with their database and Redis", async () => {
    for (const ctx of cluster.desks) {
      const response = await deskRoute("health", { ctx })(new Request("http://desk.test/api/health"));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: Record<string, unknown> };
      expect(body.data).toMatchObject({ status: "ok", instance: ctx.instanceId, database: { ok: true, kind: "postgres" }, shared: { ok: true, kind: "redis" }, jobs: { kind: "pg-boss" } });
      expect(JSON.stringify(body)).not.toMatch(/postgres:\/\/|redis:\/\/|127\.0\.0\.1/);
    }
    expect(cluster.desks[0]!.instanceId).not.toBe(cluster.desks[1]!.instanceId);
  });

  it("one user spending concurrently through both never passes the balance, and the spend log equals the ledger", async () => {
    const { user, accountId, key } = await userWithKey({ balance: 25 });
    // Sixty different paid pages (1 credit each), alternating instances, all at once: only 25 can be paid for.
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        callAlpha({ ctx: desk(i), user, id: "listNews", input: { query: { limit: (i % 30) + 1, page: 1 + Math.floor(i / 30) } } }).then(
          (r) => ({ ok: true as const, credits: r.meta.creditsCharged }),
          (e: unknown) => ({ ok: false as const, code: isAlphaError(e) ? e.code : String(e) }),
        ),
      ),
    );
    const paid = outcomes.filter((o) => o.ok);
    expect(paid.length).toBe(25);
    expect(new Set(outcomes.flatMap((o) => (o.ok ? [] : [o.code])))).toEqual(new Set(["insufficient_credits"]));
    const client = createAlphaClient({ baseUrl: service.url, apiKey: key });
    const usage = (await client.getAccountUsage({})).data.data;
    expect(usage.balance).toBe(0);
    const logged = await loggedCredits(desk(1), accountId);
    expect(logged).toBe(usage.debited_today);
    expect(logged).toBe(paid.reduce((n, o) => n + (o.ok ? o.credits : 0), 0));
  });

  it("a member spending the organisation key concurrently through both never passes their allowance, and the spend log equals the ledger", async () => {
    const { key, accountId } = makeAccount(service, { balance: 1_000 });
    const admin = await makeUser(desk(0), "admin");
    await saveOrganisationKey({ ctx: desk(0), user: admin, input: { key } });
    const member = await makeUser(desk(1));
    const allowance = 17;
    await writeSeat({ ctx: desk(1), input: { userId: member.id, seat: { dailyAllowance: allowance, actions: ["data"] } } });
    // Forty different paid pages (1 credit each), alternating instances, all at once: only the allowance's worth pass.
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        callAlpha({ ctx: desk(i), user: member, id: "listNews", input: { query: { limit: (i % 20) + 1, page: 1 + Math.floor(i / 20) } } }).then(
          (r) => ({ ok: true as const, credits: r.meta.creditsCharged }),
          (e: unknown) => ({ ok: false as const, code: isAlphaError(e) ? e.code : String(e) }),
        ),
      ),
    );
    const paid = outcomes.filter((o) => o.ok);
    expect(paid.length).toBe(allowance);
    expect(new Set(outcomes.flatMap((o) => (o.ok ? [] : [o.code])))).toEqual(new Set(["allowance_exceeded"]));
    const usage = (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccountUsage({})).data.data;
    expect(usage.debited_today).toBe(allowance);
    expect((await countedToday({ ctx: desk(0) })).get(member.id)).toBe(allowance);
    const logged = await loggedCredits(desk(0), accountId);
    expect(logged).toBe(usage.debited_today);
  });

  it("ten identical paid requests split across both instances make one upstream call, charged once", async () => {
    const { user, key } = await userWithKey();
    const before = upstreamCalls("/v1/announcements");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => callAlpha({ ctx: desk(i), user, id: "listAnnouncements", input: { query: { symbols: ["TCS", "INFY"], limit: 7 } } })));
    expect(upstreamCalls("/v1/announcements") - before).toBe(1);
    expect(counters[0]!.count("/v1/announcements") > 0 || counters[1]!.count("/v1/announcements") > 0).toBe(true);
    const charged = results.map((r) => r.meta.creditsCharged);
    expect(charged.filter((c) => c > 0)).toHaveLength(1);
    expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
    const usage = (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccountUsage({})).data.data;
    expect(usage.debited_today).toBe(charged.reduce((a, b) => a + b, 0));
  });

  it("2 × 200 SSE clients on the two instances all receive every event, from one upstream socket per account", { timeout: 120_000 }, async () => {
    const { user, accountId } = await userWithKey();
    const clients = await Promise.all(Array.from({ length: 400 }, (_, i) => openLive(desk(i), user, "products=news&symbols=TCS")));
    await until(() => clients.every((c) => c.statuses().some((s) => s.state === "connected")), "every client to see the stream connected");
    expect(service.streams.stats().connectionsByAccount[accountId]).toBe(1);
    expect(cluster.desks.map((d) => liveChannelCount({ ctx: d }))).toEqual([1, 1]);
    const rows = Array.from({ length: 5 }, () => recordLiveEvent(service, { product: "news", symbol: "TCS" }));
    const ids = rows.map((r) => r.id);
    await until(() => clients.every((c) => c.rows("news").length >= ids.length), "every client to receive every event");
    for (const c of clients) expect(c.rows("news").map((r) => r.id)).toEqual(ids);
    expect(service.streams.stats().connectionsByAccount[accountId]).toBe(1);
    for (const c of clients) c.abort();
    // Both instances close their channel at once: the leader finds no one to hand over to and closes the socket. The
    // wait allows for 400 aborts on a loaded machine; the socket closing at all is what is checked.
    const closed = () => (service.streams.stats().connectionsByAccount[accountId] ?? 0) === 0;
    await until(closed, "the upstream socket to close with its last browser", 40_000).catch((error: Error) => {
      throw new Error(`${error.message}; channels still open per instance: ${cluster.desks.map((d) => liveChannelCount({ ctx: d })).join(", ")}`);
    });
  });

  it("a browser that reconnects to the other instance with Last-Event-ID gets what it missed, once", async () => {
    const { user, accountId } = await userWithKey();
    const query = "products=alerts&symbols=INFY";
    // The first browser's instance leads the channel; another browser keeps it open on instance 1.
    const first = await openConnected(desk(0), user, query, "the first");
    const other = await openConnected(desk(1), user, query, "the other");
    const before = [recordLiveEvent(service, { product: "alerts", symbol: "INFY" }), recordLiveEvent(service, { product: "alerts", symbol: "INFY" })];
    await until(() => first.rows("alerts").length === 2, "the first two alerts");
    const lastId = first.lastEventId();
    expect(lastId).toMatch(/^t\d+~alerts:\d+-\d+$/);
    first.abort();
    // While the browser is away, and while instance 0 hands the socket over to instance 1: three more alerts.
    const missed = [0, 1, 2].map(() => recordLiveEvent(service, { product: "alerts", symbol: "INFY" }));
    await until(() => other.rows("alerts").length === 5, "the other browser to see all five");
    const resumed = await openLive(desk(1), user, query, lastId!);
    const after = recordLiveEvent(service, { product: "alerts", symbol: "INFY" });
    await until(() => resumed.rows("alerts").length >= 4, "the missed alerts and the new one");
    await new Promise((r) => setTimeout(r, 200));
    expect(resumed.rows("alerts").map((r) => r.id)).toEqual([...missed, after].map((r) => r.id));
    expect(first.rows("alerts").map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(service.streams.stats().connectionsByAccount[accountId]).toBe(1);
  });

  it("a stream whose leading instance loses its last browser is handed to the other at once, without a gap or a repeat", async () => {
    const { user, accountId } = await userWithKey();
    const query = "products=news&symbols=INFY";
    const a = await openConnected(desk(0), user, query, "a");
    const b = await openConnected(desk(1), user, query, "b");
    const one = recordLiveEvent(service, { product: "news", symbol: "INFY" });
    await until(() => b.rows("news").length === 1, "b gets the first");
    // The leader (instance 0, whose browser came first) loses its last browser and hands over: instance 1 takes the
    // lease at once, not after it lapses, and the old socket stays until the new one is connected.
    const handedAt = Date.now();
    a.abort();
    // A row every 5 ms all through the handover: none may fall between the old socket and the new one.
    const during: string[] = [];
    const handedOver = () => b.statuses().filter((s) => s.state === "connected").length >= 2 && (service.streams.stats().connectionsByAccount[accountId] ?? 0) === 1;
    while (!handedOver() && Date.now() - handedAt < 20_000) {
      during.push(recordLiveEvent(service, { product: "news", symbol: "INFY" }).id);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(handedOver()).toBe(true);
    expect(Date.now() - handedAt).toBeLessThan(CHANNEL_LEASE_MS);
    const two = recordLiveEvent(service, { product: "news", symbol: "INFY" });
    const all = [one.id, ...during, two.id];
    await until(() => b.rows("news").length >= all.length, "b gets every row");
    await new Promise((r) => setTimeout(r, 200));
    expect(b.rows("news").map((r) => r.id)).toEqual(all);
  }, 40_000);

  it("browsers of two books on two instances share one socket per product, each gets its own rows, through a handover too", async () => {
    const [a, b] = [desk(0), desk(1)];
    const { user, accountId } = await userWithKey();
    const connections = () => service.streams.stats().connectionsByAccount[accountId] ?? 0;
    const connected = (reader: SseReader, product: string) => reader.statuses().some((s) => s.product === product && s.state === "connected");

    const channelsBefore = cluster.desks.map((d) => liveChannelCount({ ctx: d }));
    // Instance 0 leads; instance 1's browser asks for symbols its socket does not have yet.
    const first = await openLive(a, user, "products=news,alerts&symbols=TCS,INFY");
    await until(() => connected(first, "news") && connected(first, "alerts"), "the first browser connected");
    const startedAt = Date.now();
    const second = await openLive(b, user, "products=news,alerts&symbols=WIPRO,TCS");
    await until(() => connected(second, "news") && connected(second, "alerts"), "the second browser connected");
    // Told through the stream, the leader widens its socket at once rather than at its next lease round.
    expect(Date.now() - startedAt).toBeLessThan(CHANNEL_LEASE_MS / 3);
    expect(connections()).toBe(2);
    expect(cluster.desks.map((d, i) => liveChannelCount({ ctx: d }) - (channelsBefore[i] ?? 0))).toEqual([2, 2]);

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

  it("a feed polled by browsers on both instances is checked once per interval, and every browser gets the rows", async () => {
    const { user } = await userWithKey({ plan: "sandbox", balance: 1_000 });
    const query = "products=news&symbols=WIPRO";
    const a = await openLive(desk(0), user, query);
    const b = await openLive(desk(1), user, query);
    await until(() => [a, b].every((c) => c.statuses().some((s) => s.state === "polling")), "both polling");
    const before = upstreamCalls("/v1/news");
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 1_500));
    const checks = upstreamCalls("/v1/news") - before;
    // One instance checks per interval (the two would double it); a check here takes the interval plus the 150 ms
    // every upstream answer is slowed by.
    const cycles = (Date.now() - started) / ((FAST.pollIntervalMs ?? 150) + 150);
    expect(checks).toBeGreaterThan(1);
    expect(checks).toBeLessThanOrEqual(Math.ceil(cycles) + 1);
    const row = recordLiveEvent(service, { product: "news", symbol: "WIPRO" });
    await until(() => [a, b].every((c) => c.rows("news").some((r) => r.id === row.id)), "the polled row on both instances");
  });

  it("parallel password guesses from one address, split across both instances, get one password check", async () => {
    const victim = await makeUser(desk(0));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        authenticate({ ctx: desk(i), input: { email: victim.email, password: `guess-${i}`, ip: "203.0.113.9" } }).then(
          () => "signed in",
          (e: unknown) => (isAlphaError(e) ? e.code : String(e)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "invalid_credentials")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "too_many_attempts")).toHaveLength(7);
    const rows = await desk(1).db.selectFrom("sign_in_failures").select("id").where("email", "=", victim.email).execute();
    expect(rows).toHaveLength(1);
    // The slot is free again once the check is over: the owner signs in.
    await expect(authenticate({ ctx: desk(1), input: { email: victim.email, password: victim.password, ip: "198.51.100.7" } })).resolves.toMatchObject({ id: victim.id });
  });

  it("a scheduled job offered by both instances runs once", async () => {
    const ran: string[] = [];
    for (const [i, ctx] of cluster.desks.entries()) await ctx.jobs.work("cluster.once", async () => void ran.push(`desk-${i}`));
    const offered = await Promise.all(cluster.desks.map((ctx) => ctx.jobs.scheduleOnce("cluster.once", { at: "now" }, { key: "the-one" })));
    expect(offered.filter(Boolean)).toHaveLength(1);
    await until(() => ran.length === 1, "the job");
    await new Promise((r) => setTimeout(r, 3_000));
    expect(ran).toHaveLength(1);
  });
});
