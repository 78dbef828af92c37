import { BATCH_CREDITS_PER_SUMMARY } from "../../lib/alpha/batch";
import { isAlphaError } from "../../lib/alpha/errors";
import { dailySummaryRequestSchema } from "../../lib/alpha/summaries";
import { debitCredits } from "../billing/ledger";
import type { ServiceContext } from "../context";
import { prepared } from "../store/prepared";
import { defaultSummaryEngine } from "../summaries/daily-summary";
import type { SummaryEngine, SummaryResult } from "../summaries/engine";
import { prepareSummaryInput, toSummaryResponseBody } from "../summaries/engine";
import type { BatchJobRow } from "./jobs";
import { epochSeconds } from "./jobs";
import { onBatchWork } from "./notify";

/** Ledger route id of a batch line's summary charge. */
export const BATCH_LINE_ROUTE_ID = "batch.summary";

export interface BatchWorkerOptions {
  engine?: SummaryEngine;
  /** Loop in the background (default). False: nothing runs until the caller calls runOnce() or drain(). */
  autoStart?: boolean;
  /** How often an idle worker looks for jobs queued by another process; this process's jobs wake it at once. */
  idlePollMs?: number;
  onError?: (error: unknown) => void;
}

export interface BatchWorker {
  /** Finishes the step in flight, then stops; a line whose transaction had not committed runs again on the next start. */
  stop(): Promise<void>;
  /** Does one step (start a job, run one line, or complete a job); false when there was nothing to do. */
  runOnce(): Promise<boolean>;
  /** Runs steps until there is nothing left to do. */
  drain(): Promise<void>;
  wake(): void;
}

interface LineRow {
  line_no: number;
  id: string;
  custom_id: string;
  request: string | null;
}

interface LineOutcome {
  result: Record<string, unknown>;
  charged: number;
  failed: boolean;
}

/** Jobs to work on, oldest first; the worker takes one line from each in turn so a big job cannot starve a small one. */
function activeJobIds(ctx: ServiceContext): string[] {
  return (
    prepared(ctx.db, "SELECT id FROM batch_jobs WHERE status IN ('pending', 'in_progress') ORDER BY created_ms, rowid").all() as { id: string }[]
  ).map((r) => r.id);
}

function readJob(ctx: ServiceContext, jobId: string): BatchJobRow | undefined {
  return prepared(ctx.db, "SELECT * FROM batch_jobs WHERE id = ?").get(jobId) as BatchJobRow | undefined;
}

function nextLine(ctx: ServiceContext, jobId: string): LineRow | undefined {
  return prepared(ctx.db, "SELECT line_no, id, custom_id, request FROM batch_lines INDEXED BY batch_lines_pending WHERE job_id = ? AND state = 'pending' ORDER BY line_no LIMIT 1").get(
    jobId,
  ) as LineRow | undefined;
}

function startJob(ctx: ServiceContext, jobId: string): void {
  prepared(ctx.db, "UPDATE batch_jobs SET status = 'in_progress', in_progress_at = ? WHERE id = ? AND status = 'pending'").run(
    epochSeconds(ctx.clock.now()),
    jobId,
  );
}

/** Completes an in-progress job with no pending line; a no-op otherwise. */
function completeIfDone(ctx: ServiceContext, jobId: string): void {
  prepared(
    ctx.db,
    `UPDATE batch_jobs SET status = 'completed', completed_at = ?
     WHERE id = ? AND status = 'in_progress' AND NOT EXISTS (SELECT 1 FROM batch_lines WHERE job_id = ? AND state = 'pending')`,
  ).run(epochSeconds(ctx.clock.now()), jobId, jobId);
}

/** What generating a line produced: the engine's result, or why there is none. */
type LineAttempt = SummaryResult | { error: { code: string; message: string } };

async function summarizeLine(engine: SummaryEngine, ctx: ServiceContext, line: LineRow): Promise<LineAttempt> {
  if (line.request === null) return { error: { code: "internal_error", message: "The request of this line is no longer stored" } };
  const parsed = dailySummaryRequestSchema.safeParse(JSON.parse(line.request));
  if (!parsed.success) return { error: { code: "invalid_parameter", message: "The request of this line is not a valid summary request" } };
  return engine.summarize(prepareSummaryInput(parsed.data), { db: ctx.db, now: ctx.clock.now(), requestId: line.id });
}

/**
 * Settles a line inside its transaction: charges a generated summary (5 credits; a short balance fails the line
 * with `insufficient_credits` instead) and builds its result line, mirroring what the single endpoint answers.
 */
function settleLine(ctx: ServiceContext, job: BatchJobRow, line: LineRow, outcome: LineAttempt): LineOutcome {
  const base = { id: line.id, custom_id: line.custom_id };
  if (!("status" in outcome)) {
    return { result: { ...base, status: "error", response: { status_code: 500, body: { error: outcome.error } }, error: outcome.error }, charged: 0, failed: true };
  }
  const body = toSummaryResponseBody(outcome);
  if (outcome.status === "error") {
    const error = outcome.error ?? { code: "summary_failed", message: "The summary could not be generated" };
    return { result: { ...base, status: "error", response: { status_code: 200, body }, error }, charged: 0, failed: true };
  }
  if (outcome.status === "success") {
    try {
      debitCredits({
        ctx,
        input: {
          caller: { accountId: job.account_id, keyId: job.key_id },
          amount: BATCH_CREDITS_PER_SUMMARY,
          routeId: BATCH_LINE_ROUTE_ID,
          referenceId: line.id,
          metadata: { job_id: job.id, line_no: line.line_no },
        },
      });
    } catch (error) {
      if (!isAlphaError(error) || error.code !== "insufficient_credits") throw error;
      const e = { code: "insufficient_credits", message: `This summary costs ${BATCH_CREDITS_PER_SUMMARY} credits and the balance is too low; it was not generated` };
      return { result: { ...base, status: "error", response: { status_code: 402, body: { error: e } }, error: e }, charged: 0, failed: true };
    }
    return { result: { ...base, status: outcome.status, response: { status_code: 200, body }, error: null }, charged: BATCH_CREDITS_PER_SUMMARY, failed: false };
  }
  return { result: { ...base, status: outcome.status, response: { status_code: 200, body }, error: null }, charged: 0, failed: false };
}

