import { deskRoute } from "../routes";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceRequest } from "@/lib/alpha/costs";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { startServer } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import { addCompany, addUpcomingEarnings } from "@/test/support/service";
import { portfolioDb } from "../core/portfolio-tables";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, createTestDesk, describeEachDialect, makeAccount, makeUser, makeUserWithKey, randomName, withServiceAndDesk } from "@/test/support/desk";
import {
  addWatchlistItems,
  checkSymbols,
  createWatchlist,
  deleteWatchlist,
  findWatchlist,
  listWatchlists,
  removeWatchlistItem,
  renameWatchlist,
  resolveIsins,
  UNKNOWN_SYMBOL_TTL_MS,
  updateWatchlistItem,
} from "./watchlists";

await describeEachDialect("watchlists on %s", (desk) => {
  it("creates, renames, edits and deletes a user's own watchlists", async () => {
    const ctx = desk().ctx;
    const [alice, bob] = [await makeUser(ctx), await makeUser(ctx)];
    const name = randomName("core");
    const created = await createWatchlist({ user: alice, input: { name, items: [{ symbol: "tcs", exposure: 10, label: "IT" }, { symbol: "INFY" }] }, ctx });
    expect(created.items).toEqual([
      { symbol: "TCS", exposure: 10, label: "IT" },
      { symbol: "INFY", exposure: null, label: null },
    ]);
    await expect(createWatchlist({ user: alice, input: { name }, ctx })).rejects.toMatchObject({ code: "name_taken", status: 409 });
    // Another user's watchlist is invisible: not listed, not found, not editable.
    expect(await findWatchlist({ user: bob, id: created.id, ctx })).toBeNull();
    await expect(renameWatchlist({ user: bob, id: created.id, input: { name: "mine now" }, ctx })).rejects.toMatchObject({ code: "not_found" });
    expect(await listWatchlists({ user: bob, ctx })).toEqual([]);

    const renamed = await renameWatchlist({ user: alice, id: created.id, input: { name: `${name} renamed` }, ctx });
    expect(renamed.name).toBe(`${name} renamed`);
    const merged = await addWatchlistItems({ user: alice, id: created.id, input: { items: [{ symbol: "TCS", exposure: 20 }, { symbol: "M&M", label: "auto" }] }, ctx });
    expect(merged.items.map((i) => [i.symbol, i.exposure, i.label])).toEqual([
      ["TCS", 20, null],
      ["INFY", null, null],
      ["M&M", null, "auto"],
    ]);
    const edited = await updateWatchlistItem({ user: alice, id: created.id, symbol: "M&M", input: { exposure: 5.5, label: null }, ctx });
    expect(edited.items.find((i) => i.symbol === "M&M")).toEqual({ symbol: "M&M", exposure: 5.5, label: null });
    const removed = await removeWatchlistItem({ user: alice, id: created.id, symbol: "INFY", ctx });
    expect(removed.items.map((i) => i.symbol)).toEqual(["TCS", "M&M"]);
    const replaced = await addWatchlistItems({ user: alice, id: created.id, input: { items: [{ symbol: "HDFCBANK" }], mode: "replace" }, ctx });
    expect(replaced.items.map((i) => i.symbol)).toEqual(["HDFCBANK"]);

    await deleteWatchlist({ user: alice, id: created.id, ctx });
    expect(await findWatchlist({ user: alice, id: created.id, ctx })).toBeNull();
  });

  it("imports all or nothing: one bad item leaves the watchlist as it was", async () => {
    const ctx = desk().ctx;
    const user = await makeUser(ctx);
    const list = await createWatchlist({ user, input: { name: randomName("wl"), items: [{ symbol: "TCS" }] }, ctx });
    await expect(
      addWatchlistItems({ user, id: list.id, input: { items: [{ symbol: "INFY" }, { symbol: "not a symbol!" }, { symbol: "WIPRO", exposure: -1 }] }, ctx }),
    ).rejects.toMatchObject({ code: "invalid_body", details: { fields: { "items.1.symbol": expect.any(Array), "items.2.exposure": expect.any(Array) } } });
    await expect(addWatchlistItems({ user, id: list.id, input: { items: [{ symbol: "INFY" }, { symbol: "infy" }] }, ctx })).rejects.toMatchObject({
      details: { fields: { "items.1.symbol": [expect.stringContaining("listed twice")] } },
    });
    // 50 is the cap: 1 existing + 50 new is refused whole.
    const many = Array.from({ length: 50 }, (_, i) => ({ symbol: `SYM${i}` }));
    await expect(addWatchlistItems({ user, id: list.id, input: { items: many }, ctx })).rejects.toMatchObject({ code: "invalid_body" });
    expect((await findWatchlist({ user, id: list.id, ctx }))?.items.map((i) => i.symbol)).toEqual(["TCS"]);
  });

  it("keeps the unit of a watchlist's exposures and refuses to merge another unit into it", async () => {
    const ctx = desk().ctx;
    const user = await makeUser(ctx);
    const list = await createWatchlist({ user, input: { name: randomName("units"), items: [{ symbol: "TCS", exposure: 35000 }], exposureUnit: "inr" }, ctx });
    expect(list.exposureUnit).toBe("inr");
    await expect(addWatchlistItems({ user, id: list.id, input: { items: [{ symbol: "INFY", exposure: 10 }], exposureUnit: "shares" }, ctx })).rejects.toMatchObject({
      code: "invalid_body",
      message: expect.stringMatching(/counts exposure in rupees of value; these items are in shares\. Nothing was added/),
      details: { fields: { exposureUnit: ["must be inr, the unit of this watchlist"] } },
    });
    // Symbols without exposure may join any list; a replace takes the new unit.
    expect((await addWatchlistItems({ user, id: list.id, input: { items: [{ symbol: "INFY" }], exposureUnit: "shares" }, ctx })).exposureUnit).toBe("inr");
    const replaced = await addWatchlistItems({ user, id: list.id, input: { items: [{ symbol: "ITC", exposure: 4.5 }], mode: "replace", exposureUnit: "weight" }, ctx });
    expect(replaced).toMatchObject({ exposureUnit: "weight", items: [{ symbol: "ITC", exposure: 4.5 }] });
    // A list with no unit yet takes the first one merged into it.
    const bare = await createWatchlist({ user, input: { name: randomName("bare"), items: [{ symbol: "TCS" }] }, ctx });
    expect(bare.exposureUnit).toBeNull();
    expect((await addWatchlistItems({ user, id: bare.id, input: { items: [{ symbol: "SBIN", exposure: 100 }], exposureUnit: "shares" }, ctx })).exposureUnit).toBe("shares");
  });

  it("serves the routes: list, create (201) and field errors by item index", async () => {
    const ctx = desk().ctx;
    const user = await makeUser(ctx);
    const name = randomName("route");
    const create = await deskRoute("createWatchlist", { ctx })(
      await browserRequest(ctx, user, "/api/watchlists", { method: "POST", body: JSON.stringify({ name, items: [{ symbol: "RELIANCE", exposure: 100 }] }) }),
    );
    expect(create.status).toBe(201);
    const created = ((await create.json()) as { data: { id: string } }).data;
    const list = await deskRoute("listWatchlists", { ctx })(await browserRequest(ctx, user, "/api/watchlists"));
    expect(((await list.json()) as { data: { name: string }[] }).data.map((w) => w.name)).toEqual([name]);
    const bad = await deskRoute("addWatchlistItems", { ctx })(
      await browserRequest(ctx, user, `/api/watchlists/${created.id}/items`, { method: "POST", body: JSON.stringify({ items: [{ symbol: "" }] }) }),
      { params: { id: created.id } },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { details: { fields: Record<string, unknown> } } }).error.details.fields).toHaveProperty(["items.0.symbol"]);
    const signedOut = await deskRoute("listWatchlists", { ctx })(await browserRequest(ctx, null, "/api/watchlists"));
    expect(signedOut.status).toBe(401);
  });
});

