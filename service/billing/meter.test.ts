import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountResponseSchema, PRODUCTS, usageResponseSchema } from "../../lib/alpha/account";
import { errorBodySchema } from "../../lib/alpha/errors";
import { getAccountOrThrow } from "../accounts";
import { ManualClock } from "../clock";
import { openDatabase } from "../store/db";
import { addAlert, addAnnouncement, addBlockDeal, addCompany, addConcall, addEarnings, addNews, call, createTestAccount, createTestService, DAY, serviceWithTwoCompanies, TEST_NOW } from "../../test/support/service";

function ledgerOf(db: ReturnType<typeof openDatabase>, accountId: string) {
  return db.prepare("SELECT entry_type, amount, route_id FROM ledger WHERE account_id = ? AND entry_type = 'debit' ORDER BY id").all(accountId) as {
    entry_type: string;
    amount: number;
    route_id: string;
  }[];
}

describe("metering: every call debits exactly what the cost table says", () => {
  const { service, a, b } = serviceWithTwoCompanies(TEST_NOW);
  const ids: Record<string, string> = {};

  beforeAll(() => {
    ids.e1 = addEarnings(service.db, { symbol: a.symbol, quarter: "q4_26", date_ms: TEST_NOW - 2 * DAY }).id;
    ids.e2 = addEarnings(service.db, { symbol: b.symbol, quarter: "q4_26", date_ms: TEST_NOW - 1 * DAY, has_attachment: false }).id;
    for (let i = 0; i < 3; i++) addAlert(service.db, { symbol: a.symbol, ts_ms: TEST_NOW - i * 60_000 });
    for (let i = 0; i < 4; i++) addNews(service.db, { symbol: a.symbol, date_ms: TEST_NOW - i * 60_000 });
    for (let i = 0; i < 3; i++) addBlockDeal(service.db, { symbol: a.symbol, date_ms: TEST_NOW - i * 60_000 });
    for (let i = 0; i < 2; i++) addAnnouncement(service.db, { symbol: a.symbol, date_ms: TEST_NOW - i * 60_000 });
    addConcall(service.db, { symbol: a.symbol, quarter: "q4_26", date_ms: TEST_NOW - 10 * DAY, meeting_ms: TEST_NOW - 5 * DAY });
    addConcall(service.db, { symbol: b.symbol, quarter: "q4_26", date_ms: TEST_NOW - 9 * DAY, meeting_ms: TEST_NOW - 4 * DAY, has_transcript: false });
    addConcall(service.db, { symbol: a.symbol, quarter: "q1_27", date_ms: TEST_NOW - 1 * DAY, meeting_ms: TEST_NOW + 5 * DAY, short_analysis: null });
    addConcall(service.db, { symbol: b.symbol, quarter: "q1_27", date_ms: TEST_NOW - 1 * DAY, meeting_ms: TEST_NOW + 6 * DAY, short_analysis: null });
  });

  it("follows the cost table line by line (balance deltas and ledger rows)", async () => {
    const { account, key } = createTestAccount(service.ctx, { balance: 1000 });
    const syms = `${a.symbol},${b.symbol}`;
    const table: { name: string; path: string; body?: unknown; cost: number; route?: string }[] = [
      { name: "earnings per item", path: `/v1/earnings?symbols=${syms}`, cost: 2, route: "listEarnings" },
      { name: "earnings detailed per item", path: `/v1/earnings?symbols=${syms}&detailed=true`, cost: 4, route: "listEarnings" },
      { name: "earnings empty page", path: `/v1/earnings?symbols=${syms}&quarter=q1_20`, cost: 0 },
      { name: "earnings index free", path: `/v1/earnings/index?symbols=${syms}`, cost: 0 },
      { name: "upcoming earnings free", path: `/v1/earnings/upcoming?symbols=${syms}`, cost: 0 },
      { name: "earnings detail per success", path: `/v1/earnings/detail?symbol=${a.symbol}&quarter=q4_26&detailed=true`, cost: 3, route: "getEarningsDetail" },
      { name: "earnings detail not found free", path: `/v1/earnings/detail?symbol=${a.symbol}&quarter=q1_20`, cost: 0 },
      { name: "attachments per ready", path: `/v1/earnings/attachments?ids=${ids.e1},${ids.e2},ern_nope`, cost: 1, route: "listEarningsAttachments" },
      { name: "alerts per page with results", path: `/v1/alerts?symbols=${a.symbol}`, cost: 5, route: "listAlerts" },
      { name: "alerts empty page", path: `/v1/alerts?symbols=${b.symbol}`, cost: 0 },
      { name: "categories free", path: "/v1/announcements/categories", cost: 0 },
      { name: "announcements per item", path: `/v1/announcements?symbols=${a.symbol}`, cost: 2, route: "listAnnouncements" },
      { name: "announcements detailed per item", path: `/v1/announcements?symbols=${a.symbol}&detailed=true`, cost: 4, route: "listAnnouncements" },
      { name: "news per page with results", path: `/v1/news?symbols=${a.symbol}&limit=2`, cost: 1, route: "listNews" },
      { name: "news empty page", path: `/v1/news?symbols=${b.symbol}`, cost: 0 },
      { name: "block deals per item", path: `/v1/block-deals?symbols=${a.symbol}`, cost: 3, route: "listBlockDeals" },
      { name: "block deals empty", path: `/v1/block-deals?symbols=${b.symbol}`, cost: 0 },
      { name: "concalls per item", path: `/v1/concalls?symbols=${syms}`, cost: 2, route: "listConcalls" },
      { name: "concalls detailed per item", path: `/v1/concalls?symbols=${syms}&detailed=true`, cost: 4, route: "listConcalls" },
      { name: "concall detail per success", path: `/v1/concalls/detail?symbol=${b.symbol}&quarter=q4_26`, cost: 3, route: "getConcallDetail" },
      {
        name: "transcripts per ready",
        path: "/v1/concalls/transcripts",
        body: { items: [{ symbol: a.symbol, quarter: "q4_26" }, { symbol: b.symbol, quarter: "q4_26" }, { symbol: "NONE", quarter: "q4_26" }] },
        cost: 4,
        route: "lookupConcallTranscripts",
      },
      { name: "upcoming concalls free", path: `/v1/concalls/upcoming?symbols=${syms}`, cost: 0 },
      { name: "upcoming concalls detailed per page", path: `/v1/concalls/upcoming?symbols=${syms}&detailed=true`, cost: 5, route: "listUpcomingConcalls" },
      { name: "metadata per item", path: `/v1/symbols/metadata?symbols=${syms},NOSUCH`, cost: 2, route: "listSymbolMetadata" },
      { name: "account free", path: "/v1/account", cost: 0 },
      { name: "usage free", path: "/v1/account/usage", cost: 0 },
      { name: "a 400 is free", path: "/v1/news?limit=500", cost: 0 },
    ];
    let balance = account.balance;
    const expectedLedger: { amount: number; route_id: string }[] = [];
    for (const row of table) {
      const res = await call(service, row.path, { key, body: row.body });
      expect(res.charged, row.name).toBe(row.cost);
      balance -= row.cost;
      expect(res.balance, row.name).toBe(balance);
      expect(getAccountOrThrow(service.ctx, account.id).balance, row.name).toBe(balance);
      if (row.cost > 0) expectedLedger.push({ amount: -row.cost, route_id: row.route ?? "" });
    }
    expect(ledgerOf(service.db, account.id).map(({ amount, route_id }) => ({ amount, route_id }))).toEqual(expectedLedger);
  });

  it("402 insufficient_credits on a short balance: nothing charged, no data", async () => {
    const { account, key } = createTestAccount(service.ctx, { balance: 4 });
    const res = await call(service, `/v1/alerts?symbols=${a.symbol}`, { key });
    expect(res.status).toBe(402);
    const body = errorBodySchema.parse(res.json);
    expect(body.error.code).toBe("insufficient_credits");
    expect(body.error.details).toEqual({ required: 5, balance: 4 });
    expect(res.json).not.toHaveProperty("data");
    expect(res.charged).toBe(0);
    expect(res.balance).toBe(4);
    expect(ledgerOf(service.db, account.id)).toEqual([]);
    // A call it can afford still goes through, and free calls work at any balance.
    const news = await call(service, `/v1/news?symbols=${a.symbol}`, { key });
    expect([news.status, news.charged, news.balance]).toEqual([200, 1, 3]);
    expect((await call(service, "/v1/account", { key })).status).toBe(200);
  });

  it("reports usage: debited_today over the IST day, live counters and limits", async () => {
    const clock = new ManualClock("2026-05-14T18:00:00Z"); // 23:30 IST on the 14th
    const s = createTestService({ clock });
    const c = addCompany(s.db);
    addNews(s.db, { symbol: c.symbol, date_ms: clock.now().getTime() - 60_000 });
    const { account, key } = createTestAccount(s.ctx, { plan: "starter", balance: 100 });
    await call(s, `/v1/news?symbols=${c.symbol}`, { key }); // yesterday in IST
    clock.set("2026-05-14T18:45:00Z"); // 00:15 IST on the 15th
    await call(s, `/v1/news?symbols=${c.symbol}`, { key });
    await call(s, `/v1/news?symbols=${c.symbol}`, { key });
    const res = await call(s, "/v1/account/usage", { key });
    const usage = usageResponseSchema.parse(res.json).data;
    expect(usage).toMatchObject({
      account_id: account.id,
      balance: 97,
      debited_today: 2,
      reserved: 0,
      rate_limits: { overall: { daily: 60_000, rpm: 60 } },
    });
    expect(usage.live_usage).toMatchObject({ requests_last_minute: 3, requests_today: 3 });

    const profile = accountResponseSchema.parse((await call(s, "/v1/account", { key })).json).data;
    expect(profile.products.map((p) => p.product)).toEqual([...PRODUCTS]);
    expect(profile.products.find((p) => p.product === "symbols")?.enabled).toBe(true);
    expect(profile.metadata).toMatchObject({ plan_daily: 60_000, plan_rpm: 60, subscription_plan_id: "starter", subscription_plan_name: "Starter", crm_id: expect.any(String) });
    expect(profile.websocket_addons).toHaveLength(6);
    expect(profile).toMatchObject({ status: "active", balance: 97, name: account.name });
  });
});

