import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { StreamProduct } from "../../lib/alpha/account";
import { announcementDetailSchema, announcementRowSchema } from "../../lib/alpha/announcements";
import { errorBodySchema } from "../../lib/alpha/errors";
import { STREAM_DATA_SCHEMAS, streamAckSchema, streamErrorFrameSchema, streamHeartbeatSchema } from "../../lib/alpha/streams";
import { setAccountStatus } from "../accounts";
import { createRng } from "../dataset/rng";
import { createTestAccount } from "../../test/support/service";
import type { StreamStack } from "../../test/support/service-streams";
import { recordSample, startStreamStack, TestClient, waitFor } from "../../test/support/service-streams";

let stack: StreamStack;
const clients: TestClient[] = [];
const rng = createRng(`streams-test-${Date.now()}`);

async function connect(key: string, via: "header" | "query" = "header"): Promise<TestClient> {
  const client = await TestClient.connect(stack.wsUrl, key, via);
  clients.push(client);
  return client;
}

const isAck = (product: string) => (f: Record<string, unknown>) => f.status === "subscribed" && f.product === product;
const isError = (f: Record<string, unknown>) => typeof f.error === "string";

async function subscribed(client: TestClient, product: string, symbols: string[], detailed?: boolean) {
  client.subscribe(product, symbols, detailed);
  return streamAckSchema.parse(await client.next(isAck(product.replace("_", "-")), `ack of ${product}`));
}

function record(product: StreamProduct, symbol: string) {
  const company = stack.companies.find((c) => c.symbol === symbol);
  if (!company) throw new Error(`no company ${symbol}`);
  return recordSample(stack.service.ctx, product, rng, company, stack.clock.now().getTime());
}

async function rest(path: string, key: string): Promise<{ data: Record<string, unknown>[] }> {
  const res = await fetch(`${stack.baseUrl}${path}`, { headers: { "X-API-Key": key } });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: Record<string, unknown>[] };
}

beforeEach(async () => {
  stack = await startStreamStack();
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await stack.close();
});

describe("handshake", () => {
  it("refuses a missing key with 401 missing_api_key and no upgrade", async () => {
    const { status, body } = await TestClient.refused(stack.wsUrl);
    expect(status).toBe(401);
    expect(errorBodySchema.parse(body).error.code).toBe("missing_api_key");
  });

  it("refuses an unknown key with 401 invalid_api_key", async () => {
    const { status, body } = await TestClient.refused(stack.wsUrl, { "X-API-Key": "ak_live_notakeyatall0000000000000000000" });
    expect(status).toBe(401);
    expect(errorBodySchema.parse(body).error.code).toBe("invalid_api_key");
  });

  it("refuses a disabled account with 403 account_disabled", async () => {
    const { account, key } = createTestAccount(stack.service.ctx);
    setAccountStatus({ ctx: stack.service.ctx, input: { accountId: account.id, status: "disabled" } });
    const { status, body } = await TestClient.refused(stack.wsUrl, { "X-API-Key": key });
    expect(status).toBe(403);
    expect(errorBodySchema.parse(body).error.code).toBe("account_disabled");
  });

  it("accepts the key in the api_key query parameter, as the JS SDK sends it", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const client = await connect(key, "query");
    const ack = await subscribed(client, "news", ["RELIANCE"]);
    expect(ack.product).toBe("news");
  });

  it("caps connections per account by tier (starter_100: 2) with 429 rate_limit_exceeded", async () => {
    const { key } = createTestAccount(stack.service.ctx, { plan: "starter" });
    await connect(key);
    await connect(key);
    const { status, body } = await TestClient.refused(stack.wsUrl, { "X-API-Key": key });
    expect(status).toBe(429);
    expect(errorBodySchema.parse(body).error.code).toBe("rate_limit_exceeded");
    expect(stack.streams.stats().connections).toBe(2);
  });

  it("answers other upgrade paths with 404", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const { status } = await TestClient.refused(`${stack.baseUrl.replace("http", "ws")}/v1/elsewhere`, { "X-API-Key": key });
    expect(status).toBe(404);
  });
});

