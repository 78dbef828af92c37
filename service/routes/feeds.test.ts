import { beforeAll, describe, expect, it } from "vitest";
import { alertsResponseSchema } from "../../lib/alpha/alerts";
import { announcementCategoriesResponseSchema, announcementsResponseSchema, IMPORTANT_CATEGORIES, NOT_IMPORTANT_CATEGORIES } from "../../lib/alpha/announcements";
import { blockDealsResponseSchema } from "../../lib/alpha/block-deals";
import { newsResponseSchema } from "../../lib/alpha/news";
import { addAlert, addAnnouncement, addBlockDeal, addNews, call, createTestAccount, errorOf, serviceWithTwoCompanies, TEST_NOW } from "../../test/support/service";

const MIN = 60_000;

describe("feed routes: alerts, news, block deals, announcements", () => {
  const { service, a, b } = serviceWithTwoCompanies(TEST_NOW);

  describe("GET /v1/alerts", () => {
    const ids: Record<string, string> = {};
    beforeAll(() => {
      ids.high = addAlert(service.db, { symbol: a.symbol, type: "52w_high", ts_ms: TEST_NOW - 1 * MIN, price: null, important: true }).id;
      ids.vol = addAlert(service.db, { symbol: a.symbol, type: "vol_alert", ts_ms: TEST_NOW - 2 * MIN, price: null }).id;
      ids.price = addAlert(service.db, { symbol: b.symbol, type: "price_alert", ts_ms: TEST_NOW - 3 * MIN, important: true }).id;
      ids.low = addAlert(service.db, { symbol: b.symbol, type: "52w_low", ts_ms: TEST_NOW - 4 * MIN, price: null }).id;
    });

    it("lists newest first, 5 credits per page with results, price only on price alerts", async () => {
      const { key } = createTestAccount(service.ctx);
      const res = await call(service, `/v1/alerts?symbols=${a.symbol},${b.symbol}`, { key });
      const body = alertsResponseSchema.parse(res.json);
      expect(body.data.map((r) => r.id)).toEqual([ids.high, ids.vol, ids.price, ids.low]);
      expect(res.charged).toBe(5);
      expect(body.data[2]?.price).toEqual({ value: 1520.5, change_percent: 6.2, as_of: expect.any(String) });
      expect(body.data[0]).not.toHaveProperty("price");
      expect(body.data[0]?.meta.primary_drivers).toEqual(["Block deal"]);
    });

    it("maps filter aliases: rvol_alert → vol_alert, 52w_high_60 → 52w_high; important selects the curated feed", async () => {
      const { key } = createTestAccount(service.ctx);
      const ofType = async (qs: string) => alertsResponseSchema.parse((await call(service, `/v1/alerts?symbols=${a.symbol},${b.symbol}&${qs}`, { key })).json).data.map((r) => r.id);
      expect(await ofType("type=rvol_alert")).toEqual([ids.vol]);
      expect(await ofType("type=52w_high_60&type=52w_low_60")).toEqual([ids.high, ids.low]);
      expect(await ofType("type=price_alert,52w_low")).toEqual([ids.price, ids.low]);
      expect(await ofType("important=true")).toEqual([ids.high, ids.price]);
      expect(await ofType(`from=${new Date(TEST_NOW - 3 * MIN).toISOString()}&to=${new Date(TEST_NOW - 2 * MIN).toISOString()}`)).toEqual([ids.vol, ids.price]);
    });

    it("an empty page is free; bad type values and too many are 400", async () => {
      const { key } = createTestAccount(service.ctx);
      const empty = await call(service, `/v1/alerts?symbols=${a.symbol}&type=earnings`, { key });
      expect(alertsResponseSchema.parse(empty.json).data).toEqual([]);
      expect(empty.charged).toBe(0);
      const bad = await call(service, "/v1/alerts?type=moon", { key });
      expect(bad.status).toBe(400);
      expect(errorOf(bad.json).details?.fields).toHaveProperty(["type.0"]);
      const many = await call(service, `/v1/alerts?type=${Array(11).fill("earnings").join(",")}`, { key });
      expect(many.status).toBe(400);
      const bigLimit = await call(service, "/v1/alerts?limit=51", { key });
      expect(bigLimit.status).toBe(400);
    });
  });

  describe("GET /v1/news", () => {
    it("lists newest first with sentiment filter, 1 credit per page with results", async () => {
      const n1 = addNews(service.db, { symbol: a.symbol, date_ms: TEST_NOW - 10 * MIN, sentiment: "negative", specific_title: "Specific", long_summary: "Long" });
      const n2 = addNews(service.db, { symbol: b.symbol, date_ms: TEST_NOW - 5 * MIN });
      const { key } = createTestAccount(service.ctx);
      const res = await call(service, `/v1/news?scrip_codes=${a.scrip_code},${b.scrip_code}&limit=50`, { key });
      const body = newsResponseSchema.parse(res.json);
      expect(body.data.map((r) => r.id)).toEqual([n2.id, n1.id]);
      expect(body.data[1]).toMatchObject({ company: a.company_name, symbol: a.symbol, scrip_code: a.scrip_code, sentiment: "negative", specific_title: "Specific", long_summary: "Long" });
      expect(body.data[0]).not.toHaveProperty("specific_title");
      expect(res.charged).toBe(1);
      const neg = newsResponseSchema.parse((await call(service, `/v1/news?symbols=${a.symbol},${b.symbol}&sentiment=negative`, { key })).json);
      expect(neg.data.map((r) => r.id)).toEqual([n1.id]);
      const bad = await call(service, "/v1/news?sentiment=bullish", { key });
      expect(bad.status).toBe(400);
      const empty = await call(service, `/v1/news?symbols=${a.symbol}&from=2030-01-01`, { key });
      expect(empty.charged).toBe(0);
    });
  });

  describe("GET /v1/block-deals", () => {
    it("lists newest first with an exchange filter, 1 credit per item", async () => {
      const d1 = addBlockDeal(service.db, { symbol: a.symbol, date_ms: TEST_NOW - 10 * MIN, exchange: "BSE" });
      const d2 = addBlockDeal(service.db, { symbol: a.symbol, date_ms: TEST_NOW - 5 * MIN, exchange: "NSE/BSE" });
      const { key } = createTestAccount(service.ctx);
      const res = await call(service, `/v1/block-deals?symbols=${a.symbol}`, { key });
      const body = blockDealsResponseSchema.parse(res.json);
      expect(body.data.map((r) => r.id)).toEqual([d2.id, d1.id]);
      expect(body.data[0]).toMatchObject({ company: a.company_name, exchange: "NSE/BSE", trade_value_cr: 250.5, shares: 1_000_000, price: 2505 });
      expect(res.charged).toBe(2);
      const bse = await call(service, `/v1/block-deals?symbols=${a.symbol}&exchange=bse`, { key });
      expect(blockDealsResponseSchema.parse(bse.json).data.map((r) => r.id)).toEqual([d1.id]);
      expect(bse.charged).toBe(1);
      expect((await call(service, "/v1/block-deals?exchange=LSE", { key })).status).toBe(400);
      const none = createTestAccount(service.ctx, { products: ["news"] });
      const forbidden = await call(service, "/v1/block-deals", { key: none.key });
      expect(forbidden.status).toBe(403);
      expect(errorOf(forbidden.json).code).toBe("product_not_enabled");
    });
  });

  describe("GET /v1/announcements and categories", () => {
    it("returns the two category groups for free", async () => {
      const { key } = createTestAccount(service.ctx);
      const res = await call(service, "/v1/announcements/categories", { key });
      expect(announcementCategoriesResponseSchema.parse(res.json).data).toEqual({ important: [...IMPORTANT_CATEGORIES], not_important: [...NOT_IMPORTANT_CATEGORIES] });
      expect(res.charged).toBe(0);
    });

    it("filters by category (primary or related) and importance; detailed adds fields at 2 per item", async () => {
      const div = addAnnouncement(service.db, { symbol: b.symbol, date_ms: TEST_NOW - 30 * MIN });
      const upd = addAnnouncement(service.db, { symbol: b.symbol, date_ms: TEST_NOW - 20 * MIN, category: "Company Update", related_categories: ["Dividend"], important: false });
      const agm = addAnnouncement(service.db, { symbol: b.symbol, date_ms: TEST_NOW - 10 * MIN, category: "AGM/EGM", related_categories: [], important: false });
      const { key } = createTestAccount(service.ctx);
      const list = async (qs: string) => {
        const res = await call(service, `/v1/announcements?symbols=${b.symbol}&${qs}`, { key });
        return { res, body: announcementsResponseSchema.parse(res.json) };
      };
      const all = await list("");
      expect(all.body.data.map((r) => r.id)).toEqual([agm.id, upd.id, div.id]);
      expect(all.res.charged).toBe(3);
      expect(all.body.data[0]).toMatchObject({ company_name: b.company_name, category: "AGM/EGM", image: expect.stringContaining("/v1/assets/logos/") });
      expect(all.body.data[0]).not.toHaveProperty("long_summary");
      expect((await list("categories=dividend")).body.data.map((r) => r.id)).toEqual([upd.id, div.id]);
      expect((await list("important=true")).body.data.map((r) => r.id)).toEqual([div.id]);
      expect((await list("important=false")).body.data.map((r) => r.id)).toEqual([agm.id, upd.id]);
      const detailed = await list("detailed=true&limit=1");
      expect(detailed.body.has_next).toBe(true);
      expect(detailed.body.data[0]).toMatchObject({ long_summary: expect.any(String), related_categories: [], important: false });
      expect(detailed.res.charged).toBe(2);
      const bad = await call(service, "/v1/announcements?categories=Gossip", { key });
      expect(bad.status).toBe(400);
      expect(errorOf(bad.json).message).toMatch(/unknown category/);
      // The hosted client's spelling is read as the interface's label; a near miss names the label it was closest to.
      const aliased = await list("categories=Corporate%20Action,agm");
      expect(aliased.res.status).toBe(200);
      expect(aliased.body.data.map((r) => r.id)).toEqual([agm.id]);
      const near = await call(service, "/v1/announcements?categories=Dividends", { key });
      expect(near.status).toBe(400);
      expect(errorOf(near.json).message).toContain("unknown category 'Dividends'; did you mean 'Dividend'? See GET /v1/announcements/categories");
    });
  });
});
