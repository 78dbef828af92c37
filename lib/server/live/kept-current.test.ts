import { describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { dropStreamConnections, recordLiveEvent } from "@/scripts/live-events";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import type { SessionUser } from "../identity/users";
import { deskRoute } from "../routes";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { LiveTuning } from "./relay";
import { serveLive } from "./relay";
import { browserRequest, makeAccount, makeUser, withServiceForDesks } from "@/test/support/desk";
import { SseReader } from "@/test/support/sse-reader";

/**
 * Paying again for nothing new: a feed page the desk's live stream has watched since it was bought
 * is served again at 0 credits once its minute is over; a row arriving, a broken stream or none make the reload buy
 * once, and what the desk logged adds up to the service's ledger to the credit. Real service, real socket, real credits.
 */

let service: RunningServer;
const { desk, bodies, keys } = withServiceForDesks((s) => (service = s));
const FAST: Partial<LiveTuning> = { backoffInitialMs: 50, backoffMaxMs: 400, keepAliveMs: 60_000, watchdogCheckMs: 100, lingerMs: 150 };

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function openLive(ctx: DeskContext, user: SessionUser, query: string) {
  const controller = new AbortController();
  const request = await browserRequest(ctx, user, `/api/live?${query}`, { signal: controller.signal });
  const response = await deskRoute("live", { ctx, serve: (args) => serveLive({ ...args, tuning: FAST }) })(request);
  return new SseReader(response, controller, undefined, request);
}

interface Answer {
  data: { data: { id: string }[] };
  meta: { creditsCharged: number; cached: boolean; heldBecause?: string; boughtAgainBecause?: string };
}

async function page(ctx: DeskContext, user: SessionUser, path: string): Promise<Answer> {
  const request = await browserRequest(ctx, user, `/api/alpha${path}`);
  const response = await deskRoute("alphaGet", { ctx })(request);
  const text = await response.text();
  bodies.push(text);
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as Answer;
}

/** The account's debits in the service's own ledger, in credits. */
async function ledgerDebits(key: string): Promise<number> {
  const client = createAlphaClient({ baseUrl: service.url, apiKey: key });
  const ledger = await client.listAccountLedger({ query: { entry_type: ["debit"], limit: 500 } });
  return ledger.data.data.reduce((sum, entry) => sum + Math.abs(entry.amount), 0);
}

async function balanceOf(key: string): Promise<number> {
  return (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccount({})).data.data.balance;
}

async function deskSpend(ctx: DeskContext, userId: string): Promise<number> {
  const rows = await ctx.db.selectFrom("spend_log").select(["credits"]).where("user_id", "=", userId).execute();
  return rows.reduce((sum, r) => sum + Number(r.credits), 0);
}

describe("a feed page the live stream kept current", () => {
  it("costs 0 to reload while the stream delivered nothing; a row, a break or no stream buy it once; spend equals the ledger", async () => {
    // A trading Friday at 11:00 IST: the market is open, so a feed's page is fresh for its 60 s only.
    let now = Date.parse("2026-11-27T11:00:00+05:30");
    const ctx = await desk({ now: () => new Date(now) });
    const account = makeAccount(service, { balance: 5_000 });
    keys.push(account.key);
    const user = await makeUser(ctx);
    await saveAlphaKey({ userId: user.id, key: account.key, ctx });
    const start = await balanceOf(account.key);
    const covered = () => ctx.shared.memoKeys(`live-cover:${account.accountId}`).then((k) => k.length > 0);

    // The alerts page is open: its live stream for TCS is subscribed, then the page's first 20 alerts are bought.
    const live = await openLive(ctx, user, "products=alerts&symbols=TCS");
    await until(() => live.statuses().some((s) => s.state === "connected"), "the stream to connect");
    await until(covered, "the stream's witness");
    const path = "/v1/alerts?symbols=TCS&limit=20";
    const bought = await page(ctx, user, path);
    expect(bought.meta).toMatchObject({ cached: false });
    expect(bought.meta.creditsCharged).toBeGreaterThan(0);

    // 61 s later nothing has arrived on the stream: the reload is the page the desk holds, at 0 credits.
    now += 61_000;
    const reload = await page(ctx, user, path);
    expect(reload.meta).toMatchObject({ creditsCharged: 0, cached: true, heldBecause: "live_stream" });
    expect(reload.data).toEqual(bought.data);
    // An alert of another symbol is not news for this page; the channel does not even carry it.
    recordLiveEvent(service, { product: "alerts", symbol: "INFY" });

    // An alert for TCS arrives on the stream: the next reload buys the page once, with the alert in it.
    const row = recordLiveEvent(service, { product: "alerts", symbol: "TCS" });
    await until(() => live.rows("alerts").some((r) => r.id === row.id), "the alert on the stream");
    now += 2_000;
    const withRow = await page(ctx, user, path);
    expect(withRow.meta).toMatchObject({ cached: false, boughtAgainBecause: "new_rows" });
    expect(withRow.meta.creditsCharged).toBeGreaterThan(0);
    expect(withRow.data.data.map((a) => a.id)).toContain(row.id);
    // Read again at once, and a minute on with nothing new: both 0.
    expect((await page(ctx, user, path)).meta).toMatchObject({ creditsCharged: 0, cached: true, heldBecause: "fresh" });
    now += 61_000;
    expect((await page(ctx, user, path)).meta).toMatchObject({ creditsCharged: 0, cached: true, heldBecause: "live_stream" });

    // The stream breaks and comes back: it cannot vouch for what happened in between, so the reload buys the page.
    const before = live.statuses().length;
    dropStreamConnections(service);
    await until(() => live.statuses().slice(before).some((s) => s.state === "connected"), "the stream to reconnect");
    now += 1_000;
    const afterGap = await page(ctx, user, path);
    expect(afterGap.meta).toMatchObject({ cached: false, boughtAgainBecause: "no_stream" });
    expect(afterGap.meta.creditsCharged).toBeGreaterThan(0);

    // The page is closed and its stream let go after the linger: a reload past the minute buys again.
    live.abort();
    await until(async () => !(await covered()), "the witness to end");
    now += 61_000;
    const noStream = await page(ctx, user, path);
    expect(noStream.meta).toMatchObject({ cached: false, boughtAgainBecause: "no_stream" });

    // Every credit the desk logged is a debit in the service's ledger, and the balance moved by exactly that.
    const charged = [bought, withRow, afterGap, noStream].reduce((sum, a) => sum + a.meta.creditsCharged, 0);
    expect(await deskSpend(ctx, user.id)).toBe(charged);
    expect(await ledgerDebits(account.key)).toBe(charged);
    expect(start - (await balanceOf(account.key))).toBe(charged);
  });

  it("a stream of another account, or of other symbols, vouches for nothing", async () => {
    let now = Date.parse("2026-11-27T11:00:00+05:30");
    const ctx = await desk({ now: () => new Date(now) });
    const mine = makeAccount(service, { balance: 5_000 });
    const theirs = makeAccount(service, { balance: 5_000 });
    keys.push(mine.key, theirs.key);
    const me = await makeUser(ctx);
    const them = await makeUser(ctx);
    await saveAlphaKey({ userId: me.id, key: mine.key, ctx });
    await saveAlphaKey({ userId: them.id, key: theirs.key, ctx });
    // They stream news for INFY; I stream news for WIPRO and buy INFY's news page.
    const theirLive = await openLive(ctx, them, "products=news&symbols=INFY");
    const myLive = await openLive(ctx, me, "products=news&symbols=WIPRO");
    await until(() => [theirLive, myLive].every((l) => l.statuses().some((s) => s.state === "connected")), "both streams");
    await until(() => ctx.shared.memoKeys(`live-cover:${mine.accountId}`).then((k) => k.length > 0), "my witness");
    const bought = await page(ctx, me, "/v1/news?symbols=INFY&limit=5");
    now += 61_000;
    const reload = await page(ctx, me, "/v1/news?symbols=INFY&limit=5");
    expect(reload.meta).toMatchObject({ cached: false, boughtAgainBecause: "no_stream" });
    expect(await deskSpend(ctx, me.id)).toBe(bought.meta.creditsCharged + reload.meta.creditsCharged);
    expect(await ledgerDebits(mine.key)).toBe(bought.meta.creditsCharged + reload.meta.creditsCharged);
    theirLive.abort();
    myLive.abort();
  });
});
