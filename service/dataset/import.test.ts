import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { ManualClock } from "../clock";
import { serviceConfigSchema } from "../config";
import type { StoredEvent } from "../events";
import { openDatabase } from "../store/db";
import { waitFor } from "../../test/support/service-streams";
import { withRelayedService } from "../../test/support/relayed-service";
import { call, createTestAccount, createTestService } from "../../test/support/service";
import { exportRows, importRows, IMPORT_PRODUCTS, type ImportProduct } from "./import";
import { seedDataset } from "./seed";

const NOW = "2026-11-06T08:30:00Z"; // Friday 14:00 IST, inside the Q2 FY27 season
const DAY = "2026-11-05"; // the day exported: Thursday, a full trading day
const SECRET = "round-trip-signing-secret-0123456789";
// Companies first (every row names one), the calendar before the filings that satisfy it.
const ORDER: readonly ImportProduct[] = ["companies", "upcoming-earnings", "earnings", "alerts", "news", "announcements", "block-deals", "concalls"];

function services() {
  const clock = new ManualClock(NOW);
  const config = { signingSecret: SECRET };
  const source = createTestService({ clock, config });
  seedDataset(source.db, { seed: 4242, now: new Date(NOW), scale: 0.5 });
  // The target runs with the generator off: it only ever holds what is imported.
  const target = createTestService({ clock, config: { ...config, generator: false } });
  return { source, target };
}

async function pages(service: Parameters<typeof call>[0], key: string, path: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page < 200; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await call(service, `${path}${sep}page=${page}&limit=50`, { key });
    expect(res.status, `${path} page ${page}: ${res.text.slice(0, 300)}`).toBe(200);
    out.push(res.text);
    if (!(res.json as { has_next?: boolean }).has_next) break;
  }
  return out;
}

