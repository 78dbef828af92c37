/**
 * Batch bench: time to finish a 1,000-line batch job on a freshly seeded temporary database, with the service's
 * own background worker, against the same requests sent one by one to POST /v1/daily-summary/.
 * Run: `npm run bench:batch` (optional: `-- --lines 1000 --singles 200`). Prints a table and one JSON line.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { batchJobSchema } from "../../lib/alpha/batch";
import { SUMMARY_MODES } from "../../lib/alpha/summaries";
import { createAccount, issueApiKey } from "../../service/accounts";
import { createService } from "../../service/app";
import { jsonl, uploadForm } from "../../service/batch/testing";
import { seedDataset } from "../../service/dataset/seed";
import { openDatabase } from "../../service/store/db";

const { values } = parseArgs({ options: { lines: { type: "string", default: "1000" }, singles: { type: "string", default: "200" }, seed: { type: "string", default: "20260401" } } });
const LINES = Number(values.lines);
const SINGLES = Number(values.singles);

/** A deterministic spread of requests: 1–10 symbols from the seeded universe, every mode. */
function buildRequests(symbols: readonly string[], count: number): Record<string, unknown>[] {
  let state = 12_345;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return Array.from({ length: count }, (_, i) => {
    const size = 1 + Math.floor(next() * 10);
    const picked = Array.from({ length: size }, () => symbols[Math.floor(next() * symbols.length)] ?? "TCS");
    const mode = SUMMARY_MODES[i % SUMMARY_MODES.length] ?? "exposure";
    const windowed = mode === "exposure" ? {} : { context_window_days: 1 + (i % 3) };
    return i % 2 === 0
      ? { custom_id: `req-${i + 1}`, mode, ...windowed, items: picked.map((symbol, k) => ({ symbol, exposure: 10 + k * 5 })) }
      : { custom_id: `req-${i + 1}`, mode, ...windowed, symbols: picked };
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "alpha-bench-batch-"));
  const dbPath = join(dir, "service.db");
  try {
    const db = openDatabase(dbPath);
    const now = new Date();
    const seedStart = performance.now();
    const report = seedDataset(db, { seed: Number(values.seed), now });
    const seedMs = performance.now() - seedStart;
    const service = createService({ db, config: { databasePath: dbPath }, logError: () => {} });
    const ctx = service.ctx;
    const account = createAccount({ ctx, input: { name: "bench", plan: "pro", balance: 10_000_000, rpm: 1_000_000, daily: 10_000_000 } });
    const { key } = issueApiKey({ ctx, input: { accountId: account.id } });
    const headers = { "X-API-Key": key };
    const symbols = (db.prepare("SELECT symbol FROM companies ORDER BY symbol").all() as { symbol: string }[]).map((r) => r.symbol);
    const requests = buildRequests(symbols, LINES);

    // Singles first, so the batch runs on a warmed process just as they did.
    const singleStart = performance.now();
    for (const r of requests.slice(0, SINGLES)) {
      const { custom_id: _id, ...body } = r;
      const res = await service.app.request("/v1/daily-summary/", { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`single summary answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
    const singleMs = performance.now() - singleStart;

    const file = jsonl(requests);
    const submitStart = performance.now();
    const res = await service.app.request("/v1/batch/jobs", { method: "POST", headers, body: uploadForm(file, { display_name: "bench" }) });
    if (res.status !== 200) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
    const submitMs = performance.now() - submitStart;
    const job = batchJobSchema.parse(await res.json());
    let done = job;
    // Polling the job as a client would; the worker is the service's own background loop.
    while (done.status !== "completed") {
      await new Promise((resolve) => setTimeout(resolve, 5));
      done = batchJobSchema.parse(await (await service.app.request(`/v1/batch/jobs/${job.id}`, { headers })).json());
      if (done.status === "cancelled") throw new Error("job cancelled");
    }
    const totalMs = performance.now() - submitStart;
    const resultsStart = performance.now();
    const results = await (await service.app.request(`/v1/batch/jobs/${job.id}/results`, { headers })).text();
    const resultsMs = performance.now() - resultsStart;
    service.close();
    db.close();

    const perLine = totalMs / LINES;
    const perSingle = singleMs / SINGLES;
    const out = {
      lines: LINES,
      file_bytes: Buffer.byteLength(file),
      seeded_rows: Object.entries(report).reduce((sum, [k, v]) => (k !== "durationMs" && typeof v === "number" ? sum + v : sum), 0),
      seed_ms: Math.round(seedMs),
      submit_ms: Math.round(submitMs),
      job_total_ms: Math.round(totalMs),
      per_line_ms: Number(perLine.toFixed(2)),
      lines_per_second: Math.round(LINES / (totalMs / 1000)),
      single_summary_ms: Number(perSingle.toFixed(2)),
      batch_line_to_single_ratio: Number((perLine / perSingle).toFixed(2)),
      results_ms: Math.round(resultsMs),
      results_bytes: Buffer.byteLength(results),
      request_counts: done.request_counts,
      billing: done.billing,
    };
    console.log(`batch bench: ${LINES} lines on a seeded temp DB (${out.seeded_rows} rows)`);
    console.table({
      "submit (validate + store + charge)": `${out.submit_ms} ms`,
      "submit → completed": `${out.job_total_ms} ms`,
      "per line": `${out.per_line_ms} ms (${out.lines_per_second} lines/s)`,
      [`single POST /v1/daily-summary/ (mean of ${SINGLES})`]: `${out.single_summary_ms} ms`,
      "batch line / single call": `${out.batch_line_to_single_ratio}×`,
      "GET results": `${out.results_ms} ms, ${Math.round(out.results_bytes / 1024)} KiB`,
    });
    console.log(JSON.stringify(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
