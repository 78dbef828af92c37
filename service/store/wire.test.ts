import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StreamProduct } from "../../lib/alpha/account";
import { call, createTestAccount, createTestService } from "../../test/support/service";
import { ManualClock } from "../clock";
import { importRows } from "../dataset/import";
import { seedDataset } from "../dataset/seed";
import { createRowLoader } from "../streams/wire";
import type { Db } from "./db";
import { openDatabase } from "./db";
import { recordNews, recordTogether } from "./record";
import type { ConcallRecord } from "./writes";
import { auditWire, fillMissingWire, WIRE_TABLES, type WireTable } from "./wire";

// Inside the Q2 FY27 season: filed and unfiled results, held and upcoming calls.
const NOW = new Date("2026-11-06T08:30:00Z");
const SEED = 1 + Math.floor(Math.random() * 1_000_000);
const SCALE = 0.05;
const q = encodeURIComponent;

/**
 * Answers recorded once from the service's row mappers as they were before rows kept their wire JSON, over a slice of
 * a seeded dataset whose rows are recorded with them: list pages with filters, details, the symbol catalogue and
 * stream rows. Byte for byte, the stored JSON must answer the same; a deliberate change of the shape re-records them.
 */
interface Golden {
  now: string;
  signingSecret: string;
  tables: Record<WireTable, Record<string, unknown>[]>;
  answers: { path: string; text: string; charged: number }[];
  streamRows: { product: StreamProduct; id: string; detailed: boolean; json: string }[];
}
const GOLDEN_FILE = join(import.meta.dirname, "wire-golden.json");
const GOLDEN = JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) as Golden;
/** `WIRE_GOLDEN_RECORD=1 npx vitest run service/store/wire.test.ts` records today's answers over the same rows (a deliberate shape change). */
const RECORD = process.env.WIRE_GOLDEN_RECORD === "1";

