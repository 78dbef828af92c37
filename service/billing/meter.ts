import type { Context } from "hono";
import type { EndpointId } from "../../lib/alpha/catalogue";
import { chargeFor } from "../../lib/alpha/costs";
import { CLIENT_REQUEST_ID_METADATA } from "../../lib/alpha/client-request-id";
import { AlphaError, isAlphaError } from "../../lib/alpha/errors";
import type { AccountRecord } from "../accounts";
import type { Caller, ServiceContext } from "../context";
import type { AppEnv } from "../endpoint";
import type { DebitInput, DebitOutcome } from "./ledger";
import { debitCredits, debitCreditsBatch } from "./ledger";
import type { RateDecision } from "./rate-limit";

/** What a request has been charged so far and what the limiter said; the headers of every response come from it. */
export interface MeterState {
  charged: number;
  /** Balance after this request; null until the caller is known. */
  balance: number | null;
  rate: RateDecision | null;
}

export function newMeterState(): MeterState {
  return { charged: 0, balance: null, rate: null };
}

/**
 * Counts an authenticated request against the account's rpm and daily limits, at the start of the request.
 * A refused request is not counted and costs nothing: 429 `rate_limit_exceeded` with `Retry-After`.
 */
export async function countRequest(c: Context<AppEnv>, account: AccountRecord): Promise<void> {
  const limiter = c.get("limiter");
  const decision = limiter.take(account.id, account.limits);
  c.get("meter").rate = decision;
  if (!decision.allowed) {
    const which = decision.window === "day" ? `${account.limits.daily} requests per day` : `${account.limits.rpm} requests per minute`;
    throw new AlphaError("rate_limit_exceeded", `Rate limit of ${which} exceeded; retry in ${decision.retryAfter} s`, {
      retryAfter: decision.retryAfter,
      details: { window: decision.window, limit: decision.limit, retry_after: decision.retryAfter },
    });
  }
  await limiter.durable();
}

/** A paid answer that is not JSON (a PDF, CSV text): priced like any body by the cost table, then sent as is. */
export class RawBody {
  constructor(
    readonly bytes: string | Uint8Array<ArrayBuffer>,
    readonly contentType: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/**
 * A JSON answer already serialised (text, or its UTF-8 bytes): a page assembled from the rows' stored JSON
 * (service/store/wire.ts). `body` stands for it where the cost table reads it: the same envelope with each row given
 * by its JSON text or its id (all the table reads is how many rows there are, or whether there is an answer).
 */
export class JsonText {
  constructor(
    readonly json: string | Uint8Array<ArrayBuffer>,
    readonly body: unknown,
  ) {}
}

type ChargeArgs = {
  routeId: EndpointId;
  caller: Caller;
  parsedInput: Readonly<Record<string, unknown>> | undefined;
  body: unknown;
  status?: 200 | 201 | 202;
  /** The body already serialised (a cached answer); sent as is. */
  json?: string | Uint8Array<ArrayBuffer>;
};

function answer(c: Context<AppEnv>, args: ChargeArgs): Response {
  if (args.body instanceof RawBody) return c.body(args.body.bytes, args.status ?? 200, { ...args.body.headers, "Content-Type": args.body.contentType });
  if (args.json !== undefined) return c.body(args.json, args.status ?? 200, { "Content-Type": "application/json" });
  return c.json(args.body as object, args.status ?? 200);
}

function recordDebit(c: Context<AppEnv>, amount: number, run: () => { balanceAfter: number }): void {
  try {
    c.get("meter").balance = run().balanceAfter;
    c.get("meter").charged = amount;
  } catch (error) {
    if (isAlphaError(error) && typeof error.details?.balance === "number") c.get("meter").balance = error.details.balance;
    throw error;
  }
}

function debitInput(c: Context<AppEnv>, args: ChargeArgs, amount: number): DebitInput {
  return { caller: args.caller, amount, routeId: args.routeId, referenceId: c.get("requestId"), ...clientRequestMetadata(c) };
}

/** The debit metadata naming the caller's own request id, when it sent one. */
export function clientRequestMetadata(c: Context<AppEnv>): { metadata?: Record<string, unknown> } {
  const id = c.get("clientRequestId");
  return id ? { metadata: { [CLIENT_REQUEST_ID_METADATA]: id } } : {};
}

/**
 * Charges a call by the cost table (chargeFor on the body about to be sent) and answers with it. The debit and its
 * ledger row are one transaction; a short balance answers 402 `insufficient_credits`, charges nothing, sends no data.
 * Synchronous, so a caller may run it inside its own transaction with further writes.
 */
export function respondCharged(c: Context<AppEnv>, args: ChargeArgs): Response {
  const amount = chargeFor(args.routeId, args.parsedInput, args.body);
  if (amount > 0) recordDebit(c, amount, () => debitCredits({ ctx: c.get("ctx"), input: debitInput(c, args, amount) }));
  return answer(c, args);
}

/** As respondCharged, with the debit group-committed alongside the debits of concurrent calls (see DebitBatcher). */
export async function respondChargedBatched(c: Context<AppEnv>, args: ChargeArgs): Promise<Response> {
  const amount = chargeFor(args.routeId, args.parsedInput, args.body);
  if (amount > 0) {
    const result = await c.get("debits").debit(debitInput(c, args, amount)).then(
      (r) => ({ ok: true as const, r }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    recordDebit(c, amount, () => {
      if (!result.ok) throw result.error;
      return result.r;
    });
  }
  return answer(c, args);
}

/**
 * Group commit of debits: those arriving while the event loop is busy commit in one transaction, still each all or
 * nothing with its ledger row (a short balance fails only its own call); one commit per call was most of its cost.
 */
export class DebitBatcher {
  private queue: { input: DebitInput; resolve: (r: { balanceAfter: number }) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly ctx: ServiceContext) {}

  debit(input: DebitInput): Promise<{ balanceAfter: number }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  flush(): void {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let outcomes: DebitOutcome[];
    try {
      outcomes = debitCreditsBatch({ ctx: this.ctx, inputs: batch.map((item) => item.input) });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) item.resolve({ balanceAfter: outcome.balanceAfter });
      else item.reject(outcome?.error ?? new Error("debit outcome missing"));
    });
  }
}

/** Sets the credit and rate-limit headers a response carries, whatever produced it. */
export function applyMeterHeaders(headers: Headers, meter: MeterState): void {
  headers.set("X-Credits-Charged", String(meter.charged));
  if (meter.balance !== null) headers.set("X-Credits-Balance", String(meter.balance));
  const rate = meter.rate;
  if (rate) {
    headers.set("X-RateLimit-Limit", String(rate.limit));
    headers.set("X-RateLimit-Remaining", String(rate.remaining));
    headers.set("X-RateLimit-Reset", String(rate.reset));
    if (!rate.allowed) headers.set("Retry-After", String(rate.retryAfter));
  }
}
