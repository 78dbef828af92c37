import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import type { ServiceContext } from "../context";
import { addCompanies, makeTestContext } from "../../test/support/service-summaries";
import { addNews, createTestAccount } from "../../test/support/service";
import { createBatchJob } from "./jobs";
import { waitFor } from "./testing";
import { BATCH_LINE_ROUTE_ID } from "./worker";

const script = fileURLToPath(new URL("./fixtures/worker-process.ts", import.meta.url));
const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const doneCount = (ctx: ServiceContext, jobId: string) =>
  (ctx.db.prepare("SELECT COUNT(*) AS n FROM batch_lines WHERE job_id = ? AND state = 'done'").get(jobId) as { n: number }).n;

/**
 * Runs the worker in a child process that waits for our `go` before generating each line. Once `killWhen` holds at
 * a line's start, the child is SIGKILLed instead: the kill lands mid-line, before that line's transaction.
 */
async function runChild(dbPath: string, killWhen: (() => boolean) | null, started: string[]): Promise<{ killedDuring: string | null }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, dbPath], { cwd: repoRoot, stdio: ["pipe", "pipe", "pipe"] });
  children.push(child);
  child.stdin?.on("error", () => undefined); // a `go` racing the kill is of no interest
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let killedDuring: string | null = null;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const m = /^start (\S+)$/.exec(line);
    if (!m?.[1]) return;
    started.push(m[1]);
    if (killedDuring === null && killWhen?.()) {
      killedDuring = m[1];
      child.kill("SIGKILL");
    } else if (killedDuring === null) {
      child.stdin?.write("go\n");
    }
  });
  if (killWhen) {
    await exited;
    expect(child.signalCode, stderr).toBe("SIGKILL");
  }
  return { killedDuring };
}

it("a worker process killed mid-job and restarted runs every line exactly once and charges each summary once", async () => {
  const dir = mkdtempSync(join(tmpdir(), "alpha-batch-restart-"));
  dirs.push(dir);
  const dbPath = join(dir, "service.db");
  const ctx = makeTestContext({ dbPath });
  addCompanies(ctx.db, ["TCS", "INFY"]);
  addNews(ctx.db, { symbol: "TCS", date_ms: Date.now() - 60_000, sentiment: "positive" });
  const { account, keyId } = createTestAccount(ctx, { balance: 10_000 });
  // Lines cycle: two summaries (charged), one with no news (free), one with no known symbol (failed).
  const pattern = [["TCS"], ["TCS"], ["INFY"], ["NOPE"]] as const;
  const lines = Array.from({ length: 40 }, (_, i) => ({ custom_id: `line-${i + 1}`, symbols: [...(pattern[i % 4] ?? ["TCS"])] }));
  const { job } = createBatchJob({ ctx, input: { caller: { accountId: account.id, keyId }, lines, retain: true } });

  const started: string[] = [];
  const first = await runChild(dbPath, () => doneCount(ctx, job.id) >= 6, started);
  const afterFirst = doneCount(ctx, job.id);
  expect(afterFirst).toBeGreaterThanOrEqual(6);
  expect(afterFirst).toBeLessThan(40);
  const second = await runChild(dbPath, () => doneCount(ctx, job.id) >= afterFirst + 10, started);
  expect(doneCount(ctx, job.id)).toBeLessThan(40);

  await runChild(dbPath, null, started);
  await waitFor(
    () => (ctx.db.prepare("SELECT status FROM batch_jobs WHERE id = ?").get(job.id) as { status: string }).status === "completed",
    30_000,
    "the restarted worker to complete the job",
  );
  for (const child of children) child.kill("SIGKILL");

  // The lines in flight at each kill ran again after the restart...
  for (const killed of [first.killedDuring, second.killedDuring]) {
    expect(killed).not.toBeNull();
    expect(started.filter((id) => id === killed).length).toBeGreaterThanOrEqual(2);
  }
  // ...yet every line holds exactly one result, and every generated summary exactly one debit.
  const rows = ctx.db.prepare("SELECT id, custom_id, state, result FROM batch_lines WHERE job_id = ? ORDER BY line_no").all(job.id) as {
    id: string;
    custom_id: string;
    state: string;
    result: string;
  }[];
  expect(rows).toHaveLength(40);
  expect(rows.every((r) => r.state === "done" && JSON.parse(r.result).custom_id === r.custom_id)).toBe(true);
  const statuses = rows.map((r) => (JSON.parse(r.result) as { status: string }).status);
  expect(statuses).toEqual(lines.map((_, i) => ["success", "success", "success_no_news", "error"][i % 4]));

  const debits = ctx.db
    .prepare("SELECT reference_id, COUNT(*) AS n, SUM(amount) AS total FROM ledger WHERE account_id = ? AND route_id = ? GROUP BY reference_id")
    .all(account.id, BATCH_LINE_ROUTE_ID) as { reference_id: string; n: number; total: number }[];
  const successIds = rows.filter((_, i) => statuses[i] === "success").map((r) => r.id);
  expect(debits.map((d) => d.reference_id).sort()).toEqual([...successIds].sort());
  expect(debits.every((d) => d.n === 1 && d.total === -5)).toBe(true);

  const final = ctx.db.prepare("SELECT completed, failed, item_credits, billable_items, free_items FROM batch_jobs WHERE id = ?").get(job.id);
  expect(final).toEqual({ completed: 30, failed: 10, item_credits: 100, billable_items: 20, free_items: 10 });
  const balance = (ctx.db.prepare("SELECT balance FROM accounts WHERE id = ?").get(account.id) as { balance: number }).balance;
  expect(balance).toBe(10_000 - 50 - 100);
  ctx.db.close();
}, 90_000);