/**
 * Commits one line: result, charge and counts in one IMMEDIATE transaction, after re-checking that the job is still
 * in progress and the line still pending. A cancel or another worker that got there first leaves this a no-op.
 */
function commitLine(ctx: ServiceContext, jobId: string, line: LineRow, outcome: LineAttempt): boolean {
  return ctx.db
    .transaction(() => {
      const job = readJob(ctx, jobId);
      if (!job || job.status !== "in_progress") return false;
      const still = prepared(ctx.db, "SELECT state FROM batch_lines WHERE job_id = ? AND line_no = ?").get(jobId, line.line_no) as { state: string } | undefined;
      if (still?.state !== "pending") return false;
      const settled = settleLine(ctx, job, line, outcome);
      const now = ctx.clock.now();
      prepared(
        ctx.db,
        `UPDATE batch_lines SET state = 'done', result = ?, credits_charged = ?, finished_ms = ?, request = CASE WHEN ? = 1 THEN request ELSE NULL END
         WHERE job_id = ? AND line_no = ?`,
      ).run(JSON.stringify(settled.result), settled.charged, now.getTime(), job.retain_content, jobId, line.line_no);
      prepared(
        ctx.db,
        `UPDATE batch_jobs SET completed = completed + ?, failed = failed + ?, item_credits = item_credits + ?,
           billable_items = billable_items + ?, free_items = free_items + ? WHERE id = ?`,
      ).run(
        settled.failed ? 0 : 1,
        settled.failed ? 1 : 0,
        settled.charged,
        settled.charged > 0 ? 1 : 0,
        !settled.failed && settled.charged === 0 ? 1 : 0,
        jobId,
      );
      completeIfDone(ctx, jobId);
      return true;
    })
    .immediate();
}

/** One step of work on one job: start it, run its next line, or complete it. */
async function stepJob(ctx: ServiceContext, engine: SummaryEngine, jobId: string): Promise<boolean> {
  const job = readJob(ctx, jobId);
  if (!job || (job.status !== "pending" && job.status !== "in_progress")) return false;
  if (job.status === "pending") {
    ctx.db.transaction(() => startJob(ctx, jobId)).immediate();
    return true;
  }
  const line = nextLine(ctx, jobId);
  if (!line) {
    ctx.db.transaction(() => completeIfDone(ctx, jobId)).immediate();
    return true;
  }
  let outcome: LineAttempt;
  try {
    outcome = await summarizeLine(engine, ctx, line);
  } catch {
    outcome = { error: { code: "internal_error", message: "The summary engine failed on this line" } };
  }
  commitLine(ctx, jobId, line, outcome);
  return true;
}

/**
 * Starts the durable batch worker on the context's database. Lines run one at a time; each line's result, charge
 * and counts commit together, so a process killed at any moment loses no line and runs none twice: on the next
 * start the worker resumes every pending and in-progress job where its committed lines left it.
 */
export function startBatchWorker(ctx: ServiceContext, options: BatchWorkerOptions = {}): BatchWorker {
  const engine = options.engine ?? defaultSummaryEngine;
  const idlePollMs = options.idlePollMs ?? 1_000;
  const onError = options.onError ?? ((error: unknown) => console.error("[batch-worker]", error));
  let cursor: string | null = null;
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let chain: Promise<unknown> = Promise.resolve();

  const step = async (): Promise<boolean> => {
    const ids = activeJobIds(ctx);
    if (ids.length === 0) return false;
    // Round robin: the first active job after the one served last.
    const after = cursor === null ? -1 : ids.indexOf(cursor);
    const ordered = [...ids.slice(after + 1), ...ids.slice(0, after + 1)];
    for (const id of ordered) {
      cursor = id;
      if (await stepJob(ctx, engine, id)) return true;
    }
    return false;
  };

  // Steps never overlap, whether they come from the loop or from a test calling runOnce().
  const runOnce = (): Promise<boolean> => {
    const next = chain.then(step);
    chain = next.catch(() => undefined);
    return next;
  };

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const unsubscribe = onBatchWork(ctx.db, wake);

  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, idlePollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  const run = async () => {
    while (running) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (error) {
        // After stop() the database may already be closed; the uncommitted line simply runs again next start.
        if (running) onError(error);
      }
      if (!running) break;
      if (worked) await new Promise<void>((resolve) => setImmediate(resolve));
      else await idle();
    }
  };

  if (options.autoStart ?? true) {
    running = true;
    loop = run();
  }

  return {
    async stop() {
      running = false;
      unsubscribe();
      wakeUp?.();
      await loop;
      await chain;
    },
    runOnce,
    async drain() {
      while (await runOnce()) {
        // keep stepping
      }
    },
    wake,
  };
}
