import { afterEach, describe, expect, it } from "vitest";
import { ledgerResponseSchema } from "../../lib/alpha/account";
import { batchJobSchema } from "../../lib/alpha/batch";
import { addCredits, issueApiKey } from "../accounts";
import { createService } from "../app";
import { jsonl, submitBatch } from "../batch/testing";
import { BATCH_LINE_ROUTE_ID, startBatchWorker } from "../batch/worker";
import { ManualClock } from "../clock";
import { openDatabase } from "../store/db";
import { addCompanies } from "../../test/support/service-summaries";
import { addEarnings, addNews, call, createTestAccount, DAY, errorOf } from "../../test/support/service";

const T0 = new Date("2026-05-12T11:00:00+05:30").getTime();

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

function setup() {
  const db = openDatabase(":memory:");
  const clock = new ManualClock(T0);
  const service = createService({ db, clock, config: { databasePath: ":memory:", publicUrl: "http://alpha.test" }, logError: () => {}, batchWorker: false });
  const worker = startBatchWorker(service.ctx, { autoStart: false });
  cleanups.push(() => service.close(), () => void worker.stop());
  addCompanies(db, ["TCS", "INFY"]);
  addNews(db, { symbol: "TCS", date_ms: T0 - 2 * 3_600_000, sentiment: "positive", title: "TCS signs a deal" });
  addEarnings(db, { symbol: "TCS", quarter: "q4_26", date_ms: T0 - 5 * DAY });
  return { db, clock, service, worker };
}