describe("subscribe", () => {
  it("acks with the tier, the cleaned symbols and detailed defaulting to true", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const client = await connect(key);
    client.send({ op: "subscribe", product: "alerts", symbols: [" reliance", "TCS", "RELIANCE ", ""] });
    const ack = streamAckSchema.parse(await client.next(isAck("alerts")));
    expect(ack).toEqual({ status: "subscribed", product: "alerts", tier: "pro_1000", full_feed: false, symbols: ["RELIANCE", "TCS"], detailed: true });
  });

  it("accepts block_deals and answers with the wire name block-deals", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const client = await connect(key);
    const ack = await subscribed(client, "block_deals", ["INFY"], false);
    expect(ack.product).toBe("block-deals");
    expect(ack.detailed).toBe(false);
  });

  it("refuses a product the key lacks with forbidden, and keeps the socket open", async () => {
    const { key } = createTestAccount(stack.service.ctx, { websocketAddons: [{ product: "news", tier: "pro_500", enabled: true }] });
    const client = await connect(key);
    client.subscribe("alerts", ["TCS"]);
    const err = streamErrorFrameSchema.parse(await client.next(isError));
    expect(err).toMatchObject({ error: "WebSocket addon 'alerts' is not enabled for this key", code: "forbidden" });
    const ack = await subscribed(client, "news", ["TCS"]);
    expect(ack.tier).toBe("pro_500");
  });

  it("refuses every product on the Sandbox plan (no WebSocket)", async () => {
    const { key } = createTestAccount(stack.service.ctx, { plan: "sandbox" });
    const client = await connect(key);
    for (const product of ["news", "announcements", "earnings", "concalls", "alerts", "block-deals"]) {
      client.subscribe(product, ["TCS"]);
      expect(await client.next(isError)).toMatchObject({ code: "forbidden", error: `WebSocket addon '${product}' is not enabled for this key` });
    }
  });

  it("refuses a disabled add-on", async () => {
    const { key } = createTestAccount(stack.service.ctx, { websocketAddons: [{ product: "earnings", tier: "pro_1000", enabled: false }] });
    const client = await connect(key);
    client.subscribe("earnings", ["TCS"]);
    expect(await client.next(isError)).toMatchObject({ code: "forbidden" });
  });

  it("answers bad messages with invalid_message and keeps serving", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const client = await connect(key);
    const bad: unknown[] = [
      "not json",
      "[1,2]",
      { op: "unsubscribe", product: "news" },
      { op: "subscribe", product: "weather", symbols: [] },
      { op: "subscribe", product: "news", symbols: "TCS" },
      { op: "subscribe", product: "news", symbols: ["bad symbol!"] },
      { op: "subscribe", product: "news", symbols: [], detailed: "yes" },
    ];
    for (const message of bad) {
      client.send(message);
      const err = streamErrorFrameSchema.parse(await client.next(isError, `error for ${JSON.stringify(message)}`));
      expect(err.code).toBe("invalid_message");
    }
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await client.next(isError)).toMatchObject({ code: "invalid_message" });
    await subscribed(client, "news", ["TCS"]);
  });

  it("refuses the full feed on a starter tier and allows it on pro", async () => {
    const starter = createTestAccount(stack.service.ctx, { plan: "starter" });
    const s = await connect(starter.key);
    s.subscribe("news", []);
    expect(await s.next(isError)).toMatchObject({ code: "full_feed_not_allowed", product: "news" });

    const pro = createTestAccount(stack.service.ctx);
    const p = await connect(pro.key);
    const ack = await subscribed(p, "news", []);
    expect(ack.full_feed).toBe(true);
    const [a, b] = stack.companies;
    const first = record("news", a?.symbol ?? "");
    const second = record("news", b?.symbol ?? "");
    await waitFor(() => (p.data("news").length >= 2 ? true : undefined), "two news frames");
    expect(p.data("news").map((d) => d.id)).toEqual([first.id, second.id]);
  });

  it("refuses more symbols than the tier allows with too_many_symbols", async () => {
    const { key } = createTestAccount(stack.service.ctx, { plan: "starter" });
    const client = await connect(key);
    client.subscribe("alerts", Array.from({ length: 101 }, (_, i) => `SYM${i}`));
    expect(await client.next(isError)).toMatchObject({ code: "too_many_symbols" });
    const ack = await subscribed(client, "alerts", Array.from({ length: 100 }, (_, i) => `SYM${i}`));
    expect(ack.symbols).toHaveLength(100);
  });
});