describe("import and export in the interface's shapes", () => {
  it("round-trips a day: export from the generated service, import into an empty one with the generator off, same bytes from every endpoint", async () => {
    const { source, target } = services();
    const from = Date.parse(`${DAY}T00:00:00+05:30`);
    const published: StoredEvent[] = [];
    target.ctx.bus.on((e) => published.push(e));
    const counts: Record<string, number> = {};
    for (const product of ORDER) {
      const body = exportRows(source.db, product, { fromMs: from, toMs: from + 86_400_000 });
      const report = importRows({ ctx: target.ctx, input: { product, text: body, format: "jsonl" } });
      expect(report.errors).toEqual([]);
      expect(report.written).toBe(true);
      counts[product] = report.inserted;
    }
    console.log(`round trip of ${DAY}: imported ${JSON.stringify(counts)}, published ${published.length} stream events`);
    for (const product of ["alerts", "news", "announcements", "earnings", "block-deals"] as const) expect(counts[product], product).toBeGreaterThan(0);
    // Live subscribers hear every streamed row as it lands.
    expect(published.length).toBe(counts.alerts! + counts.news! + counts.announcements! + counts.earnings! + counts["block-deals"]! + counts.concalls!);

    const a = createTestAccount(source.ctx);
    const b = createTestAccount(target.ctx);
    const range = `from=${DAY}&to=${DAY}`;
    const lists = [
      `/v1/alerts?${range}`,
      `/v1/alerts?${range}&important=true`,
      `/v1/news?${range}`,
      `/v1/announcements?${range}`,
      `/v1/block-deals?${range}`,
      `/v1/earnings?${range}`,
      `/v1/earnings?${range}&detailed=true`,
      `/v1/earnings/index?${range}`,
      `/v1/earnings/upcoming`,
      `/v1/concalls?${range}&detailed=true`,
      `/v1/concalls/upcoming?detailed=true`,
    ];
    let compared = 0;
    for (const path of lists) {
      const [x, y] = [await pages(source, a.key, path), await pages(target, b.key, path)];
      expect(y, path).toEqual(x);
      compared += x.length;
    }
    // Details: every filing and every call of the day, by symbol and quarter.
    const details = new Set<string>();
    for (const line of exportRows(source.db, "earnings", { fromMs: from, toMs: from + 86_400_000 }).trim().split("\n")) {
      const r = JSON.parse(line) as { symbol: string; quarter: string };
      details.add(`/v1/earnings/detail?symbol=${r.symbol}&quarter=${r.quarter}&detailed=true`);
    }
    const calls = exportRows(source.db, "concalls", { fromMs: from, toMs: from + 86_400_000 }).trim().split("\n").filter(Boolean);
    for (const line of calls) {
      const r = JSON.parse(line) as { symbol: string; quarter: string; meeting_date: string };
      if (Date.parse(r.meeting_date) < from + 86_400_000) details.add(`/v1/concalls/detail?symbol=${r.symbol}&quarter=${r.quarter}&detailed=true`);
    }
    const symbols = [...new Set(calls.map((l) => (JSON.parse(l) as { symbol: string }).symbol))].slice(0, 20);
    if (symbols.length > 0) details.add(`/v1/symbols/metadata?symbols=${symbols.join(",")}`);
    for (const path of details) {
      const [x, y] = [await call(source, path, { key: a.key }), await call(target, path, { key: b.key })];
      expect(x.status, path).toBe(200);
      expect(y.text, path).toBe(x.text);
      compared++;
    }
    console.log(`round trip: ${lists.length} lists and ${details.size} details, ${compared} answers byte-identical`);
    source.close();
    target.close();
  }, 60_000);

  it("is idempotent by id and reports bad lines by number, writing nothing from a bad file", () => {
    const { source, target } = services();
    const companies = exportRows(source.db, "companies");
    expect(importRows({ ctx: target.ctx, input: { product: "companies", text: companies, format: "jsonl" } }).written).toBe(true);
    const news = exportRows(source.db, "news", { fromMs: Date.parse(`${DAY}T00:00:00+05:30`), toMs: Date.parse(`${DAY}T00:00:00+05:30`) + 86_400_000 });
    const first = importRows({ ctx: target.ctx, input: { product: "news", text: news, format: "jsonl" } });
    const again = importRows({ ctx: target.ctx, input: { product: "news", text: news, format: "jsonl" } });
    expect(first.inserted).toBeGreaterThan(0);
    expect(again).toMatchObject({ inserted: 0, unchanged: first.inserted, written: true });
    const count = () => (target.db.prepare("SELECT COUNT(*) AS n FROM alerts").get() as { n: number }).n;
    const good = JSON.stringify({ id: "alt_import_good", symbol: "TCS", type: "price_alert", reason: "TCS is up 3.1% at ₹3,410.00.", timestamp: "2026-11-05T05:00:00Z", price: { value: 3410, change_percent: 3.1, as_of: "2026-11-05T04:58:00Z" }, meta: { primary_drivers: [] }, important: false });
    const bad = [good, "{not json", JSON.stringify({ id: "alt_x", symbol: "TCS", type: "moon", reason: "x", timestamp: "2026-11-05T05:00:00Z", price: null, meta: { primary_drivers: [] } }), JSON.stringify({ id: "alt_y", symbol: "NOPE", type: "price_alert", reason: "x", timestamp: "2026-11-05T05:00:00Z", price: null, meta: { primary_drivers: [] } })].join("\n");
    const before = count();
    const report = importRows({ ctx: target.ctx, input: { product: "alerts", text: bad, format: "jsonl" } });
    expect(report.written).toBe(false);
    expect(report.errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(report.errors[1]?.message).toMatch(/type/);
    expect(report.errors[2]?.message).toMatch(/unknown symbol 'NOPE'/);
    expect(count()).toBe(before);
    source.close();
    target.close();
  });

  it("runs from the CLI on a JSONL or CSV file, and the generator switch reads ALPHA_SERVICE_GENERATOR", async () => {
    const dir = mkdtempSync(join(tmpdir(), "alpha-import-"));
    const dbPath = join(dir, "service.db");
    const config = serviceConfigSchema.parse({ databasePath: dbPath, generator: false });
    const source = openDatabase(":memory:");
    seedDataset(source, { seed: 7, now: new Date(NOW), scale: 0.05 });
    writeFileSync(join(dir, "companies.jsonl"), exportRows(source, "companies"));
    const deals = exportRows(source, "block-deals").trim().split("\n").slice(0, 3).map((l) => JSON.parse(l) as Record<string, unknown>);
    const header = ["id", "symbol", "exchange", "trade_value_cr", "shares", "price", "date"];
    const csv = [header.join(","), ...deals.map((d) => header.map((h) => String(d[h])).join(","))].join("\n");
    writeFileSync(join(dir, "deals.csv"), `${csv}\n`);
    source.close();
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) };
    expect(await runCli(["import", "companies", "--file", join(dir, "companies.jsonl")], io, config)).toBe(0);
    expect(await runCli(["import", "block-deals", "--file", join(dir, "deals.csv")], io, config)).toBe(0);
    expect(JSON.parse(out.at(-1) ?? "{}")).toMatchObject({ product: "block-deals", inserted: 3, written: true });
    writeFileSync(join(dir, "bad.csv"), `${header.join(",")}\nblk_1,TCS,NSE,10,1,1,yesterday\n`);
    expect(await runCli(["import", "block-deals", "--file", join(dir, "bad.csv")], io, config)).toBe(1);
    expect(err.at(-1)).toMatch(/"line":2/);
    expect(await runCli(["export", "block-deals", "--file", join(dir, "out.jsonl")], io, config)).toBe(0);
    expect(JSON.parse(out.at(-1) ?? "{}")).toMatchObject({ product: "block-deals", lines: 3 });
    expect(await runCli(["import", "moon", "--file", "x"], io, config)).toBe(1);
    const { serviceConfigFromEnv } = await import("../config");
    expect(serviceConfigFromEnv({ NODE_ENV: "test", ALPHA_SERVICE_GENERATOR: "off" }).generator).toBe(false);
    expect(serviceConfigFromEnv({ NODE_ENV: "test" }).generator).toBe(true);
    expect(IMPORT_PRODUCTS).toContain("concalls");
  });
});

