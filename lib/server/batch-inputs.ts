import "server-only";
/**
 * The input lines of batch jobs submitted through the desk, kept so the failed lines of a finished job can be sent
 * again (interface for routes; each takes an optional trailing DeskContext):
 * - saveBatchInput(user, jobId, { display_name?, lines }) → BatchInput: only for a job the user's key owns (checked
 *   with the free GET /v1/batch/jobs/{id}) and with as many lines as the job; another user's job is a 404
 * - getBatchInput(user, jobId) → BatchInput | null
 * A job submitted with the content-retention opt-out is not saved: the browser does not send its lines.
 */
import type { BatchLine } from "@/lib/alpha/batch";
import { AlphaError } from "@/lib/alpha/errors";
import type { BatchInput, SaveBatchInput } from "@/lib/query/batch-input-schema";
import { saveBatchInputSchema } from "@/lib/query/batch-input-schema";
import { callAlpha } from "./alpha-proxy";
import type { DeskContext } from "./context";
import { toNumber } from "./db";
import { getDeskContext } from "./default-context";
import { withUserKey } from "./key-vault";
import type { BatchInputsTable } from "./portfolio-tables";
import { portfolioDb } from "./portfolio-tables";
import type { SessionUser } from "./users";
import { parseOrThrow } from "./users";

export type { BatchInput } from "@/lib/query/batch-input-schema";

function toInput(row: BatchInputsTable): BatchInput {
  return {
    jobId: row.job_id,
    displayName: row.display_name,
    lineCount: toNumber(row.line_count),
    lines: JSON.parse(row.lines) as BatchLine[],
    createdAt: row.created_at,
  };
}

export async function saveBatchInput(user: SessionUser, jobId: string, input: SaveBatchInput, ctx?: DeskContext): Promise<BatchInput> {
  const c = ctx ?? (await getDeskContext());
  const parsed = parseOrThrow(saveBatchInputSchema, input);
  // The job must exist for this user's key (404 otherwise): nobody files lines under a job they do not own.
  const job = await callAlpha(user, "getBatchJob", { path: { job_id: jobId } }, { ctx: c });
  const { accountId } = await withUserKey(user.id, c);
  if (job.data.request_counts.total !== parsed.lines.length) {
    throw new AlphaError("invalid_body", `The job has ${job.data.request_counts.total} lines; ${parsed.lines.length} were sent`);
  }
  const db = portfolioDb(c);
  const row: BatchInputsTable = {
    job_id: jobId,
    user_id: user.id,
    account_id: accountId,
    display_name: parsed.display_name ?? null,
    line_count: parsed.lines.length,
    lines: JSON.stringify(parsed.lines),
    created_at: c.now().toISOString(),
  };
  const existing = await db.selectFrom("batch_inputs").select(["user_id"]).where("job_id", "=", jobId).executeTakeFirst();
  if (existing && existing.user_id !== user.id) throw new AlphaError("not_found", "No such batch job");
  if (existing) {
    await db.updateTable("batch_inputs").set({ lines: row.lines, line_count: row.line_count, display_name: row.display_name }).where("job_id", "=", jobId).execute();
  } else {
    await db.insertInto("batch_inputs").values(row).execute();
  }
  return toInput(row);
}

export async function getBatchInput(user: SessionUser, jobId: string, ctx?: DeskContext): Promise<BatchInput | null> {
  const c = ctx ?? (await getDeskContext());
  const row = await portfolioDb(c).selectFrom("batch_inputs").selectAll().where("job_id", "=", jobId).where("user_id", "=", user.id).executeTakeFirst();
  return row ? toInput(row) : null;
}
