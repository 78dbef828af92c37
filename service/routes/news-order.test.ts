import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogue } from "../../lib/alpha/catalogue";
import { toIstIso } from "../../lib/alpha/time";
import * as ref from "../../test/support/service-wire-reference";
import { addCompany, addNews, call, createTestAccount, createTestService, TEST_NOW } from "../../test/support/service";
import type { JsonText } from "../billing/meter";
import { ManualClock } from "../clock";
import { queryObject } from "../endpoint";
import type { EndpointInput } from "../endpoint";
import { openDatabase } from "../store/db";
import { fillMissingWire } from "../store/wire";
import type { ServiceContext } from "../context";
import { listNewsWithSql, NEWS_PAGE } from "./news";
import { newsPageFromOrder, ROWS_PER_SQL_PAGE } from "./news-order";
import { createRng } from "../dataset/rng";

const HOUR = 3_600_000;
const SENTIMENTS = ["positive", "negative", "neutral"] as const;
const dir = mkdtempSync(join(tmpdir(), "alpha-news-order-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function text(page: JsonText | { json: string | Uint8Array }): string {
  return typeof page.json === "string" ? page.json : Buffer.from(page.json).toString("utf8");
}

/**
 * A service on a file database with the response cache off and news with many ties: 8 companies, 600 items on 60
 * distinct hours (so ids break most ties), random sentiments and ids that do not follow insertion order.
 */
function setup(name: string, seed = 18) {
  const rng = createRng(seed);
  const random = () => rng.next();
  const path = join(dir, `${name}.db`);
  const service = createTestService({ clock: new ManualClock(TEST_NOW), db: openDatabase(path), config: { responseCacheEntries: 0 } });
  const companies = Array.from({ length: 8 }, (_, i) => addCompany(service.db, { symbol: `SYM${i}`, scrip_code: String(500_100 + i) }));
  const times = Array.from({ length: 60 }, (_, i) => TEST_NOW - (i + 1) * HOUR - Math.floor(random() * 4) * 60_000);
  for (let i = 0; i < 600; i++) {
    addNews(service.db, {
      id: `nws_${Math.floor(random() * 1e9).toString(36)}_${i}`,
      symbol: companies[Math.floor(random() ** 2 * companies.length)]!.symbol,
      date_ms: times[Math.floor(random() * times.length)]!,
      sentiment: SENTIMENTS[Math.floor(random() * 3)]!,
      title: `Item ${i}`,
    });
  }
  const { key } = createTestAccount(service.ctx, { balance: 1_000_000 });
  return { path, service, companies, times, key, random };
}

/** Random news queries over the fixture: symbol sets (with repeats, lower case, unknown ones), scrip codes, bounds on and between row times, pages. */
function generatedQueries(random: () => number, times: readonly number[], count: number): string[] {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const bound = (ms: number) => {
    const r = random();
    if (r < 0.25) return toIstIso(new Date(ms)).slice(0, 10);
    if (r < 0.6) return toIstIso(new Date(ms)).slice(0, 19);
    return new Date(ms).toISOString();
  };
  const moment = () => (random() < 0.6 ? pick(times) : pick(times) + Math.floor((random() - 0.5) * 2 * HOUR));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const q = new URLSearchParams();
    if (random() < 0.5) {
      const n = 1 + Math.floor(random() * 5);
      const symbols = Array.from({ length: n }, () => (random() < 0.1 ? "NOPE" : `${random() < 0.2 ? "sym" : "SYM"}${Math.floor(random() * 9)}`));
      if (random() < 0.2) symbols.push(symbols[0]!);
      q.set("symbols", symbols.join(","));
    }
    if (random() < 0.1) q.set("scrip_codes", String(500_100 + Math.floor(random() * 8)));
    if (random() < 0.3) q.set("sentiment", pick(SENTIMENTS));
    const a = moment();
    const b = moment();
    if (random() < 0.4) q.set("from", bound(Math.min(a, b)));
    if (random() < 0.7) q.set("to", bound(Math.max(a, b)));
    if (random() < 0.5) q.set("page", String(1 + Math.floor(random() * 8)));
    q.set("limit", String(pick([1, 2, 3, 7, 20, 49, 50])));
    out.push(`/v1/news?${q.toString()}`);
  }
  return out;
}

/** The page from the order in memory, the page read with SQL as before, and the pre-issue-18 mapper's page. */
function answers(ctx: ServiceContext, url: string) {
  const parsed = catalogue.listNews.query.safeParse(queryObject(url));
  if (!parsed.success) return undefined;
  const input = parsed.data as EndpointInput<"listNews">;
  const fromOrder = newsPageFromOrder(ctx, NEWS_PAGE, input);
  const withSql = listNewsWithSql(ctx, input);
  return { input, fromOrder, withSql: text(withSql), sqlKeys: (withSql.body as { data: string[] }).data, mapper: JSON.stringify(ref.listNews({ ctx, input })) };
}

