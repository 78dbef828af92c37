import { afterEach, describe, expect, it } from "vitest";
import { BATCH_MAX_FILE_BYTES, BATCH_MAX_LINES, batchJobListResponseSchema, batchJobSchema, batchResultsSchema } from "../../lib/alpha/batch";
import { errorBodySchema } from "../../lib/alpha/errors";
import { issueApiKey } from "../accounts";
import { createService, type Service } from "../app";
import { ManualClock } from "../clock";
import type { Db } from "../store/db";
import { openDatabase } from "../store/db";
import type { SummaryEngine } from "../summaries/engine";
import { addCompanies, priced } from "../../test/support/service-summaries";
import { addAlert, addNews, createTestAccount, randomName } from "../../test/support/service";
import { cancelBatchJob } from "./jobs";
import { defaultSummaryEngine } from "../summaries/daily-summary";
import { jsonl, submitBatch, waitFor } from "./testing";
import { startBatchWorker, type BatchWorker } from "./worker";

const T0 = new Date("2026-05-12T11:00:00+05:30").getTime();
const at = (ist: string) => new Date(`${ist}+05:30`).getTime();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

interface Setup {
  service: Service;
  db: Db;
  clock: ManualClock;
  worker: BatchWorker;
}

function setup(options: { engine?: SummaryEngine } = {}): Setup {
  const db = openDatabase(":memory:");
  const clock = new ManualClock(T0);
  const service = createService({ db, clock, config: { databasePath: ":memory:" }, logError: () => {}, batchWorker: false });
  const worker = startBatchWorker(service.ctx, { autoStart: false, engine: options.engine });
  cleanups.push(() => service.close(), () => worker.stop());
  addCompanies(db, ["TCS", "INFY", "ITC"]);
  addNews(db, { symbol: "TCS", date_ms: at("2026-05-12T09:00:00"), sentiment: "positive", title: "TCS signs a deal" });
  addAlert(db, { symbol: "TCS", ts_ms: at("2026-05-12T09:30:00"), price: priced(at("2026-05-12T09:30:00"), 2.1) });
  addNews(db, { symbol: "ITC", date_ms: at("2026-05-12T09:10:00"), sentiment: "neutral" });
  return { service, db, clock, worker };
}

/** a, d succeed (5 each); b no news and e no signal (free); c names no known symbol (failed). */
const MIXED = [
  { custom_id: "a", symbols: ["TCS"] },
  { custom_id: "b", symbols: ["INFY"] },
  { custom_id: "c", symbols: ["NOPE"] },
  { custom_id: "d", items: [{ symbol: "TCS", exposure: 1 }], mode: "news_context" },
  { custom_id: "e", symbols: ["ITC"], mode: "news_context" },
];

const balanceOf = (db: Db, accountId: string) => (db.prepare("SELECT balance FROM accounts WHERE id = ?").get(accountId) as { balance: number }).balance;
const debits = (db: Db, accountId: string) =>
  db.prepare("SELECT amount, route_id, reference_id FROM ledger WHERE account_id = ? AND entry_type = 'debit' ORDER BY id").all(accountId) as {
    amount: number;
    route_id: string;
    reference_id: string;
  }[];

async function createJob(s: Setup, headers: Record<string, string>, lines: readonly unknown[] = MIXED, fields: { display_name?: string; metadata?: string } = {}) {
  const res = await submitBatch(s.service, headers, jsonl(lines), fields);
  expect(res.status, await res.clone().text()).toBe(200);
  return batchJobSchema.parse(await res.json());
}

async function getJob(s: Setup, headers: Record<string, string>, id: string) {
  const res = await s.service.app.request(`/v1/batch/jobs/${id}`, { headers });
  expect(res.status).toBe(200);
  return batchJobSchema.parse(await res.json());
}

