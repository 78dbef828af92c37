import { CLIENT_REQUEST_ID_METADATA } from "../../lib/alpha/client-request-id";
import { randomBytes } from "node:crypto";
import type { BatchJob, BatchLine } from "../../lib/alpha/batch";
import { BATCH_SUBMIT_CREDITS } from "../../lib/alpha/batch";
import { AlphaError } from "../../lib/alpha/errors";
import { debitCredits } from "../billing/ledger";
import type { Caller, ServiceContext } from "../context";
import { prepared } from "../store/prepared";
import { notifyBatchWork } from "./notify";

export const BATCH_ACTIVE_STATUSES = ["pending", "in_progress"] as const;

export interface BatchJobRow {
  id: string;
  account_id: string;
  key_id: string;
  status: string;
  display_name: string | null;
  metadata: string | null;
  retain_content: number;
  total: number;
  completed: number;
  failed: number;
  submit_credits: number;
  item_credits: number;
  billable_items: number;
  free_items: number;
  created_at: number;
  created_ms: number;
  in_progress_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
}

export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

export function toBatchJobWire(row: BatchJobRow): BatchJob {
  return {
    id: row.id,
    object: "batch",
    status: row.status,
    display_name: row.display_name,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    created_at: row.created_at,
    in_progress_at: row.in_progress_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    request_counts: { total: row.total, completed: row.completed, failed: row.failed },
    billing: {
      submit_credits_charged: row.submit_credits,
      item_credits_charged: row.item_credits,
      total_credits_charged: row.submit_credits + row.item_credits,
      billable_items: row.billable_items,
      free_items: row.free_items,
      failed_items: row.failed,
    },
  };
}

export function readBatchJobRow(ctx: ServiceContext, jobId: string): BatchJobRow | undefined {
  return prepared(ctx.db, "SELECT * FROM batch_jobs WHERE id = ?").get(jobId) as BatchJobRow | undefined;
}

/** The job, if the calling key created it; any other key (same account or not) gets the same 404 as a missing job. */
export function getBatchJobRowOrThrow(ctx: ServiceContext, caller: Caller, jobId: string): BatchJobRow {
  const row = readBatchJobRow(ctx, jobId);
  if (!row || row.key_id !== caller.keyId) throw new AlphaError("not_found", `No batch job ${jobId}`);
  return row;
}

export interface CreateBatchJobInput {
  caller: Caller;
  /** Lines already validated by checkBatchFile, in file order. */
  lines: readonly BatchLine[];
  displayName?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  /** False after `X-Alpha-Content-Retention: none`: each line's request is blanked once it is done. */
  retain: boolean;
  /** The caller's X-Client-Request-Id, named in the submission debit's metadata. */
  clientRequestId?: string | null;
}

/**
 * Accepts a job: debits the submission credits and stores the job and its lines in one transaction, so a short
 * balance (402 `insufficient_credits`) leaves no job behind. Wakes this process's worker afterwards.
 */
