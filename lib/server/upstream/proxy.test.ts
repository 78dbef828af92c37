import { deskRoute } from "../routes";
import { isUtf8 } from "node:buffer";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { callAlpha } from "./alpha-proxy";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { issueApiKey } from "../core/embedded-service";
import { saveAlphaKey } from "./stored-keys";

import { browserRequest, countingFetch, makeAccount, makeUser, storeKeyUnchecked, withServiceForDesks } from "@/test/support/desk";
import type { SessionUser } from "../identity/users";

let service: RunningServer;
/** Every body the desk answered with in this file: none may hold a key. */
const { desk, bodies, keys } = withServiceForDesks((s) => (service = s));

async function userWithKey(ctx: DeskContext, account = makeAccount(service)) {
  keys.push(account.key);
  const user = await makeUser(ctx);
  await saveAlphaKey({ userId: user.id, key: account.key, ctx });
  return { user, ...account };
}

async function balanceOf(key: string): Promise<number> {
  const client = createAlphaClient({ baseUrl: service.url, apiKey: key });
  return (await client.getAccount({})).data.data.balance;
}

async function proxy(ctx: DeskContext, user: SessionUser | null, path: string, init: RequestInit & { origin?: string | null } = {}) {
  const request = await browserRequest(ctx, user, `/api/alpha${path}`, init);
  const response = await deskRoute("alphaGet", { ctx })(request);
  const text = await response.text();
  bodies.push(text);
  return { response, status: response.status, body: JSON.parse(text) as { data?: unknown; meta?: Record<string, unknown>; error?: { code: string; message: string } } };
}

/** The proxy's refusal of `path`: its status and, where given, its error code. */
async function expectRefused(ctx: DeskContext, user: SessionUser, path: string, status: number, code?: string, init: RequestInit = {}) {
  const res = await proxy(ctx, user, path, init);
  expect(res.status, path).toBe(status);
  if (code) expect(res.body.error?.code, path).toBe(code);
}

