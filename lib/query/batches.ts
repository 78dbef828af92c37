import { queryOptions } from "@tanstack/react-query";
import { deskCaller } from "@/lib/desk/desk-caller";
import type { deskRouteMeta } from "@/lib/desk/route-meta";
import { deskKeys } from "@/lib/query/desk-keys";
import type { BatchInput } from "@/lib/query/batch-input-schema";
import { BATCH_CREDITS_PER_SUMMARY, BATCH_SUBMIT_CREDITS } from "@/lib/alpha/batch-limits";
import type { endpointMeta } from "@/lib/alpha/catalogue-meta";
import { batchJobCostBy, describeRule, unitCreditsBy, type RequestPrice } from "@/lib/alpha/cost-rules";
import { alphaCalls } from "@/lib/query/alpha-core";

/**
 * The Alpha endpoints the batch jobs page calls, as lib/alpha/catalogue-meta.ts has them (the `satisfies` holds
 * each entry to the catalogue's; lib/alpha/endpoint-tables.test.ts too): the page carries these, not the whole catalogue.
 */
export const BATCH_CALLS = /* @__PURE__ */ alphaCalls({
  createBatchJob: { method: "POST", path: "/v1/batch/jobs", product: "summaries", cost: { kind: "batch_submit", credits: BATCH_SUBMIT_CREDITS, perSummary: BATCH_CREDITS_PER_SUMMARY }, scope: "key", bodyType: "multipart" },
  listBatchJobs: { method: "GET", path: "/v1/batch/jobs", product: null, cost: { kind: "free" }, scope: "key", queryDefaults: { limit: 20 }, maxLimit: 100 },
} as const satisfies Partial<typeof endpointMeta>);

// The type only: the schema (and zod) is the contract's, loaded on demand.
export type { BatchInput } from "@/lib/query/batch-input-schema";

/** The desk routes the batch pages call, as lib/desk/route-meta.ts has them: the page carries these, not the whole table. */
export const BATCH_ROUTES = /* @__PURE__ */ deskCaller({
  getBatchInput: { method: "GET", path: "/api/batches/[id]/input", access: "user" },
  downloadBatchResults: { method: "GET", path: "/api/batches/[id]/results.jsonl", access: "user", kind: "stream" },
} as const satisfies Partial<typeof deskRouteMeta>);

/**
 * The batch list's request, shared by the page's prefetch and the list. It lives here, not in the client list: a
 * server page importing a value from a "use client" module gets a reference, and its prefetch would miss the key.
 */
export const JOB_LIST_INPUT = { query: { limit: 50 } };

/** GET /api/batches/[id]/input: the lines the desk kept for a job (null when it kept none). */
export function batchInputQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: deskKeys.batches.input(jobId),
    queryFn: ({ signal }): Promise<BatchInput | null> => BATCH_ROUTES.call("getBatchInput", { params: { id: jobId }, signal }),
    staleTime: Infinity,
  });
}

/** The link that downloads a job's results as JSONL (the desk streams them with the watchlist labels). */
export function batchResultsUrl(jobId: string): string {
  return BATCH_ROUTES.url("downloadBatchResults", { params: { id: jobId } });
}

/** The price of a batch job of `lineCount` checked lines (the browser counts lines before it builds the file). */
export function priceBatchJob(lineCount: number): RequestPrice {
  const rule = BATCH_CALLS.endpoints.createBatchJob.cost;
  return { credits: batchJobCostBy(rule, lineCount), exact: false, description: describeRule(rule) };
}

/** The submission fee (`credits`) and the charge per generated summary (`detailedCredits`) of a batch job. */
export function batchUnitCredits(): { credits: number; detailedCredits: number } {
  return unitCreditsBy(BATCH_CALLS.endpoints.createBatchJob.cost);
}
