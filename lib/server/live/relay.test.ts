import { afterAll, describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import { createAlphaClient } from "@/lib/alpha/client";
import type { LiveStatus } from "@/lib/query/live";
import { dropStreamConnections, recordLiveEvent } from "@/scripts/live-events";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { LiveTuning } from "./relay";
import { backoffDelay, formatResumeId, serveLive, openLiveStream, parseResumeId } from "./relay";
import { encodeSseEvent, sseEvent } from "./sse";
import { liveQuerySchema } from "@/lib/desk/live";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, makeAccount, makeUser, withServiceAndDesk } from "@/test/support/desk";
import { SseReader } from "@/test/support/sse-reader";

/** The relay against the real service: a real WebSocket, real REST polls, real credits. */

let service: RunningServer;
let desk: TestDesk;
const keys: string[] = [];
/** Every stream a test opened: aborted after the file, and none of what they read may hold a key. */
const clients: LiveClient[] = [];

const FAST: Partial<LiveTuning> = { backoffInitialMs: 50, backoffMaxMs: 400, pollIntervalMs: 150, keepAliveMs: 60_000, watchdogCheckMs: 100, lingerMs: 100 };

withServiceAndDesk((s, d) => ((service = s), (desk = d)));

afterAll(async () => {
  for (const client of clients) client.abort();
  for (const key of keys) for (const client of clients) expect(client.text.includes(key)).toBe(false);
});

/** Reads an SSE body as it arrives and lets a test wait for the message it expects. */
class LiveClient extends SseReader {
  constructor(response: Response, controller: AbortController) {
    super(response, controller);
    clients.push(this);
  }

  async waitFor<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = check();
      if (v !== undefined && v !== null && v !== false) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  status(state: LiveStatus["state"], after = 0): Promise<LiveStatus> {
    return this.waitFor(() => this.statuses().slice(after).find((s) => s.state === state), `status ${state}`);
  }
}

async function userWithKey(ctx: DeskContext, input: Parameters<typeof makeAccount>[1] = {}) {
  const account = makeAccount(service, input);
  keys.push(account.key);
  const user = await makeUser(ctx);
  await saveAlphaKey({ userId: user.id, key: account.key, ctx });
  return { user, ...account };
}

async function openLive(user: Awaited<ReturnType<typeof userWithKey>>["user"] | null, query: string, tuning: Partial<LiveTuning> = FAST) {
  const controller = new AbortController();
  const request = await browserRequest(desk.ctx, user, `/api/live?${query}`, { signal: controller.signal });
  const response = await deskRoute("live", { ctx: desk.ctx, serve: (args) => serveLive({ ...args, tuning }) })(request);
  return new LiveClient(response, controller);
}

function connectionsOf(accountId: string): number {
  return service.streams.stats().connectionsByAccount[accountId] ?? 0;
}

