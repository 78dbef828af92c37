import type { Caller, ServiceContext } from "../context";
import { prepared } from "../store/prepared";
import { createDeterministicEngine } from "./deterministic-engine";
import type { ParsedSummaryRequest, SummaryEngine, SummaryResult } from "./engine";
import { prepareSummaryInput } from "./engine";

/** The engine the service uses unless one is injected: the built-in deterministic writer. */
export const defaultSummaryEngine: SummaryEngine = createDeterministicEngine();

/** Writes a summary for a validated request, as of the context's clock. Reads only; charges nothing. */
export function generateDailySummary({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { request: ParsedSummaryRequest; requestId: string; engine?: SummaryEngine };
}): Promise<SummaryResult> {
  const engine = input.engine ?? defaultSummaryEngine;
  return engine.summarize(prepareSummaryInput(input.request), { db: ctx.db, now: ctx.clock.now(), requestId: input.requestId });
}

/**
 * Keeps the audit row of a single summary. With retention opted out the row holds no request and no summary:
 * only who asked, when, the mode, the outcome and the charge.
 */
export function recordSummaryRequest({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { caller: Caller; request: ParsedSummaryRequest; result: SummaryResult; retain: boolean; creditsCharged: number };
}): void {
  const now = ctx.clock.now();
  prepared(
    ctx.db,
    `INSERT INTO summary_requests (id, account_id, key_id, mode, status, credits_charged, symbol_count, content_retained, request, summary, created_at, created_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    input.result.details.request_id,
    input.caller.accountId,
    input.caller.keyId,
    input.result.details.mode,
    input.result.status,
    input.creditsCharged,
    input.result.details.submitted_symbol_count,
    input.retain ? 1 : 0,
    input.retain ? JSON.stringify(input.request) : null,
    input.retain ? input.result.summary : null,
    now.toISOString(),
    now.getTime(),
  );
}
