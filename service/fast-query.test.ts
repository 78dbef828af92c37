import { describe, expect, it } from "vitest";
import * as z from "zod";
import { catalogue } from "../lib/alpha/catalogue";
import { errorBodySchema } from "../lib/alpha/errors";
import { ManualClock } from "./clock";
import { queryObject } from "./endpoint";
import { FAST_QUERIES, fastParseQuery } from "./fast-query";
import { addCompany, addNews, call, createTestAccount, createTestService } from "../test/support/service";
import { createRng } from "./dataset/rng";

const ids = Object.keys(FAST_QUERIES) as (keyof typeof FAST_QUERIES)[];

/** Values each parameter is tried with: plain ones, and the edges of what the schema accepts or refuses. */
const VALUES: Record<string, string[]> = {
  symbols: ["TCS", "tcs", " m&m ", "TCS,INFY", "TCS,,INFY,", ",", "", "BAJAJ-AUTO", "M.A.N_1", "-TCS", "TCS INFY", "ÀB", "ß", Array.from({ length: 20 }, (_, i) => `S${i}`).join(","), Array.from({ length: 21 }, (_, i) => `S${i}`).join(",")],
  scrip_codes: ["500325", "12345", "1234567", "1234", "12345678", "500325, 532540", "5003a5", ""],
  sentiment: ["positive", "negative", "neutral", "Positive", " positive", "", "mixed"],
  exchange: ["NSE", "BSE", "NSE/BSE", "nse", " bse ", "nse/bse", "LSE", ""],
  from: ["2026-05-01", "2026-02-29", "2024-02-29", "2026-13-01", "2026-05-01T10:00:00", "2026-05-01T10:00", "2026-05-01T10:00:00Z", "2026-05-01T10:00:00.123Z", "2026-05-01T10:00:00+05:30", "2026-05-01T10:00:00+0530", "2026-05-01T24:00:00", " 2026-05-01 ", "2026-5-1", "yesterday", ""],
  to: ["2026-05-02", "2026-04-30", "2026-05-01T09:59:59", "2026-05-01T10:00:00", "2026-05-01T04:30:00Z", "2026-05-01T23:59:59.999+05:30", "2026-02-30", "2026-05-01T10:00:00-01:00", " 2026-05-03T00:00:00Z ", "2026-05-01T10:00:60Z", ""],
  page: ["1", "2", "007", " 3 ", "0", "-1", "1.5", "10000", "10001", "1e2", "", "999999999999"],
  limit: ["1", "20", "50", "51", "0", " 50", "050", "abc", ""],
};

/** Random query strings over the endpoint's parameters: each present or not, sometimes repeated, values from VALUES. */
function generatedQueries(id: keyof typeof FAST_QUERIES, count: number): string[] {
  const rng = createRng(18);
  const random = () => rng.next();
  const names = FAST_QUERIES[id]!.params.map(([name]) => name);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const search = new URLSearchParams();
    for (const name of names) {
      const r = random();
      if (r < 0.5) continue;
      search.append(name, pick(VALUES[name]!));
      if (r > 0.93) search.append(name, pick(VALUES[name]!));
    }
    out.push(`/x?${search.toString()}`);
  }
  return out;
}

describe("the fast query path", () => {
  it("names every parameter of each schema, in the schema's order", () => {
    for (const id of ids) {
      const schema = catalogue[id].query;
      expect(schema).toBeInstanceOf(z.ZodObject);
      expect(FAST_QUERIES[id]!.params.map(([name]) => name)).toEqual(Object.keys((schema as z.ZodObject).shape));
    }
  });

  it("gives what the catalogue's schema gives, key for key and in order, whenever it decides; else leaves it to the schema", () => {
    for (const id of ids) {
      const schema = catalogue[id].query!;
      let decided = 0;
      let refusedBySchema = 0;
      for (const url of generatedQueries(id, 6_000)) {
        const query = queryObject(url);
        const fast = fastParseQuery(id, query);
        const slow = schema.safeParse(query);
        if (!slow.success) refusedBySchema += 1;
        if (fast === undefined) continue;
        decided += 1;
        expect(slow.success, `${id} ${url}: the schema refuses what the fast path accepted`).toBe(true);
        expect(JSON.stringify(fast), `${id} ${url}`).toBe(JSON.stringify(slow.data));
      }
      // Both sides are exercised: many queries decided here, many refused by the schema.
      expect(decided).toBeGreaterThan(300);
      expect(refusedBySchema).toBeGreaterThan(1_000);
    }
  });

  it("decides the common queries of a feed (so the path is taken), and none that is invalid", () => {
    const common = [
      "/v1/news",
      "/v1/news?limit=50",
      "/v1/news?limit=50&to=2026-11-20T10:15:37",
      "/v1/news?limit=50&to=2026-11-20T04:45:37Z&page=3",
      "/v1/news?from=2026-11-12&to=2026-11-20T10:15:37&limit=50",
      "/v1/news?symbols=TCS,INFY,M%26M&limit=50&to=2026-11-20T10:15:37",
      "/v1/news?sentiment=negative&limit=37",
      "/v1/news?scrip_codes=500325&symbols=tcs",
    ];
    for (const url of common) expect(fastParseQuery("listNews", queryObject(url)), url).toEqual(catalogue.listNews.query.parse(queryObject(url)));
    const invalid = ["/v1/news?limit=51", "/v1/news?from=2026-11-21&to=2026-11-20", "/v1/news?sentiment=good", "/v1/news?to=2026-02-30", "/v1/news?limit=5&limit=6"];
    for (const url of invalid) {
      expect(fastParseQuery("listNews", queryObject(url)), url).toBeUndefined();
      expect(catalogue.listNews.query.safeParse(queryObject(url)).success, url).toBe(false);
    }
    expect(fastParseQuery("listBlockDeals", queryObject("/v1/block-deals?exchange=nse/bse&limit=50"))).toEqual({ exchange: "NSE/BSE", page: 1, limit: 50 });
    expect(fastParseQuery("listAlerts", queryObject("/v1/alerts?limit=50"))).toBeUndefined();
  });

  describe("through the service", () => {
    const NOW = Date.parse("2026-05-15T06:00:00Z");
    const service = createTestService({ clock: new ManualClock(NOW) });
    const company = addCompany(service.db);
    addNews(service.db, { symbol: company.symbol, date_ms: NOW - 60_000 });

    it("still words the schema's 400 for a query it leaves to the schema, charging nothing", async () => {
      const { key } = createTestAccount(service.ctx, { balance: 100 });
      const res = await call(service, "/v1/news?from=2026-05-15&to=2026-05-14&limit=50", { key });
      expect(res.status).toBe(400);
      expect(res.charged).toBe(0);
      const error = errorBodySchema.parse(res.json).error;
      expect(error.code).toBe("invalid_parameter");
      expect(error.details).toMatchObject({ fields: { from: ["must not be after 'to'"] } });
      const ok = await call(service, `/v1/news?symbols=${company.symbol.toLowerCase()}&to=2026-05-15T11:30:00&limit=50`, { key });
      expect(ok.status).toBe(200);
      expect((ok.json as { data: { symbol: string }[] }).data.map((n) => n.symbol)).toEqual([company.symbol]);
    });
  });
});