async function balanceOf(key: string): Promise<number> {
  return (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccount({})).data.data.balance;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("SSE framing", () => {
  it("writes event, id and one data line per line of JSON", () => {
    expect(sseEvent("alerts", { id: "a1", reason: "x" }, "a1")).toBe('event: alerts\nid: a1\ndata: {"id":"a1","reason":"x"}\n\n');
  });

  it("encodes a row shared by many streams once, each stream's frame with its own id, byte for byte what sseEvent writes", () => {
    const row = { id: "n1", headline: "Résultats — Q3 ₹", nested: { a: [1, 2] } };
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    expect(decode(encodeSseEvent("news", row, "t1~news:1-0"))).toBe(sseEvent("news", row, "t1~news:1-0"));
    expect(decode(encodeSseEvent("news", row, "t2~news:1-0"))).toBe(sseEvent("news", row, "t2~news:1-0"));
    expect(decode(encodeSseEvent("news", row))).toBe(sseEvent("news", row));
    // An id that would break the framing is left out, as sseEvent does.
    expect(decode(encodeSseEvent("news", row, "bad\nid"))).toBe(sseEvent("news", row, "bad\nid"));
  });

  it("reads back the resume ids it writes, and takes anything else for a fresh stream", () => {
    const point = { at: 1_732_420_000_000, entries: { news: "1732420000000-0", alerts: "1732420000001-3" } };
    expect(formatResumeId(point)).toBe("t1732420000000~news:1732420000000-0~alerts:1732420000001-3");
    expect(parseResumeId(formatResumeId(point))).toEqual(point);
    expect(parseResumeId("t5")).toEqual({ at: 5, entries: {} });
    for (const bad of [null, "", "a1b2c3", "x123~news:1-0", "t".repeat(500)]) expect(parseResumeId(bad)).toBeNull();
    // Unknown products and malformed positions are dropped, the rest kept.
    expect(parseResumeId("t9~earnings:1-0~news:abc~alerts:7-1")).toEqual({ at: 9, entries: { alerts: "7-1" } });
  });

  it("backs off from 1 s doubling to 30 s, with jitter inside ±20 %", () => {
    const t = { backoffInitialMs: 1_000, backoffMaxMs: 30_000, jitter: 0.2 };
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => backoffDelay(a, { ...t, random: () => 0.5 }))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(backoffDelay(0, { ...t, random: () => 0 })).toBe(800);
    expect(backoffDelay(0, { ...t, random: () => 1 })).toBe(1_200);
    expect(backoffDelay(9, { ...t, random: () => 1 })).toBe(30_000);
  });
});

