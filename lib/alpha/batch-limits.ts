/**
 * Batch jobs' limits, prices and statuses, and the helpers pages read them with: zod-free, apart from the schemas of
 * lib/alpha/batch.ts (which re-exports all of this), so the price tables and the job list's first render carry no zod.
 */

export const BATCH_STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;
/** Statuses after which a job never changes; includes the hosted SDK's names. */
export const BATCH_TERMINAL_STATUSES = ["completed", "cancelled", "succeeded", "partial", "failed"] as const;
/** Upload limits, documented in the OpenAPI document. */
export const BATCH_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const BATCH_MAX_LINES = 5_000;
export const BATCH_SUBMIT_CREDITS = 50;
export const BATCH_CREDITS_PER_SUMMARY = 5;

/**
 * Bytes a batch upload may carry beyond the file itself (multipart boundaries, display_name, metadata): one cap for
 * the desk's proxy and the service.
 */
export const BATCH_UPLOAD_OVERHEAD_BYTES = 256 * 1024;

/** The endpoint a batch job runs: a line in the common batch format may name it in `url`. */
export const BATCH_LINE_URL = "/v1/daily-summary/";

export function isTerminalBatchStatus(status: string): boolean {
  return (BATCH_TERMINAL_STATUSES as readonly string[]).includes(status.toLowerCase());
}

/** The symbols a summary request names, whichever of its three forms it uses. */
export function symbolsOfRequest(r: { portfolio?: { symbol: string }[] | undefined; symbols?: string[] | undefined; items?: { symbol: string }[] | undefined }): string[] {
  return r.symbols ?? (r.items ?? r.portfolio ?? []).map((h) => h.symbol);
}
