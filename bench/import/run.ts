/**
 * Import bench: rows per second and peak memory of the exchange imports on generated files in the exchanges' shapes —
 * one NSE announcements answer of 50,000 rows, and a year of sec_bhavdata_full days (each day's alerts derived).
 * Each phase runs in a child process of its own so its peak RSS is its own. Run under the heavy lock:
 * `flock /tmp/alpha-heavy.lock npm run bench:import` (options: `-- --announcements 50000 --days 250 --symbols 2000`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createService } from "../../service/app";
import { importExchange } from "../../service/exchange";
import { openDatabase } from "../../service/store/db";
import { tradingDays, writeBhavdataFull, type Session } from "../../test/support/exchange-files";

const { values } = parseArgs({
  options: {
    phase: { type: "string" },
    dir: { type: "string" },
    announcements: { type: "string", default: "50000" },
    days: { type: "string", default: "250" },
    symbols: { type: "string", default: "2000" },
  },
});
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** A symbol master for `n` companies: BSE's list and NSE's EQUITY_L, the same ISINs. */
function writeMasters(dir: string, n: number): string[] {
  const symbols = Array.from({ length: n }, (_, i) => `SYM${String(i).padStart(5, "0")}`);
  const isin = (i: number) => `INE${String(i).padStart(6, "0")}01${i % 10}`;
  writeFileSync(
    join(dir, "ListOfScrips.csv"),
    ["Security Code,Issuer Name,Security Id,Security Name,Status,Group,Face Value,ISIN No,Instrument,Industry New Name", ...symbols.map((s, i) => `${500000 + i},${s} Ltd,${s},${s} LTD.,Active,A ,1.00,${isin(i)},Equity,Industry ${i % 40}`)].join("\n"),
  );
  writeFileSync(
    join(dir, "EQUITY_L.csv"),
    ["SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE", ...symbols.map((s, i) => `${s},${s} Limited,EQ,01-JAN-2010,1,1,${isin(i)},1`)].join("\n"),
  );
  return symbols;
}

const SUBJECTS = ["Outcome of Board Meeting", "Updates", "Analysts/Institutional Investor Meet/Con. Call Updates", "Copy of Newspaper Publication", "Credit Rating", "Acquisition", "Change in Director(s)"];

function prepare(phase: string, dir: string): number {
  if (phase === "announcements") {
    const symbols = writeMasters(dir, 500);
    const n = Number(values.announcements);
    const rows = Array.from({ length: n }, (_, i) => {
      const s = symbols[i % symbols.length]!;
      const minute = i % (60 * 9);
      const at = `${String(1 + (i % 28)).padStart(2, "0")}-Nov-2026 ${String(9 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`;
      return { symbol: s, desc: SUBJECTS[i % SUBJECTS.length], an_dt: at, exchdisstime: at, seq_id: String(100_000_000 + i), sm_isin: null, sm_name: `${s} Limited`, attchmntText: `${s} Limited has informed the Exchange about item ${i}.`, attchmntFile: "-", sort_date: at, smIndustry: "-" };
    });
    writeFileSync(join(dir, "nse-announcements.json"), JSON.stringify(rows));
    return n;
  }
  const symbols = writeMasters(dir, Number(values.symbols));
  const days = tradingDays("2025-12-01", Number(values.days));
  const prev = new Map(symbols.map((s, i) => [s, 100 + (i % 900)]));
  days.forEach((day, d) => {
    const sessions: Session[] = symbols.map((symbol, i) => {
      const base = 100 + (i % 900);
      // A slow swing, a 6% jump now and then, a volume spike now and then: a few alerts a day, as a market gives.
      const close = Math.round(base * (1 + 0.1 * Math.sin((d + i) / 40) + ((d * 7 + i) % 97 === 0 ? 0.06 : 0)) * 100) / 100;
      const volume = 100_000 + ((d * 31 + i * 17) % 20_000) * ((d + i) % 89 === 0 ? 20 : 1);
      const row = { symbol, prevClose: prev.get(symbol)!, close, volume, delivery: Math.round(volume * 0.4) };
      prev.set(symbol, close);
      return row;
    });
    writeBhavdataFull(dir, day, sessions);
  });
  return days.length * symbols.length;
}

async function child(phase: string, dir: string): Promise<void> {
  const db = openDatabase(join(dir, "bench.db"));
  const service = createService({ db, config: { databasePath: join(dir, "bench.db"), generator: false } });
  const t0 = performance.now();
  const summary = await importExchange(service.ctx, dir);
  const ms = performance.now() - t0;
  const main = summary.files.filter((f) => !["bse-scrips", "nse-equity-list"].includes(f.source));
  const rows = main.reduce((n, f) => n + f.rows - f.derived + f.skipped.reduce((k, g) => k + g.count, 0), 0);
  const out = {
    phase,
    files: main.length,
    rows_read: rows,
    written: main.reduce((n, f) => n + f.inserted + f.updated, 0),
    derived_alerts: main.reduce((n, f) => n + f.derived, 0),
    refused: summary.refused.length,
    seconds: Math.round(ms) / 1000,
    rows_per_s: Math.round((rows / ms) * 1000),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  service.close();
  db.close();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function main(): Promise<void> {
  if (values.phase && values.dir) return child(values.phase, values.dir);
  const results = [];
  for (const phase of ["announcements", "bhavcopy"]) {
    const dir = mkdtempSync(join(tmpdir(), `alpha-bench-import-${phase}-`));
    try {
      const rows = prepare(phase, dir);
      const before = load();
      const run = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, "--phase", phase, "--dir", dir], { encoding: "utf8", maxBuffer: 1 << 24 });
      if (run.status !== 0) throw new Error(`${phase}: ${run.stderr}`);
      const measured = JSON.parse(run.stdout.trim().split("\n").pop()!) as { rows_read: number; files: number; seconds: number; rows_per_s: number; peak_rss_mb: number; derived_alerts: number };
      const result = { ...measured, generated_rows: rows, load_before: before, load_after: load() };
      results.push(result);
      console.log(`${phase}: ${result.rows_read} rows in ${result.files} file(s), ${result.seconds} s, ${result.rows_per_s} rows/s, peak RSS ${result.peak_rss_mb} MB, ${result.derived_alerts} alerts derived (load ${before.join(" ")} -> ${load().join(" ")})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(JSON.stringify({ bench: "import", results }));
}

await main();
