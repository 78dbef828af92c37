import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StreamProduct } from "../../lib/alpha/account";
import type { EndpointId } from "../../lib/alpha/catalogue";
import { catalogue } from "../../lib/alpha/catalogue";
import { chargeFor } from "../../lib/alpha/costs";
import * as ref from "../../test/support/service-wire-reference";
import { call, createTestAccount, createTestService } from "../../test/support/service";
import { ManualClock } from "../clock";
import type { ServiceContext } from "../context";
import { importRows } from "../dataset/import";
import { seedDataset } from "../dataset/seed";
import { queryObject } from "../endpoint";
import { RawBody } from "../billing/meter";
import { createRowLoader } from "../streams/wire";
import type { Db } from "./db";
import { openDatabase } from "./db";
import { recordNews, recordTogether } from "./record";
import type { ConcallRecord } from "./writes";
import { auditWire, fillMissingWire, WIRE_TABLES } from "./wire";

// Inside the Q2 FY27 season: filed and unfiled results, held and upcoming calls.
const NOW = new Date("2026-11-06T08:30:00Z");
const SEED = 1 + Math.floor(Math.random() * 1_000_000);
const SCALE = 0.05;
const q = encodeURIComponent;
const CATEGORY = "Outcome of Board Meeting";

type Handler = (args: { ctx: ServiceContext; input: never }) => unknown;

/** The answer the pre-issue-18 handler gives for `path` (parsed as the endpoint parses it), serialised as the service did. */
function referenceAnswer(ctx: ServiceContext, id: EndpointId, handler: Handler, path: string): { text: string; charged: number } {
  const schema = catalogue[id].query;
  if (!schema) throw new Error(`${id} takes no query`);
  const input = schema.parse(queryObject(path)) as Readonly<Record<string, unknown>>;
  const body = handler({ ctx, input: input as never });
  if (body instanceof RawBody) return { text: String(body.bytes), charged: chargeFor(id, input, body) };
  return { text: JSON.stringify(body), charged: chargeFor(id, input, body) };
}

/** Every page of a list endpoint at the largest page size, then `extra` queries; each compared with the reference. */
/** One answer of the running service against the reference's, text and charge. */
async function compareAnswer(service: ReturnType<typeof createTestService>, key: string, id: EndpointId, handler: Handler, path: string): Promise<void> {
  const res = await call(service, path, { key });
  const want = referenceAnswer(service.ctx, id, handler, path);
  expect(res.text, path).toBe(want.text);
  expect(res.charged, path).toBe(want.charged);
}