describe("data", () => {
  const schemas: Record<StreamProduct, z.ZodType> = { ...STREAM_DATA_SCHEMAS, announcements: announcementDetailSchema };
  const restPath: Record<StreamProduct, (id: string, symbol: string, detailed: boolean) => string> = {
    alerts: (_id, symbol) => `/v1/alerts?symbols=${symbol}`,
    news: (_id, symbol) => `/v1/news?symbols=${symbol}`,
    announcements: (_id, symbol, detailed) => `/v1/announcements?symbols=${symbol}&detailed=${detailed}`,
    earnings: (id, _symbol, detailed) => `/v1/earnings?ids=${id}&detailed=${detailed}`,
    concalls: (_id, symbol, detailed) => `/v1/concalls?symbols=${symbol}&detailed=${detailed}`,
    "block-deals": (_id, symbol) => `/v1/block-deals?symbols=${symbol}`,
  };

  for (const product of Object.keys(schemas) as StreamProduct[]) {
    it(`publishes ${product} rows in the REST shape, detailed and not`, async () => {
      const { key } = createTestAccount(stack.service.ctx);
      const symbol = stack.companies[2]?.symbol ?? "";
      const detailed = await connect(key);
      const list = await connect(key);
      await subscribed(detailed, product, [symbol], true);
      await subscribed(list, product, [symbol], false);

      const row = record(product, symbol);
      const full = schemas[product].parse((await detailed.next((f) => f.channel === product)).data) as Record<string, unknown>;
      const short = (await list.next((f) => f.channel === product)).data as Record<string, unknown>;
      expect(full.id).toBe(row.id);
      expect(short.id).toBe(row.id);

      const [restFull] = (await rest(restPath[product](row.id, symbol, true), key)).data;
      const [restShort] = (await rest(restPath[product](row.id, symbol, false), key)).data;
      if (product === "alerts") {
        expect(full).toEqual({ ...restFull, alert_type: restFull?.type });
        expect(short).toEqual(full);
      } else if (product === "earnings") {
        expect(full.attachment_url).toMatch(/^http:\/\/alpha\.test\/v1\/assets\/earnings\/.+\?expires=\d+&signature=/);
        expect(full.earnings_table).toBeTruthy();
        expect(full).toEqual({ ...restFull, attachment_url: full.attachment_url });
        expect(short).toEqual({ ...restShort, attachment_url: full.attachment_url });
        expect(short).not.toHaveProperty("earnings_table");
      } else {
        expect(full).toEqual(restFull);
        expect(short).toEqual(restShort);
      }
      if (product === "announcements") {
        expect(full).toHaveProperty("long_summary");
        expect(full).toHaveProperty("related_categories");
        expect(full).toHaveProperty("important");
        expect(short).not.toHaveProperty("long_summary");
        announcementRowSchema.parse(short);
      }
      if (product === "concalls") {
        expect(full).toHaveProperty("expanded_analysis");
        expect(short).not.toHaveProperty("expanded_analysis");
      }
    });
  }

  it("sends only the subscribed symbols", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const client = await connect(key);
    const [a, b] = stack.companies.map((c) => c.symbol);
    await subscribed(client, "alerts", [a ?? ""]);
    const ids = [record("alerts", a ?? "").id, record("alerts", b ?? "").id, record("alerts", a ?? "").id];
    const marker = record("news", a ?? "");
    await subscribed(client, "news", [a ?? ""]);
    const last = record("alerts", a ?? "");
    await client.next((f) => f.channel === "alerts" && (f.data as { id: string }).id === last.id);
    expect(client.data("alerts").map((d) => d.id)).toEqual([ids[0], ids[2], last.id]);
    expect(client.data("news").map((d) => d.id)).not.toContain(marker.id);
  });

  it("replaces a subscription on a repeat subscribe to the same product", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const client = await connect(key);
    const [a, b] = stack.companies.map((c) => c.symbol);
    await subscribed(client, "news", [a ?? ""], true);
    const before = record("news", a ?? "");
    await client.next((f) => f.channel === "news");
    const ack = await subscribed(client, "news", [b ?? ""], false);
    expect(ack).toMatchObject({ symbols: [b], detailed: false });
    const ignored = record("news", a ?? "");
    const wanted = record("news", b ?? "");
    await client.next((f) => f.channel === "news" && (f.data as { id: string }).id === wanted.id);
    expect(client.data("news").map((d) => d.id)).toEqual([before.id, wanted.id]);
    expect(client.data("news").map((d) => d.id)).not.toContain(ignored.id);
    expect(stack.streams.stats().subscriptions.news).toBe(1);
  });

  it("delivers a burst in order, exactly once per subscriber", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const all = await connect(key);
    const some = await connect(key);
    const symbols = stack.companies.map((c) => c.symbol);
    const picked = symbols.slice(0, 3);
    await subscribed(all, "alerts", []);
    await subscribed(some, "alerts", picked);
    // Two products for one socket: each gets its own frames, and a symbol in both is still sent once per product.
    await subscribed(some, "news", picked);
    const stored: { id: string; symbol: string; product: StreamProduct }[] = [];
    for (let i = 0; i < 400; i++) {
      const symbol = symbols[i % symbols.length] ?? "";
      const product: StreamProduct = i % 4 === 0 ? "news" : "alerts";
      stored.push({ ...record(product, symbol), product });
    }
    const alerts = stored.filter((s) => s.product === "alerts");
    const expectedSome = stored.filter((s) => picked.includes(s.symbol));
    await waitFor(() => (all.data("alerts").length >= alerts.length ? true : undefined), "every alert on the full feed");
    await waitFor(() => (some.frames.filter((f) => "channel" in f).length >= expectedSome.length ? true : undefined), "the filtered frames");
    expect(all.data("alerts").map((d) => d.id)).toEqual(alerts.map((s) => s.id));
    const someIds = some.frames.filter((f) => "channel" in f).map((f) => (f.data as { id: string }).id);
    expect(someIds).toEqual(expectedSome.map((s) => s.id));
    // Nothing more arrives: send a marker and check it is the only frame after the burst.
    const marker = record("alerts", picked[0] ?? "");
    await all.next((f) => f.channel === "alerts" && (f.data as { id: string }).id === marker.id);
    expect(all.data("alerts")).toHaveLength(alerts.length + 1);
  });
});

describe("heartbeat", () => {
  it("sends {type: heartbeat, sent_at} every 30 s of the injected clock, to every connection", async () => {
    const { key } = createTestAccount(stack.service.ctx);
    const idle = await connect(key);
    const busy = await connect(key);
    await subscribed(busy, "news", ["TCS"]);
    stack.scheduler.advance(29_999);
    stack.scheduler.advance(1);
    for (const client of [idle, busy]) {
      const hb = streamHeartbeatSchema.parse(await client.next((f) => f.type === "heartbeat"));
      expect(hb.sent_at).toBe("2026-05-12T06:00:30.000000+00:00");
    }
    stack.scheduler.advance(60_000);
    const second = await idle.next((f) => f.type === "heartbeat");
    const third = await idle.next((f) => f.type === "heartbeat");
    expect([second.sent_at, third.sent_at]).toEqual(["2026-05-12T06:01:00.000000+00:00", "2026-05-12T06:01:30.000000+00:00"]);
    expect(idle.frames.filter((f) => f.type === "heartbeat")).toHaveLength(3);
  });
});