describe("metering under concurrency", () => {
  const dir = mkdtempSync(join(tmpdir(), "alpha-meter-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("40 parallel paid calls on a balance of 23 over two connections never overdraw or double charge", async () => {
    const path = join(dir, "service.db");
    const clock = new ManualClock(TEST_NOW);
    const first = createTestService({ clock, db: openDatabase(path) });
    const second = createTestService({ clock, db: openDatabase(path) });
    const c = addCompany(first.db);
    addEarnings(first.db, { symbol: c.symbol, quarter: "q4_26", date_ms: TEST_NOW - DAY });
    addAlert(first.db, { symbol: c.symbol, ts_ms: TEST_NOW - 60_000 });
    addNews(first.db, { symbol: c.symbol, date_ms: TEST_NOW - 60_000 });
    const { account, key } = createTestAccount(first.ctx, { balance: 23, rpm: 1000 });
    const paths = [`/v1/news?symbols=${c.symbol}`, `/v1/alerts?symbols=${c.symbol}`, `/v1/earnings/detail?symbol=${c.symbol}&quarter=q4_26`];
    const costs = [1, 5, 3];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(i % 2 === 0 ? first : second, paths[i % 3] ?? "", { key }).then((r) => ({ r, cost: costs[i % 3] ?? 0 }))),
    );
    let served = 0;
    for (const { r, cost } of results) {
      if (r.status === 200) {
        expect(r.charged).toBe(cost);
        // The detail endpoint answers the record itself; the lists answer { data }.
        expect(r.json).toHaveProperty(cost === 3 ? "id" : "data");
        served += cost;
      } else {
        expect(r.status).toBe(402);
        expect(r.charged).toBe(0);
        expect(errorBodySchema.parse(r.json).error.code).toBe("insufficient_credits");
      }
      expect(r.balance).toBeGreaterThanOrEqual(0);
    }
    const finalBalance = getAccountOrThrow(first.ctx, account.id).balance;
    const ledgerSum = -ledgerOf(first.db, account.id).reduce((s, row) => s + row.amount, 0);
    expect(finalBalance).toBeGreaterThanOrEqual(0);
    expect(ledgerSum).toBe(23 - finalBalance);
    expect(served).toBe(ledgerSum);
    expect(results.some(({ r }) => r.status === 402)).toBe(true);
    first.close();
    second.close();
    first.db.close();
    second.db.close();
  });
});

