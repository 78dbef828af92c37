import { mkdirSync, mkdtempSync, copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { ManualClock } from "../clock";
import type { StoredEvent } from "../events";
import { call, createTestAccount, createTestService } from "../../test/support/service";
import { waitFor } from "../../test/support/service-streams";
import { withRelayedService } from "../../test/support/relayed-service";
import { tradingDays, writeBhavdataFull, type Session } from "../../test/support/exchange-files";
import { importExchange, type ExchangeImportSummary } from "./index";

const NOW = "2026-11-28T06:00:00Z"; // Saturday 11:30 IST, the day after the example files' trading day
const DOCS = join(import.meta.dirname, "../../docs/import/exchange");
const FIXTURES = join(import.meta.dirname, "../../test/fixtures/exchange");

function emptyService() {
  const service = createTestService({ clock: new ManualClock(NOW), config: { generator: false } });
  const published: StoredEvent[] = [];
  service.ctx.bus.on((e) => published.push(e));
  return { service, published, account: createTestAccount(service.ctx) };
}

type Svc = ReturnType<typeof emptyService>;

async function get<T = { data: Record<string, unknown>[] }>(s: Svc, path: string): Promise<T> {
  const res = await call(s.service, path, { key: s.account.key });
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.json as T;
}

const byId = <T extends { id?: unknown; symbol?: unknown }>(rows: T[], pick: (r: T) => boolean) => {
  const hit = rows.find(pick);
  expect(hit).toBeDefined();
  return hit!;
};

const LISTS = ["/v1/symbols/metadata?symbols=RELIANCE,TCS,INFY,ZOMATO", "/v1/earnings?detailed=true", "/v1/announcements?detailed=true", "/v1/earnings/upcoming", "/v1/block-deals", "/v1/alerts"];

function fileReport(summary: ExchangeImportSummary, source: string) {
  const hit = summary.files.find((f) => f.source === source);
  expect(hit, source).toBeDefined();
  return hit!;
}

describe("importing the exchanges' files as published", () => {
  it("the example day (docs/import/exchange) into an empty service answers every list as the interface says", async () => {
    const s = emptyService();
    const summary = await importExchange(s.service.ctx, DOCS);
    expect(summary.refused).toEqual([]);
    expect(summary.unrecognized).toEqual([]);
    expect(summary.files.map((f) => f.source).sort()).toEqual(
      [
        "bse-announcements",
        "bse-result-calendar",
        "bse-scrips",
        "nse-announcements",
        "nse-bhavcopy",
        "nse-bhavdata-full",
        "nse-block-deals",
        "nse-board-meetings",
        "nse-bulk-deals",
        "nse-corporate-actions",
        "nse-equity-list",
        "nse-financial-results",
        "nse-results-comparison",
      ].sort(),
    );

    // Symbol master: NSE's names and ISINs, BSE's codes joined on ISIN; an NSE-only company is skipped with why.
    const meta = await get(s, "/v1/symbols/metadata?symbols=RELIANCE,TCS,INFY,ZOMATO");
    expect(meta.data.map((c) => [c.symbol, c.company_name, c.scrip_code, c.isin])).toEqual([
      ["RELIANCE", "Reliance Industries Limited", "500325", "INE002A01018"],
      ["TCS", "Tata Consultancy Services Limited", "532540", "INE467B01029"],
      ["INFY", "Infosys Limited", "500209", "INE009A01021"],
      ["ZOMATO", "Zomato Limited", "543320", "INE758T01015"],
    ]);
    expect(fileReport(summary, "nse-equity-list").skipped).toEqual([expect.objectContaining({ count: 1, at: ["line 6"], reason: expect.stringMatching(/no BSE scrip code/) })]);
    expect(fileReport(summary, "bse-scrips").skipped.map((g) => g.reason).sort()).toEqual(["instrument Preference Shares: only equity is taken", "status Suspended: only active scrips are taken"]);

    // Announcements: the dissemination time when given (else the receipt time), IST kept as +05:30, categories mapped.
    const ann = (await get(s, "/v1/announcements?detailed=true&limit=50")).data;
    const nseRel = byId(ann, (a) => a.id === "ann_nse_104512345");
    expect(nseRel).toMatchObject({ symbol: "RELIANCE", category: "Outcome of Board Meeting", important: true, date: "2026-11-27T18:02:15+05:30" });
    expect(byId(ann, (a) => a.id === "ann_nse_104498760")).toMatchObject({ symbol: "TCS", category: "Concall", important: false, date: "2026-11-14T10:15:02+05:30" });
    // A subject no rule covers is stored as Others and named in the report.
    expect(byId(ann, (a) => a.id === "ann_nse_104511002")).toMatchObject({ category: "Others" });
    expect(fileReport(summary, "nse-announcements").notes).toEqual({ unmapped_categories: { "Shifting of Registered Office": 1 } });
    expect(fileReport(summary, "nse-announcements").skipped[0]).toMatchObject({ count: 1, at: ["item 4"], reason: expect.stringMatching(/ACMEIND/) });
    // BSE: scrip codes joined to NSE symbols; DissemDT over NEWS_DT; CRITICALNEWS makes a row important; the past-days shape.
    expect(byId(ann, (a) => a.id === "ann_bse_6f0c1f0e-1d2b-4a1e-9d6a-2b3c4d5e6f70")).toMatchObject({ symbol: "RELIANCE", category: "Award/Receipt of Order", date: "2026-11-27T16:41:25+05:30" });
    expect(byId(ann, (a) => a.id === "ann_bse_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d")).toMatchObject({ symbol: "TCS", category: "Meeting Intimation", important: true });
    expect(byId(ann, (a) => a.id === "ann_bse_3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a")).toMatchObject({ symbol: "INFY", category: "Newspaper Publication", date: "2026-11-21T08:12:40+05:30" });
    // Corporate actions: `-` for an empty date (the record date dates the bonus), only equity series, categories by subject.
    expect(byId(ann, (a) => a.symbol === "INFY" && a.category === "Dividend")).toMatchObject({
      important: true,
      date: "2026-12-02T00:00:00+05:30",
      summary: "Infosys Limited: Interim Dividend - Rs 23 Per Share (ex-date 2026-12-02; record date 2026-12-02).",
    });
    expect(byId(ann, (a) => a.symbol === "RELIANCE" && a.category === "Bonus Issue")).toMatchObject({ date: "2026-12-10T00:00:00+05:30", summary: "Reliance Industries Limited: Bonus 1:1 (record date 2026-12-10)." });
    expect(byId(ann, (a) => a.symbol === "TCS" && a.category === "Corp Action").summary).toBe(
      "Tata Consultancy Services Limited: Annual General Meeting (ex-date 2026-12-18; book closure 2026-12-19 to 2026-12-26).",
    );
    expect(fileReport(summary, "nse-corporate-actions").skipped).toEqual([{ reason: "series N3: only equity (EQ) actions are taken", count: 1, at: ["item 4"] }]);
    expect(ann).toHaveLength(9);

    // The calendar: NSE's stamped rows and BSE's result calendar on one meeting per company, quarter and purpose.
    const upcoming = (await get(s, "/v1/earnings/upcoming?limit=50")).data;
    expect(upcoming.map((u) => [u.symbol, u.purpose, u.date, u.quarter]).sort()).toEqual([
      ["INFY", "Financial Results", "2027-01-14", "q3_27"],
      ["RELIANCE", "Financial Results", "2027-01-15", "q3_27"],
      ["TCS", "Financial Results/Dividend", "2027-01-08", "q3_27"],
    ]);
    expect(byId(upcoming, (u) => u.symbol === "RELIANCE").bm_desc).toMatch(/Standalone and Consolidated/);

    // Bulk deals: Indian digit grouping in a quoted cell, a quoted comma in the client, trailing spaces in headers.
    const deals = (await get(s, "/v1/block-deals?limit=50")).data;
    expect(byId(deals, (d) => d.symbol === "RELIANCE")).toMatchObject({ exchange: "NSE", shares: 7_000_000, price: 1296.45, trade_value_cr: 907.52, date: "2026-11-27T15:30:00+05:30" });
    expect(deals).toHaveLength(2);
    expect(fileReport(summary, "nse-block-deals")).toMatchObject({ written: true, inserted: 0, skipped: [{ reason: "NO RECORDS (no deals that day)", count: 1, at: ["line 2"] }] });

    // Bhavcopy: EQ only; the day's move fires a price alert with the rule in its drivers, the close in UTC.
    const alerts = (await get(s, "/v1/alerts?limit=50")).data;
    expect(alerts).toEqual([
      expect.objectContaining({
        symbol: "RELIANCE",
        type: "price_alert",
        timestamp: "2026-11-27T10:00:00Z",
        price: { value: 1296.45, change_percent: 5.39, as_of: "2026-11-27T10:00:00Z" },
        meta: { primary_drivers: ["Day's move of 5% or more"] },
      }),
    ]);
    expect(fileReport(summary, "nse-bhavdata-full").skipped.map((g) => g.reason).sort()).toEqual(["series BE: only EQ is taken", "series BL: only EQ is taken"]);

    // Results: one filing per quarter (consolidated over standalone), figures from ₹ lakh to ₹ crore, the broadcast time.
    const earnings = (await get(s, "/v1/earnings?detailed=true&limit=50")).data;
    expect(earnings.map((e) => [e.symbol, e.quarter, e.date])).toEqual([
      ["RELIANCE", "q2_27", "2026-10-17T20:01:44+05:30"],
      ["TCS", "q2_27", "2026-10-09T17:35:12+05:30"],
    ]);
    const tcs = byId(earnings, (e) => e.symbol === "TCS");
    expect(tcs.earnings_table).toEqual({
      unit: "₹ crore",
      periods: ["Q2 FY27", "Q1 FY27", "Q2 FY26"],
      rows: [
        { label: "Revenue from operations", values: [65482.3, 64211.9, 61799.2] },
        { label: "Net profit", values: [12684.1, 12301.55, 11955] },
        { label: "Basic EPS (₹)", values: [35.07, 34.01, 33.05] },
      ],
    });
    expect(tcs.summary).toMatch(/^Tata Consultancy Services Limited filed its unaudited consolidated results for Q2 FY27 \(1 July 2026 to 30 September 2026\)\. Revenue from operations was ₹65,482\.30 crore/);
    expect(byId(earnings, (e) => e.symbol === "RELIANCE").earnings_table ?? null).toBeNull();
    const detail = await get<Record<string, unknown>>(s, "/v1/earnings/detail?symbol=TCS&quarter=q2_27&detailed=true");
    expect(detail).toMatchObject({ id: tcs.id, symbol: "TCS", quarter: "q2_27", earnings_table: tcs.earnings_table });
    expect(fileReport(summary, "nse-financial-results").skipped.map((g) => [g.reason, g.at])).toEqual([
      ["another filing of the same quarter is taken (the consolidated one, else the first)", ["item 2"]],
      ["period Annual: only quarterly results are taken", ["item 4"]],
    ]);

    // Published to live subscribers as it landed: every streamed row once.
    expect(s.published.filter((e) => e.product === "announcements")).toHaveLength(9);
    expect(s.published.filter((e) => e.product === "block-deals")).toHaveLength(2);
    expect(s.published.filter((e) => e.product === "alerts")).toHaveLength(1);
    expect(s.published.filter((e) => e.product === "earnings")).toHaveLength(2);
  });

  it("importing the same files twice changes nothing: no row doubled, every answer the same bytes, nothing published again", async () => {
    const s = emptyService();
    await importExchange(s.service.ctx, DOCS);
    const before = await Promise.all(LISTS.map((p) => call(s.service, p, { key: s.account.key }).then((r) => r.text)));
    const events = s.published.length;
    const again = await importExchange(s.service.ctx, DOCS);
    expect(again.refused).toEqual([]);
    for (const f of again.files) expect({ source: f.source, inserted: f.inserted, updated: f.updated }).toEqual({ source: f.source, inserted: 0, updated: 0 });
    const after = await Promise.all(LISTS.map((p) => call(s.service, p, { key: s.account.key }).then((r) => r.text)));
    expect(after).toEqual(before);
    expect(s.published.length).toBe(events);
  });

  it("a file with malformed rows is refused whole, each bad row named with its file, line and reason", async () => {
    const s = emptyService();
    await importExchange(s.service.ctx, DOCS);
    const bad = await importExchange(s.service.ctx, join(FIXTURES, "bulk-bad.csv"), { source: "nse-bulk-deals" });
    const report = bad.files[0]!;
    expect(report.written).toBe(false);
    const file = join(FIXTURES, "bulk-bad.csv");
    expect(report.errors).toEqual([
      { file, at: "line 3", reason: "'70,00,0x0' is not a number" },
      { file, at: "line 4", reason: "'31-FEB-2026' is not a real date" },
      expect.objectContaining({ file, at: "line 5", reason: "expected 8 cells as the header names, got 5" }),
    ]);
    expect(bad.refused).toEqual([{ file, reason: "3 malformed row(s); nothing of the file was written" }]);
    // The good row on line 2 did not land either.
    const deals = (await get(s, "/v1/block-deals?symbols=TCS")).data;
    expect(deals).toEqual([]);

    const badJson = await importExchange(s.service.ctx, join(FIXTURES, "nse-announcements-bad.json"));
    expect(badJson.files[0]!.source).toBe("nse-announcements");
    expect(badJson.files[0]!.errors.map((e) => [e.at, e.reason])).toEqual([
      ["item 2", "no seq_id"],
      ["item 3", "an_dt: '32-Nov-2026 12:00:00' is not a real date"],
    ]);
    expect((await get(s, "/v1/announcements?symbols=TCS&limit=50")).data.map((a) => a.id)).not.toContain("ann_nse_104511900");
  });

  it("a renamed company is keyed on its ISIN: the new symbol and name land on the stored company", async () => {
    const s = emptyService();
    await importExchange(s.service.ctx, DOCS);
    const renamed = await importExchange(s.service.ctx, join(FIXTURES, "EQUITY_L.csv"));
    expect(renamed.files[0]).toMatchObject({ source: "nse-equity-list", inserted: 0, updated: 1, unchanged: 3 });
    const meta = await get(s, "/v1/symbols/metadata?symbols=ZOMATO");
    expect(meta.data[0]).toMatchObject({ symbol: "ZOMATO", company_name: "Eternal Limited", isin: "INE758T01015" });
    await importExchange(s.service.ctx, join(FIXTURES, "bulk-renamed.csv"));
    const deals = (await get(s, "/v1/block-deals?symbols=ZOMATO&limit=50")).data;
    expect(deals.map((d) => [d.shares, d.price])).toEqual([
      [200_000, 318.4],
      [125_000, 312.05],
    ]);
    // A stored symbol listed under another ISIN is another company: skipped with why, the stored one left as it is.
    const dir = mkdtempSync(join(tmpdir(), "i41-isin-"));
    writeFileSync(join(dir, "EQUITY_L.csv"), "SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE\nTCS,Other Company Limited,EQ,01-JAN-2020,1,1,INE999Z01019,1\n");
    const other = await importExchange(s.service.ctx, dir);
    expect(other.files[0]!.skipped).toEqual([{ reason: "symbol TCS is stored (as TCS) under another ISIN than INE999Z01019", count: 1, at: ["line 2"] }]);
    expect((await get(s, "/v1/symbols/metadata?symbols=TCS")).data[0]).toMatchObject({ company_name: "Tata Consultancy Services Limited", isin: "INE467B01029" });
  });

  it("a later board-meeting row moves a meeting, a cancellation takes it off, an older row changes nothing", async () => {
    const s = emptyService();
    await importExchange(s.service.ctx, DOCS);
    const later = await importExchange(s.service.ctx, join(FIXTURES, "nse-board-meetings-later.json"));
    expect(later.files[0]).toMatchObject({ source: "nse-board-meetings", written: true, inserted: 0, updated: 2, unchanged: 1 });
    const upcoming = (await get(s, "/v1/earnings/upcoming?limit=50")).data;
    expect(upcoming.map((u) => [u.symbol, u.purpose, u.date]).sort()).toEqual([
      ["RELIANCE", "Financial Results", "2027-01-15"],
      ["TCS", "Financial Results/Dividend", "2027-01-12"],
    ]);
    // The first file again: its rows are older than the ones held, so the move and the cancellation stand.
    await importExchange(s.service.ctx, join(DOCS, "nse-board-meetings.json"));
    expect((await get(s, "/v1/earnings/upcoming?limit=50")).data.map((u) => [u.symbol, u.date]).sort()).toEqual(upcoming.map((u) => [u.symbol, u.date]).sort());
  });

  it("a results filing for a quarter takes that quarter's meeting off the calendar, and a later meeting row does not put it back", async () => {
    const s = emptyService();
    await importExchange(s.service.ctx, DOCS);
    const filed = await importExchange(s.service.ctx, join(FIXTURES, "nse-financial-results-q3.json"));
    expect(filed.files[0]).toMatchObject({ source: "nse-financial-results", inserted: 1 });
    const symbols = async () => (await get(s, "/v1/earnings/upcoming?limit=50")).data.map((u) => u.symbol).sort();
    expect(await symbols()).toEqual(["INFY", "RELIANCE"]);
    await importExchange(s.service.ctx, join(FIXTURES, "nse-board-meetings-later.json"));
    expect(await symbols()).toEqual(["RELIANCE"]);
  });

  it("zipped and gzipped files read as the plain ones", async () => {
    const s = emptyService();
    const dir = mkdtempSync(join(tmpdir(), "i41-exchange-"));
    for (const f of ["ListOfScrips.csv", "EQUITY_L.csv"]) copyFileSync(join(DOCS, f), join(dir, f));
    copyFileSync(join(FIXTURES, "BhavCopy_NSE_CM_0_0_0_20261127_F_0000.csv.zip"), join(dir, "BhavCopy_NSE_CM_0_0_0_20261127_F_0000.csv.zip"));
    writeFileSync(join(dir, "sec_bhavdata_full_27112026.csv.gz"), gzipSync(readFileSync(join(DOCS, "sec_bhavdata_full_27112026.csv"))));
    const summary = await importExchange(s.service.ctx, dir);
    expect(summary.refused).toEqual([]);
    expect(fileReport(summary, "nse-bhavcopy")).toMatchObject({ inserted: 4, derived: 1 });
    expect(fileReport(summary, "nse-bhavdata-full")).toMatchObject({ updated: 3, unchanged: 1 });
    expect((await get(s, "/v1/alerts")).data.map((a) => [a.symbol, a.type])).toEqual([["RELIANCE", "price_alert"]]);
    // A damaged archive is refused with zlib's reason, nothing of it written, the import not left waiting.
    const zip = readFileSync(join(FIXTURES, "BhavCopy_NSE_CM_0_0_0_20261127_F_0000.csv.zip"));
    for (let i = 80; i < 200; i++) zip[i]! ^= 0x5a;
    const damaged = join(dir, "damaged", "BhavCopy_NSE_CM_0_0_0_20261128_F_0000.csv.zip");
    mkdirSync(join(dir, "damaged"));
    writeFileSync(damaged, zip);
    const refused = await importExchange(s.service.ctx, damaged);
    expect(refused.refused).toEqual([{ file: damaged, reason: expect.stringMatching(/invalid|incorrect/) }]);
    expect((await get(s, "/v1/alerts")).data).toHaveLength(1);
  });
});

describe("bhavcopy days derive the interface's price alerts", () => {
  const SYMBOLS = ["RELIANCE", "TCS"] as const;

  /** A year and a bit of sessions: RELIANCE drifts inside a band, then breaks out on heavy volume and delivery on the last day. */
  function yearOfFiles(): { dir: string; days: string[] } {
    const dir = mkdtempSync(join(tmpdir(), "i41-bhav-"));
    for (const f of ["ListOfScrips.csv", "EQUITY_L.csv"]) copyFileSync(join(DOCS, f), join(dir, f));
    const days = tradingDays("2025-11-03", 270);
    let prev: Record<string, number> = { RELIANCE: 1200, TCS: 3400 };
    days.forEach((day, i) => {
      const last = i === days.length - 1;
      const sessions: Session[] = SYMBOLS.map((symbol) => {
        const base = symbol === "RELIANCE" ? 1200 : 3400;
        const close = last && symbol === "RELIANCE" ? 1400 : base * (1 + 0.02 * Math.sin(i / 7));
        const volume = last && symbol === "RELIANCE" ? 4_000_000 : 1_000_000 + (i % 5) * 10_000;
        const row: Session = { symbol, prevClose: prev[symbol]!, close: Math.round(close * 100) / 100, volume, delivery: Math.round(volume / 2) };
        return row;
      });
      sessions.push({ symbol: "RELIANCE", series: "BL", prevClose: 1200, close: 1200, volume: 10, delivery: null });
      writeBhavdataFull(dir, day, sessions);
      prev = Object.fromEntries(sessions.filter((x) => x.series === undefined).map((x) => [x.symbol, x.close]));
    });
    return { dir, days };
  }

  it("a year of days: 52-week high, a day's move, relative volume and delivery fire on the breakout day with their rules; a second import derives nothing", async () => {
    const { dir, days } = yearOfFiles();
    const s = emptyService();
    const summary = await importExchange(s.service.ctx, dir);
    expect(summary.refused).toEqual([]);
    expect(summary.files.filter((f) => f.source === "nse-bhavdata-full")).toHaveLength(days.length);
    const lastDay = days[days.length - 1]!;
    const alerts = (await get(s, `/v1/alerts?from=${lastDay}&to=${lastDay}&limit=50`)).data;
    const fired = alerts.map((a) => [a.symbol, a.type, (a.meta as { primary_drivers: string[] }).primary_drivers[0]]).sort();
    expect(fired).toEqual([
      ["RELIANCE", "52w_high", "Close above the 52-week closing high"],
      ["RELIANCE", "price_alert", "Day's move of 5% or more"],
      ["RELIANCE", "vol_alert", "Traded volume 3x or more the 20-session average"],
      ["RELIANCE", "volume_alert", "Delivered quantity 3x or more the 20-session average"],
    ]);
    expect(byId(alerts, (a) => a.type === "52w_high").reason).toMatch(/^RELIANCE closed at ₹1,400, above its 52-week closing high of ₹1,2\d\d(\.\d+)?\.$/);
    // Nothing fires before a year of closes is held, and the band's days fire nothing.
    const all = (await get(s, "/v1/alerts?limit=50")).data;
    expect(all).toHaveLength(4);

    const events = s.published.length;
    const again = await importExchange(s.service.ctx, dir);
    expect(again.files.reduce((n, f) => n + f.inserted + f.updated, 0)).toBe(0);
    expect((await get(s, "/v1/alerts?limit=50")).data).toHaveLength(4);
    expect(s.published.length).toBe(events);
  });
});

describe("the command line", () => {
  it("imports a folder with each file's source detected, and a single file with its source named; a refused file exits 1 with its rows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "i41-cli-"));
    const env = { ...process.env, ALPHA_SERVICE_DB: join(dir, "real.db"), ALPHA_SERVICE_GENERATOR: "off" };
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env };
    expect(await runCli(["import", "exchange", "--dir", DOCS], io)).toBe(0);
    const summary = JSON.parse(out.pop()!) as { total: Record<string, number> };
    expect(summary.total).toMatchObject({ files: 13, written: 13 });
    expect(await runCli(["import", "nse-bulk-deals", "--file", join(FIXTURES, "bulk-bad.csv")], io)).toBe(1);
    const refused = JSON.parse(err.pop()!) as { error: { message: string; details: { files: { errors: { at: string }[] }[] } } };
    expect(refused.error.message).toBe("1 file(s) refused; nothing of them was written");
    expect(refused.error.details.files[0]!.errors.map((e) => e.at)).toEqual(["line 3", "line 4", "line 5"]);
  });

  it("a day's files imported into a running service's database reach its live subscribers, with no restart", async () => {
    await withRelayedService(NOW, ["announcements", "alerts"], async ({ service, key, client, importCli }) => {
      expect(await importCli(["exchange", "--dir", DOCS])).toBe(0);
      await waitFor(() => (client.data("announcements").length >= 9 && client.data("alerts").length >= 1 ? true : undefined), "the imported rows on the socket");
      expect(client.data("announcements").map((d) => d.id).sort()).toContain("ann_nse_104512345");
      expect(client.data("alerts").map((d) => [d.symbol, d.type])).toEqual([["RELIANCE", "price_alert"]]);
      // REST reads the same rows at once from the running service.
      const res = await call(service, "/v1/announcements?limit=50", { key });
      expect((res.json as { data: unknown[] }).data).toHaveLength(9);
    });
  });
});
