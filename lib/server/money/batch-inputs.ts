import "server-only";
/**
 * The input lines of batch jobs submitted through the desk, kept so the failed lines of a finished job can be sent
 * again (interface for routes; each takes an each verb takes one object with a required `ctx: DeskContext`):
 * - keepBatchInput(ctx, user, { jobId, accountId, displayName, lines }) → BatchInput: written by the proxy from the
 *   upload the upstream accepted, under the job id of the upstream's answer (lib/server/money/money-records.ts)
 * - getBatchInput(user, jobId) → BatchInput | null (the user's own jobs only)
 * A job submitted with the content-retention opt-out is not kept.
 */
import type { BatchLine } from "@/lib/alpha/batch";
import type { BatchInput } from "@/lib/query/batch-input-schema";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import type { BatchInputsTable } from "../portfolio/portfolio-tables";
import { portfolioDb } from "../portfolio/portfolio-tables";
import type { SessionUser } from "../identity/users";

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

/**
 * Keeps the lines of a job the upstream just accepted from this user's upload (called by the proxy with the job id
 * from the upstream's answer; no route accepts lines from the browser).
 */
export async function keepBatchInput(
  { ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { jobId: string; accountId: string; displayName: string | null; lines: BatchLine[] }; },
): Promise<BatchInput> {
  const row: BatchInputsTable = {
    job_id: input.jobId,
    user_id: user.id,
    account_id: input.accountId,
    display_name: input.displayName,
    line_count: input.lines.length,
    lines: JSON.stringify(input.lines),
    created_at: ctx.now().toISOString(),
  };
  await portfolioDb({ ctx }).insertInto("batch_inputs").values(row).execute();
  return toInput(row);
}

export async function getBatchInput({ ctx, user, jobId }: { ctx: DeskContext; user: SessionUser; jobId: string }): Promise<BatchInput | null> {
  const c = ctx;
  const row = await portfolioDb({ ctx: c }).selectFrom("batch_inputs").selectAll().where("job_id", "=", jobId).where("user_id", "=", user.id).executeTakeFirst();
  return row ? toInput(row) : null;
}