describe("the live relay against the real service", () => {
  it("relays a stored alert as an SSE event, after a connected status", async () => {
    const { user, accountId } = await userWithKey(desk.ctx);
    const live = await openLive(user, "products=alerts&symbols=TCS");
    expect(live.response.status).toBe(200);
    expect(live.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const connected = await live.status("connected");
    // One "connecting" before it: the relay's own, not repeated by the channel's leader.
    expect(live.statuses().filter((s) => s.state === "connecting")).toHaveLength(1);
    expect(connected).toMatchObject({ product: "alerts", state: "connected", tier: "pro_1000", fullFeed: false });
    expect(connectionsOf(accountId)).toBe(1);

    const row = recordLiveEvent(service, { product: "alerts", symbol: "TCS", type: "price_alert" });
    const got = await live.waitFor(() => live.messages.find((m) => m.event === "alerts"), "the alert");
    // The SSE id is the place in the channel's shared stream (Last-Event-ID resumes from it); the row keeps its id.
    expect(got.id).toMatch(/^t\d+~alerts:\d+-\d+$/);
    expect("reason" in row && "timestamp" in row).toBe(true);
    expect(got.data).toMatchObject({ id: row.id, symbol: "TCS", type: "price_alert", reason: (row as { reason: string }).reason, timestamp: (row as { timestamp: string }).timestamp });
    expect(live.text).toMatch(/event: alerts\nid: t\d+~alerts:\d+-\d+\ndata: \{/);
  });

  it("forwards only the symbols asked for, and each product to its own event", async () => {
    const { user } = await userWithKey(desk.ctx);
    const live = await openLive(user, "products=alerts,news&symbols=INFY");
    await live.waitFor(() => live.statuses().filter((s) => s.state === "connected").length === 2, "both products connected");
    recordLiveEvent(service, { product: "alerts", symbol: "RELIANCE" });
    recordLiveEvent(service, { product: "news", symbol: "HDFCBANK" });
    const alert = recordLiveEvent(service, { product: "alerts", symbol: "INFY" });
    const news = recordLiveEvent(service, { product: "news", symbol: "INFY", sentiment: "negative" });
    await live.waitFor(() => live.rows("news").length === 1 && live.rows("alerts").length === 1, "the INFY rows");
    expect(live.rows("alerts").map((r) => r.id)).toEqual([alert.id]);
    expect(live.rows("news")[0]).toMatchObject({ id: news.id, symbol: "INFY", sentiment: "negative" });
  });

  it("reconnects after the service drops the socket, re-subscribes, and relays again", async () => {
    const { user, accountId } = await userWithKey(desk.ctx);
    const live = await openLive(user, "products=news&symbols=ITC");
    await live.status("connected");
    const before = live.statuses().length;
    dropStreamConnections(service);
    const reconnecting = await live.status("reconnecting", before);
    expect(reconnecting).toMatchObject({ reason: "socket_closed", attempt: 1 });
    expect(reconnecting.retryInMs).toBeGreaterThanOrEqual(40);
    expect(reconnecting.retryInMs).toBeLessThanOrEqual(60);
    await live.status("connected", before);
    await until(() => connectionsOf(accountId) === 1, "one upstream connection again");
    const row = recordLiveEvent(service, { product: "news", symbol: "ITC" });
    await live.waitFor(() => live.rows("news").find((r) => r.id === row.id), "the news after the reconnect");
  });

  it("relays block deals under the stream's name, streamed with the add-on and polled (1 credit a deal) without", async () => {
    const { user } = await userWithKey(desk.ctx);
    const live = await openLive(user, "products=block-deals&symbols=TCS");
    expect(await live.status("connected")).toMatchObject({ product: "block-deals", state: "connected" });
    recordLiveEvent(service, { product: "block-deals", symbol: "INFY" });
    const deal = recordLiveEvent(service, { product: "block-deals", symbol: "TCS", exchange: "BSE" });
    const got = await live.waitFor(() => live.messages.find((m) => m.event === "block-deals"), "the deal");
    expect((got.data as { id: string }).id).toBe(deal.id);
    expect(got.data).toMatchObject({ id: deal.id, symbol: "TCS", exchange: "BSE", company: expect.any(String) });
    expect(live.rows("block-deals")).toHaveLength(1);

    const sandbox = await userWithKey(desk.ctx, { plan: "sandbox", balance: 1_000 });
    const polled = await openLive(sandbox.user, "products=block-deals&symbols=WIPRO");
    expect(await polled.status("polling")).toMatchObject({ product: "block-deals", reason: "no_websocket_addon" });
    const row = recordLiveEvent(service, { product: "block-deals", symbol: "WIPRO" });
    await polled.waitFor(() => polled.rows("block-deals").find((r) => r.id === row.id), "the polled deal");
    await polled.waitFor(() => polled.messages.some((m) => m.event === "poll" && (m.data as { items: number }).items === 1), "the poll that found it");
    expect(await balanceOf(sandbox.key)).toBe(999);
  });

  it("polls the REST list for an account without the add-on: rows arrive, empty polls cost nothing", async () => {
    const { user, key, accountId } = await userWithKey(desk.ctx, { plan: "sandbox", balance: 1_000 });
    const live = await openLive(user, "products=news&symbols=WIPRO");
    const polling = await live.status("polling");
    expect(polling).toMatchObject({ product: "news", reason: "no_websocket_addon", pollEveryMs: 150 });
    expect(connectionsOf(accountId)).toBe(0);
    // Several empty polls: each is free.
    await live.waitFor(() => live.messages.filter((m) => m.event === "poll").length >= 3, "three polls");
    const polls = () => live.messages.filter((m) => m.event === "poll").map((m) => m.data as { items: number; creditsCharged: number });
    expect(polls().every((p) => p.items === 0 && p.creditsCharged === 0)).toBe(true);
    const balance = await balanceOf(key);
    expect(balance).toBe(1_000);

    const row = recordLiveEvent(service, { product: "news", symbol: "WIPRO" });
    await live.waitFor(() => live.rows("news").find((r) => r.id === row.id), "the polled news");
    await live.waitFor(() => polls().find((p) => p.items === 1), "the poll that found it");
    expect(polls().find((p) => p.items === 1)?.creditsCharged).toBe(1);
    // Later polls start after the row: empty again, and the row is not sent twice.
    const count = polls().length;
    await live.waitFor(() => polls().length >= count + 2, "two more polls");
    expect(polls().slice(count).every((p) => p.creditsCharged === 0)).toBe(true);
    expect(live.rows("news")).toHaveLength(1);
    expect(await balanceOf(key)).toBe(999);
    const spend = await desk.ctx.db.selectFrom("spend_log").select(["endpoint", "credits"]).where("user_id", "=", user.id).execute();
    expect(spend.filter((s) => s.endpoint === "listNews").reduce((sum, s) => sum + Number(s.credits), 0)).toBe(1);
  });

  it("polls important-only alerts (the stream cannot tell importance) while other products stream", async () => {
    const { user } = await userWithKey(desk.ctx);
    const live = await openLive(user, "products=alerts,news&symbols=SBIN&important=1");
    await live.waitFor(() => live.statuses().find((s) => s.product === "alerts" && s.state === "polling" && s.reason === "important_only"), "alerts polled");
    await live.waitFor(() => live.statuses().find((s) => s.product === "news" && s.state === "connected"), "news streamed");
    recordLiveEvent(service, { product: "alerts", symbol: "SBIN", important: false });
    const important = recordLiveEvent(service, { product: "alerts", symbol: "SBIN", important: true });
    await live.waitFor(() => live.rows("alerts").find((r) => r.id === important.id), "the important alert");
    const polls = live.messages.filter((m) => m.event === "poll").length;
    await live.waitFor(() => live.messages.filter((m) => m.event === "poll").length >= polls + 2, "two more polls");
    expect(live.rows("alerts").map((r) => r.id)).toEqual([important.id]);
  });

  it("a tier without the full feed asks for symbols and polls meanwhile; past the connection cap it polls too", async () => {
    const { user, accountId } = await userWithKey(desk.ctx, { plan: "starter" });
    const whole = await openLive(user, "products=alerts");
    const refused = await whole.status("standby");
    expect(refused).toMatchObject({ reason: "full_feed_not_allowed" });
    expect(refused.message).toMatch(/Pick symbols or a watchlist/);
    // starter_100 allows two sockets: the one above closed itself once nothing was left to stream.
    await until(() => connectionsOf(accountId) === 0, "the refused socket to close");
    // Whole-market checks only when asked for.
    expect(whole.messages.some((m) => m.event === "poll")).toBe(false);
    whole.abort();
    const agreed = await openLive(user, "products=alerts&poll_all=1");
    expect(await agreed.status("polling")).toMatchObject({ reason: "full_feed_not_allowed" });
    await agreed.waitFor(() => agreed.messages.find((m) => m.event === "poll"), "a whole-market check");
    agreed.abort();
    await until(() => connectionsOf(accountId) === 0, "the second refused socket to close");
    // Two products' sockets (other symbols of the same product share theirs); a third product is past the cap.
    const a = await openLive(user, "products=news&symbols=TCS");
    const b = await openLive(user, "products=alerts&symbols=INFY");
    await a.status("connected");
    await b.status("connected");
    const shared = await openLive(user, "products=news&symbols=WIPRO");
    await shared.status("connected");
    expect(connectionsOf(accountId)).toBe(2);
    const third = await openLive(user, "products=announcements&symbols=ITC");
    expect(await third.status("polling")).toMatchObject({ reason: "connection_limit" });
    const row = recordLiveEvent(service, { product: "announcements", symbol: "ITC" });
    await third.waitFor(() => third.rows("announcements").find((r) => r.id === row.id), "the polled announcement");
  });

  it("closes the upstream socket when the browser goes", async () => {
    const { user, accountId } = await userWithKey(desk.ctx);
    const live = await openLive(user, "products=announcements&symbols=LT");
    await live.status("connected");
    expect(connectionsOf(accountId)).toBe(1);
    live.abort();
    await until(() => connectionsOf(accountId) === 0, "the upstream socket to close");
    await until(() => live.ended, "the SSE body to end");
  });

  it("cuts off a browser that does not read once its bytes pile up; it resumes with Last-Event-ID, missing nothing, and a reading tab is not held up", async () => {
    const { user, accountId } = await userWithKey(desk.ctx);
    const query = liveQuerySchema.parse({ products: "news", symbols: "WIPRO" });
    const stalled = new AbortController();
    // A browser that never reads its stream: nothing it is sent leaves the desk.
    const unread = await openLiveStream({ ctx: desk.ctx, user, query, signal: stalled.signal, tuning: FAST, maxQueuedBytes: 6_000 });
    const reading = await openLive(user, "products=news&symbols=WIPRO");
    await reading.status("connected");
    await new Promise((r) => setTimeout(r, 100));
    const stored = Array.from({ length: 20 }, () => recordLiveEvent(service, { product: "news", symbol: "WIPRO" }).id);
    await reading.waitFor(() => reading.rows("news").length === stored.length, "every row in the reading tab");
    expect(reading.rows("news").map((r) => r.id)).toEqual(stored);
    // One upstream socket for both tabs, and the reading tab kept it.
    expect(connectionsOf(accountId)).toBe(1);

    // The stalled stream held no more than its limit (plus the frame that crossed it), then ended.
    const late = new LiveClient(unread, stalled);
    await until(() => late.ended, "the stalled stream to end");
    const got = late.rows("news").map((r) => r.id);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(stored.length);
    expect(got).toEqual(stored.slice(0, got.length));
    expect(new TextEncoder().encode(late.text).byteLength).toBeLessThan(6_000 + 4_000);

    // The browser comes back with the id of the last row it had and gets the rest, once each.
    const lastId = late.messages.filter((m) => m.event === "news").at(-1)?.id;
    expect(lastId).toMatch(/^t\d+~news:\d+-\d+$/);
    const back = new AbortController();
    const resumed = new LiveClient(await openLiveStream({ ctx: desk.ctx, user, query, signal: back.signal, tuning: FAST, lastEventId: lastId }), back);
    await resumed.waitFor(() => resumed.rows("news").length === stored.length - got.length, "the rows the stalled browser missed");
    expect(resumed.rows("news").map((r) => r.id)).toEqual(stored.slice(got.length));
    expect(connectionsOf(accountId)).toBe(1);
  });

  it("keeps two users' streams apart", async () => {
    const a = await userWithKey(desk.ctx);
    const b = await userWithKey(desk.ctx);
    const liveA = await openLive(a.user, "products=alerts&symbols=MARUTI");
    const liveB = await openLive(b.user, "products=alerts&symbols=TITAN");
    await liveA.status("connected");
    await liveB.status("connected");
    expect(connectionsOf(a.accountId)).toBe(1);
    expect(connectionsOf(b.accountId)).toBe(1);
    const forB = recordLiveEvent(service, { product: "alerts", symbol: "TITAN" });
    const forA = recordLiveEvent(service, { product: "alerts", symbol: "MARUTI" });
    await liveA.waitFor(() => liveA.rows("alerts").length === 1, "A's alert");
    await liveB.waitFor(() => liveB.rows("alerts").length === 1, "B's alert");
    expect(liveA.rows("alerts")[0]?.id).toBe(forA.id);
    expect(liveB.rows("alerts")[0]?.id).toBe(forB.id);
  });

  it("answers as JSON before any stream: no key (428), a bad query (400), signed out (401)", async () => {
    const user = await makeUser(desk.ctx);
    const noKey = await openLive(user, "products=alerts");
    expect(noKey.response.status).toBe(428);
    await until(() => noKey.ended, "the JSON body");
    expect(JSON.parse(noKey.text)).toMatchObject({ error: { code: "no_api_key" } });
    const { user: keyed } = await userWithKey(desk.ctx);
    const bad = await openLive(keyed, "products=earnings");
    expect(bad.response.status).toBe(400);
    const none = await openLive(keyed, "symbols=TCS");
    expect(none.response.status).toBe(400);
    const signedOut = await openLive(null, "products=alerts");
    expect(signedOut.response.status).toBe(401);
  });
});