describe("batch jobs: lifecycle", () => {
  it("runs a job from pending to completed, billing 50 plus 5 per generated summary, results in input order", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const created = await submitBatch(s.service, headers, jsonl(MIXED), { display_name: "Morning run", metadata: '{"desk":"pm-1"}' });
    expect(created.status).toBe(200);
    expect(created.headers.get("X-Credits-Charged")).toBe("50");
    expect(created.headers.get("X-Credits-Balance")).toBe("950");
    const job = batchJobSchema.parse(await created.json());
    expect(job).toMatchObject({
      object: "batch",
      status: "pending",
      display_name: "Morning run",
      metadata: { desk: "pm-1" },
      created_at: Math.floor(T0 / 1000),
      in_progress_at: null,
      request_counts: { total: 5, completed: 0, failed: 0 },
      billing: { submit_credits_charged: 50, item_credits_charged: 0, total_credits_charged: 50 },
    });

    const early = await s.service.app.request(`/v1/batch/jobs/${job.id}/results`, { headers });
    expect(early.status).toBe(409);
    expect(errorBodySchema.parse(await early.json()).error.code).toBe("job_not_completed");

    s.clock.advance(1_000);
    expect(await s.worker.runOnce()).toBe(true);
    expect(await getJob(s, headers, job.id)).toMatchObject({ status: "in_progress", in_progress_at: Math.floor(T0 / 1000) + 1 });
    await s.worker.runOnce();
    await s.worker.runOnce();
    expect((await getJob(s, headers, job.id)).request_counts).toEqual({ total: 5, completed: 2, failed: 0 });
    s.clock.advance(4_000);
    await s.worker.drain();

    const done = await getJob(s, headers, job.id);
    expect(done).toMatchObject({
      status: "completed",
      completed_at: Math.floor(T0 / 1000) + 5,
      cancelled_at: null,
      request_counts: { total: 5, completed: 4, failed: 1 },
      billing: { submit_credits_charged: 50, item_credits_charged: 10, total_credits_charged: 60, billable_items: 2, free_items: 2, failed_items: 1 },
    });
    expect(balanceOf(s.db, account.id)).toBe(940);

    const res = await s.service.app.request(`/v1/batch/jobs/${job.id}/results`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/x-ndjson/);
    const results = batchResultsSchema.parse(await res.text());
    expect(results.map((r) => r.custom_id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(results.map((r) => r.status)).toEqual(["success", "success_no_news", "error", "success", "success_no_signal"]);
    expect(results.map((r) => r.response?.status_code)).toEqual([200, 200, 200, 200, 200]);
    expect(results[0]?.error).toBeNull();
    expect(results[0]?.response?.body?.summary).toContain("## TCS — Tata Consultancy Services");
    expect(results[0]?.response?.body?.details?.request_id).toBe(results[0]?.id);
    expect(results[2]?.error).toEqual({ code: "no_known_symbols", message: "None of the submitted symbols is known: NOPE" });
    expect(new Set(results.map((r) => r.id)).size).toBe(5);

    const lineDebits = debits(s.db, account.id).filter((d) => d.route_id === "batch.summary");
    expect(lineDebits.map((d) => d.reference_id)).toEqual([results[0]?.id, results[3]?.id]);
    expect(debits(s.db, account.id).filter((d) => d.route_id === "createBatchJob")).toEqual([{ amount: -50, route_id: "createBatchJob", reference_id: job.id }]);
  });

  it("completes a job whose every line failed", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 100 });
    const job = await createJob(s, headers, [
      { custom_id: "x", symbols: ["NOPE"] },
      { custom_id: "y", symbols: ["NADA"] },
    ]);
    await s.worker.drain();
    const done = await getJob(s, headers, job.id);
    expect(done).toMatchObject({ status: "completed", request_counts: { total: 2, completed: 0, failed: 2 } });
    expect(balanceOf(s.db, account.id)).toBe(50);
  });

  it("fails a line with insufficient_credits when its summary would overdraw, and carries on", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 60 });
    const job = await createJob(s, headers, [
      { custom_id: "1", symbols: ["TCS"] },
      { custom_id: "2", symbols: ["TCS"], mode: "intraday_movements" },
      { custom_id: "3", symbols: ["TCS"], mode: "news_context" },
      { custom_id: "4", symbols: ["INFY"] },
    ]);
    await s.worker.drain();
    const done = await getJob(s, headers, job.id);
    expect(done).toMatchObject({ status: "completed", request_counts: { total: 4, completed: 3, failed: 1 } });
    expect(done.billing).toMatchObject({ item_credits_charged: 10, billable_items: 2, free_items: 1, failed_items: 1 });
    expect(balanceOf(s.db, account.id)).toBe(0);
    const results = batchResultsSchema.parse(await (await s.service.app.request(`/v1/batch/jobs/${job.id}/results`, { headers })).text());
    expect(results[2]).toMatchObject({ custom_id: "3", status: "error", response: { status_code: 402 }, error: { code: "insufficient_credits" } });
    expect(results[3]).toMatchObject({ custom_id: "4", status: "success_no_news", error: null });
  });
});

