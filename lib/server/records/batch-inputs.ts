import "server-only";
/**
 * The input lines of batch jobs submitted through the desk, kept (unless retention was opted out of) so a finished
 * job's failed lines can be sent again; written by the proxy from the upload the service accepted.
 */
import type { BatchLine } from "@/lib/alpha/batch";
import type { BatchInput } from "@/lib/desk/batches";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import type { BatchInputsTable } from "../core/portfolio-tables";
import { portfolioDb } from "../core/portfolio-tables";
import type { SessionUser } from "../identity/users";

export type { BatchInput } from "@/lib/desk/batches";

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