/** The recorded rows in a fresh database, their stored JSON not written yet (as in a file from before it). */
function goldenService() {
  const db = openDatabase(":memory:");
  for (const [table, rows] of Object.entries(GOLDEN.tables)) {
    for (const row of rows) {
      const cols = Object.keys(row);
      db.prepare(`INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).run(...cols.map((c) => row[c]));
    }
  }
  // The response cache off: the second pass reads the stored JSON, not the first pass's answers.
  const service = createTestService({ db, clock: new ManualClock(Date.parse(GOLDEN.now)), config: { signingSecret: GOLDEN.signingSecret, responseCacheEntries: 0 } });
  return { db, service, key: createTestAccount(service.ctx, { balance: 1_000_000 }).key };
}

describe("answers as the mappers gave them before rows kept their JSON (recorded)", () => {
  const { db, service, key } = goldenService();
  afterAll(() => {
    service.close();
    db.close();
  });

  it.runIf(RECORD)("records the answers and stream rows anew", async () => {
    for (const a of GOLDEN.answers) Object.assign(a, await call(service, a.path, { key }).then((r) => ({ text: r.text, charged: r.charged })));
    const load = createRowLoader(service.ctx);
    for (const r of GOLDEN.streamRows) r.json = load(r.product, r.id)?.json(r.detailed) ?? r.json;
    writeFileSync(GOLDEN_FILE, `${JSON.stringify(GOLDEN, null, 1)}\n`);
  });

  it.skipIf(RECORD)("every recorded page, detail and catalogue: text and charge, from the rows' columns and then from their stored JSON", async () => {
    const rows = Object.values(GOLDEN.tables).reduce((n, t) => n + t.length, 0);
    expect(GOLDEN.answers.length).toBeGreaterThan(50);
    for (const pass of ["computed", "stored"]) {
      if (pass === "stored") expect(fillMissingWire(db)).toBe(rows);
      for (const want of GOLDEN.answers) {
        const res = await call(service, want.path, { key });
        expect(res.status, want.path).toBe(200);
        expect(res.text, `${pass}: ${want.path}`).toBe(want.text);
        expect(res.charged, want.path).toBe(want.charged);
      }
    }
    expect(auditWire(db)).toEqual([]);
  });

  it.skipIf(RECORD)("every recorded stream row, detailed and not", () => {
    const load = createRowLoader(service.ctx);
    expect(new Set(GOLDEN.streamRows.map((r) => r.product)).size).toBe(6);
    for (const want of GOLDEN.streamRows) expect(load(want.product, want.id)?.json(want.detailed), `${want.product} ${want.id} ${want.detailed}`).toBe(want.json);
  });
});

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

  it("catches a planted stale row: the audit names it and the page no longer matches the mapper", async () => {
    const id = db.prepare("SELECT id FROM news ORDER BY date_ms DESC, id DESC LIMIT 1").pluck().get() as string;
    const stored = db.prepare("SELECT wire FROM news WHERE id = ?").pluck().get(id) as string;
    // Only the JSON column is written: the triggers leave it (nothing else changed), as a bug in the store would.
    const path = "/v1/news?limit=5";
    const before = (await call(service, path, { key })).text;
    db.prepare("UPDATE news SET wire = ? WHERE id = ?").run(stored.replace('"title":"', '"title":"Stale '), id);
    try {
      expect(auditWire(db)).toEqual([{ table: "news", key: id, problem: "stale" }]);
      const res = await call(service, path, { key });
      expect(res.text).not.toBe(before);
      expect(res.text).toBe(before.replace('"title":"', '"title":"Stale '));
    } finally {
      db.prepare("UPDATE news SET wire = ? WHERE id = ?").run(stored, id);
    }
    expect(auditWire(db)).toEqual([]);
  });

  it("a write around the store (another connection, a hand edit) clears the row's JSON; the answer follows the row", async () => {
    const news = db.prepare("SELECT id, symbol FROM news ORDER BY date_ms DESC, id DESC LIMIT 1").get() as { id: string; symbol: string };
    const path = `/v1/news?symbols=${q(news.symbol)}&limit=3`;
    // What the page should become: the same bytes but for what changed (each row's JSON as JSON.stringify writes it).
    const page = (await call(service, path, { key })).json as { data: { id: string; title: string; company: string }[] };
    const edited = { ...page, data: page.data.map((r) => (r.id === news.id ? { ...r, title: "Edited by hand" } : r)) };
    db.prepare("UPDATE news SET title = 'Edited by hand' WHERE id = ?").run(news.id);
    expect(db.prepare("SELECT wire FROM news WHERE id = ?").pluck().get(news.id)).toBeNull();
    let res = await call(service, path, { key });
    expect(res.text).toBe(JSON.stringify(edited));

    // A company's new name reaches every row that carries it.
    db.prepare("UPDATE companies SET company_name = 'Renamed Industries Limited' WHERE symbol = ?").run(news.symbol);
    const cleared = ["news", "block_deals", "announcements", "earnings", "upcoming_earnings"].map(
      (t) => db.prepare(`SELECT count(*) FROM ${t} WHERE symbol = ? AND wire IS NOT NULL`).pluck().get(news.symbol) as number,
    );
    expect(cleared).toEqual([0, 0, 0, 0, 0]);
    res = await call(service, path, { key });
    expect(res.text).toBe(JSON.stringify({ ...edited, data: edited.data.map((r) => ({ ...r, company: "Renamed Industries Limited" })) }));
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
    expect(auditWire(db)).toEqual([]);
    const path = `/v1/concalls/detail?symbol=${q(record.symbol)}&quarter=${record.quarter}&detailed=true`;
    const res = await call(service, path, { key });
    expect(res.json).toMatchObject({ id: record.id, short_analysis: record.short_analysis, expanded_analysis: record.expanded_analysis });

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
    const paths = ["/v1/news?limit=50", "/v1/announcements?limit=50&detailed=true", "/v1/earnings?limit=50&detailed=true", "/v1/concalls?limit=50&detailed=true"];
    const answersOf = async (db: Db) => {
      const service = createTestService({ db, clock: new ManualClock(NOW.getTime()), config: { signingSecret: GOLDEN.signingSecret } });
      const { key } = createTestAccount(service.ctx, { balance: 1_000_000 });
      const texts = await Promise.all(paths.map(async (p) => (await call(service, p, { key })).text));
      service.close();
      return texts;
    };
    const before = await answersOf(seeded);
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
      expect(await answersOf(db)).toEqual(before);
    } finally {
      db.close();
    }
  }, 60_000);
});