async function comparePages(
  service: ReturnType<typeof createTestService>,
  key: string,
  id: EndpointId,
  handler: Handler,
  queries: string[],
): Promise<number> {
  let compared = 0;
  for (const query of queries) {
    for (let page = 1; ; page++) {
      const path = `${catalogue[id].path}?${query}${query ? "&" : ""}page=${page}`;
      const res = await call(service, path, { key });
      const want = referenceAnswer(service.ctx, id, handler, path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(want.text);
      expect(res.charged, path).toBe(want.charged);
      compared++;
      if (!(res.json as { has_next?: boolean }).has_next) break;
    }
  }
  return compared;
}

function allIds(db: Db, table: string): string[] {
  return db.prepare(`SELECT id FROM ${table} ORDER BY rowid`).pluck().all() as string[];
}

describe(`stored wire JSON (seed ${SEED}, scale ${SCALE})`, () => {
  const db = openDatabase(":memory:");
  const service = createTestService({ db, clock: new ManualClock(NOW.getTime()) });
  let key = "";

  beforeAll(() => {
    const report = seedDataset(db, { seed: SEED, now: NOW, scale: SCALE });
    console.log(`seeded in ${report.durationMs.toFixed(0)} ms`, report);
    key = createTestAccount(service.ctx, { balance: 1_000_000_000, rpm: 1_000_000_000, daily: 1_000_000_000 }).key;
  }, 60_000);

  it("is written for every row of every table, and each equals what the mapper makes of the row", () => {
    for (const table of Object.keys(WIRE_TABLES)) {
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBeGreaterThan(0);
    }
    expect(auditWire(db)).toEqual([]);
  });

  it("news, alerts, block deals: every page byte for byte as the old mapper, with filters", async () => {
    const some = db.prepare("SELECT symbol FROM companies ORDER BY symbol LIMIT 3").pluck().all() as string[];
    const scrip = db.prepare("SELECT scrip_code FROM companies ORDER BY symbol DESC LIMIT 1").pluck().get() as string;
    let n = await comparePages(service, key, "listNews", ref.listNews as Handler, ["limit=50", `symbols=${q(some.join(","))}&sentiment=positive`, `scrip_codes=${scrip}&limit=7`]);
    n += await comparePages(service, key, "listAlerts", ref.listAlerts as Handler, ["limit=50", "important=true&limit=50", `type=price_alert,52w_high&symbols=${q(some.join(","))}`]);
    n += await comparePages(service, key, "listBlockDeals", ref.listBlockDeals as Handler, ["limit=50", "exchange=NSE&limit=13"]);
    expect(n).toBeGreaterThan(10);
  }, 60_000);

  it("announcements and earnings: list and detailed shapes, logo links on the configured base URL", async () => {
    await comparePages(service, key, "listAnnouncements", ref.listAnnouncements as Handler, ["limit=50", "limit=50&detailed=true", `categories=${q(CATEGORY)}&detailed=true`]);
    await comparePages(service, key, "listEarnings", ref.listEarnings as Handler, ["limit=50", "limit=50&detailed=true", "quarter=q2_27&detailed=true&limit=9"]);
    await comparePages(service, key, "listUpcomingEarnings", ref.listUpcomingEarnings as Handler, ["limit=50"]);
    const filings = db.prepare("SELECT e.symbol, e.quarter, c.scrip_code FROM earnings e JOIN companies c ON c.symbol = e.symbol ORDER BY e.rowid LIMIT 25").all() as {
      symbol: string;
      quarter: string;
      scrip_code: string;
    }[];
    for (const f of filings) {
      for (const query of [`symbol=${q(f.symbol)}&quarter=${f.quarter}`, `scrip_code=${f.scrip_code}&quarter=${f.quarter}&detailed=true`, `symbol=${q(f.symbol)}&quarter=${f.quarter}&detailed=true`]) {
        await compareAnswer(service, key, "getEarningsDetail", ref.getEarningsDetail as Handler, `/v1/earnings/detail?${query}`);
      }
    }
  }, 60_000);

  it("concalls: signed transcript links computed per answer around the stored JSON, list and detail", async () => {
    await comparePages(service, key, "listConcalls", ref.listConcalls as Handler, ["limit=50", "limit=50&detailed=true"]);
    await comparePages(service, key, "listUpcomingConcalls", ref.listUpcomingConcalls as Handler, ["limit=50", "limit=50&detailed=true"]);
    const held = db.prepare("SELECT k.symbol, k.quarter, c.scrip_code FROM concalls k JOIN companies c ON c.symbol = k.symbol WHERE k.meeting_ms <= ? LIMIT 25").all(NOW.getTime()) as {
      symbol: string;
      quarter: string;
      scrip_code: string;
    }[];
    expect(held.length).toBeGreaterThan(0);
    for (const k of held) {
      for (const query of [`symbol=${q(k.symbol)}&quarter=${k.quarter}`, `scrip_code=${k.scrip_code}&quarter=${k.quarter}&detailed=true`]) {
        await compareAnswer(service, key, "getConcallDetail", ref.getConcallDetail as Handler, `/v1/concalls/detail?${query}`);
      }
    }
  }, 60_000);

  it("companies: symbol metadata and the catalogue (JSON and CSV)", async () => {
    const companies = db.prepare("SELECT symbol, scrip_code FROM companies ORDER BY rowid").all() as { symbol: string; scrip_code: string }[];
    for (let i = 0; i < companies.length; i += 20) {
      const chunk = companies.slice(i, i + 20);
      const path = `/v1/symbols/metadata?symbols=${q(chunk.slice(0, 10).map((c) => c.symbol).join(","))}&scrip_codes=${chunk.slice(5).map((c) => c.scrip_code).join(",")}`;
      const res = await call(service, path, { key });
      expect(res.text, path).toBe(referenceAnswer(service.ctx, "listSymbolMetadata", ref.listSymbolMetadata as Handler, path).text);
    }
    for (const path of ["/v1/symbols?format=json", "/v1/symbols"]) {
      const res = await call(service, path, { key });
      expect(res.text, path).toBe(referenceAnswer(service.ctx, "listSymbols", ref.listSymbols as Handler, path).text);
    }
  }, 60_000);

  it("stream rows: every stored row's frame data is the old mapper's, detailed and not", () => {
    const load = createRowLoader(service.ctx);
    const readers: Record<StreamProduct, [string, (id: string, detailed: boolean) => unknown]> = {
      alerts: ["alerts", (id) => ({ ...ref.alertById(service.ctx, id), alert_type: ref.alertById(service.ctx, id)?.type })],
      news: ["news", (id) => ref.newsItemById(service.ctx, id)],
      "block-deals": ["block_deals", (id) => ref.blockDealById(service.ctx, id)],
      announcements: ["announcements", (id, d) => ref.announcementById(service.ctx, id, d)],
      earnings: ["earnings", (id, d) => ref.earningsStreamRowById(service.ctx, id, d)],
      concalls: ["concalls", (id, d) => ref.concallById(service.ctx, id, d)],
    };
    for (const [product, [table, read]] of Object.entries(readers) as [StreamProduct, (typeof readers)[StreamProduct]][]) {
      for (const id of allIds(db, table)) {
        const row = load(product, id);
        for (const detailed of [true, false]) expect(row?.json(detailed), `${product} ${id} ${detailed}`).toBe(JSON.stringify(read(id, detailed)));
      }
    }
  });

  it("catches a planted stale row: the audit names it and the page no longer matches the mapper", async () => {
    const id = db.prepare("SELECT id FROM news ORDER BY date_ms DESC, id DESC LIMIT 1").pluck().get() as string;
    const stored = db.prepare("SELECT wire FROM news WHERE id = ?").pluck().get(id) as string;
    // Only the JSON column is written: the triggers leave it (nothing else changed), as a bug in the store would.
    db.prepare("UPDATE news SET wire = ? WHERE id = ?").run(stored.replace('"title":"', '"title":"Stale '), id);
    try {
      expect(auditWire(db)).toEqual([{ table: "news", key: id, problem: "stale" }]);
      const path = "/v1/news?limit=5";
      const res = await call(service, path, { key });
      expect(res.text).not.toBe(referenceAnswer(service.ctx, "listNews", ref.listNews as Handler, path).text);
    } finally {
      db.prepare("UPDATE news SET wire = ? WHERE id = ?").run(stored, id);
    }
    expect(auditWire(db)).toEqual([]);
  });

  it("a write around the store (another connection, a hand edit) clears the row's JSON; the answer follows the row", async () => {
    const news = db.prepare("SELECT id, symbol FROM news ORDER BY date_ms DESC, id DESC LIMIT 1").get() as { id: string; symbol: string };
    db.prepare("UPDATE news SET title = 'Edited by hand' WHERE id = ?").run(news.id);
    expect(db.prepare("SELECT wire FROM news WHERE id = ?").pluck().get(news.id)).toBeNull();
    const path = `/v1/news?symbols=${q(news.symbol)}&limit=3`;
    let res = await call(service, path, { key });
    expect((res.json as { data: { id: string; title: string }[] }).data.find((r) => r.id === news.id)?.title).toBe("Edited by hand");
    expect(res.text).toBe(referenceAnswer(service.ctx, "listNews", ref.listNews as Handler, path).text);

    // A company's new name reaches every row that carries it.
    db.prepare("UPDATE companies SET company_name = 'Renamed Industries Limited' WHERE symbol = ?").run(news.symbol);
    const cleared = ["news", "block_deals", "announcements", "earnings", "upcoming_earnings"].map(
      (t) => db.prepare(`SELECT count(*) FROM ${t} WHERE symbol = ? AND wire IS NOT NULL`).pluck().get(news.symbol) as number,
    );
    expect(cleared).toEqual([0, 0, 0, 0, 0]);
    res = await call(service, path, { key });
    expect((res.json as { data: { company: string }[] }).data[0]?.company).toBe("Renamed Industries Limited");
    expect(res.text).toBe(referenceAnswer(service.ctx, "listNews", ref.listNews as Handler, path).text);
    expect(auditWire(db).every((r) => r.problem === "missing")).toBe(true);
    expect(fillMissingWire(db)).toBeGreaterThan(1);
    expect(auditWire(db)).toEqual([]);
  });

  it("the store keeps it in step: a new row, a rewritten call (simulator, import) and a deletion", async () => {
    const company = db.prepare("SELECT symbol FROM companies ORDER BY rowid LIMIT 1").pluck().get() as string;
    recordNews(service.ctx, {
      id: "news_wire_test",
      symbol: company,
      title: "A row stored after start-up",
      specific_title: null,
      summary: "Stored through record.ts.",
      long_summary: null,
      sentiment: "neutral",
      source: "Test",
      article_type: "news",
      link: "https://example.test/a",
      date: "2026-11-06T14:00:00+05:30",
      date_ms: NOW.getTime(),
    });
    expect(db.prepare("SELECT wire FROM news WHERE id = 'news_wire_test'").pluck().get()).toContain("A row stored after start-up");

    // A held call rewritten with its transcript, as the simulator does (replaceConcall).
    const call1 = db.prepare("SELECT * FROM concalls WHERE meeting_ms <= ? AND has_transcript = 0 AND short_analysis IS NOT NULL LIMIT 1").get(NOW.getTime()) as
      | Record<string, unknown>
      | undefined;
    const held = db.prepare("SELECT * FROM concalls WHERE meeting_ms <= ? AND short_analysis IS NOT NULL LIMIT 1").get(NOW.getTime()) as Record<string, unknown>;
    const target = call1 ?? held;
    const before = db.prepare("SELECT wire, wire_detail FROM concalls WHERE id = ?").get(target.id) as { wire: string; wire_detail: string };
    const record: ConcallRecord = {
      id: String(target.id),
      symbol: String(target.symbol),
      quarter: String(target.quarter),
      date: String(target.date),
      date_ms: Number(target.date_ms),
      meeting_date: String(target.meeting_date),
      meeting_ms: Number(target.meeting_ms),
      short_analysis: { guidance: "Guidance raised after the call.", redflags: "None noted." },
      sentiment_analysis: JSON.parse(String(target.sentiment_analysis)) as ConcallRecord["sentiment_analysis"],
      expanded_analysis: { sections: [{ heading: "Rewritten", paragraphs: ["The call's analysis, rewritten."] }] },
      has_transcript: true,
      has_recording: target.has_recording === 1,
      intimation_attachment: typeof target.intimation_attachment === "string" ? target.intimation_attachment : null,
    };
    recordTogether(service.ctx, (u) => u.replaceConcall(record));
    const after = db.prepare("SELECT wire, wire_detail FROM concalls WHERE id = ?").get(record.id) as { wire: string; wire_detail: string };
    expect(after.wire).not.toBe(before.wire);
    expect(after.wire).toContain("Guidance raised after the call.");
    expect(after.wire_detail).toContain("The call's analysis, rewritten.");
    const path = `/v1/concalls/detail?symbol=${q(record.symbol)}&quarter=${record.quarter}&detailed=true`;
    const res = await call(service, path, { key });
    expect(res.text).toBe(referenceAnswer(service.ctx, "getConcallDetail", ref.getConcallDetail as Handler, path).text);

    // An import that carries news about a stored call replaces it the same way.
    const line = { ...record, short_analysis: { guidance: "Imported guidance.", redflags: "" }, sentiment_analysis: record.sentiment_analysis, expanded_analysis: null };
    const { date_ms: _d, meeting_ms: _m, ...wireLine } = line;
    const report = importRows({ ctx: service.ctx, input: { product: "concalls", text: `${JSON.stringify(wireLine)}\n`, format: "jsonl" } });
    expect(report.errors).toEqual([]);
    expect(report.updated).toBe(1);
    const imported = db.prepare("SELECT wire, wire_detail FROM concalls WHERE id = ?").get(record.id) as { wire: string; wire_detail: string };
    expect(imported.wire).toContain("Imported guidance.");
    expect(imported.wire_detail).toBe("");

    db.prepare("DELETE FROM news WHERE id = 'news_wire_test'").run();
    const page = await call(service, `/v1/news?symbols=${q(company)}&limit=50`, { key });
    expect((page.json as { data: { id: string }[] }).data.map((r) => r.id)).not.toContain("news_wire_test");
    expect(auditWire(db)).toEqual([]);
  });

  afterAll(() => {
    service.close();
    db.close();
  });
});

describe("a database file made before stored JSON", () => {
  const dir = mkdtempSync(join(tmpdir(), "alpha-wire-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gets the columns on open, every row filled, and answers as before", async () => {
    const path = join(dir, "service.db");
    const seeded = openDatabase(path);
    seedDataset(seeded, { seed: SEED, now: NOW, scale: 0.02 });
    seeded.close();
    // Take the file back to what the version before migrations 50 and 51 wrote: no JSON columns, triggers or indexes
    // of theirs, and the listing indexes of migration 1.
    const raw = new Database(path);
    for (const name of raw.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%wire%'").pluck().all() as string[]) raw.exec(`DROP TRIGGER ${name}`);
    for (const name of raw.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%wire_missing'").pluck().all() as string[]) raw.exec(`DROP INDEX ${name}`);
    raw.exec(`
      DROP INDEX news_date; CREATE INDEX news_date ON news(date_ms DESC);
      DROP INDEX news_symbol_date; CREATE INDEX news_symbol_date ON news(symbol, date_ms DESC);
      DROP INDEX alerts_ts; CREATE INDEX alerts_ts ON alerts(ts_ms DESC);
      DROP INDEX alerts_symbol_ts; CREATE INDEX alerts_symbol_ts ON alerts(symbol, ts_ms DESC);
      DROP INDEX block_deals_date; CREATE INDEX block_deals_date ON block_deals(date_ms DESC);
      DROP INDEX announcements_date; CREATE INDEX announcements_date ON announcements(date_ms DESC);
      DROP INDEX announcements_symbol_date; CREATE INDEX announcements_symbol_date ON announcements(symbol, date_ms DESC);
      DROP INDEX earnings_date; CREATE INDEX earnings_date ON earnings(date_ms DESC);
      DROP INDEX concalls_date; CREATE INDEX concalls_date ON concalls(date_ms DESC);
      DROP INDEX upcoming_earnings_date; CREATE INDEX upcoming_earnings_date ON upcoming_earnings(date_ms);
    `);
    for (const [table, spec] of Object.entries(WIRE_TABLES)) {
      raw.exec(`ALTER TABLE ${table} DROP COLUMN wire`);
      if (spec.detail) raw.exec(`ALTER TABLE ${table} DROP COLUMN wire_detail`);
    }
    raw.prepare("DELETE FROM schema_migrations WHERE id IN (50, 51)").run();
    raw.close();

    const db = openDatabase(path);
    try {
      expect(db.prepare("SELECT count(*) FROM schema_migrations WHERE id IN (50, 51)").pluck().get()).toBe(2);
      expect(db.prepare("SELECT count(*) FROM news WHERE wire IS NULL").pluck().get()).toBe(0);
      expect(auditWire(db)).toEqual([]);
      const service = createTestService({ db, clock: new ManualClock(NOW.getTime()) });
      const { key } = createTestAccount(service.ctx, { balance: 1_000_000 });
      for (const [id, handler, p] of [
        ["listNews", ref.listNews, "/v1/news?limit=50"],
        ["listAnnouncements", ref.listAnnouncements, "/v1/announcements?limit=50&detailed=true"],
        ["listEarnings", ref.listEarnings, "/v1/earnings?limit=50&detailed=true"],
        ["listConcalls", ref.listConcalls, "/v1/concalls?limit=50&detailed=true"],
      ] as [EndpointId, Handler, string][]) {
        const res = await call(service, p, { key });
        expect(res.text, p).toBe(referenceAnswer(service.ctx, id, handler, p).text);
      }
      service.close();
    } finally {
      db.close();
    }
  }, 60_000);
});
