import { describe, expect, it } from "vitest";
import type { LiveStatus } from "@/lib/query/live";
import { recordLiveEvent } from "@/scripts/live-events";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import type { SessionUser } from "../identity/users";
import { deskRoute } from "../routes";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { StreamCoverage } from "../upstream/stream-coverage";
import { liveChannelCount } from "./live-hub";
import type { LiveTuning } from "./relay";
import { serveLive } from "./relay";
import { browserRequest, makeAccount, makeUser, withServiceForDesks } from "@/test/support/desk";
import { SseReader } from "@/test/support/sse-reader";

/**
 * One upstream socket per account and product, over the union of its browsers' symbols: each browser gets its own
 * symbols' rows and no other's, none lost or repeated while the union grows and shrinks, and a bought page is vouched
 * for only by a subscription that covered its symbols all the while. Real service, real sockets, real credits.
 */

let service: RunningServer;
const { desk, bodies, keys } = withServiceForDesks((s) => (service = s));
const FAST: Partial<LiveTuning> = { backoffInitialMs: 50, backoffMaxMs: 400, pollIntervalMs: 150, keepAliveMs: 60_000, watchdogCheckMs: 100, lingerMs: 150 };
const PRODUCTS = ["news", "announcements", "alerts"] as const;
const BOOKS = [
  ["TCS", "INFY"],
  ["WIPRO", "ITC"],
  ["RELIANCE", "HDFCBANK"],
  ["SBIN", "MARUTI"],
];
const readers: SseReader[] = [];

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A desk (its clock as given), a fresh upstream account and a member holding its key. */
async function firm(input: Parameters<typeof makeAccount>[1] = {}, now?: () => Date): Promise<{ ctx: DeskContext; account: { accountId: string; key: string }; user: SessionUser }> {
  const ctx = await desk(now ? { now } : {});
  const account = makeAccount(service, input);
  keys.push(account.key);
  const user = await makeUser(ctx);
  await saveAlphaKey({ userId: user.id, key: account.key, ctx });
  return { ctx, account, user };
}

async function openLive(ctx: DeskContext, user: SessionUser, query: string, tuning = FAST): Promise<SseReader> {
  const controller = new AbortController();
  const request = await browserRequest(ctx, user, `/api/live?${query}`, { signal: controller.signal });
  const response = await deskRoute("live", { ctx, serve: (args) => serveLive({ ...args, tuning }) })(request);
  expect(response.status).toBe(200);
  const reader = new SseReader(response, controller, undefined, request);
  readers.push(reader);
  return reader;
}

const connected = (reader: SseReader, product: string) => reader.statuses().some((s: LiveStatus) => s.product === product && s.state === "connected");
const connectionsOf = (accountId: string) => service.streams.stats().connectionsByAccount[accountId] ?? 0;

async function coverageOf(ctx: DeskContext, accountId: string): Promise<StreamCoverage[]> {
  const scope = `live-cover:${accountId}`;
  const texts = await Promise.all((await ctx.shared.memoKeys(scope)).map((k) => ctx.shared.memoGet(scope, k)));
  return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as StreamCoverage);
}

