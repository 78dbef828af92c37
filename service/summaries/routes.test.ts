import { afterEach, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../lib/alpha/errors";
import { BATCH_MAX_FILE_BYTES, BATCH_MAX_LINES } from "../../lib/alpha/batch";
import { MAX_SUMMARY_SYMBOLS, dailySummaryResponseSchema } from "../../lib/alpha/summaries";
import { createService, type Service } from "../app";
import { ManualClock } from "../clock";
import type { Db } from "../store/db";
import { openDatabase } from "../store/db";
import { addAlert, addNews, createTestAccount, randomName } from "../../test/support/service";
import { addCompanies, priced } from "../../test/support/service-summaries";

const NOW = "2026-05-12T11:00:00+05:30";
const at = (ist: string) => new Date(`${ist}+05:30`).getTime();

const services: Service[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

function setup(): { service: Service; db: Db } {
  const db = openDatabase(":memory:");
  const service = createService({ db, clock: new ManualClock(NOW), config: { databasePath: ":memory:" }, logError: () => {}, batchWorker: false });
  services.push(service);
  addCompanies(db, ["TCS", "INFY", "ITC"]);
  addNews(db, { symbol: "TCS", date_ms: at("2026-05-12T09:00:00"), sentiment: "positive", title: "TCS signs a deal" });
  addNews(db, { symbol: "ITC", date_ms: at("2026-05-12T09:10:00"), sentiment: "neutral", title: "ITC AGM date" });
  addAlert(db, { symbol: "TCS", ts_ms: at("2026-05-12T09:30:00"), price: priced(at("2026-05-12T09:30:00"), 2.1) });
  return { service, db };
}

function post(service: Service, headers: Record<string, string>, body: unknown, path = "/v1/daily-summary/") {
  return service.app.request(path, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

const balanceOf = (db: Db, accountId: string) => (db.prepare("SELECT balance FROM accounts WHERE id = ?").get(accountId) as { balance: number }).balance;

describe("POST /v1/daily-summary/", () => {
  it("charges 5 credits for a generated summary, with the ledger row tied to the request id", async () => {
    const { service, db } = setup();
    const { account, headers } = createTestAccount(service.ctx, { balance: 100 });
    const res = await post(service, headers, { symbols: ["TCS", "INFY"] });
    expect(res.status).toBe(200);
    const body = dailySummaryResponseSchema.parse(await res.json());
    expect(body.status).toBe("success");
    expect(body.summary).toContain("## TCS — Tata Consultancy Services");
    expect(res.headers.get("X-Credits-Charged")).toBe("5");
    expect(res.headers.get("X-Credits-Balance")).toBe("95");
    expect(balanceOf(db, account.id)).toBe(95);
    const ledger = db.prepare("SELECT amount, route_id, reference_id FROM ledger WHERE account_id = ? AND entry_type = 'debit'").all(account.id);
    expect(ledger).toEqual([{ amount: -5, route_id: "createDailySummary", reference_id: body.details?.request_id }]);
  });

  it("accepts the path without the trailing slash", async () => {
    const { service } = setup();
    const { headers } = createTestAccount(service.ctx, { balance: 100 });
    const res = await post(service, headers, { symbols: ["TCS"], mode: "news_context" }, "/v1/daily-summary");
    expect(res.status).toBe(200);
    expect(dailySummaryResponseSchema.parse(await res.json()).status).toBe("success");
  });

  it("charges nothing for no-news, no-signal and error outcomes, whatever the balance", async () => {
    const { service, db } = setup();
    const { account, headers } = createTestAccount(service.ctx, { balance: 0 });
    const cases = [
      [{ symbols: ["INFY"] }, "success_no_news"],
      [{ symbols: ["ITC"], mode: "news_context" }, "success_no_signal"],
      [{ symbols: ["ZZZNOPE"] }, "error"],
    ] as const;
    for (const [request, status] of cases) {
      const res = await post(service, headers, request);
      expect(res.status).toBe(200);
      const body = dailySummaryResponseSchema.parse(await res.json());
      expect(body.status).toBe(status);
      expect(res.headers.get("X-Credits-Charged")).toBe("0");
      if (status === "error") expect(body.error).toMatchObject({ code: "no_known_symbols" });
    }
    expect(balanceOf(db, account.id)).toBe(0);
    expect(db.prepare("SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND entry_type = 'debit'").get(account.id)).toEqual({ n: 0 });
  });

  it("answers 402 and sends no summary when a generated summary cannot be paid", async () => {
    const { service, db } = setup();
    const { account, headers } = createTestAccount(service.ctx, { balance: 4 });
    const res = await post(service, headers, { symbols: ["TCS"] });
    expect(res.status).toBe(402);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error.code).toBe("insufficient_credits");
    expect(JSON.stringify(body)).not.toContain("##");
    expect(res.headers.get("X-Credits-Charged")).toBe("0");
    expect(balanceOf(db, account.id)).toBe(4);
    expect(db.prepare("SELECT COUNT(*) AS n FROM summary_requests WHERE account_id = ?").get(account.id)).toEqual({ n: 0 });
  });

  it("validates the body with field details", async () => {
    const { service } = setup();
    const { headers } = createTestAccount(service.ctx, { balance: 100 });
    const bad = [
      [{ symbols: ["TCS"], items: [{ symbol: "INFY" }] }, "items"],
      [{}, "symbols"],
      [{ symbols: ["TCS"], mode: "exposure", context_window_days: 0 }, "context_window_days"],
      [{ symbols: ["TCS"], mode: "news_context", context_window_days: 8 }, "context_window_days"],
      [{ symbols: Array.from({ length: 51 }, (_, i) => `S${i}`) }, "symbols"],
      [{ portfolio: [{ symbol: "TCS", exposure: -1 }] }, "portfolio.0.exposure"],
      [{ symbols: ["TCS"], mode: "daily" }, "mode"],
    ] as const;
    for (const [request, field] of bad) {
      const res = await post(service, headers, request);
      expect(res.status, JSON.stringify(request)).toBe(400);
      const body = errorBodySchema.parse(await res.json());
      expect(body.error.code).toBe("invalid_body");
      expect(Object.keys((body.error.details?.fields ?? {}) as object)).toContain(field);
    }
    const notJson = await service.app.request("/v1/daily-summary/", { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("accepts context_window_days (1 to 7) with every mode and reports the window that applied", async () => {
    const { service } = setup();
    const { headers } = createTestAccount(service.ctx, { balance: 100 });
    // The hosted Python client always sends context_window_days: 1, also without a mode and with exposure.
    const cases = [
      [{ symbols: ["TCS"], context_window_days: 1 }, "exposure", 2],
      [{ symbols: ["TCS"], mode: "exposure", context_window_days: 5 }, "exposure", 2],
      [{ symbols: ["TCS"], mode: "news_context", context_window_days: 3 }, "news_context", 3],
      [{ symbols: ["TCS"], mode: "intraday_movements", context_window_days: 7 }, "intraday_movements", 7],
      [{ symbols: ["TCS"], mode: "news_context" }, "news_context", 1],
    ] as const;
    for (const [request, mode, window] of cases) {
      const res = await post(service, headers, request);
      expect(res.status, JSON.stringify(request)).toBe(200);
      const body = dailySummaryResponseSchema.parse(await res.json());
      expect(body.details, JSON.stringify(request)).toMatchObject({ mode, context_window_days: window });
    }
  });

  it("needs the summaries product and a key", async () => {
    const { service } = setup();
    const { headers } = createTestAccount(service.ctx, { balance: 100, products: ["news"] });
    const res = await post(service, headers, { symbols: ["TCS"] });
    expect(res.status).toBe(403);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe("product_not_enabled");
    expect((await post(service, {}, { symbols: ["TCS"] })).status).toBe(401);
  });
});

/** Every text cell of every table that contains `marker`, as table.column. */
function cellsContaining(db: Db, marker: string): string[] {
  const hits: string[] = [];
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  for (const { name } of tables) {
    const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[];
    for (const col of columns) {
      const row = db.prepare(`SELECT 1 FROM "${name}" WHERE CAST("${col.name}" AS TEXT) LIKE ? LIMIT 1`).get(`%${marker}%`);
      if (row) hits.push(`${name}.${col.name}`);
    }
  }
  return hits;
}

describe("X-Alpha-Content-Retention", () => {
  it("keeps the request by default and nothing of it after `none` when the policy allows opting out", async () => {
    const { service, db } = setup();
    const { account, headers } = createTestAccount(service.ctx, { balance: 100, retentionOptOut: true });

    const kept = randomName("keep");
    const res1 = await post(service, headers, { items: [{ symbol: "TCS", exposure: 3, label: kept }] });
    expect(res1.status).toBe(200);
    expect(cellsContaining(db, kept)).toEqual(["summary_requests.request", "summary_requests.summary"]);

    const secret = randomName("secret");
    const res2 = await post(service, { ...headers, "X-Alpha-Content-Retention": "none" }, { items: [{ symbol: "TCS", exposure: 3, label: secret }] });
    expect(res2.status).toBe(200);
    expect(res2.headers.get("X-Alpha-Content-Retention")).toBe("none");
    expect(res2.headers.get("X-Alpha-Content-Retention-Applied")).toBe("none");
    const body = dailySummaryResponseSchema.parse(await res2.json());
    expect(body.summary).toContain(secret);
    expect(cellsContaining(db, secret)).toEqual([]);
    const audit = db.prepare("SELECT content_retained, request, summary, status, credits_charged FROM summary_requests WHERE id = ?").get(body.details?.request_id);
    expect(audit).toEqual({ content_retained: 0, request: null, summary: null, status: "success", credits_charged: 5 });
    expect(balanceOf(db, account.id)).toBe(90);
  });

  it("processes `none` under the account's policy when it does not permit opting out, and names the policy applied", async () => {
    const { service, db } = setup();
    const { account, headers } = createTestAccount(service.ctx, { balance: 100 });
    const kept = randomName("kept");
    const res = await post(service, { ...headers, "X-Alpha-Content-Retention": "none" }, { items: [{ symbol: "TCS", label: kept }] });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Alpha-Content-Retention")).toBeNull();
    expect(res.headers.get("X-Alpha-Content-Retention-Applied")).toBe("retain; requested=none; reason=policy");
    expect(dailySummaryResponseSchema.parse(await res.json()).status).toBe("success");
    expect(cellsContaining(db, kept)).toEqual(["summary_requests.request", "summary_requests.summary"]);
    expect(balanceOf(db, account.id)).toBe(95);
    const plain = await post(service, headers, { symbols: ["TCS"] });
    expect(plain.headers.get("X-Alpha-Content-Retention-Applied")).toBe("retain");
    const other = await post(service, { ...headers, "X-Alpha-Content-Retention": "forever" }, { symbols: ["TCS"] });
    expect(other.status).toBe(400);
    expect(errorBodySchema.parse(await other.json()).error.details?.fields).toHaveProperty(["X-Alpha-Content-Retention"]);
    expect(balanceOf(db, account.id)).toBe(90);
  });
});

describe("OpenAPI document", () => {
  it("documents the summary symbol cap, the batch caps and both endpoints", async () => {
    const { service } = setup();
    const res = await service.app.request("/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown>; "x-alpha-decisions": Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/daily-summary/", "/v1/batch/jobs", "/v1/batch/jobs/{job_id}", "/v1/batch/jobs/{job_id}/results"]));
    expect(doc["x-alpha-decisions"].daily_summary).toMatchObject({ symbol_cap: MAX_SUMMARY_SYMBOLS });
    expect(doc["x-alpha-decisions"].batch_jobs).toMatchObject({ caps: { max_file_bytes: BATCH_MAX_FILE_BYTES, max_lines: BATCH_MAX_LINES } });
  });
});
