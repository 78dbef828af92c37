import type { Hono } from "hono";
import { catalogue } from "../../lib/alpha/catalogue";
import { invalidParameter } from "../../lib/alpha/errors";
import { CONTENT_RETENTION_APPLIED_HEADER, CONTENT_RETENTION_HEADER, dailySummaryRequestSchema } from "../../lib/alpha/summaries";
import { authenticate } from "../auth";
import { respondCharged } from "../billing/meter";
import type { AppEnv, RouteDeps } from "../endpoint";
import { honoPath, readJsonBody, rejectUnknownQuery, requireProduct } from "../endpoint";
import { generateDailySummary, recordSummaryRequest } from "./daily-summary";
import type { SummaryEngine } from "./engine";
import { toSummaryResponseBody } from "./engine";
import { resolveContentRetention } from "./retention";

export interface SummaryRouteDeps extends RouteDeps {
  /** Replaces the built-in deterministic engine (a language-model backend, or a test double). */
  engine?: SummaryEngine;
}

/**
 * POST /v1/daily-summary/ (the path without the slash too: routing is not strict). Generated first, then charged:
 * 5 credits only for status `success`, debited in one transaction with the audit row; a short balance is a 402
 * that sends no summary. Other statuses are answered free, whatever the balance.
 */
export function registerSummaryRoutes(app: Hono<AppEnv>, deps: SummaryRouteDeps): void {
  const def = catalogue.createDailySummary;
  app.post(honoPath(def.path), authenticate, async (c) => {
    const ctx = c.var.ctx;
    const caller = c.var.caller;
    requireProduct(c.var.account, def.product);
    rejectUnknownQuery("createDailySummary", c.req.url);
    const { retain, applied } = resolveContentRetention({ ctx, input: { accountId: caller.accountId, header: c.req.header(CONTENT_RETENTION_HEADER) } });
    const parsed = dailySummaryRequestSchema.safeParse(await readJsonBody(c));
    if (!parsed.success) throw invalidParameter(parsed.error, "body");
    const result = await generateDailySummary({ ctx, input: { request: parsed.data, requestId: c.var.requestId, engine: deps.engine } });
    const body = toSummaryResponseBody(result);
    const response = ctx.db.transaction(() => {
      const res = respondCharged(c, { routeId: "createDailySummary", caller, parsedInput: parsed.data, body });
      recordSummaryRequest({ ctx, input: { caller, request: parsed.data, result, retain, creditsCharged: c.var.meter.charged } });
      return res;
    })();
    if (!retain) response.headers.set(CONTENT_RETENTION_HEADER, "none");
    response.headers.set(CONTENT_RETENTION_APPLIED_HEADER, applied);
    return response;
  });
}
