import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { BATCH_MAX_FILE_BYTES } from "../../lib/alpha/batch";
import { catalogue } from "../../lib/alpha/catalogue";
import { isAlphaError } from "../../lib/alpha/errors";
import { CONTENT_RETENTION_APPLIED_HEADER, CONTENT_RETENTION_HEADER } from "../../lib/alpha/summaries";
import { authenticate } from "../auth";
import type { AppEnv, RouteDeps } from "../endpoint";
import { defineEndpoint, honoPath, rejectUnknownQuery, requireProduct } from "../endpoint";
import { resolveContentRetention } from "../summaries/retention";
import { cancelBatchJob, createBatchJob, getBatchJob, getBatchJobResults, listBatchJobs } from "./jobs";
import { BATCH_UPLOAD_OVERHEAD_BYTES, payloadTooLarge, readBatchUpload } from "./upload";

/** Results are JSONL; `application/x-ndjson` because clients that JSON-parse any `application/json*` body would choke. */
export const BATCH_RESULTS_CONTENT_TYPE = "application/x-ndjson; charset=utf-8";

/**
 * POST /v1/batch/jobs (the `summaries` product; 50 credits on acceptance, debited with the job's creation in one
 * transaction) and the free, product-less GET list / GET one / GET results / DELETE, each scoped to the calling key.
 */
export function registerBatchRoutes(app: Hono<AppEnv>, _deps: RouteDeps): void {
  const def = catalogue.createBatchJob;
  const maxBody = BATCH_MAX_FILE_BYTES + BATCH_UPLOAD_OVERHEAD_BYTES;
  app.post(
    honoPath(def.path),
    authenticate,
    bodyLimit({
      maxSize: maxBody,
      onError: () => {
        throw payloadTooLarge(`The upload is over ${maxBody} bytes; a batch file may hold at most ${BATCH_MAX_FILE_BYTES} bytes`, {
          max_bytes: BATCH_MAX_FILE_BYTES,
        });
      },
    }),
    async (c) => {
      const ctx = c.var.ctx;
      const caller = c.var.caller;
      requireProduct(c.var.account, def.product);
      rejectUnknownQuery("createBatchJob", c.req.url);
      const { retain, applied } = resolveContentRetention({ ctx, input: { accountId: caller.accountId, header: c.req.header(CONTENT_RETENTION_HEADER) } });
      const upload = await readBatchUpload(c);
      try {
        const { job, charged, balanceAfter } = createBatchJob({
          ctx,
          input: { caller, lines: upload.lines, displayName: upload.displayName, metadata: upload.metadata, retain, clientRequestId: c.var.clientRequestId },
        });
        c.var.meter.charged = charged;
        c.var.meter.balance = balanceAfter;
        if (!retain) c.header(CONTENT_RETENTION_HEADER, "none");
        c.header(CONTENT_RETENTION_APPLIED_HEADER, applied);
        return c.json(job, 200);
      } catch (error) {
        if (isAlphaError(error) && typeof error.details?.balance === "number") c.var.meter.balance = error.details.balance;
        throw error;
      }
    },
  );

  defineEndpoint(app, "listBatchJobs", ({ ctx, caller, input }) => listBatchJobs({ ctx, input: { caller, limit: input.limit } }));
  defineEndpoint(app, "getBatchJob", ({ ctx, caller, params }) => getBatchJob({ ctx, input: { caller, jobId: params.job_id } }));
  defineEndpoint(app, "getBatchJobResults", ({ c, ctx, caller, params }) =>
    c.body(getBatchJobResults({ ctx, input: { caller, jobId: params.job_id } }), 200, { "Content-Type": BATCH_RESULTS_CONTENT_TYPE }),
  );
  defineEndpoint(app, "cancelBatchJob", ({ ctx, caller, params }) => cancelBatchJob({ ctx, input: { caller, jobId: params.job_id } }));
}
