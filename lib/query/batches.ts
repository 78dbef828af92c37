import { createBatchJob, listBatchJobs } from "@/lib/alpha/catalogue-meta";
import { batchJobCostBy, describeRule, unitCreditsBy, type RequestPrice } from "@/lib/alpha/cost-rules";
import { alphaCalls } from "@/lib/query/alpha-core";

/** The Alpha endpoints the batch jobs page calls: the page carries these entries, not the whole catalogue. */
export const BATCH_CALLS = /* @__PURE__ */ alphaCalls({ createBatchJob, listBatchJobs });

/**
 * The batch list's request, shared by the page's prefetch and the list. It lives here, not in the client list: a
 * server page importing a value from a "use client" module gets a reference, and its prefetch would miss the key.
 */
export const JOB_LIST_INPUT = { query: { limit: 50 } };

/** The price of a batch job of `lineCount` checked lines (the browser counts lines before it builds the file). */
export function priceBatchJob(lineCount: number): RequestPrice {
  const rule = BATCH_CALLS.endpoints.createBatchJob.cost;
  return { credits: batchJobCostBy(rule, lineCount), exact: false, description: describeRule(rule) };
}

/** The submission fee (`credits`) and the charge per generated summary (`detailedCredits`) of a batch job. */
export function batchUnitCredits(): { credits: number; detailedCredits: number } {
  return unitCreditsBy(BATCH_CALLS.endpoints.createBatchJob.cost);
}
