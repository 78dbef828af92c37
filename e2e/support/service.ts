/**
 * The embedded Alpha service as the specs reach it: accounts, live events and stream counters through the e2e
 * server's test-only control hook (scripts/e2e-live-control.ts), balances with the key itself. Every account is a
 * fresh one: nobody else's calls touch its balance, cache or rate limits.
 */
import { expect, test } from "@playwright/test";
import type { ExchangeDay as WrittenExchangeDay } from "../../scripts/e2e-exchange-day";
import { readFixtures } from "./fixtures";
import { LIVE } from "./tags";

/** A call to the control hook of the running test's market (`readFixtures`), or of the market at `base`. */
export async function control<T>(method: "GET" | "POST", path: string, body?: unknown, base = readFixtures().liveControlUrl): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, text).toBe(true);
  return JSON.parse(text) as T;
}

/** Keys made in this worker: the key guard (support/test.ts) looks for them in every response. */
export const issuedKeys = new Set<string>();

export interface AccountOptions {
  plan?: "pro" | "starter" | "sandbox";
  /** Default: 1,000,000 (1,000 on sandbox). */
  balance?: number;
  /** The Symbols scope (the catalogue of names); on unless turned off. */
  symbols?: boolean;
  /** May opt out of retained request content (summaries with `X-Alpha-Content-Retention: none`). */
  retentionOptOut?: boolean;
  name?: string;
}

/** A fresh account (pro: every product and WebSocket add-on unless told otherwise) with one key. */
export async function makeAccount(options: AccountOptions = {}): Promise<{ accountId: string; key: string }> {
  const account = await control<{ accountId: string; key: string }>("POST", "/accounts", {
    plan: options.plan ?? "pro",
    ...(options.balance === undefined ? {} : { balance: options.balance }),
    ...(options.symbols === undefined ? {} : { symbolsScope: options.symbols }),
    ...(options.retentionOptOut ? { retentionOptOut: true } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  issuedKeys.add(account.key);
  return account;
}

function requireLiveTag(what: string) {
  if (!test.info().tags.includes(LIVE)) throw new Error(`${what} changes what every test's feeds and calendars show: tag the test ${LIVE} (e2e/README.md)`);
}

export interface StoredRow {
  id: string;
  symbol: string;
  [key: string]: unknown;
}

/** Stores an event in the service now; the stream publishes it to subscribers. */
export function storeEvent(input: {
  product: "alerts" | "news" | "announcements" | "block-deals";
  symbol: string;
  type?: string;
  important?: boolean;
  sentiment?: "positive" | "negative" | "neutral";
  category?: string;
  exchange?: "NSE" | "BSE" | "NSE/BSE";
  /** When it happened (epoch ms; default now). */
  atMs?: number;
}): Promise<StoredRow> {
  requireLiveTag("storeEvent");
  return control<StoredRow>("POST", "/events", input);
}

/** Lists a fresh company in the service: known to the exchange, nothing filed; a results meeting booked if asked. */
export function listFreshCompany(meeting?: { quarter: string; atMs: number }): Promise<{ symbol: string }> {
  requireLiveTag("listFreshCompany");
  return control<{ symbol: string }>("POST", "/companies", meeting ? { meeting } : {});
}

/** A new listing files a quarter's results now, as the simulator files them: its symbol and the filed table (₹ crore). */
export function fileFreshResults(quarter: string): Promise<{ symbol: string; table: { unit: string; basis: string; periods: string[]; rows: { label: string; values: (number | null)[] }[] } }> {
  requireLiveTag("fileFreshResults");
  return control("POST", "/results", { quarter });
}

/** Drops every WebSocket of the service server-side. */
export function dropStreams(): Promise<{ dropped: number }> {
  requireLiveTag("dropStreams");
  return control("POST", "/streams/drop", {});
}

export async function streamConnections(accountId: string): Promise<number> {
  const stats = await control<{ connectionsByAccount: Record<string, number> }>("GET", "/streams/stats");
  return stats.connectionsByAccount[accountId] ?? 0;
}

/** Every key the control hook has issued in this run, in any worker (the suite's last check reads the logs for them). */
export async function keysIssuedInRun(): Promise<string[]> {
  const answers = await Promise.all(readFixtures().lanes.map((lane) => control<{ keys: string[] }>("GET", "/keys", undefined, lane.liveControlUrl)));
  return answers.flatMap((answer) => answer.keys);
}

/** The balance as the service has it (a free call with the key itself). */
export async function serviceBalance(key: string): Promise<number> {
  const res = await fetch(`${readFixtures().serviceUrl}/v1/account`, { headers: { "X-API-Key": key } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** A free call to the service with the key itself: its body, checked to have cost nothing. */
export async function freeCall<T>(key: string, path: string): Promise<T> {
  const res = await fetch(`${readFixtures().serviceUrl}${path}`, { headers: { "X-API-Key": key } });
  expect(res.status).toBe(200);
  expect(res.headers.get("x-credits-charged")).toBe("0");
  return (await res.json()) as T;
}

/** A day of exchange files as the control hook describes it: never its folder (a spec names a day, not a path). */
export type ExchangeDay = Omit<WrittenExchangeDay, "dir">;

export interface ExchangeImportReport {
  files: { file: string; source: string; rows: number; inserted: number; updated: number; unchanged: number; derived: number; skipped: { reason: string; count: number }[]; errors: number; written: boolean }[];
  unrecognized: string[];
  refused: { file: string; reason: string }[];
}

/**
 * A day of the exchanges' own files (docs/import/exchange, as NSE and BSE publish them) written for a company of the
 * test's own (scripts/e2e-exchange-day.ts); nothing imported yet.
 */
export function exchangeDay(): Promise<ExchangeDay> {
  requireLiveTag("exchangeDay");
  return control<ExchangeDay>("POST", "/exchange/day", {});
}

/** Imports a day's symbol masters or the rest of its files into the running service, as `npm run service -- import` does. */
export function importExchangeDay(id: string, part: "masters" | "day"): Promise<ExchangeImportReport> {
  requireLiveTag("importExchangeDay");
  return control<ExchangeImportReport>("POST", "/exchange/import", { id, part });
}