describe("the documented example files", () => {
  it("import into an empty service, the CSV and the JSONL deals alike", () => {
    const target = createTestService({ config: { generator: false } });
    const dir = join(__dirname, "../../docs/import");
    for (const product of ORDER) {
      const file = product === "block-deals" ? "block-deals.csv" : `${product}.jsonl`;
      const report = importRows({ ctx: target.ctx, input: { product, text: readFileSync(join(dir, file), "utf8"), format: file.endsWith(".csv") ? "csv" : "jsonl" } });
      expect(report.errors, file).toEqual([]);
      expect(report.inserted, file).toBeGreaterThan(0);
    }
    const again = importRows({ ctx: target.ctx, input: { product: "block-deals", text: readFileSync(join(dir, "block-deals.jsonl"), "utf8"), format: "jsonl" } });
    expect(again).toMatchObject({ inserted: 0, unchanged: 2 });
    target.close();
  });
});

describe("an import from the command line while the service runs", () => {
  it("reaches the running service's live subscribers as it lands (through the outbox relay)", async () => {
    const source = openDatabase(":memory:");
    seedDataset(source, { seed: 11, now: new Date(NOW), scale: 0.05 });
    const companies = exportRows(source, "companies");
    const news = exportRows(source, "news").trim().split("\n").slice(-3).join("\n");
    source.close();
    await withRelayedService(NOW, ["news"], async ({ service, dir, client, importCli }) => {
      importRows({ ctx: service.ctx, input: { product: "companies", text: companies, format: "jsonl" } });
      writeFileSync(join(dir, "news.jsonl"), `${news}\n`);
      expect(await importCli(["news", "--file", join(dir, "news.jsonl")])).toBe(0);
      const ids = news.split("\n").map((l) => (JSON.parse(l) as { id: string }).id);
      await waitFor(() => (client.data("news").length >= ids.length ? true : undefined), "the imported news on the socket");
      expect(client.data("news").map((d) => d.id)).toEqual(ids);
    });
  });
});