/** A tiny upstream that answers with whatever a test wants. */
async function fakeUpstream(handler: (path: string, req: IncomingMessage, body: Buffer) => { status?: number; body?: string } | null) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = handler(new URL(req.url ?? "/", "http://x").pathname, req, Buffer.concat(chunks));
      if (!answer) return; // never answer: a hung upstream
      res.writeHead(answer.status ?? 200, { "Content-Type": "application/json" });
      res.end(answer.body ?? "{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

afterEach(() => vi.restoreAllMocks());

describe("the proxy against the real service", () => {
  it("answers a paid GET with the data, the charge and the upstream headers, and logs the spend", async () => {
    const ctx = await desk();
    const { user, key } = await userWithKey(ctx);
    const before = await balanceOf(key);
    const { response, status, body } = await proxy(ctx, user, "/v1/alerts?limit=5");
    expect(status).toBe(200);
    const data = body.data as { data: unknown[] };
    expect(data.data.length).toBeGreaterThan(0);
    expect(body.meta).toMatchObject({ endpoint: "listAlerts", creditsCharged: 5, cached: false, ageSeconds: 0 });
    expect(body.meta?.balance).toBe(before - 5);
    expect(response.headers.get("X-Credits-Charged")).toBe("5");
    expect(response.headers.get("X-Credits-Balance")).toBe(String(before - 5));
    expect(response.headers.get("X-RateLimit-Limit")).toMatch(/^\d+$/);
    expect(await balanceOf(key)).toBe(before - 5);
    const log = await ctx.db.selectFrom("spend_log").selectAll().where("user_id", "=", user.id).execute();
    expect(log).toMatchObject([{ endpoint: "listAlerts", credits: 5, cached: 0 }]);
  });

  it("accepts the path without /v1 and serves free endpoints", async () => {
    const ctx = await desk();
    const { user } = await userWithKey(ctx);
    const { status, body } = await proxy(ctx, user, "/announcements/categories");
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ endpoint: "listAnnouncementCategories", creditsCharged: 0 });
  });

  it("refuses what the catalogue refuses before any upstream call: 400, nothing spent", async () => {
    const counter = countingFetch();
    const ctx = await desk({ fetch: counter.fetch });
    const { user, key } = await userWithKey(ctx);
    const before = await balanceOf(key);
    const callsBefore = counter.calls.size === 0 ? 0 : [...counter.calls.values()].reduce((a, b) => a + b, 0);
    await expectRefused(ctx, user, "/v1/alerts?limit=500", 400, "invalid_parameter");
    await expectRefused(ctx, user, "/v1/earnings/detail?symbol=TCS&scrip_code=532540&quarter=q4_26", 400);
    await expectRefused(ctx, user, "/v1/secret-admin", 404);
    await expectRefused(ctx, user, "/v1/alerts", 404, undefined, { method: "DELETE" });
    const pdf = await proxy(ctx, user, "/v1/earnings/citations/e1/pdf");
    expect(pdf.status).toBe(404);
    expect([...counter.calls.values()].reduce((a, b) => a + b, 0)).toBe(callsBefore);
    expect(await balanceOf(key)).toBe(before);
  });

  it("answers a repeat inside the freshness window from the cache at 0 credits, labelled with its age", async () => {
    // A trading Friday at 11:00 IST: the market is open, so a feed's page is fresh for its 60 s only.
    let now = Date.parse("2026-11-27T11:00:00+05:30");
    const counter = countingFetch();
    const ctx = await desk({ fetch: counter.fetch, now: () => new Date(now) });
    const { user, key } = await userWithKey(ctx);
    const first = await proxy(ctx, user, "/v1/alerts?limit=3");
    expect(first.body.meta?.creditsCharged).toBe(5);
    const afterFirst = await balanceOf(key);
    now += 30_000;
    const second = await proxy(ctx, user, "/v1/alerts?limit=3");
    expect(second.status).toBe(200);
    expect(second.body.meta).toMatchObject({ creditsCharged: 0, cached: true, ageSeconds: 30, fetchedAt: first.body.meta?.fetchedAt });
    expect(second.body.data).toEqual(first.body.data);
    expect(second.response.headers.get("X-Desk-Cache")).toBe("hit");
    expect(second.response.headers.get("Age")).toBe("30");
    expect(counter.count("/v1/alerts")).toBe(1);
    expect(await balanceOf(key)).toBe(afterFirst);

    // fresh=1 is a paid refresh; past the window (60 s for feeds) the cache is a miss again.
    const refreshed = await proxy(ctx, user, "/v1/alerts?limit=3&fresh=1");
    expect(refreshed.body.meta).toMatchObject({ creditsCharged: 5, cached: false });
    now += 61_000;
    const expired = await proxy(ctx, user, "/v1/alerts?limit=3");
    expect(expired.body.meta).toMatchObject({ creditsCharged: 5, cached: false });
    expect(counter.count("/v1/alerts")).toBe(3);
    const log = await ctx.db.selectFrom("spend_log").select(["credits", "cached"]).where("user_id", "=", user.id).orderBy("created_at").execute();
    expect(log.map((r) => [r.credits, r.cached])).toEqual([[5, 0], [0, 1], [5, 0], [5, 0]]);
  });

  it("keeps a feed's page bought while the market is shut current until the next session", async () => {
    // Saturday 11:00 IST: reloads two and twenty minutes later cost nothing; Monday's session makes it stale.
    let now = Date.parse("2026-11-28T11:00:00+05:30");
    const counter = countingFetch();
    const ctx = await desk({ fetch: counter.fetch, now: () => new Date(now) });
    const { user } = await userWithKey(ctx);
    const first = await proxy(ctx, user, "/v1/alerts?limit=3");
    expect(first.body.meta?.creditsCharged).toBe(5);
    for (const minutes of [2, 20]) {
      now = Date.parse("2026-11-28T11:00:00+05:30") + minutes * 60_000;
      const again = await proxy(ctx, user, "/v1/alerts?limit=3");
      expect(again.body.meta).toMatchObject({ creditsCharged: 0, cached: true, ageSeconds: minutes * 60 });
    }
    expect(counter.count("/v1/alerts")).toBe(1);
    now = Date.parse("2026-11-28T23:00:00+05:30");
    expect((await proxy(ctx, user, "/v1/alerts?limit=3")).body.meta).toMatchObject({ cached: true });
    now = Date.parse("2026-11-30T09:20:00+05:30");
    expect((await proxy(ctx, user, "/v1/alerts?limit=3")).body.meta).toMatchObject({ creditsCharged: 5, cached: false });
    expect(counter.count("/v1/alerts")).toBe(2);
  });

  it("turns ten identical concurrent requests into one upstream call", async () => {
    const counter = countingFetch();
    const ctx = await desk({ fetch: counter.fetch });
    const { user, key } = await userWithKey(ctx);
    const before = await balanceOf(key);
    const results = await Promise.all(Array.from({ length: 10 }, () => proxy(ctx, user, "/v1/news?limit=4&sentiment=positive")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(counter.count("/v1/news")).toBe(1);
    expect(results.map((r) => r.body.meta?.creditsCharged).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(await balanceOf(key)).toBe(before - 1);
  });

  it("never answers one account with another account's cached data", async () => {
    const counter = countingFetch();
    const ctx = await desk({ fetch: counter.fetch });
    const a = await userWithKey(ctx);
    const b = await userWithKey(ctx);
    const first = await proxy(ctx, a.user, "/v1/alerts?limit=2");
    const second = await proxy(ctx, b.user, "/v1/alerts?limit=2");
    expect(first.body.meta?.cached).toBe(false);
    expect(second.body.meta).toMatchObject({ cached: false, creditsCharged: 5 });
    expect(counter.count("/v1/alerts")).toBe(2);
    // Two desk users on the same upstream account do share it.
    const sameAccount = await makeUser(ctx);
    await saveAlphaKey({ userId: sameAccount.id, key: a.key, ctx });
    const third = await proxy(ctx, sameAccount, "/v1/alerts?limit=2");
    expect(third.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
  });

  it("maps a rejected key to 401 invalid_api_key without the key in the answer", async () => {
    const ctx = await desk();
    const user = await makeUser(ctx);
    const bogus = "ak_live_ThisKeyDoesNotExistAnywhere0000";
    keys.push(bogus);
    await storeKeyUnchecked(ctx, user.id, bogus, "acc_unknown");
    const { status, body } = await proxy(ctx, user, "/v1/alerts");
    expect(status).toBe(401);
    expect(body.error?.code).toBe("invalid_api_key");
    expect(body.error?.message).toMatch(/rejected your stored key/);
  });

  it("maps no key to 428 no_api_key, and no session to 401", async () => {
    const ctx = await desk();
    const user = await makeUser(ctx);
    const noKey = await proxy(ctx, user, "/v1/alerts");
    expect(noKey.status).toBe(428);
    expect(noKey.body.error).toMatchObject({ code: "no_api_key" });
    expect(noKey.body.error?.message).toMatch(/Settings/);
    const anonymous = await proxy(ctx, null, "/v1/alerts");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe("not_signed_in");
  });

  it("maps no credits to 402 and charges nothing", async () => {
    const ctx = await desk();
    const { user, key } = await userWithKey(ctx, makeAccount(service, { balance: 3 }));
    const { status, body } = await proxy(ctx, user, "/v1/alerts?limit=5");
    expect(status).toBe(402);
    expect(body.error?.code).toBe("insufficient_credits");
    expect(await balanceOf(key)).toBe(3);
    expect(await ctx.db.selectFrom("spend_log").selectAll().where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("maps a rate limit to 429 with Retry-After passed through", async () => {
    const ctx = await desk();
    const { user } = await userWithKey(ctx, makeAccount(service, { rpm: 2 }));
    // saveAlphaKey spent one request of the minute; the next passes, the one after is refused. (A repeat of the same
    // free request would be shared, not sent: two different ones.)
    expect((await proxy(ctx, user, "/v1/earnings/upcoming?symbols=TCS")).status).toBe(200);
    const limited = await proxy(ctx, user, "/v1/earnings/upcoming?symbols=INFY");
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("rate_limit_exceeded");
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Then the desk backs off for the whole account: it refuses by itself, saying when calls resume.
    const fetchSpy = vi.spyOn(ctx, "fetch");
    const held = await proxy(ctx, user, "/v1/earnings/upcoming?symbols=HDFCBANK");
    expect(held.status).toBe(429);
    expect(held.body.error?.message).toMatch(/resumes at \d{2}:\d{2} IST/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shares a free answer of the account between its users for a while instead of asking again", async () => {
    const counting = countingFetch();
    const ctx = await desk({ fetch: counting.fetch });
    const account = makeAccount(service);
    const { user } = await userWithKey(ctx, account);
    const other = await makeUser(ctx);
    await saveAlphaKey({ userId: other.id, key: issueApiKey({ ctx: service.service.ctx, input: { accountId: account.accountId } }).key, ctx });
    for (const who of [user, other, user]) expect((await proxy(ctx, who, "/v1/earnings/upcoming?symbols=TCS")).status).toBe(200);
    expect(counting.count("/v1/earnings/upcoming")).toBe(1);
  });

  it("maps a product the account lacks to 403", async () => {
    const ctx = await desk();
    const { user } = await userWithKey(ctx, makeAccount(service, { symbolsScope: false }));
    const { status, body } = await proxy(ctx, user, "/v1/symbols/metadata?symbols=TCS");
    expect(status).toBe(403);
    expect(body.error?.code).toMatch(/scope_required|product_not_enabled/);
  });

  it("maps an unreachable upstream to 502", async () => {
    const ctx = await desk({ config: { alphaBaseUrl: "http://127.0.0.1:9" } });
    const user = await makeUser(ctx);
    await storeKeyUnchecked(ctx, user.id, "ak_live_Unreachable0000000000000000", "acc_x");
    const { status, body } = await proxy(ctx, user, "/v1/alerts");
    expect(status).toBe(502);
    expect(body.error?.code).toBe("upstream_unreachable");
  });

  it("maps an answer that breaks the contract to 502 and a hung upstream to 504", async () => {
    const upstream = await fakeUpstream((path) => {
      if (path === "/v1/alerts") return { body: JSON.stringify({ data: "not a list" }) };
      if (path === "/v1/news") return { body: "<html>oops</html>" };
      return null;
    });
    try {
      const ctx = await desk({ config: { alphaBaseUrl: upstream.url, upstreamTimeoutMs: 300 } });
      const user = await makeUser(ctx);
      await storeKeyUnchecked(ctx, user.id, "ak_live_FakeUpstream00000000000000", "acc_fake");
      await expectRefused(ctx, user, "/v1/alerts", 502, "upstream_contract_violation");
      await expectRefused(ctx, user, "/v1/news", 502);
      await expectRefused(ctx, user, "/v1/block-deals", 504, "upstream_timeout");
    } finally {
      await upstream.close();
    }
  });

  it("sends the upstream's bytes as they came when they are well-formed UTF-8, and well-formed UTF-8 when they are not", async () => {
    const profile = (name: string) => `{"data":{"account_id":"acc_bytes","name":"${name}","status":"active","balance":10,"metadata":{},"products":[],"websocket_addons":[]}}`;
    const [head, tail] = profile("A@").split("@") as [string, string];
    const bodies = { good: Buffer.from(profile("Tata ₹ — Ünïcode 📈")), bad: Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe]), Buffer.from(tail)]) };
    let serving: keyof typeof bodies = "good";
    const server = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(bodies[serving]);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const relayed: Buffer[] = [];
      for (const which of ["good", "bad"] as const) {
        serving = which;
        const ctx = await desk({ config: { alphaBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } });
        const user = await makeUser(ctx);
        await storeKeyUnchecked(ctx, user.id, `ak_live_Bytes${which}000000000000000000`.slice(0, 32), `acc_${which}`);
        const request = await browserRequest(ctx, user, "/api/alpha/v1/account");
        const response = await deskRoute("alphaGet", { ctx })(request);
        expect(response.status).toBe(200);
        relayed.push(Buffer.from(await response.arrayBuffer()));
      }
      const [good, bad] = relayed as [Buffer, Buffer];
      expect(good.subarray(0, 8 + bodies.good.length).equals(Buffer.concat([Buffer.from('{"data":'), bodies.good]))).toBe(true);
      expect(isUtf8(bad)).toBe(true);
      expect((JSON.parse(bad.toString("utf8")) as { data: { data: { name: string } } }).data.data.name).toBe("A\uFFFD\uFFFD");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("checks a fresh answer's body once: the same bytes again are not decoded or parsed, other bytes are checked as always", async () => {
    const account = makeAccount(service);
    keys.push(account.key);
    const real = async (limit: number) => (await fetch(`${service.url}/v1/news?limit=${limit}`, { headers: { "X-API-Key": account.key } })).text();
    const first = await real(2);
    const second = await real(1);
    const broken = JSON.stringify({ data: [{ id: 7 }], has_next: false });
    let body = first;
    const server = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "X-Credits-Charged": "1" });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const ctx = await desk({ config: { alphaBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } });
      const user = await makeUser(ctx);
      await storeKeyUnchecked(ctx, user.id, "ak_live_CheckedOnce0000000000000000".slice(0, 32), "acc_checked");
      const parse = vi.spyOn(JSON, "parse");
      const parsedTimes = (text: string) => parse.mock.calls.filter(([arg]) => arg === text).length;
      const refresh = () => proxy(ctx, user, "/v1/news?limit=2&fresh=1");

      const a = await refresh();
      expect(a.status).toBe(200);
      expect(parsedTimes(first)).toBe(1);
      // The same bytes: the same answer, charged and logged as any refresh, and not parsed again.
      const b = await refresh();
      expect(b.status).toBe(200);
      expect(b.body.data).toEqual(a.body.data);
      expect(b.body.meta?.creditsCharged).toBe(1);
      expect(parsedTimes(first)).toBe(1);
      // Other bytes are checked: a valid body is parsed, a body breaking the contract is refused.
      body = second;
      expect((await refresh()).status).toBe(200);
      expect(parsedTimes(second)).toBe(1);
      body = broken;
      const refused = await refresh();
      expect(refused.status).toBe(502);
      expect(refused.body.error?.code).toBe("upstream_contract_violation");
      // Only the last body this process checked is remembered: the first is checked again.
      body = first;
      expect((await refresh()).status).toBe(200);
      expect(parsedTimes(first)).toBe(2);
      // Server components reading the data get it parsed from the same text.
      const viaCallAlpha = await callAlpha({ ctx, user, id: "listNews", input: { query: { limit: 2 } }, options: { fresh: true } });
      expect(viaCallAlpha.data).toEqual(JSON.parse(first));
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("maps an upstream 500 to 502 upstream_error", async () => {
    const upstream = await fakeUpstream(() => ({ status: 500, body: JSON.stringify({ error: { code: "internal_error", message: "boom" } }) }));
    try {
      const ctx = await desk({ config: { alphaBaseUrl: upstream.url } });
      const user = await makeUser(ctx);
      await storeKeyUnchecked(ctx, user.id, "ak_live_FakeUpstream11111111111111", "acc_fake");
      const { status, body } = await proxy(ctx, user, "/v1/alerts");
      expect(status).toBe(502);
      expect(body.error?.code).toBe("upstream_error");
    } finally {
      await upstream.close();
    }
  });

  it("forwards POST bodies, the retention header and the browser's multipart upload", async () => {
    const seen: { path: string; contentType: string; retention: string | undefined; body: string }[] = [];
    const upstream = await fakeUpstream((path, req, body) => {
      seen.push({ path, contentType: String(req.headers["content-type"]), retention: req.headers["x-alpha-content-retention"] as string | undefined, body: body.toString("utf8") });
      if (path === "/v1/daily-summary/") return { body: JSON.stringify({ status: "success", summary: "# Summary" }) };
      return { body: JSON.stringify({ id: "batch_1", object: "batch", status: "pending", created_at: 1, request_counts: { total: 1, completed: 0, failed: 0 } }) };
    });
    try {
      const ctx = await desk({ config: { alphaBaseUrl: upstream.url } });
      const user = await makeUser(ctx);
      await storeKeyUnchecked(ctx, user.id, "ak_live_FakeUpstream22222222222222", "acc_fake");
      const summary = await proxy(ctx, user, "/v1/daily-summary/", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Alpha-Content-Retention": "none" },
        body: JSON.stringify({ symbols: ["TCS", "INFY"] }),
      });
      expect(summary.status).toBe(200);
      expect(summary.body.meta?.creditsCharged).toBe(5);
      expect(seen[0]).toMatchObject({ path: "/v1/daily-summary/", retention: "none" });
      expect(JSON.parse(seen[0]?.body ?? "{}")).toMatchObject({ symbols: ["TCS", "INFY"] });

      const form = new FormData();
      form.set("file", new Blob(['{"custom_id":"a","symbols":["TCS"]}\n'], { type: "application/jsonl" }), "mine.jsonl");
      form.set("display_name", "Morning run");
      form.set("metadata", JSON.stringify({ desk: "alpha" }));
      const upload = await proxy(ctx, user, "/v1/batch/jobs", { method: "POST", body: form });
      expect(upload.status).toBe(200);
      expect(upload.body.meta?.creditsCharged).toBe(50);
      expect(seen[1]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(seen[1]?.body).toContain('filename="mine.jsonl"');
      expect(seen[1]?.body).toContain('{"custom_id":"a","symbols":["TCS"]}');
      expect(seen[1]?.body).toContain("Morning run");

      const badSummary = await proxy(ctx, user, "/v1/daily-summary/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
      expect(badSummary.status).toBe(400);
      expect(seen).toHaveLength(2);
    } finally {
      await upstream.close();
    }
  });

  it("refuses a state-changing request from another origin", async () => {
    const ctx = await desk();
    const { user } = await userWithKey(ctx);
    const foreign = await proxy(ctx, user, "/v1/daily-summary/", { method: "POST", origin: "https://evil.example", body: JSON.stringify({ symbols: ["TCS"] }) });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.code).toBe("origin_rejected");
    const none = await proxy(ctx, user, "/v1/daily-summary/", { method: "POST", origin: null, body: JSON.stringify({ symbols: ["TCS"] }) });
    expect(none.status).toBe(403);
  });

  it("gives server components the same logic through callAlpha", async () => {
    const ctx = await desk();
    const { user } = await userWithKey(ctx);
    const first = await callAlpha({ ctx, user, id: "listNews", input: { query: { limit: 2 } } });
    const again = await callAlpha({ ctx, user, id: "listNews", input: { query: { limit: 2 } } });
    expect(first.meta.cached).toBe(false);
    expect(again.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    await expect(callAlpha({ ctx, user, id: "listNews", input: { query: { limit: 99 } } })).rejects.toMatchObject({ code: "invalid_parameter", status: 400 });
  });

  it("serves the usage snapshot with a projection, and it moves after a paid call", async () => {
    const ctx = await desk();
    const { user } = await userWithKey(ctx);
    const usageRoute = deskRoute("getUsage", { ctx });
    const read = async () => {
      const response = await usageRoute(await browserRequest(ctx, user, "/api/usage"));
      const text = await response.text();
      bodies.push(text);
      return JSON.parse(text) as { data: { usage: { debited_today: number; balance: number }; account: { account_id: string }; projection: { basis: string; dailyLimit: number } } };
    };
    const before = await read();
    expect(before.data.projection).toMatchObject({ basis: "requests", dailyLimit: 180_000 });
    await proxy(ctx, user, "/v1/alerts?limit=2");
    const after = await read();
    expect(after.data.usage.debited_today).toBe(before.data.usage.debited_today + 5);
    expect(after.data.usage.balance).toBe(before.data.usage.balance - 5);
  });
});