/** A member holding a fresh account's key, two stored companies with their ISINs (by symbol), and the account's balance. */
async function isinBuyer(service: RunningServer, ctx: DeskContext, symbols: readonly [string, string]) {
  const { user, accountId } = await makeUserWithKey({ ctx, service });
  const db = service.service.ctx.db;
  const companies = db.prepare("SELECT symbol, isin FROM companies WHERE symbol IN (?, ?) ORDER BY symbol").all(...symbols) as { symbol: string; isin: string }[];
  expect(companies).toHaveLength(2);
  const balance = () => (db.prepare("SELECT balance FROM accounts WHERE id = ?").get(accountId) as { balance: number }).balance;
  return { user, db, companies, balance };
}

describe("symbol checks against the embedded service", () => {
  let service: RunningServer;
  let desk: TestDesk;
  withServiceAndDesk((s, d) => ((service = s), (desk = d)));

  it("tells known from unknown symbols with the free earnings index, and caches the answer", async () => {
    const ctx = desk.ctx;
    const { user } = await makeUserWithKey({ ctx, service });
    const known = (service.service.ctx.db.prepare("SELECT DISTINCT symbol FROM earnings ORDER BY symbol LIMIT 25").all() as { symbol: string }[]).map((r) => r.symbol);
    expect(known.length).toBeGreaterThan(20);
    const asked = [...known, "NOSUCHCO"];
    const first = await checkSymbols({ user, symbols: asked, ctx });
    expect(first.known).toEqual(known);
    expect(first.unknown).toEqual(["NOSUCHCO"]);
    expect(first.unchecked).toEqual([]);
    const before = service.service.ctx.db.prepare("SELECT COUNT(*) AS n FROM request_log").get() as { n: number };
    const again = await checkSymbols({ user, symbols: asked, ctx });
    expect(again).toEqual(first);
    const after = service.service.ctx.db.prepare("SELECT COUNT(*) AS n FROM request_log").get() as { n: number };
    expect(after.n).toBe(before.n);

    // An ETF and a gold bond are marked, never asked about; a retired symbol is unknown with what it trades as now.
    const book = await checkSymbols({ user, symbols: ["TCS", "NIFTYBEES", "SGBAUG28V", "TATAMOTORS"], ctx });
    expect(book).toMatchObject({ known: ["TCS"], unknown: ["TATAMOTORS"], renamed: [{ symbol: "TATAMOTORS", to: ["TMPV", "TMCV"] }] });
    expect(book.instruments).toEqual([
      { symbol: "NIFTYBEES", kind: "etf", label: "ETF" },
      { symbol: "SGBAUG28V", kind: "gold_bond", label: "Sovereign gold bond" },
    ]);

    // Through the route, and for a user without a key: nothing checked, and a note saying why.
    const keyless = await makeUser(ctx);
    const res = await deskRoute("checkSymbolsGet", { ctx })(await browserRequest(ctx, keyless, "/api/watchlists/known-symbols?symbols=ZZZNEW1"));
    const body = (await res.json()) as { data: { unchecked: string[]; note: string } };
    expect(body.data.unchecked).toEqual(["ZZZNEW1"]);
    expect(body.data.note).toMatch(/Alpha key/);
  });

  it("knows a new listing with no results filed by its booked board meeting, and asks again about an unknown symbol later", async () => {
    const ctx = desk.ctx;
    const user = await makeUser(ctx);
    await saveAlphaKey({ userId: user.id, key: makeAccount(service).key, ctx });
    const db = service.service.ctx.db;
    // Two new listings, no results filed; the first has booked its first board meeting.
    const { symbol } = addCompany(db);
    const { symbol: later } = addCompany(db);
    addUpcomingEarnings(db, { symbol, date_ms: Date.now() + 20 * 86_400_000, quarter: "q3_27" });
    const first = await checkSymbols({ user, symbols: [symbol, later], ctx });
    expect(first.known).toEqual([symbol]);
    expect(first.unknown).toEqual([later]);
    // The other one books its meeting: still "unknown" within the quarter hour, known once that has passed.
    addUpcomingEarnings(db, { symbol: later, date_ms: Date.now() + 21 * 86_400_000, quarter: "q3_27" });
    expect((await checkSymbols({ user, symbols: [later], ctx })).unknown).toEqual([later]);
    await portfolioDb({ ctx })
      .updateTable("symbol_checks")
      .set({ checked_at: new Date(ctx.now().getTime() - UNKNOWN_SYMBOL_TTL_MS - 1_000).toISOString() })
      .where("symbol", "=", later)
      .execute();
    expect((await checkSymbols({ user, symbols: [later], ctx })).known).toEqual([later]);
  });

  it("maps ISINs to symbols from symbol metadata: the price first, paid only when agreed, then free from what it learnt", async () => {
    const ctx = desk.ctx;
    const { user, companies, balance } = await isinBuyer(service, ctx, ["TCS", "INFY"]);
    const isins = [...companies.map((c) => c.isin), "INE000X00000"];
    const start = balance();

    const priced = await resolveIsins({ user, input: { isins }, ctx });
    expect(priced.charged).toBe(0);
    expect(priced.pending.sort()).toEqual([...isins].sort());
    // A small universe (this service is seeded at a tenth): its metadata costs less than the whole catalogue.
    expect(priced.price).toBeGreaterThan(20);
    expect(priced.price).toBeLessThan(priceRequest("listSymbols", { format: "json" }).credits);
    expect(balance()).toBe(start);
    await expect(resolveIsins({ user, input: { isins, spendUpTo: priced.price - 1 }, ctx })).resolves.toMatchObject({ charged: 0, price: priced.price });

    const paid = await resolveIsins({ user, input: { isins, spendUpTo: priced.price }, ctx });
    expect(paid.symbols).toEqual({ [companies[0]!.isin]: "INFY", [companies[1]!.isin]: "TCS", INE000X00000: null });
    expect(paid.pending).toEqual([]);
    expect(paid.charged).toBeGreaterThan(0);
    expect(paid.charged).toBeLessThanOrEqual(priced.price);
    expect(balance()).toBe(start - paid.charged);

    // Learnt once, known to every user of the desk at no charge.
    const other = await makeUser(ctx);
    await saveAlphaKey({ userId: other.id, key: makeAccount(service).key, ctx });
    const again = await resolveIsins({ user: other, input: { isins: companies.map((c) => c.isin) }, ctx });
    expect(again).toEqual({ symbols: { [companies[0]!.isin]: "INFY", [companies[1]!.isin]: "TCS" }, pending: [], price: 0, charged: 0, note: null });
    await expect(resolveIsins({ user: other, input: { isins: ["nope"] }, ctx })).rejects.toMatchObject({ code: "invalid_body" });

    // Two companies left to learn: their metadata (1 credit each) is cheaper than the catalogue.
    await portfolioDb({ ctx }).deleteFrom("symbol_isins").where("symbol", "in", ["TCS", "INFY"]).execute();
    const few = await resolveIsins({ user: other, input: { isins: companies.map((c) => c.isin) }, ctx });
    expect(few).toMatchObject({ price: priceRequest("listSymbolMetadata", { symbols: ["TCS", "INFY"] }).credits, charged: 0 });
    expect(few.price).toBe(2);
    const fewPaid = await resolveIsins({ user: other, input: { isins: companies.map((c) => c.isin), spendUpTo: few.price }, ctx });
    expect(fewPaid).toMatchObject({ symbols: { [companies[0]!.isin]: "INFY", [companies[1]!.isin]: "TCS" }, pending: [], charged: 2 });
  });
});

