import { beforeAll, describe, expect, it } from "vitest";
import { earningsAttachmentsResponseSchema, earningsDetailResponseSchema, earningsIndexResponseSchema, earningsListResponseSchema, upcomingEarningsResponseSchema } from "../../lib/alpha/earnings";
import { addCompany, addEarnings, addUpcomingEarnings, call, createTestAccount, DAY, errorOf, serviceWithTwoCompanies, TEST_NOW } from "../../test/support/service";

describe("earnings routes", () => {
  const { service, a, b } = serviceWithTwoCompanies(TEST_NOW);
  const ids: Record<string, string> = {};

  beforeAll(() => {
    ids.a3 = addEarnings(service.db, { symbol: a.symbol, quarter: "q3_26", date_ms: TEST_NOW - 90 * DAY }).id;
    ids.a4 = addEarnings(service.db, { symbol: a.symbol, quarter: "q4_26", date_ms: TEST_NOW - 5 * DAY, has_attachment: false }).id;
    ids.b4 = addEarnings(service.db, { symbol: b.symbol, quarter: "q4_26", date_ms: TEST_NOW - 3 * DAY }).id;
  });

  it("lists filings newest first with an exact has_next, and prices 1 per item (2 detailed)", async () => {
    const { key } = createTestAccount(service.ctx);
    const q = `symbols=${a.symbol},${b.symbol}`;
    const all = await call(service, `/v1/earnings?${q}&limit=3`, { key });
    expect(all.status).toBe(200);
    const body = earningsListResponseSchema.parse(all.json);
    expect(body.data.map((r) => r.id)).toEqual([ids.b4, ids.a4, ids.a3]);
    expect(body.has_next).toBe(false);
    expect(all.charged).toBe(3);
    expect(body.data[0]).toMatchObject({ symbol: b.symbol, scrip_code: b.scrip_code, company_name: b.company_name, quarter: "q4_26" });
    expect(body.data[0]?.image).toBe(`http://alpha.test/v1/assets/logos/${b.symbol}.svg`);
    expect(body.data[0]).not.toHaveProperty("earnings_table");
    expect(JSON.stringify(body)).not.toMatch(/attachment/);

    const page1 = earningsListResponseSchema.parse((await call(service, `/v1/earnings?${q}&limit=2`, { key })).json);
    expect(page1.has_next).toBe(true);
    const page2 = earningsListResponseSchema.parse((await call(service, `/v1/earnings?${q}&limit=2&page=2`, { key })).json);
    expect(page2).toMatchObject({ has_next: false });
    expect(page2.data.map((r) => r.id)).toEqual([ids.a3]);

    const detailed = await call(service, `/v1/earnings?symbols=${b.symbol}&detailed=true`, { key });
    const row = earningsListResponseSchema.parse(detailed.json).data[0];
    expect(row?.earnings_table?.rows?.[0]?.label).toBe("Revenue");
    expect(row).toHaveProperty("earnings_significant", true);
    expect(detailed.charged).toBe(2);
  });

  it("filters by ids, scrip_codes (repeated keys), quarter and inclusive IST-day bounds", async () => {
    const { key } = createTestAccount(service.ctx);
    const get = async (qs: string) => earningsListResponseSchema.parse((await call(service, `/v1/earnings?${qs}`, { key })).json).data.map((r) => r.id);
    expect(await get(`ids=${ids.a3}&ids=${ids.b4}`)).toEqual([ids.b4, ids.a3]);
    expect(await get(`scrip_codes=${a.scrip_code}&scrip_codes=${b.scrip_code}&quarter=q4_26`)).toEqual([ids.b4, ids.a4]);
    const day = new Date(TEST_NOW - 5 * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10); // IST date of a4
    expect(await get(`symbols=${a.symbol}&from=${day}&to=${day}`)).toEqual([ids.a4]);
    expect(await get(`symbols=${a.symbol}&to=${new Date(TEST_NOW - 5 * DAY).toISOString()}`)).toEqual([ids.a4, ids.a3]);
    expect(await get(`symbols=${a.symbol}&from=${new Date(TEST_NOW - 5 * DAY + 1).toISOString()}`)).toEqual([]);
  });

  it("an empty page is free and has_next false", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/earnings?symbols=${a.symbol}&quarter=q1_20`, { key });
    expect(earningsListResponseSchema.parse(res.json)).toEqual({ data: [], has_next: false });
    expect(res.charged).toBe(0);
  });

  it("400 with field details for bad parameters", async () => {
    const { key } = createTestAccount(service.ctx);
    const cases: [string, string][] = [
      ["limit=0", "limit"],
      ["limit=51", "limit"],
      ["page=abc", "page"],
      ["quarter=Q5_26", "quarter"],
      [`symbols=${Array.from({ length: 21 }, (_, i) => `S${i}`).join(",")}`, "symbols"],
      ["from=2026-05-10&to=2026-05-01", "from"],
      ["from=yesterday", "from"],
      ["detailed=maybe", "detailed"],
    ];
    for (const [qs, field] of cases) {
      const res = await call(service, `/v1/earnings?${qs}`, { key });
      expect(res.status, qs).toBe(400);
      const error = errorOf(res.json);
      expect(error.code).toBe("invalid_parameter");
      expect(Object.keys((error.details?.fields ?? {}) as object), qs).toContain(field);
      expect(res.charged).toBe(0);
    }
  });

  it("serves the free index", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/earnings/index?symbols=${a.symbol}`, { key });
    const body = earningsIndexResponseSchema.parse(res.json);
    expect(body.data).toEqual([
      { id: ids.a4, symbol: a.symbol, quarter: "q4_26", date: expect.any(String) },
      { id: ids.a3, symbol: a.symbol, quarter: "q3_26", date: expect.any(String) },
    ]);
    expect(res.charged).toBe(0);
  });

  it("lists upcoming results nearest first: Financial Results only, not past, not already filed", async () => {
    const c = addCompany(service.db);
    const d = addCompany(service.db);
    const syms = [a.symbol, c.symbol, d.symbol].join(",");
    const later = addUpcomingEarnings(service.db, { symbol: c.symbol, quarter: "q1_27", date_ms: TEST_NOW + 20 * DAY }).id;
    const sooner = addUpcomingEarnings(service.db, { symbol: d.symbol, quarter: "q1_27", date_ms: TEST_NOW + 2 * DAY }).id;
    const todayDateOnly = addUpcomingEarnings(service.db, { symbol: c.symbol, quarter: "q4_26", date: new Date(TEST_NOW + 19_800_000).toISOString().slice(0, 10), date_ms: Date.parse(`${new Date(TEST_NOW + 19_800_000).toISOString().slice(0, 10)}T00:00:00+05:30`) }).id;
    addUpcomingEarnings(service.db, { symbol: a.symbol, quarter: "q4_26", date_ms: TEST_NOW + DAY }); // already filed
    addUpcomingEarnings(service.db, { symbol: d.symbol, quarter: "q4_26", date_ms: TEST_NOW - DAY }); // past
    addUpcomingEarnings(service.db, { symbol: d.symbol, quarter: "q2_27", date_ms: TEST_NOW + 3 * DAY, purpose: "Annual General Meeting" });
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/earnings/upcoming?symbols=${syms}`, { key });
    const body = upcomingEarningsResponseSchema.parse(res.json);
    expect(body.data.map((r) => r.id)).toEqual([todayDateOnly, sooner, later]);
    expect(body.data[1]).toMatchObject({ symbol: d.symbol, company: d.company_name, quarter: "q1_27" });
    expect(body.data.every((r) => /Financial Results/i.test(r.purpose ?? ""))).toBe(true);
    expect(res.charged).toBe(0);
    const paged = upcomingEarningsResponseSchema.parse((await call(service, `/v1/earnings/upcoming?symbols=${syms}&limit=2`, { key })).json);
    expect(paged.has_next).toBe(true);
  });

  it("returns one filing by symbol or scrip code and quarter for 3 credits, 404 otherwise", async () => {
    const { key } = createTestAccount(service.ctx);
    const bySymbol = await call(service, `/v1/earnings/detail?symbol=${a.symbol.toLowerCase()}&quarter=q3_26`, { key });
    expect(bySymbol.status).toBe(200);
    // The record itself, no `data` envelope: the hosted client reads `id` and `summary` at the top level.
    expect(bySymbol.json).not.toHaveProperty("data");
    expect(earningsDetailResponseSchema.parse(bySymbol.json)).toMatchObject({ id: ids.a3, symbol: a.symbol, summary: expect.any(String) });
    expect(bySymbol.charged).toBe(3);
    expect(bySymbol.json).not.toHaveProperty("earnings_table");

    const detailed = await call(service, `/v1/earnings/detail?scrip_code=${b.scrip_code}&quarter=q4_26&detailed=true`, { key });
    const data = earningsDetailResponseSchema.parse(detailed.json);
    expect(data.id).toBe(ids.b4);
    expect(data.earnings_table).toBeTruthy();
    expect(data.earnings_significant).toBe(true);
    expect(detailed.charged).toBe(3);

    const missing = await call(service, `/v1/earnings/detail?symbol=${a.symbol}&quarter=q1_26`, { key });
    expect(missing.status).toBe(404);
    expect(errorOf(missing.json).code).toBe("not_found");
    expect(missing.charged).toBe(0);

    const both = await call(service, `/v1/earnings/detail?symbol=${a.symbol}&scrip_code=${a.scrip_code}&quarter=q4_26`, { key });
    expect(both.status).toBe(400);
    expect(errorOf(both.json).details?.fields).toHaveProperty("scrip_code");
    const noQuarter = await call(service, `/v1/earnings/detail?symbol=${a.symbol}`, { key });
    expect(noQuarter.status).toBe(400);
    const neither = await call(service, `/v1/earnings/detail?quarter=q4_26`, { key });
    expect(neither.status).toBe(400);
  });

  it("hands out signed attachment links per id: ready, no_attachment, not_found, invalid_id (1 per ready)", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/earnings/attachments?ids=${ids.b4},${ids.a4},ern_missing,bad%20id!,${ids.a3}`, { key });
    const body = earningsAttachmentsResponseSchema.parse(res.json);
    expect(body.data.map((r) => [r.id, r.status])).toEqual([
      [ids.b4, "ready"],
      [ids.a4, "no_attachment"],
      ["ern_missing", "not_found"],
      ["bad id!", "invalid_id"],
      [ids.a3, "ready"],
    ]);
    expect(res.charged).toBe(2);
    const ready = body.data[0];
    expect(ready?.expires_in).toBe(900);
    const url = new URL(ready?.url ?? "");
    const doc = await service.app.request(url.pathname + url.search);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await doc.arrayBuffer());
    expect(bytes.subarray(0, 8).toString()).toBe("%PDF-1.4");
    expect(bytes.toString("latin1")).toContain(b.company_name);

    const none = await call(service, `/v1/earnings/attachments`, { key });
    expect(none.status).toBe(400);
  });

  it("403 product_not_enabled without the earnings product", async () => {
    const { key } = createTestAccount(service.ctx, { products: ["news", "alerts"] });
    for (const path of ["/v1/earnings", "/v1/earnings/index", "/v1/earnings/upcoming", "/v1/earnings/detail?symbol=X&quarter=q4_26", "/v1/earnings/attachments?ids=x"]) {
      const res = await call(service, path, { key });
      expect(res.status, path).toBe(403);
      expect(errorOf(res.json).code).toBe("product_not_enabled");
    }
  });
});
