import { describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import { priceRequest } from "@/lib/alpha/costs";
import type { RunningServer } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, makeAccount, makeUser, testDialects, withServiceAndDesk } from "@/test/support/desk";
import { buySymbolCatalogue, searchSymbols, symbolNames, symbolStanding } from "./symbol-directory";

const dialects = await testDialects();

describe.each(dialects)("the symbol directory against the embedded service, desk on %s", (dialect) => {
  let service: RunningServer;
  let desk: TestDesk;
  withServiceAndDesk((s, d) => ((service = s), (desk = d)), { dialect });

  const balanceOf = (accountId: string) =>
    (service.service.ctx.db.prepare("SELECT balance FROM accounts WHERE id = ?").get(accountId) as { balance: number }).balance;
  const company = (symbol: string) =>
    service.service.ctx.db.prepare("SELECT symbol, company_name AS name, scrip_code AS scripCode FROM companies WHERE symbol = ?").get(symbol) as {
      symbol: string;
      name: string;
      scripCode: string;
    };

  it("searches the free directory at no cost, tells listed from unknown symbols, and buys the catalogue once per account with consent", async () => {
    const ctx = desk.ctx;
    const [alice, bob, carol] = [await makeUser(ctx), await makeUser(ctx), await makeUser(ctx)];
    const shared = makeAccount(service);
    const other = makeAccount(service);
    await saveAlphaKey({ ctx, userId: alice.id, key: shared.key });
    await saveAlphaKey({ ctx, userId: bob.id, key: shared.key });
    await saveAlphaKey({ ctx, userId: carol.id, key: other.key });
    const start = balanceOf(shared.accountId);
    const price = priceRequest("listSymbols", { format: "json" }).credits;

    // Free: the symbol itself is found and known; an invented one is unknown; nothing is charged.
    const requests = () => (service.service.ctx.db.prepare("SELECT COUNT(*) AS n FROM request_log").get() as { n: number }).n;
    const tcs = await searchSymbols({ ctx, user: alice, input: { q: "tcs" } });
    // The directory is built once and kept: keystrokes that match companies ask the service nothing more.
    const built = requests();
    for (const q of ["T", "TC", "TCS", "inf"]) expect((await searchSymbols({ ctx, user: bob, input: { q } })).matches.length).toBeGreaterThan(0);
    expect(requests()).toBe(built);
    expect(tcs.exact).toBe("known");
    expect(tcs.matches[0]?.symbol).toBe("TCS");
    expect(tcs.catalogue).toMatchObject({ held: false, price: { credits: price, upTo: false } });
    expect(tcs.catalogue.price.description).toMatch(/credit/);
    const foobar = await searchSymbols({ ctx, user: alice, input: { q: "FOOBAR" } });
    expect(foobar).toMatchObject({ exact: "unknown", matches: [] });
    // Text nothing matches is asked about once (free: the results index, then the coming meetings, since a new
    // listing has filed nothing yet), then the desk's symbol check answers.
    expect(requests()).toBe(built + 2);
    await searchSymbols({ ctx, user: bob, input: { q: "foobar" } });
    expect(requests()).toBe(built + 2);
    expect(await symbolStanding({ ctx, user: alice, input: { symbol: "FOOBAR" } })).toBe("unknown");
    expect(await symbolStanding({ ctx, user: alice, input: { symbol: "M&M" } })).toBe("known");
    expect(balanceOf(shared.accountId)).toBe(start);

    // Below the price nothing is bought.
    expect(await buySymbolCatalogue({ ctx, user: alice, input: { spendUpTo: price - 1 } })).toMatchObject({ charged: 0, catalogue: { held: false } });
    expect(balanceOf(shared.accountId)).toBe(start);

    // Agreed: bought once, and then names and BSE codes are searchable.
    const bought = await buySymbolCatalogue({ ctx, user: alice, input: { spendUpTo: price } });
    expect(bought.charged).toBe(price);
    expect(bought.catalogue).toMatchObject({ held: true, price: { credits: 0 } });
    expect(balanceOf(shared.accountId)).toBe(start - price);
    const infy = company("INFY");
    const byName = await searchSymbols({ ctx, user: alice, input: { q: "infos" } });
    expect(byName.matches[0]).toMatchObject({ symbol: "INFY", name: infy.name, scripCode: infy.scripCode, matchedOn: "name" });
    const byCode = await searchSymbols({ ctx, user: alice, input: { q: infy.scripCode, limit: 3 } });
    expect(byCode.matches[0]).toMatchObject({ symbol: "INFY", matchedOn: "scripCode" });
    expect((await searchSymbols({ ctx, user: alice, input: { q: "FOOBAR" } })).exact).toBe("unknown");

    // Names of a set of symbols come from what the account holds: every company once bought, and asking is free.
    const named = await symbolNames({ ctx, user: bob, symbols: ["INFY", "tcs", "FOOBAR"] });
    expect(named).toEqual({ names: { INFY: infy.name, TCS: company("TCS").name }, catalogue: true });
    expect((await symbolNames({ ctx, user: carol, symbols: ["INFY"] })).catalogue).toBe(false);
    expect(balanceOf(shared.accountId)).toBe(start - price);

    // Never twice: another user of the same account searches it and cannot pay for it again.
    expect((await searchSymbols({ ctx, user: bob, input: { q: "infos" } })).catalogue.held).toBe(true);
    expect(await buySymbolCatalogue({ ctx, user: bob, input: { spendUpTo: price } })).toMatchObject({ charged: 0, catalogue: { held: true } });
    expect(balanceOf(shared.accountId)).toBe(start - price);
    // Another account's users do not see it.
    expect((await searchSymbols({ ctx, user: carol, input: { q: "infos" } })).catalogue.held).toBe(false);
    expect(balanceOf(other.accountId)).toBe(100_000);
  });

  it("answers through the routes: bad input is a 400, a user without a key is told why", async () => {
    const ctx = desk.ctx;
    const user = await makeUser(ctx);
    await saveAlphaKey({ ctx, userId: user.id, key: makeAccount(service).key });
    const search = deskRoute("searchSymbols", { ctx });
    const ok = await search(await browserRequest(ctx, user, "/api/symbols/search?q=M%26M&limit=5"));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { exact: string; matches: { symbol: string }[] } }).data).toMatchObject({ exact: "known", matches: [{ symbol: "M&M" }] });
    expect((await search(await browserRequest(ctx, user, "/api/symbols/search?q="))).status).toBe(400);
    expect((await search(await browserRequest(ctx, user, "/api/symbols/search?q=tcs&limit=500"))).status).toBe(400);
    const buy = deskRoute("buySymbolCatalogue", { ctx });
    expect((await buy(await browserRequest(ctx, user, "/api/symbols/catalogue", { method: "POST", body: JSON.stringify({ spendUpTo: -1 }) }))).status).toBe(400);

    const keyless = await makeUser(ctx);
    const res = await search(await browserRequest(ctx, keyless, "/api/symbols/search?q=TCS"));
    const body = (await res.json()) as { data: { exact: string; note: string; matches: unknown[] } };
    expect(body.data).toMatchObject({ exact: "unchecked", matches: [] });
    expect(body.data.note).toMatch(/Alpha key/);
    expect((await search(await browserRequest(ctx, null, "/api/symbols/search?q=TCS"))).status).toBe(401);
  });
});
