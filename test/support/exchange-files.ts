import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importExchange } from "../../service/exchange";
import { startServer, type RunningServer } from "../../service/server";

/** Exchange files written the way NSE publishes them, for tests and the import bench. Not used by the service. */

/** Weekdays (IST) from `from`, `count` of them: the sessions a run of bhavcopy files covers (holidays left out by the caller). */
export function tradingDays(from: string, count: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); out.length < count; t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

const MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export interface Session {
  symbol: string;
  series?: string;
  prevClose: number;
  close: number;
  volume: number;
  /** null writes the exchange's "-". */
  delivery: number | null;
}

/** One day's sec_bhavdata_full_DDMMYYYY.csv, spaces after commas as NSE writes it; returns its path. */
export function writeBhavdataFull(dir: string, day: string, sessions: readonly Session[]): string {
  const [y, m, d] = day.split("-");
  const date1 = `${d}-${MON[Number(m) - 1]}-${y}`;
  const lines = ["SYMBOL, SERIES, DATE1, PREV_CLOSE, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, LAST_PRICE, CLOSE_PRICE, AVG_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES, DELIV_QTY, DELIV_PER"];
  for (const s of sessions) {
    const hi = Math.max(s.close, s.prevClose) * 1.01;
    const lo = Math.min(s.close, s.prevClose) * 0.99;
    const f = (n: number) => n.toFixed(2);
    const deliv = s.delivery === null ? "-, -" : `${s.delivery}, ${f((s.delivery / s.volume) * 100)}`;
    lines.push(
      [s.symbol, s.series ?? "EQ", date1, f(s.prevClose), f(s.prevClose), f(hi), f(lo), f(s.close), f(s.close), f((hi + lo) / 2), s.volume, f((s.volume * s.close) / 1e5), Math.round(s.volume / 40), deliv].join(", "),
    );
  }
  const path = join(dir, `sec_bhavdata_full_${d}${m}${y}.csv`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

/** A running service with the generator off, holding only what exchange files give it (for desk tests in lib/). */
export async function startExchangeService(): Promise<RunningServer> {
  return startServer({ databasePath: join(mkdtempSync(join(tmpdir(), "alpha-svc-")), "service.db"), port: 0, host: "127.0.0.1", generator: false });
}

/** Imports exchange files (a file or a folder) into a service in this process. */
export function importExchangeFiles(service: RunningServer, path: string) {
  return importExchange(service.service.ctx, path);
}
