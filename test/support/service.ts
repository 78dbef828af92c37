import { randomBytes } from "node:crypto";
import type { AccountRecord, CreateAccountInput } from "../../service/accounts";
import { createAccount, issueApiKey } from "../../service/accounts";
import type { Service } from "../../service/app";
import { createService } from "../../service/app";
import { type Clock, ManualClock } from "../../service/clock";
import type { ServiceConfigInput } from "../../service/config";
import type { ServiceContext } from "../../service/context";
import type { Db } from "../../service/store/db";
import { openDatabase } from "../../service/store/db";
import { errorBodySchema } from "../../lib/alpha/errors";
import type { AlertRecord, AnnouncementRecord, BlockDealRecord, CompanyRow, ConcallRecord, EarningsRecord, NewsRecord, UpcomingEarningsRecord } from "../../service/store/writes";
import { insertAlert, insertAnnouncement, insertBlockDeal, insertCompany, insertConcall, insertEarnings, insertNews, insertUpcomingEarnings } from "../../service/store/writes";

/** Helpers for tests of the service and of the parts that plug into it. Not used by the running service. */

/** The moment the service tests lay their rows out around (11:30 IST). */
export const TEST_NOW = Date.parse("2026-05-15T06:00:00Z");
export const DAY = 86_400_000;

/** The `error` of an Alpha error body. */
export function errorOf(json: unknown) {
  return errorBodySchema.parse(json).error;
}