describe("rate limits on a pinned clock", () => {
  it("sandbox: 10 per sliding minute, the 11th is 429 with Retry-After, free and not counted; allowed again 60 s later", async () => {
    const clock = new ManualClock(TEST_NOW);
    const s = createTestService({ clock });
    const c = addCompany(s.db);
    addNews(s.db, { symbol: c.symbol, date_ms: TEST_NOW - 60_000 });
    const { account, key } = createTestAccount(s.ctx, { plan: "sandbox" });
    for (let i = 1; i <= 10; i++) {
      const res = await call(s, `/v1/news?symbols=${c.symbol}`, { key });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("10");
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(10 - i));
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBe(Math.ceil((TEST_NOW + 60_000) / 1000));
      clock.advance(1_000);
    }
    const refused = await call(s, `/v1/news?symbols=${c.symbol}`, { key });
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(refused.json).error.code).toBe("rate_limit_exceeded");
    expect(refused.headers.get("retry-after")).toBe("50");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.charged).toBe(0);
    expect(refused.balance).toBe(990);
    expect(getAccountOrThrow(s.ctx, account.id).balance).toBe(990);

    clock.advance(50_000); // the first call leaves the window
    const again = await call(s, `/v1/news?symbols=${c.symbol}`, { key });
    expect(again.status).toBe(200);
    clock.advance(60_000);
    const usage = usageResponseSchema.parse((await call(s, "/v1/account/usage", { key })).json).data;
    expect(usage.live_usage).toMatchObject({ requests_today: 12, requests_last_minute: 1 });
  });

  it("the daily limit resets at midnight Asia/Kolkata", async () => {
    const clock = new ManualClock("2026-05-15T18:29:00Z"); // 23:59 IST
    const s = createTestService({ clock });
    const { key } = createTestAccount(s.ctx, { plan: "sandbox", daily: 3 });
    for (let i = 0; i < 3; i++) expect((await call(s, "/v1/account", { key })).status).toBe(200);
    const refused = await call(s, "/v1/account", { key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("3");
    clock.set("2026-05-15T18:30:00Z");
    const nextDay = await call(s, "/v1/account", { key });
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.get("x-ratelimit-remaining")).toBe("2");
  });
});