describe("GET /v1/account/ledger", () => {
  it("lists the account's own entries newest first, free, with the key, route and endpoint of each debit and batch line debits", async () => {
    const s = setup();
    const { account, key, keyId, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const other = issueApiKey({ ctx: s.service.ctx, input: { accountId: account.id, label: "second" } });
    const stranger = createTestAccount(s.service.ctx, { balance: 500 });
    await call(s.service, "/v1/news?symbols=TCS", { key: stranger.key });

    // The caller's own id of the request is named by its debit; a malformed one is ignored.
    const news = await call(s.service, "/v1/news?symbols=TCS", { key, headers: { "X-Client-Request-Id": "dsk_news_0001" } });
    expect(news.charged).toBe(1);
    expect(news.headers.get("x-client-request-id")).toBe("dsk_news_0001");
    s.clock.advance(1_000);
    const detail = await call(s.service, "/v1/earnings/detail?symbol=TCS&quarter=q4_26", { key: other.key, headers: { "X-Client-Request-Id": "bad id!" } });
    expect(detail.charged).toBe(3);
    s.clock.advance(1_000);
    const submitted = await submitBatch(s.service, { ...headers, "X-Client-Request-Id": "dsk_batch_0001" }, jsonl([{ custom_id: "a", symbols: ["TCS"] }, { custom_id: "b", symbols: ["INFY"] }]));
    expect(submitted.status).toBe(200);
    const job = batchJobSchema.parse(await submitted.json());
    s.clock.advance(1_000);
    await s.worker.drain();
    addCredits({ ctx: s.service.ctx, input: { accountId: account.id, amount: 200 } });

    const res = await call(s.service, "/v1/account/ledger", { key });
    expect(res.status).toBe(200);
    expect(res.charged).toBe(0);
    const body = ledgerResponseSchema.parse(res.json);
    expect(body.has_next).toBe(false);
    expect(body.data.every((e) => e.account_id === account.id)).toBe(true);
    const ids = body.data.map((e) => Number(e.entry_id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.data.map((e) => [e.entry_type, e.amount, e.route_id])).toEqual([
      ["topup", 200, null],
      ["debit", -5, BATCH_LINE_ROUTE_ID],
      ["debit", -50, "createBatchJob"],
      ["debit", -3, "getEarningsDetail"],
      ["debit", -1, "listNews"],
      ["grant", 1000, null],
    ]);
    const [topup, line, submit, detailRow, newsRow, grant] = body.data;
    expect(topup).toMatchObject({ api_key: null, balance_after: 1141 });
    expect(line).toMatchObject({ api_key: keyId, endpoint: "POST /v1/batch/jobs", balance_after: 941, metadata: { job_id: job.id, line_no: 1 } });
    expect(line?.api_key_prefix).toBe(key.slice(0, line?.api_key_prefix?.length ?? 0));
    expect(submit).toMatchObject({ api_key: keyId, reference_id: job.id, endpoint: "POST /v1/batch/jobs", balance_after: 946, metadata: { client_request_id: "dsk_batch_0001" } });
    expect(detailRow).toMatchObject({ api_key: other.id, endpoint: "GET /v1/earnings/detail", reference_id: detail.headers.get("x-request-id"), metadata: {} });
    expect(newsRow).toMatchObject({ api_key: keyId, endpoint: "GET /v1/news", reference_id: news.headers.get("x-request-id"), balance_after: 999, metadata: { client_request_id: "dsk_news_0001" } });
    expect(grant).toMatchObject({ api_key: null, balance_after: 1000 });
    expect(JSON.stringify(body)).not.toContain(key);
  });

  it("pages with limit/page and with the before cursor, and filters by date and entry type", async () => {
    const s = setup();
    const { account, key } = createTestAccount(s.service.ctx, { balance: 100 });
    for (let i = 0; i < 4; i++) {
      s.clock.advance(DAY);
      addCredits({ ctx: s.service.ctx, input: { accountId: account.id, amount: 10 + i } });
    }
    const all = ledgerResponseSchema.parse((await call(s.service, "/v1/account/ledger", { key })).json).data;
    expect(all.map((e) => e.amount)).toEqual([13, 12, 11, 10, 100]);

    const p1 = ledgerResponseSchema.parse((await call(s.service, "/v1/account/ledger?limit=2", { key })).json);
    expect(p1.data.map((e) => e.amount)).toEqual([13, 12]);
    expect(p1).toMatchObject({ has_next: true, next_before: p1.data[1]?.entry_id });
    const p2 = ledgerResponseSchema.parse((await call(s.service, "/v1/account/ledger?limit=2&page=2", { key })).json);
    expect(p2.data.map((e) => e.amount)).toEqual([11, 10]);
    // New entries after the first page do not shift a cursor page.
    addCredits({ ctx: s.service.ctx, input: { accountId: account.id, amount: 99 } });
    const next = ledgerResponseSchema.parse((await call(s.service, `/v1/account/ledger?limit=2&before=${p1.next_before}`, { key })).json);
    expect(next.data.map((e) => e.amount)).toEqual([11, 10]);

    const day2 = new Date(T0 + 2 * DAY).toISOString().slice(0, 10);
    const day3 = new Date(T0 + 3 * DAY).toISOString().slice(0, 10);
    const ranged = ledgerResponseSchema.parse((await call(s.service, `/v1/account/ledger?from=${day2}&to=${day3}`, { key })).json);
    expect(ranged.data.map((e) => e.amount)).toEqual([12, 11]);
    const grants = ledgerResponseSchema.parse((await call(s.service, "/v1/account/ledger?entry_type=grant", { key })).json);
    expect(grants.data.map((e) => e.amount)).toEqual([100]);
  });

  it("refuses bad parameters (400) and a missing key (401)", async () => {
    const s = setup();
    const { key } = createTestAccount(s.service.ctx);
    for (const q of ["limit=0", "limit=501", "from=2026-05-10&to=2026-05-01", "before=abc", "entry_type=bonus", "from=yesterday"]) {
      const res = await call(s.service, `/v1/account/ledger?${q}`, { key });
      expect(res.status, q).toBe(400);
      expect(errorOf(res.json).code).toBe("invalid_parameter");
    }
    const anon = await call(s.service, "/v1/account/ledger");
    expect(anon.status).toBe(401);
  });
});