export function createBatchJob({ ctx, input }: { ctx: ServiceContext; input: CreateBatchJobInput }): { job: BatchJob; charged: number; balanceAfter: number } {
  if (input.lines.length === 0) throw new AlphaError("invalid_parameter", "A batch job needs at least one request line");
  const id = randomId("batch");
  const now = ctx.clock.now();
  const result = ctx.db.transaction(() => {
    const { balanceAfter } = debitCredits({
      ctx,
      input: { caller: input.caller, amount: BATCH_SUBMIT_CREDITS, routeId: "createBatchJob", referenceId: id, metadata: { lines: input.lines.length, ...(input.clientRequestId ? { [CLIENT_REQUEST_ID_METADATA]: input.clientRequestId } : {}) } },
    });
    prepared(
      ctx.db,
      `INSERT INTO batch_jobs (id, account_id, key_id, status, display_name, metadata, retain_content, total, submit_credits, created_at, created_ms)
       VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      input.caller.accountId,
      input.caller.keyId,
      input.displayName ?? null,
      input.metadata === undefined ? null : JSON.stringify(input.metadata),
      input.retain ? 1 : 0,
      input.lines.length,
      BATCH_SUBMIT_CREDITS,
      epochSeconds(now),
      now.getTime(),
    );
    const insertLine = prepared(ctx.db, "INSERT INTO batch_lines (job_id, line_no, id, custom_id, request) VALUES (?, ?, ?, ?, ?)");
    const lineIdBase = id.slice("batch_".length);
    input.lines.forEach((line, i) => {
      const { custom_id, ...request } = line;
      insertLine.run(id, i + 1, `breq_${lineIdBase}_${i + 1}`, custom_id, JSON.stringify(request));
    });
    return { balanceAfter };
  })();
  notifyBatchWork(ctx.db);
  const row = readBatchJobRow(ctx, id);
  if (!row) throw new Error(`batch job ${id} vanished after insert`);
  return { job: toBatchJobWire(row), charged: BATCH_SUBMIT_CREDITS, balanceAfter: result.balanceAfter };
}

export function getBatchJob({ ctx, input }: { ctx: ServiceContext; input: { caller: Caller; jobId: string } }): BatchJob {
  return toBatchJobWire(getBatchJobRowOrThrow(ctx, input.caller, input.jobId));
}

/** The calling key's jobs, newest first. */
export function listBatchJobs({ ctx, input }: { ctx: ServiceContext; input: { caller: Caller; limit: number } }): {
  object: "list";
  data: BatchJob[];
  has_next: boolean;
} {
  const rows = prepared(ctx.db, "SELECT * FROM batch_jobs WHERE key_id = ? ORDER BY created_ms DESC, rowid DESC LIMIT ?").all(
    input.caller.keyId,
    input.limit + 1,
  ) as BatchJobRow[];
  const hasNext = rows.length > input.limit;
  return { object: "list", data: rows.slice(0, input.limit).map(toBatchJobWire), has_next: hasNext };
}

/**
 * Cancels a pending or in-progress job: its unrun lines never run and are never charged (the worker re-checks the
 * status inside each line's transaction). A finished job is a 409 `job_finished` and stays as it was.
 */
export function cancelBatchJob({ ctx, input }: { ctx: ServiceContext; input: { caller: Caller; jobId: string } }): BatchJob {
  return ctx.db
    .transaction(() => {
      const row = getBatchJobRowOrThrow(ctx, input.caller, input.jobId);
      if (!(BATCH_ACTIVE_STATUSES as readonly string[]).includes(row.status)) {
        throw new AlphaError("job_finished", `Batch job ${row.id} is already ${row.status}`, { details: { status: row.status } });
      }
      prepared(ctx.db, "UPDATE batch_jobs SET status = 'cancelled', cancelled_at = ? WHERE id = ?").run(epochSeconds(ctx.clock.now()), row.id);
      // Unrun lines are done too: an opted-out job keeps none of their content.
      if (row.retain_content === 0) prepared(ctx.db, "UPDATE batch_lines SET request = NULL WHERE job_id = ? AND state = 'pending'").run(row.id);
      const updated = readBatchJobRow(ctx, row.id);
      if (!updated) throw new Error(`batch job ${row.id} vanished during cancel`);
      return toBatchJobWire(updated);
    })
    .immediate();
}

/**
 * The results as JSONL, one line per request line in input order. A completed job's lines all hold results;
 * a cancelled job's unrun lines read as `error: { code: "cancelled" }`. Before either: 409 `job_not_completed`.
 */
export function getBatchJobResults({ ctx, input }: { ctx: ServiceContext; input: { caller: Caller; jobId: string } }): string {
  const row = getBatchJobRowOrThrow(ctx, input.caller, input.jobId);
  if (row.status !== "completed" && row.status !== "cancelled") {
    throw new AlphaError("job_not_completed", `Batch job ${row.id} is ${row.status}; results are available once it has completed`, {
      details: { status: row.status, request_counts: { total: row.total, completed: row.completed, failed: row.failed } },
    });
  }
  const lines = prepared(ctx.db, "SELECT id, custom_id, state, result FROM batch_lines WHERE job_id = ? ORDER BY line_no").all(row.id) as {
    id: string;
    custom_id: string;
    state: string;
    result: string | null;
  }[];
  const out = lines.map((l) =>
    l.state === "done" && l.result !== null
      ? l.result
      : JSON.stringify({
          id: l.id,
          custom_id: l.custom_id,
          status: null,
          response: null,
          error: { code: "cancelled", message: "The job was cancelled before this line ran; it was not charged" },
        }),
  );
  return out.length > 0 ? `${out.join("\n")}\n` : "";
}
