import "server-only";
/**
 * The desk's money records, written from the upstream answer the server saw, never from the browser: a paid summary
 * reused for a repeat within 10 minutes, the summary history row and a batch job's kept input.
 */
import type { EndpointId } from "@/lib/alpha/catalogue";
import { checkBatchFile } from "@/lib/alpha/batch";
import type { DailySummaryResponse } from "@/lib/alpha/summaries";
import { dailySummaryRequestSchema } from "@/lib/alpha/summaries";
import type { DeskContext } from "../core/context";
import { keepBatchInput } from "./batch-inputs";
import { findRecentSummary, recordSummary } from "./summaries";
import type { SessionUser } from "../identity/users";

/** What the proxy hands over after a successful upstream call. */
export interface CallRecord {
  accountId: string;
  /** The request as the catalogue parsed it (the query or the body). */
  parsed: Record<string, unknown> | undefined;
  data: unknown;
  credits: number;
  retention: "none" | undefined;
  /** The desk's own label of the call (where a summary's symbols came from); never forwarded upstream. */
  label: string | undefined;
}

export interface ReusedSummary {
  id: string;
  response: DailySummaryResponse;
  createdAt: string;
}

export async function reuseRecentSummary({ ctx, user, body }: { ctx: DeskContext; user: SessionUser; body: unknown }): Promise<ReusedSummary | null> {
  const request = dailySummaryRequestSchema.safeParse(body);
  if (!request.success) return null;
  const earlier = await findRecentSummary({ user, input: { request: request.data }, ctx });
  if (!earlier) return null;
  const response: DailySummaryResponse = {
    status: earlier.status,
    summary: earlier.summary,
    ...(earlier.details ? { details: earlier.details } : {}),
  };
  return { id: earlier.id, response, createdAt: earlier.createdAt };
}

async function fileText(file: unknown): Promise<string | null> {
  if (typeof file === "string") return file;
  if (file instanceof Blob) return file.text();
  return null;
}

/** Whether recordAfterCall keeps anything for an endpoint (a summary, a batch upload's lines); the rest skip it. */
export function recordsAfterCall(id: EndpointId): boolean {
  return id === "createDailySummary" || id === "createBatchJob";
}

export async function recordAfterCall({ ctx, user, id, call }: { ctx: DeskContext; user: SessionUser; id: EndpointId; call: CallRecord }): Promise<string | null> {
  if (id === "createDailySummary") {
    const entry = await recordSummary(
      { user, input: { request: call.parsed as never, response: call.data as DailySummaryResponse, credits: call.credits, retention: call.retention ?? null, source: call.label ?? null }, ctx },
    );
    return entry.id;
  }
  if (id === "createBatchJob" && call.retention !== "none") {
    const body = call.parsed as { file?: unknown; display_name?: string } | undefined;
    const text = await fileText(body?.file);
    const job = call.data as { id: string; request_counts: { total: number } };
    if (text === null) return null;
    // The upstream accepted this very file: its checked lines are the job's lines, in order.
    const { lines, errors } = checkBatchFile(text);
    if (errors.length > 0 || lines.length !== job.request_counts.total) return null;
    await keepBatchInput({ ctx, user, input: { jobId: job.id, accountId: call.accountId, displayName: body?.display_name ?? null, lines } });
    return job.id;
  }
  return null;
}
