import { randomBytes } from "node:crypto";
import type { AlertPrice } from "../../lib/alpha/alerts";
import type { Clock } from "../../service/clock";
import { systemClock } from "../../service/clock";
import { serviceConfigSchema } from "../../service/config";
import type { ServiceContext } from "../../service/context";
import { companies } from "../../service/dataset/companies";
import { EventBus } from "../../service/events";
import type { Db } from "../../service/store/db";
import { openDatabase } from "../../service/store/db";
import { companyRow } from "../../service/dataset/rows";
import { insertCompany } from "../../service/store/writes";

/*
 * Fixtures for the summary and batch tests beyond test/support/service.ts: a context over a database without an HTTP
 * app (for the worker's child process), the dataset's real companies by symbol, and price context for alerts.
 */

export function makeTestContext(options: { dbPath?: string; clock?: Clock; db?: Db } = {}): ServiceContext {
  const databasePath = options.dbPath ?? ":memory:";
  return {
    db: options.db ?? openDatabase(databasePath),
    clock: options.clock ?? systemClock,
    config: serviceConfigSchema.parse({ databasePath }),
    bus: new EventBus(),
    signingSecret: randomBytes(24).toString("hex"),
    publicUrl: "http://127.0.0.1:4010",
  };
}

/** Inserts dataset companies by symbol (ignoring ones already stored). */
export function addCompanies(db: Db, symbols: readonly string[]): void {
  for (const symbol of symbols) {
    const c = companies.find((x) => x.symbol === symbol);
    if (!c) throw new Error(`no dataset company ${symbol}`);
    if (db.prepare("SELECT 1 FROM companies WHERE symbol = ?").get(symbol)) continue;
    insertCompany(db, companyRow(c));
  }
}

/** Price context of a price alert observed a minute before `atMs`. */
export function priced(atMs: number, changePercent: number, value = 1000): AlertPrice {
  return { value, change_percent: changePercent, as_of: new Date(atMs - 60_000).toISOString() };
}
