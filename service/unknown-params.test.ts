import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock";
import { closestName } from "./endpoint";
import { addCompany, addNews, call, createTestAccount, createTestService, errorOf, TEST_NOW } from "../test/support/service";

describe("unknown query parameters", () => {
  const service = createTestService({ clock: new ManualClock(TEST_NOW) });
  const company = addCompany(service.db);
  addNews(service.db, { symbol: company.symbol, date_ms: TEST_NOW - 60_000 });

  it("refuses ?symbol= on a paid list with 400 naming it and the closest known parameter, charging nothing", async () => {
    const { key, account } = createTestAccount(service.ctx, { balance: 100 });
    const res = await call(service, `/v1/news?symbol=${company.symbol}`, { key });
    expect(res.status).toBe(400);
    expect(res.charged).toBe(0);
    const error = errorOf(res.json);
    expect(error.code).toBe("invalid_parameter");
    expect(error.message).toBe("Received unknown parameter 'symbol'; did you mean 'symbols'?");
    expect(error.details).toMatchObject({ parameter: "symbol", did_you_mean: "symbols", fields: { symbol: [expect.stringContaining("symbols")] } });
    expect(res.balance).toBe(100);
    expect(service.db.prepare("SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND entry_type = 'debit'").get(account.id)).toEqual({ n: 0 });

    const ok = await call(service, `/v1/news?symbols=${company.symbol}`, { key });
    expect(ok.status).toBe(200);
    expect(ok.charged).toBe(1);
  });

  it("suggests the closest name for typos, and says so when an endpoint takes none", async () => {
    const { key } = createTestAccount(service.ctx, { balance: 100 });
    const cases: [string, string, string | null][] = [
      ["/v1/alerts?tpye=earnings", "tpye", "type"],
      ["/v1/earnings?quater=q4_26", "quater", "quarter"],
      ["/v1/announcements?category=Dividend", "category", "categories"],
      ["/v1/earnings/detail?symbol=TCS&quarter=q4_26&detail=true", "detail", "detailed"],
      ["/v1/news?symbols=TCS&pageSize=10", "pageSize", "page"],
      ["/v1/account?verbose=1", "verbose", null],
    ];
    for (const [path, parameter, closest] of cases) {
      const res = await call(service, path, { key });
      expect(res.status, path).toBe(400);
      expect(errorOf(res.json).details, path).toMatchObject({ parameter, did_you_mean: closest });
    }
    const summary = await call(service, "/v1/daily-summary/?mode=exposure", { key, body: { symbols: [company.symbol] } });
    expect(summary.status).toBe(400);
    expect(summary.charged).toBe(0);
    expect(errorOf(summary.json).message).toMatch(/unknown parameter 'mode'/);
  });

  it("keeps api_key (credentials) and repeated known keys working", async () => {
    const { key } = createTestAccount(service.ctx, { balance: 100 });
    const res = await call(service, `/v1/news?symbols=${company.symbol}&symbols=TCS&api_key=${key}`);
    expect(res.status).toBe(200);
  });

  it("closestName prefers a shared prefix", () => {
    expect(closestName("symbol", ["symbols", "scrip_codes", "page"])).toBe("symbols");
    expect(closestName("scrip_code", ["symbols", "scrip_codes"])).toBe("scrip_codes");
    expect(closestName("x", [])).toBeNull();
  });
});

describe("unknown query parameters far from any known one", () => {
  it("still names the closest, and lists what the endpoint takes", async () => {
    const service = createTestService({ clock: new ManualClock(TEST_NOW) });
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, "/v1/block-deals?zzzzzzzz=1", { key });
    expect(res.status).toBe(400);
    const error = errorOf(res.json);
    expect(error.message).toMatch(/^Received unknown parameter 'zzzzzzzz'; the closest known parameter is '\w+' \(this endpoint takes symbols, exchange, from, to, page, limit\)$/);
  });
});
