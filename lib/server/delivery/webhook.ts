import "server-only";
/**
 * Webhooks in the Standard Webhooks form: `webhook-id` (the delivery's id: the receiver's idempotency key, the same on
 * every retry), `webhook-timestamp` and `webhook-signature` (v1, HMAC-SHA256 over id.timestamp.body with the
 * endpoint's secret; the timestamp is the wall clock's, as receivers check it against theirs). One attempt is bounded in time (3 s) and in what it reads back (64 KB); retries are the caller's.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { checkWebhookUrl, guardedLookup, UnsafeAddressError } from "./ssrf";

/** A new endpoint secret, in the `whsec_` form Standard Webhooks libraries read. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export interface AttemptResult {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status: number | null;
  latencyMs: number;
  /** Why it failed, in words for the ledger (never a secret). */
  error: string | null;
  /** A failure that no retry mends (a refused address, a bad URL): the caller stops retrying. */
  permanent?: boolean;
}

const MAX_ANSWER_BYTES = 64 * 1024;

export interface WebhookSend {
  url: string;
  secret: string;
  /** The idempotency key: the same for every attempt of one delivery. */
  id: string;
  payload: unknown;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** The signed headers of one request (exported for tests and for showing an example to the endpoint's owner). */
export function signWebhook({ secret, id, body, at }: { secret: string; id: string; body: string; at: Date }): Record<string, string> {
  const signature = new Webhook(secret).sign(id, at, body);
  return { "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}

export async function sendWebhook(input: WebhookSend): Promise<AttemptResult> {
  const body = JSON.stringify(input.payload);
  const headers = { ...signWebhook({ secret: input.secret, id: input.id, body, at: new Date() }), "content-type": "application/json", "user-agent": "AlphaDesk-Webhooks/1" };
  return postGuarded({ url: input.url, headers, body, timeoutMs: input.timeoutMs, allowPrivate: input.allowPrivate });
}

/**
 * One POST to an address a user gave (a webhook, a push service): the URL's form and every address it resolves to are
 * checked (no private ones unless allowed), the attempt is bounded in time, and at most 64 KB of the answer is read.
 */
export async function postGuarded(input: { url: string; headers: Record<string, string>; body: string | Buffer; timeoutMs: number; allowPrivate: boolean }): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = checkWebhookUrl(input.url, { allowPrivate: input.allowPrivate });
  } catch (error) {
    return { ok: false, status: null, latencyMs: elapsed(), error: error instanceof Error ? error.message : String(error), permanent: true };
  }
  const { body, headers } = input;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, latencyMs: elapsed() });
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "POST", headers: { ...headers, "content-length": Buffer.byteLength(body) }, lookup: guardedLookup(input.allowPrivate) as never, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        // A receiver answering with megabytes is not read to the end: its status is all a delivery needs.
        if (read > MAX_ANSWER_BYTES) finish(status >= 200 && status < 300 ? { ok: true, status, error: null } : { ok: false, status, error: `answered ${status} with more than 64 KB` });
      });
      response.on("end", () => finish(status >= 200 && status < 300 ? { ok: true, status, error: null } : { ok: false, status, error: `answered ${status}` }));
      response.on("error", (error) => finish({ ok: false, status, error: `answer broke off: ${error.message}` }));
    });
    const timer = setTimeout(() => finish({ ok: false, status: null, error: `no answer within ${input.timeoutMs} ms` }), input.timeoutMs);
    request.on("error", (error) => finish({ ok: false, status: null, error: error instanceof UnsafeAddressError ? error.message : `could not reach it: ${error.message}`, ...(error instanceof UnsafeAddressError ? { permanent: true } : {}) }));
    request.end(body);
  });
}