describe("batch jobs: context window", () => {
  it("accepts context_window_days with every mode on a line, reporting the window each line used", async () => {
    const s = setup();
    const { headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const job = await createJob(s, headers, [
      { custom_id: "py", symbols: ["TCS"], context_window_days: 1 },
      { custom_id: "exp", symbols: ["TCS"], mode: "exposure", context_window_days: 4 },
      { custom_id: "news", symbols: ["TCS"], mode: "news_context", context_window_days: 3 },
    ]);
    await s.worker.drain();
    const res = await s.service.app.request(`/v1/batch/jobs/${job.id}/results`, { headers });
    const results = batchResultsSchema.parse(await res.text());
    expect(results.map((r) => [r.custom_id, r.response?.body?.details?.mode, r.response?.body?.details?.context_window_days])).toEqual([
      ["py", "exposure", 2],
      ["exp", "exposure", 2],
      ["news", "news_context", 3],
    ]);
  });
});

describe("batch jobs: upload validation", () => {
  it("refuses a bad file with every bad line's number and reason, charging nothing and creating no job", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const file = jsonl([
      { custom_id: "ok", symbols: ["TCS"] },
      "{not json",
      { symbols: ["TCS"] },
      "",
      { custom_id: "ok", symbols: ["INFY"] },
      { custom_id: "both", symbols: ["TCS"], items: [{ symbol: "TCS" }] },
      { custom_id: "win", symbols: ["TCS"], context_window_days: 9 },
      "[1,2]",
      { custom_id: '=HYPERLINK("http://evil.test","x")', symbols: ["TCS"] },
      { custom_id: "@SUM(1)", symbols: ["TCS"] },
    ]);
    const res = await submitBatch(s.service, headers, file);
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error.code).toBe("invalid_body");
    const lines = body.error.details?.lines as { line: number; message: string }[];
    expect(lines.map((l) => l.line)).toEqual([2, 3, 5, 6, 7, 8, 9, 10]);
    expect(lines[0]?.message).toBe("not valid JSON");
    expect(lines[1]?.message).toMatch(/custom_id/);
    expect(lines[2]?.message).toBe("custom_id 'ok' repeats line 1");
    expect(lines[3]?.message).toMatch(/exactly one of portfolio, symbols, items/);
    expect(lines[4]?.message).toMatch(/context_window_days/);
    expect(lines[6]?.message).toMatch(/custom_id must not start with = \+ - @/);
    expect(lines[7]?.message).toMatch(/custom_id must not start with/);
    expect(body.error.details?.error_count).toBe(8);
    expect(res.headers.get("X-Credits-Charged")).toBe("0");
    expect(balanceOf(s.db, account.id)).toBe(1000);
    expect(s.db.prepare("SELECT COUNT(*) AS n FROM batch_jobs WHERE account_id = ?").get(account.id)).toEqual({ n: 0 });
  });

  it("accepts lines in the common batch format (custom_id, method, url, body) and runs them unwrapped", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const job = await createJob(s, headers, [
      { custom_id: "wrapped", method: "POST", url: "/v1/daily-summary/", body: { symbols: ["TCS"] } },
      { custom_id: "flat", symbols: ["TCS"] },
    ]);
    await s.worker.drain();
    const res = await s.service.app.request(`/v1/batch/jobs/${job.id}/results`, { headers });
    const results = batchResultsSchema.parse(await res.text());
    expect(results.map((r) => [r.custom_id, r.status])).toEqual([
      ["wrapped", "success"],
      ["flat", "success"],
    ]);
    expect(balanceOf(s.db, account.id)).toBe(1000 - 50 - 10);

    const wrong = await submitBatch(s.service, headers, jsonl([{ custom_id: "chat", method: "POST", url: "/v1/chat/completions", body: { symbols: ["TCS"] } }]));
    expect(wrong.status).toBe(400);
    const body = errorBodySchema.parse(await wrong.json());
    expect(body.error.details?.lines).toEqual([{ line: 1, message: 'url: must be /v1/daily-summary/, the only endpoint a batch job runs; found "/v1/chat/completions"' }]);
    expect(balanceOf(s.db, account.id)).toBe(1000 - 50 - 10);
  });

  it("enforces the size and line caps (413), the form (400, 415) and the balance (402)", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const line = JSON.stringify({ custom_id: "x", symbols: ["TCS"] });
    const big = `${line}\n${" ".repeat(BATCH_MAX_FILE_BYTES)}\n`;
    const tooBig = await submitBatch(s.service, headers, big);
    expect(tooBig.status).toBe(413);
    expect(errorBodySchema.parse(await tooBig.json()).error.code).toBe("payload_too_large");

    const many = jsonl(Array.from({ length: BATCH_MAX_LINES + 1 }, (_, i) => ({ custom_id: `c${i}`, symbols: ["TCS"] })));
    const tooMany = await submitBatch(s.service, headers, many);
    expect(tooMany.status).toBe(413);
    expect(errorBodySchema.parse(await tooMany.json()).error.details).toMatchObject({ max_lines: BATCH_MAX_LINES });

    const badMeta = await submitBatch(s.service, headers, jsonl([{ custom_id: "x", symbols: ["TCS"] }]), { metadata: "[1]" });
    expect(badMeta.status).toBe(400);
    expect(Object.keys(errorBodySchema.parse(await badMeta.json()).error.details?.fields ?? {})).toEqual(["metadata"]);

    const noFile = new FormData();
    noFile.set("display_name", "x");
    expect((await s.service.app.request("/v1/batch/jobs", { method: "POST", headers, body: noFile })).status).toBe(400);
    const empty = await submitBatch(s.service, headers, "\n\n");
    expect(empty.status).toBe(400);

    const json = await s.service.app.request("/v1/batch/jobs", { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);

    expect(balanceOf(s.db, account.id)).toBe(1000);
    const poor = createTestAccount(s.service.ctx, { balance: 49 });
    const short = await submitBatch(s.service, poor.headers, jsonl([{ custom_id: "x", symbols: ["TCS"] }]));
    expect(short.status).toBe(402);
    expect(errorBodySchema.parse(await short.json()).error.code).toBe("insufficient_credits");
    expect(s.db.prepare("SELECT COUNT(*) AS n FROM batch_jobs WHERE account_id IN (?, ?)").get(account.id, poor.account.id)).toEqual({ n: 0 });
    expect(balanceOf(s.db, poor.account.id)).toBe(49);
  });

  it("needs the summaries product to submit, but not to read or cancel", async () => {
    const s = setup();
    const { headers } = createTestAccount(s.service.ctx, { balance: 1000, products: ["news"] });
    const res = await submitBatch(s.service, headers, jsonl([{ custom_id: "x", symbols: ["TCS"] }]));
    expect(res.status).toBe(403);
    const list = await s.service.app.request("/v1/batch/jobs", { headers });
    expect(list.status).toBe(200);
    expect(batchJobListResponseSchema.parse(await list.json()).data).toEqual([]);
  });
});