describe("one live channel per account and product", () => {
  it("four books on three products use three upstream sockets, and each browser gets exactly its book's rows, once", async () => {
    const { ctx, account, user } = await firm();
    // Two browsers per book, each streaming the three products of its book.
    const browsers = await Promise.all(BOOKS.flatMap((book) => [0, 1].map(() => openLive(ctx, user, `products=${PRODUCTS.join(",")}&symbols=${book.join(",")}`))));
    await until(() => browsers.every((b) => PRODUCTS.every((p) => connected(b, p))), "every browser connected on every product");
    expect(connectionsOf(account.accountId)).toBe(3);
    expect(liveChannelCount({ ctx })).toBe(3);
    // Rows for every book's symbols on every product, and for symbols no browser follows.
    const stored = new Map<string, string[]>();
    for (let round = 0; round < 3; round += 1) {
      for (const product of PRODUCTS) {
        for (const symbol of [...BOOKS.flat(), "TITAN", "LT"]) {
          const id = recordLiveEvent(service, { product, symbol }).id;
          stored.set(`${product}|${symbol}`, [...(stored.get(`${product}|${symbol}`) ?? []), id]);
        }
      }
    }
    const expected = (book: string[], product: string) => book.flatMap((s) => stored.get(`${product}|${s}`) ?? []).sort();
    await until(() => browsers.every((b, i) => PRODUCTS.every((p) => b.rows(p).length >= expected(BOOKS[Math.floor(i / 2)]!, p).length)), "every browser to get its rows");
    await new Promise((r) => setTimeout(r, 300));
    browsers.forEach((b, i) => {
      const book = BOOKS[Math.floor(i / 2)]!;
      for (const p of PRODUCTS) {
        const ids = b.rows(p).map((r) => String(r.id));
        expect(ids.sort()).toEqual(expected(book, p));
        expect(b.rows(p).every((r) => book.includes(String(r.symbol)))).toBe(true);
      }
    });
    for (const b of browsers) b.abort();
    await until(() => connectionsOf(account.accountId) === 0, "the sockets to close with their last browsers");
  });

  it("a browser arriving with new symbols gets them live on the same socket; the first loses and repeats nothing meanwhile", async () => {
    const { ctx, account, user } = await firm();
    const first = await openLive(ctx, user, "products=news&symbols=TCS,INFY");
    await until(() => connected(first, "news"), "the first connected");
    // Rows of the first browser's symbols every 5 ms while the second arrives and the socket is subscribed wider.
    const during: string[] = [];
    let storing = true;
    const storer = (async () => {
      while (storing) {
        during.push(recordLiveEvent(service, { product: "news", symbol: during.length % 2 ? "INFY" : "TCS" }).id);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const second = await openLive(ctx, user, "products=news&symbols=WIPRO,TCS");
    await until(() => connected(second, "news"), "the second connected");
    const wipro = recordLiveEvent(service, { product: "news", symbol: "WIPRO" });
    await until(() => second.rows("news").some((r) => r.id === wipro.id), "the new symbol's row, live");
    storing = false;
    await storer;
    expect(connectionsOf(account.accountId)).toBe(1);
    await until(() => first.rows("news").length >= during.length, "every row of the first browser");
    await new Promise((r) => setTimeout(r, 200));
    expect(first.rows("news").map((r) => r.id)).toEqual(during);
    // The second has TCS rows from its connection on (not INFY's), and WIPRO's; the first never WIPRO's.
    expect(second.rows("news").every((r) => r.symbol === "TCS" || r.symbol === "WIPRO")).toBe(true);
    expect(second.rows("news").filter((r) => r.symbol === "TCS").length).toBeGreaterThan(0);
    expect(new Set(second.rows("news").map((r) => r.id)).size).toBe(second.rows("news").length);
    // Its status names its own two symbols, not the socket's three.
    expect(second.statuses().find((s) => s.state === "connected")).toMatchObject({ message: "Live: 2 symbols, as they happen." });
    first.abort();
    second.abort();
  });

  it("a union past the tier's symbols is refused: the browser it would have added polls, the others stream on", async () => {
    const { ctx, account, user } = await firm({ plan: "starter" });
    // starter_100: 100 symbols a subscription; 60 and 60 others do not fit in one.
    // The service checks a subscription's symbols for their form only: each book pads one listed company to 60.
    const book = (listed: string, tag: string) => [listed, ...Array.from({ length: 59 }, (_, i) => `${tag}${String(i).padStart(3, "0")}`)];
    const symbols = [...book("TCS", "PADA"), ...book("INFY", "PADB")];
    // Symbols of a browser that leaves linger in the socket's subscription a while (not those a socket never had).
    const lingering = { ...FAST, lingerMs: 10_000 };
    const first = await openLive(ctx, user, `products=alerts&symbols=${symbols.slice(0, 60).join(",")}`, lingering);
    await until(() => connected(first, "alerts"), "the first connected");
    const second = await openLive(ctx, user, `products=alerts&symbols=${symbols.slice(60, 120).join(",")}`, lingering);
    await until(() => second.statuses().some((s) => s.state === "polling"), "the second to poll");
    expect(second.statuses().find((s) => s.state === "polling")).toMatchObject({ reason: "too_many_symbols" });
    expect(connectionsOf(account.accountId)).toBe(1);
    const mine = recordLiveEvent(service, { product: "alerts", symbol: symbols[0]! });
    const theirs = recordLiveEvent(service, { product: "alerts", symbol: symbols[60]! });
    await until(() => first.rows("alerts").some((r) => r.id === mine.id), "the first browser's alert, streamed");
    await until(() => second.rows("alerts").some((r) => r.id === theirs.id), "the second browser's alert, polled");
    expect(first.rows("alerts").map((r) => r.id)).toEqual([mine.id]);
    expect(first.statuses().filter((s) => s.state !== "connected" && s.state !== "connecting")).toEqual([]);
    expect(first.statuses().find((s) => s.state === "connected")).toMatchObject({ message: "Live: 60 symbols, as they happen." });
    // The refused browser's symbols were never watched, so they do not linger: a small book still fits beside the first.
    const third = await openLive(ctx, user, `products=alerts&symbols=${book("WIPRO", "PADC").slice(0, 10).join(",")}`, lingering);
    await until(() => connected(third, "alerts"), "the third connected");
    const wipro = recordLiveEvent(service, { product: "alerts", symbol: "WIPRO" });
    await until(() => third.rows("alerts").some((r) => r.id === wipro.id), "the third browser's alert, streamed");
    third.abort();
    first.abort();
    second.abort();
  });

  it("a browser joining a channel whose socket was refused while it lingers gets a socket of its own once one is free", async () => {
    const { ctx, account, user } = await firm({ plan: "starter" });
    const lingering = { ...FAST, lingerMs: 5_000 };
    // starter_100 allows two sockets: news and alerts take them, announcements is refused and its browser polls.
    const news = await openLive(ctx, user, "products=news&symbols=TCS", lingering);
    const alerts = await openLive(ctx, user, "products=alerts&symbols=INFY", lingering);
    await until(() => connected(news, "news") && connected(alerts, "alerts"), "two sockets");
    const refused = await openLive(ctx, user, "products=announcements&symbols=ITC", lingering);
    await until(() => refused.statuses().some((s) => s.state === "polling" && s.reason === "connection_limit"), "the third product polled");
    // The alerts browser leaves (its channel lingers with its socket); another announcements browser joins the
    // refused channel while it lingers: it is not left waiting on the ended socket.
    alerts.abort();
    const later = await openLive(ctx, user, "products=announcements&symbols=WIPRO", lingering);
    await until(() => connected(later, "announcements"), "the later browser connected");
    const row = recordLiveEvent(service, { product: "announcements", symbol: "WIPRO" });
    await until(() => later.rows("announcements").some((r) => r.id === row.id), "its announcement, streamed");
    expect(connectionsOf(account.accountId)).toBe(2);
    for (const b of [news, refused, later]) b.abort();
  });

  it("a page is vouched for only by a subscription that covered its symbols since it was bought, as the union grows and shrinks", async () => {
    let now = Date.parse("2026-11-27T11:00:00+05:30");
    const { ctx, account, user } = await firm({ balance: 5_000 }, () => new Date(now));
    const page = async (path: string) => {
      const request = await browserRequest(ctx, user, `/api/alpha${path}`);
      const response = await deskRoute("alphaGet", { ctx })(request);
      const text = await response.text();
      bodies.push(text);
      expect(response.status, text).toBe(200);
      return (JSON.parse(text) as { meta: { creditsCharged: number; cached: boolean; heldBecause?: string; boughtAgainBecause?: string } }).meta;
    };
    const covering = async (symbol: string) => (await coverageOf(ctx, account.accountId)).some((c) => c.symbols.includes(symbol));

    const tcs = await openLive(ctx, user, "products=alerts&symbols=TCS");
    await until(() => covering("TCS"), "TCS watched");
    const tcsPage = "/v1/alerts?symbols=TCS&limit=5";
    const infyPage = "/v1/alerts?symbols=INFY&limit=5";
    expect((await page(tcsPage)).cached).toBe(false);
    // INFY's page is bought before any browser follows INFY: the socket did not watch it then.
    expect((await page(infyPage)).cached).toBe(false);
    now += 1_000;
    const infy = await openLive(ctx, user, "products=alerts&symbols=INFY");
    await until(() => connected(infy, "alerts") && covering("INFY"), "INFY added to the socket");
    now += 61_000;
    // TCS was watched all along, across the wider subscribe: 0 credits. INFY was not: bought again.
    expect(await page(tcsPage)).toMatchObject({ creditsCharged: 0, cached: true, heldBecause: "live_stream" });
    expect(await page(infyPage)).toMatchObject({ cached: false, boughtAgainBecause: "no_stream" });
    now += 61_000;
    expect(await page(infyPage)).toMatchObject({ creditsCharged: 0, cached: true, heldBecause: "live_stream" });
    expect(connectionsOf(account.accountId)).toBe(1);

    // INFY's browser leaves: once its linger is over the socket narrows, and INFY's page is no longer vouched for.
    infy.abort();
    await until(async () => !(await covering("INFY")), "INFY dropped from the socket");
    expect(await covering("TCS")).toBe(true);
    now += 61_000;
    expect(await page(infyPage)).toMatchObject({ cached: false, boughtAgainBecause: "no_stream" });
    expect(await page(tcsPage)).toMatchObject({ creditsCharged: 0, cached: true, heldBecause: "live_stream" });
    // A row for INFY no longer reaches the socket; one for TCS still does, once.
    recordLiveEvent(service, { product: "alerts", symbol: "INFY" });
    const row = recordLiveEvent(service, { product: "alerts", symbol: "TCS" });
    await until(() => tcs.rows("alerts").some((r) => r.id === row.id), "TCS's alert");
    expect(tcs.rows("alerts").map((r) => r.id)).toEqual([row.id]);
    expect(connectionsOf(account.accountId)).toBe(1);
    tcs.abort();
  });
});