describe("ISINs on a full market", () => {
  let service: RunningServer;
  let desk: TestDesk;
  beforeAll(async () => {
    service = await startServer({ databasePath: join(mkdtempSync(join(tmpdir(), "alpha-svc-")), "service.db"), port: 0, host: "127.0.0.1" });
    desk = await createTestDesk({ config: { alphaBaseUrl: service.url } });
  }, 60_000);
  afterAll(async () => {
    await desk.close();
    await service.close();
  });

  it("buys the whole symbol catalogue once when it costs less than every company's metadata, and keeps it for everyone", async () => {
    const ctx = desk.ctx;
    const { user, db, companies, balance } = await isinBuyer(service, ctx, ["HDFCBANK", "ITC"]);
    const isins = companies.map((c) => c.isin);
    const start = balance();
    const catalogue = priceRequest("listSymbols", { format: "json" }).credits;

    const priced = await resolveIsins({ user, input: { isins }, ctx });
    expect(priced).toMatchObject({ price: catalogue, charged: 0 });
    expect(balance()).toBe(start);
    const paid = await resolveIsins({ user, input: { isins, spendUpTo: priced.price }, ctx });
    expect(paid).toMatchObject({ symbols: { [isins[0]!]: "HDFCBANK", [isins[1]!]: "ITC" }, pending: [], charged: catalogue });
    expect(balance()).toBe(start - catalogue);

    const other = await makeUser(ctx);
    await saveAlphaKey({ userId: other.id, key: makeAccount(service).key, ctx });
    const anyIsin = (db.prepare("SELECT isin FROM companies WHERE symbol = 'RELIANCE'").get() as { isin: string }).isin;
    expect(await resolveIsins({ user: other, input: { isins: [anyIsin] }, ctx })).toEqual({ symbols: { [anyIsin]: "RELIANCE" }, pending: [], price: 0, charged: 0, note: null });
  }, 60_000);
});