describe("batch jobs: cancel", () => {
  it("cancels in the middle of a run: unrun lines never run nor charge; a second cancel is 409 and changes nothing", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const lines = Array.from({ length: 10 }, (_, i) => ({ custom_id: `l${i + 1}`, symbols: ["TCS"] }));
    const job = await createJob(s, headers, lines);
    await s.worker.runOnce(); // start
    for (let i = 0; i < 3; i++) await s.worker.runOnce();
    s.clock.advance(2_000);
    const res = await s.service.app.request(`/v1/batch/jobs/${job.id}`, { method: "DELETE", headers });
    expect(res.status).toBe(200);
    const cancelled = batchJobSchema.parse(await res.json());
    expect(cancelled).toMatchObject({ id: job.id, status: "cancelled", cancelled_at: Math.floor(T0 / 1000) + 2, request_counts: { completed: 3 } });

    await s.worker.drain();
    const after = await getJob(s, headers, job.id);
    expect(after).toEqual(cancelled);
    expect(debits(s.db, account.id).filter((d) => d.route_id === "batch.summary")).toHaveLength(3);
    expect(balanceOf(s.db, account.id)).toBe(1000 - 50 - 15);

    s.clock.advance(5_000);
    const again = await s.service.app.request(`/v1/batch/jobs/${job.id}`, { method: "DELETE", headers });
    expect(again.status).toBe(409);
    expect(errorBodySchema.parse(await again.json()).error.code).toBe("job_finished");
    expect(await getJob(s, headers, job.id)).toEqual(cancelled);

    const results = batchResultsSchema.parse(await (await s.service.app.request(`/v1/batch/jobs/${job.id}/results`, { headers })).text());
    expect(results).toHaveLength(10);
    expect(results.slice(0, 3).every((r) => r.status === "success")).toBe(true);
    expect(results.slice(3).every((r) => r.error?.code === "cancelled" && r.response === null)).toBe(true);
  });

  it("re-checks the status inside the line's transaction: a cancel during generation leaves that line uncharged", async () => {
    let cancelDuringLine: (() => void) | null = null;
    const engine: SummaryEngine = {
      name: "cancels-midway",
      async summarize(input, context) {
        const result = await defaultSummaryEngine.summarize(input, context);
        cancelDuringLine?.();
        cancelDuringLine = null;
        return result;
      },
    };
    const s = setup({ engine });
    const { account, keyId, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const job = await createJob(s, headers, [
      { custom_id: "1", symbols: ["TCS"] },
      { custom_id: "2", symbols: ["TCS"] },
    ]);
    await s.worker.runOnce();
    await s.worker.runOnce();
    cancelDuringLine = () => cancelBatchJob({ ctx: s.service.ctx, input: { caller: { accountId: account.id, keyId }, jobId: job.id } });
    await s.worker.runOnce();
    const after = await getJob(s, headers, job.id);
    expect(after).toMatchObject({ status: "cancelled", request_counts: { completed: 1, failed: 0 }, billing: { item_credits_charged: 5 } });
    expect(debits(s.db, account.id).filter((d) => d.route_id === "batch.summary")).toHaveLength(1);
    expect(s.db.prepare("SELECT state FROM batch_lines WHERE job_id = ? ORDER BY line_no").all(job.id)).toEqual([{ state: "done" }, { state: "pending" }]);
  });

  it("refuses to cancel a completed job (409 job_finished), leaving it as it was", async () => {
    const s = setup();
    const { headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const job = await createJob(s, headers, [{ custom_id: "1", symbols: ["INFY"] }]);
    await s.worker.drain();
    const before = await getJob(s, headers, job.id);
    const res = await s.service.app.request(`/v1/batch/jobs/${job.id}`, { method: "DELETE", headers });
    expect(res.status).toBe(409);
    expect(errorBodySchema.parse(await res.json()).error).toMatchObject({ code: "job_finished", details: { status: "completed" } });
    expect(await getJob(s, headers, job.id)).toEqual(before);
  });
});

describe("batch jobs: ownership and listing", () => {
  it("shows a job only to the key that created it", async () => {
    const s = setup();
    const owner = createTestAccount(s.service.ctx, { balance: 1000 });
    const sibling = issueApiKey({ ctx: s.service.ctx, input: { accountId: owner.account.id } });
    const stranger = createTestAccount(s.service.ctx, { balance: 1000 });
    const job = await createJob(s, owner.headers, [{ custom_id: "1", symbols: ["TCS"] }]);
    await s.worker.drain();

    for (const headers of [{ "X-API-Key": sibling.key }, stranger.headers]) {
      for (const [method, path] of [
        ["GET", `/v1/batch/jobs/${job.id}`],
        ["GET", `/v1/batch/jobs/${job.id}/results`],
        ["DELETE", `/v1/batch/jobs/${job.id}`],
        ["GET", "/v1/batch/jobs/batch_doesnotexist"],
      ] as const) {
        const res = await s.service.app.request(path, { method, headers });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(errorBodySchema.parse(await res.json()).error.code).toBe("not_found");
      }
      const list = batchJobListResponseSchema.parse(await (await s.service.app.request("/v1/batch/jobs", { headers })).json());
      expect(list.data).toEqual([]);
    }
    expect((await getJob(s, owner.headers, job.id)).status).toBe("completed");
  });

  it("lists the key's jobs newest first, with a limit", async () => {
    const s = setup();
    const { headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createJob(s, headers, [{ custom_id: "1", symbols: ["INFY"] }], { display_name: randomName("job") })).id);
      s.clock.advance(1_000);
    }
    ids.push((await createJob(s, headers, [{ custom_id: "1", symbols: ["INFY"] }])).id);
    const all = batchJobListResponseSchema.parse(await (await s.service.app.request("/v1/batch/jobs", { headers })).json());
    expect(all.object).toBe("list");
    expect(all.data.map((j) => j.id)).toEqual([...ids].reverse());
    expect(all.has_next).toBe(false);
    const two = batchJobListResponseSchema.parse(await (await s.service.app.request("/v1/batch/jobs?limit=2", { headers })).json());
    expect(two.data.map((j) => j.id)).toEqual([ids[3], ids[2]]);
    expect(two.has_next).toBe(true);
    expect((await s.service.app.request("/v1/batch/jobs?limit=0", { headers })).status).toBe(400);
  });
});