describe("news pages from the order held in memory", () => {
  it("are byte for byte the SQL path's and the mapper's, keys included, on thousands of generated queries", () => {
    const { service, times, random } = setup("generated");
    let decided = 0;
    let full = 0;
    let empty = 0;
    let more = 0;
    for (const url of generatedQueries(random, times, 4_000)) {
      const got = answers(service.ctx, url);
      if (!got) continue;
      expect(got.withSql, url).toBe(got.mapper);
      if (got.input.scrip_codes?.length) {
        expect(got.fromOrder, url).toBeUndefined();
        continue;
      }
      expect(got.fromOrder, url).toBeDefined();
      decided += 1;
      expect(text(got.fromOrder!), url).toBe(got.withSql);
      expect((got.fromOrder!.body as { data: string[] }).data, url).toEqual(got.sqlKeys);
      const body = JSON.parse(got.withSql) as { data: unknown[]; has_next: boolean };
      if (body.data.length === 0) empty += 1;
      if (body.data.length === got.input.limit) full += 1;
      if (body.has_next) more += 1;
    }
    // The generated queries reach every case: most are answered here; full, partial and empty pages; next pages.
    expect(decided).toBeGreaterThan(3_000);
    expect(full).toBeGreaterThan(500);
    expect(empty).toBeGreaterThan(100);
    expect(more).toBeGreaterThan(500);
    service.close();
    service.db.close();
  });

  it("follow every write, from this connection or another: a new row, a moved date, a changed sentiment or symbol, a deletion", async () => {
    const { path, service, companies, times, key, random } = setup("writes", 7);
    const queries = generatedQueries(random, times, 60).filter((url) => !url.includes("scrip_codes"));
    const check = async () => {
      // A row edited around the store has no stored JSON until fillMissingWire: pages holding it are left to SQL.
      const unfilled = service.db.prepare("SELECT count(*) FROM news WHERE wire IS NULL").pluck().get() as number;
      let fromMemory = 0;
      for (const url of queries) {
        const got = answers(service.ctx, url);
        if (!got) continue;
        expect(got.withSql, url).toBe(got.mapper);
        // Undefined: the SQL path answered (a page holding an unfilled row, or the order not read again yet after a write).
        if (got.fromOrder === undefined) continue;
        expect(text(got.fromOrder), url).toBe(got.mapper);
        fromMemory += 1;
      }
      expect(fromMemory).toBeGreaterThan(unfilled > 0 ? 0 : 30);
      const res = await call(service, "/v1/news?limit=50&symbols=SYM0,SYM3", { key });
      expect(res.status).toBe(200);
      const input = catalogue.listNews.query.parse(queryObject("/v1/news?limit=50&symbols=SYM0,SYM3"));
      expect(res.text).toBe(JSON.stringify(ref.listNews({ ctx: service.ctx, input })));
    };
    await check();
    const other = openDatabase(path);
    const ids = other.prepare("SELECT id FROM news ORDER BY id").pluck().all() as string[];
    addNews(service.db, { symbol: companies[0]!.symbol, date_ms: times[5]!, id: "nws_zzzz_new", title: "Tied with others" });
    await check();
    other.prepare("UPDATE news SET date_ms = ? WHERE id = ?").run(times[0]! + 1, ids[10]);
    await check();
    expect(fillMissingWire(other)).toBe(1);
    await check();
    other.prepare("UPDATE news SET sentiment = 'negative', symbol = ? WHERE id = ?").run(companies[3]!.symbol, ids[20]);
    expect(fillMissingWire(other)).toBe(1);
    await check();
    other.prepare("DELETE FROM news WHERE id IN (?, ?)").run(ids[30], ids[31]);
    await check();
    other.close();
    service.close();
    service.db.close();
  });

  it("come from memory, kept by the dataset version alone: without the version trigger a moved row is not seen", () => {
    const { service, times } = setup("version", 3);
    const url = "/v1/news?limit=5";
    const before = answers(service.ctx, url)!;
    expect(text(before.fromOrder!)).toBe(before.withSql);
    // Test only: the trigger that bumps the version on an update dropped, the newest row moved to the end. The SQL
    // path sees it at once; the order in memory still has it first, until anything bumps the version.
    service.db.exec("DROP TRIGGER news_update_version");
    const newest = before.sqlKeys[0]!;
    service.db.prepare("UPDATE news SET date_ms = ? WHERE id = ?").run(times[times.length - 1]! - HOUR, newest);
    const stale = answers(service.ctx, url)!;
    expect(stale.sqlKeys).not.toContain(newest);
    expect((stale.fromOrder!.body as { data: string[] }).data[0]).toBe(newest);
    service.db.prepare("UPDATE data_version SET version = version + 1 WHERE id = 1").run();
    let after = answers(service.ctx, url)!;
    for (let i = 0; i < 20 && !after.fromOrder; i++) after = answers(service.ctx, url)!;
    expect(text(after.fromOrder!)).toBe(after.withSql);
    service.close();
    service.db.close();
  });

  it("after a write, are read with SQL until enough pages were asked at the new version to pay for reading the order again", () => {
    const { service, companies, times } = setup("payback", 9);
    const url = "/v1/news?limit=20&sentiment=positive";
    expect(answers(service.ctx, url)!.fromOrder).toBeDefined();
    const size = service.db.prepare("SELECT count(*) FROM news").pluck().get() as number;
    for (let round = 0; round < 2; round++) {
      addNews(service.db, { symbol: companies[1]!.symbol, date_ms: times[0]! + 1_000 + round, sentiment: "positive", title: `Round ${round}` });
      let bySql = 0;
      let got = answers(service.ctx, url)!;
      while (!got.fromOrder && bySql < 1_000) {
        expect(got.withSql).toBe(got.mapper);
        bySql += 1;
        got = answers(service.ctx, url)!;
      }
      // The ask that reaches ceil(rows / ROWS_PER_SQL_PAGE) reads the order again and is answered from it, with the new row.
      expect(bySql).toBe(Math.ceil((size + round) / ROWS_PER_SQL_PAGE) - 1);
      expect(text(got.fromOrder!)).toBe(got.mapper);
      expect(text(got.fromOrder!)).toContain(`"title":"Round ${round}"`);
    }
    service.close();
    service.db.close();
  });

  it("leave to SQL a table they would not order as SQLite does (a date stored as text), and the answer is still the mapper's", async () => {
    const { service, key } = setup("odd", 5);
    const id = service.db.prepare("SELECT id FROM news ORDER BY date_ms DESC, id DESC LIMIT 1 OFFSET 3").pluck().get() as string;
    service.db.prepare("UPDATE news SET date_ms = 'soon' WHERE id = ?").run(id);
    const got = answers(service.ctx, "/v1/news?limit=10")!;
    expect(got.fromOrder).toBeUndefined();
    expect(got.withSql).toBe(got.mapper);
    const res = await call(service, "/v1/news?limit=10", { key });
    expect(res.text).toBe(got.mapper);
    expect(res.text).toContain(`"id":"${id}"`);
    service.close();
    service.db.close();
  });
});