export function randomName(prefix = "test"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

/** A service on a fresh in-memory database (no dataset unless the test inserts or seeds one). */
export function createTestService(
  options: { clock?: Clock; config?: ServiceConfigInput; db?: Db; logError?: (entry: { error: unknown }) => void } = {},
): Service & { db: Db } {
  const db = options.db ?? openDatabase(":memory:");
  const service = createService({
    db,
    clock: options.clock,
    config: { databasePath: ":memory:", publicUrl: "http://alpha.test", ...options.config },
    logError: options.logError ?? (() => {}),
  });
  return { ...service, db };
}

/** An account with a key; defaults: a random name on the pro plan with every REST product and the Symbols scope. */
export function createTestAccount(
  ctx: ServiceContext,
  input: Partial<CreateAccountInput> = {},
): { account: AccountRecord; key: string; keyId: string; headers: Record<string, string> } {
  const account = createAccount({ ctx, input: { name: randomName("acct"), plan: "pro", symbolsScope: true, ...input } });
  const issued = issueApiKey({ ctx, input: { accountId: account.id, label: "test" } });
  return { account, key: issued.key, keyId: issued.id, headers: { "X-API-Key": issued.key } };
}

let fixtureCounter = 0;
export function fixtureId(prefix: string): string {
  fixtureCounter += 1;
  return `${prefix}_${randomBytes(6).toString("hex")}${fixtureCounter}`;
}

/** A service whose clock stands at `now`, with two companies of random symbols listed: the routes' usual ground. */
export function serviceWithTwoCompanies(now: number): { service: Service & { db: Db }; a: CompanyRow; b: CompanyRow } {
  const service = createTestService({ clock: new ManualClock(now) });
  return { service, a: addCompany(service.db), b: addCompany(service.db) };
}

/** A company with a random symbol and scrip code unless given. */
export function addCompany(db: Db, row: Partial<CompanyRow> = {}): CompanyRow {
  const symbol = row.symbol ?? `T${randomBytes(4).toString("hex").toUpperCase()}`;
  const full: CompanyRow = {
    symbol,
    company_name: `${symbol} Industries Limited`,
    scrip_code: String(500000 + Math.floor(Math.random() * 499_999)),
    isin: `INE${randomBytes(4).toString("hex").toUpperCase()}01`,
    sector: "Information Technology",
    industry: "IT - Software",
    basic_industry: "Computers - Software & Consulting",
    macro_economic_indicator: "Information Technology",
    market_cap: 12345.6,
    logo: `/v1/assets/logos/${encodeURIComponent(symbol)}.svg`,
    ...row,
  };
  // A random BSE code may be one the generated market already holds: draw again (unless the caller chose it).
  for (let attempt = 0; ; attempt++) {
    try {
      insertCompany(db, full);
      return full;
    } catch (error) {
      const taken = error instanceof Error && /UNIQUE constraint failed: companies\.scrip_code/.test(error.message);
      if (!taken || row.scrip_code !== undefined || attempt >= 20) throw error;
      full.scrip_code = String(500000 + Math.floor(Math.random() * 499_999));
    }
  }
}

const at = (ms: number) => ({ iso: new Date(ms).toISOString(), ms });

export function addEarnings(db: Db, row: Partial<EarningsRecord> & { symbol: string; date_ms: number }): EarningsRecord {
  const full: EarningsRecord = {
    id: fixtureId("ern"),
    quarter: "q4_26",
    date: at(row.date_ms).iso,
    summary: "Revenue grew 12% year on year; margins expanded 80 bps.",
    earnings_table: { unit: "INR crore", periods: ["Q4 FY26", "Q4 FY25"], rows: [{ label: "Revenue", values: [1200, 1071] }] },
    earnings_significant: true,
    has_attachment: true,
    ...row,
  };
  insertEarnings(db, full);
  return full;
}

export function addUpcomingEarnings(db: Db, row: Partial<UpcomingEarningsRecord> & { symbol: string; date_ms: number }): UpcomingEarningsRecord {
  const full: UpcomingEarningsRecord = {
    id: fixtureId("upe"),
    event_id: fixtureId("evt"),
    purpose: "To consider and approve the Financial Results",
    title: "Board Meeting Intimation",
    bm_desc: "Board meeting to consider financial results",
    body: "Intimation of board meeting",
    date: at(row.date_ms).iso,
    quarter: "q1_27",
    ...row,
  };
  insertUpcomingEarnings(db, full);
  return full;
}

export function addAlert(db: Db, row: Partial<AlertRecord> & { symbol: string; ts_ms: number }): AlertRecord {
  const full: AlertRecord = {
    id: fixtureId("alr"),
    type: "price_alert",
    reason: "Up 6.2% intraday on heavy volume",
    timestamp: at(row.ts_ms).iso,
    price: { value: 1520.5, change_percent: 6.2, as_of: at(row.ts_ms).iso },
    primary_drivers: ["Block deal"],
    important: false,
    ...row,
  };
  insertAlert(db, full);
  return full;
}

export function addNews(db: Db, row: Partial<NewsRecord> & { symbol: string; date_ms: number }): NewsRecord {
  const full: NewsRecord = {
    id: fixtureId("nws"),
    title: "Company wins a large order",
    specific_title: null,
    summary: "The company said it won an order worth ₹1,200 crore.",
    long_summary: null,
    sentiment: "positive",
    source: "Business Standard",
    article_type: "corporate",
    link: "https://example.com/a",
    date: at(row.date_ms).iso,
    ...row,
  };
  insertNews(db, full);
  return full;
}

export function addBlockDeal(db: Db, row: Partial<BlockDealRecord> & { symbol: string; date_ms: number }): BlockDealRecord {
  const full: BlockDealRecord = {
    id: fixtureId("blk"),
    exchange: "NSE",
    trade_value_cr: 250.5,
    shares: 1_000_000,
    price: 2505,
    date: at(row.date_ms).iso,
    ...row,
  };
  insertBlockDeal(db, full);
  return full;
}

export function addConcall(db: Db, row: Partial<ConcallRecord> & { symbol: string; date_ms: number; meeting_ms: number }): ConcallRecord {
  const full: ConcallRecord = {
    id: fixtureId("ccl"),
    quarter: "q4_26",
    date: at(row.date_ms).iso.slice(0, 19),
    meeting_date: at(row.meeting_ms).iso,
    short_analysis: { guidance: "Guided 12-14% growth", redflags: "None" },
    sentiment_analysis: { sentiment: { key_indicators: { positive: ["Order book"], negative: ["Attrition"] } } },
    expanded_analysis: { sections: [{ heading: "Outlook", paragraphs: ["Demand is steady."] }] },
    has_transcript: true,
    has_recording: true,
    intimation_attachment: "intimation.pdf",
    ...row,
  };
  insertConcall(db, full);
  return full;
}

export function addAnnouncement(db: Db, row: Partial<AnnouncementRecord> & { symbol: string; date_ms: number }): AnnouncementRecord {
  const full: AnnouncementRecord = {
    id: fixtureId("ann"),
    category: "Dividend",
    related_categories: ["Outcome of Board Meeting"],
    important: true,
    summary: "Board recommended a final dividend of ₹8 per share.",
    long_summary: "The board recommended a final dividend of ₹8 per equity share, subject to shareholder approval.",
    date: at(row.date_ms).iso,
    ...row,
  };
  insertAnnouncement(db, full);
  return full;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
  charged: number;
  balance: number | null;
}

/** One in-process request to a service, with the key in X-API-Key and a JSON body when given. */
export async function call(
  service: Pick<Service, "app">,
  path: string,
  init: { key?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...(init.key ? { "X-API-Key": init.key } : {}), ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  const res = await service.app.request(path, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  const balance = res.headers.get("x-credits-balance");
  return { status: res.status, headers: res.headers, text, json, charged: Number(res.headers.get("x-credits-charged")), balance: balance === null ? null : Number(balance) };
}