describe("batch jobs: retention and resumption", () => {
  it("blanks each line's request once done after X-Alpha-Content-Retention: none, and keeps it otherwise", async () => {
    const s = setup();
    const { headers } = createTestAccount(s.service.ctx, { balance: 1000, retentionOptOut: true });
    const secret = randomName("label");
    const lines = [
      { custom_id: "1", items: [{ symbol: "TCS", label: secret }] },
      { custom_id: "2", items: [{ symbol: "INFY", label: secret }] },
      { custom_id: "3", items: [{ symbol: "ITC", label: secret }] },
    ];
    const optedOut = await submitBatch(s.service, { ...headers, "X-Alpha-Content-Retention": "none" }, jsonl(lines));
    expect(optedOut.status).toBe(200);
    expect(optedOut.headers.get("X-Alpha-Content-Retention")).toBe("none");
    const out = batchJobSchema.parse(await optedOut.json());
    const kept = await createJob(s, headers, lines);

    // Round robin: start one job, start the other, then the first job's first line.
    for (let i = 0; i < 3; i++) await s.worker.runOnce();
    const stored = (jobId: string) =>
      (s.db.prepare("SELECT request FROM batch_lines WHERE job_id = ? ORDER BY line_no").all(jobId) as { request: string | null }[]).map((r) => r.request);
    expect(stored(out.id).map((r) => r === null)).toEqual([true, false, false]);

    const cancelled = await s.service.app.request(`/v1/batch/jobs/${out.id}`, { method: "DELETE", headers });
    expect(cancelled.status).toBe(200);
    expect(stored(out.id)).toEqual([null, null, null]);

    await s.worker.drain();
    expect(stored(kept.id).every((r) => r?.includes(secret))).toBe(true);
  });

  it("runs `none` under the account's policy when it does not permit opting out, naming the policy applied", async () => {
    const s = setup();
    const { headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const secret = randomName("label");
    const res = await submitBatch(s.service, { ...headers, "X-Alpha-Content-Retention": "none" }, jsonl([{ custom_id: "1", items: [{ symbol: "TCS", label: secret }] }]));
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Alpha-Content-Retention-Applied")).toBe("retain; requested=none; reason=policy");
    const job = batchJobSchema.parse(await res.json());
    await s.worker.drain();
    const stored = s.db.prepare("SELECT request FROM batch_lines WHERE job_id = ?").get(job.id) as { request: string | null };
    expect(stored.request).toContain(secret);
  });

  it("resumes in-progress jobs when a new worker starts, running each line once", async () => {
    const s = setup();
    const { account, headers } = createTestAccount(s.service.ctx, { balance: 1000 });
    const job = await createJob(s, headers, Array.from({ length: 6 }, (_, i) => ({ custom_id: `r${i}`, symbols: ["TCS"] })));
    await s.worker.runOnce();
    await s.worker.runOnce();
    await s.worker.runOnce();
    await s.worker.stop();

    const next = startBatchWorker(s.service.ctx, { idlePollMs: 20 });
    cleanups.push(() => next.stop());
    const done = await waitFor(async () => {
      const j = await getJob(s, headers, job.id);
      return j.status === "completed" ? j : undefined;
    }, 10_000, "the resumed job to complete");
    expect(done.request_counts).toEqual({ total: 6, completed: 6, failed: 0 });
    const lineDebits = debits(s.db, account.id).filter((d) => d.route_id === "batch.summary");
    expect(lineDebits).toHaveLength(6);
    expect(new Set(lineDebits.map((d) => d.reference_id)).size).toBe(6);
  });

  it("the background worker of createService picks up a submitted job without being driven", async () => {
    const db = openDatabase(":memory:");
    const service = createService({ db, clock: new ManualClock(T0), config: { databasePath: ":memory:" }, logError: () => {} });
    cleanups.push(() => service.close());
    addCompanies(db, ["INFY"]);
    const { headers } = createTestAccount(service.ctx, { balance: 1000 });
    const res = await submitBatch(service, headers, jsonl([{ custom_id: "1", symbols: ["INFY"] }]));
    const job = batchJobSchema.parse(await res.json());
    const done = await waitFor(async () => {
      const j = batchJobSchema.parse(await (await service.app.request(`/v1/batch/jobs/${job.id}`, { headers })).json());
      return j.status === "completed" ? j : undefined;
    }, 10_000, "the background worker");
    expect(done.request_counts).toEqual({ total: 1, completed: 1, failed: 0 });
  });
});