describe("migration 53 on a database made before it", () => {
  it("narrows the news, alerts and block-deal listing indexes (no stored JSON in them) and answers as before", async () => {
    const { path, service, key } = setup("migrate", 11);
    service.close();
    service.db.close();
    const columns = (db: ReturnType<typeof openDatabase>, index: string) => (db.prepare(`PRAGMA index_info(${index})`).all() as { name: string }[]).map((c) => c.name);
    const old = openDatabase(path);
    old.exec(`
      DROP INDEX news_date; CREATE INDEX news_date ON news(date_ms DESC, id DESC, wire);
      DROP INDEX alerts_ts; CREATE INDEX alerts_ts ON alerts(ts_ms DESC, id DESC, wire);
      DROP INDEX block_deals_date; CREATE INDEX block_deals_date ON block_deals(date_ms DESC, id DESC, wire);
    `);
    old.prepare("DELETE FROM schema_migrations WHERE id = 53").run();
    expect(columns(old, "news_date")).toEqual(["date_ms", "id", "wire"]);
    old.close();
    const db = openDatabase(path);
    try {
      expect(db.prepare("SELECT count(*) FROM schema_migrations WHERE id = 53").pluck().get()).toBe(1);
      expect(columns(db, "news_date")).toEqual(["date_ms", "id"]);
      expect(columns(db, "alerts_ts")).toEqual(["ts_ms", "id"]);
      expect(columns(db, "block_deals_date")).toEqual(["date_ms", "id"]);
      const reopened = createTestService({ clock: new ManualClock(TEST_NOW), db, config: { responseCacheEntries: 0 } });
      for (const url of ["/v1/news?limit=50", "/v1/news?limit=20&page=3&sentiment=neutral", "/v1/news?symbols=SYM1,SYM2&limit=50"]) {
        const res = await call(reopened, url, { key });
        expect(res.status, url).toBe(200);
        expect(res.text, url).toBe(JSON.stringify(ref.listNews({ ctx: reopened.ctx, input: catalogue.listNews.query.parse(queryObject(url)) })));
      }
      reopened.close();
    } finally {
      db.close();
    }
  });
});
