import type { EndpointId, ResponseOf } from "./catalogue";
import { catalogue } from "./catalogue";
import { AlphaError, errorBodySchema, fieldErrorsFromZod } from "./errors";
import { CLIENT_REQUEST_ID_HEADER } from "./client-request-id";
import { prepareRequest, type CallInput, type CallOptions, type PreparedRequest } from "./request";

export interface AlphaClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Retries of a GET or DELETE after a transient failure; a POST is never retried. */
  retries?: number;
  /** A `Retry-After` longer than this is not waited out: the 429 is returned to the caller. */
  maxRetryWaitMs?: number;
  userAgent?: string;
  /**
   * With `keepText`: proves a parsed answer passes the response schema unchanged, so the schema's parse is skipped. It
   * must never say yes to a value the schema refuses or would change (lib/server/upstream/contract-check.ts).
   */
  unchangedByContract?: (id: EndpointId, value: unknown) => boolean;
}

export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets. */
  reset: number;
}

export interface ResponseMeta {
  status: number;
  /** Credits this call cost, from `X-Credits-Charged`; null when the upstream does not say. */
  creditsCharged: number | null;
  balance: number | null;
  rateLimit: RateLimitInfo | null;
  /** `X-Request-Id`: what the account's ledger names a charged call by (its `reference_id`); null when not sent. */
  requestId: string | null;
}

export interface AlphaResponse<T> {
  data: T;
  meta: ResponseMeta;
  /**
   * With `keepText`: the upstream's JSON text when the contract's parse left its value as it came (so it can be passed
   * on without serialising `data` again); null otherwise.
   */
  text?: string | null;
  /**
   * With `keepText`, when `text` is kept and the fetch's answer holds its body's bytes (upstreamFetch's, see
   * BodyBytesResponse): those bytes, which are `text` as UTF-8, so they can be sent on without encoding `text` again.
   */
  bytes?: Uint8Array | null;
  /** With `checkedBefore`: true when the body was those bytes (so `text` and `bytes` are them, and nothing was parsed). */
  sameAsChecked?: boolean;
}

/**
 * An answer object that holds its body's bytes may offer them: `bodyBytes()` returns them when they are well-formed
 * UTF-8 (so decoding and encoding them again gives the same bytes), else null; `bodyEquals(bytes)` says whether the
 * body is exactly these bytes.
 */
export interface BodyBytesResponse {
  bodyBytes(): Uint8Array | null;
  bodyEquals?(bytes: Uint8Array): boolean;
}

export type { CallInput, CallOptions, PreparedRequest } from "./request";
export { prepareRequest } from "./request";

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Marks a fetch that enforces an attempt's timeout itself (given `timeoutMs`), so the client builds no AbortSignal
 * timer per attempt: that was about a tenth of the desk's CPU on a proxied call.
 */
export const FETCH_TAKES_TIMEOUT: unique symbol = Symbol.for("alpha.fetch-takes-timeout");

/** The init of a fetch marked with FETCH_TAKES_TIMEOUT. */
export type TimedRequestInit = RequestInit & { timeoutMs?: number };

/** What a fetch that takes its own timeout rejects with when the time has passed (as AbortSignal.timeout's reason). */
export function upstreamTimeoutError(timeoutMs: number): Error {
  return new DOMException(`The operation timed out after ${timeoutMs} ms`, "TimeoutError");
}

function takesTimeout(fetchFn: typeof fetch | undefined): boolean {
  return fetchFn !== undefined && (fetchFn as unknown as Record<symbol, unknown>)[FETCH_TAKES_TIMEOUT] === true;
}

const isTimeoutError = (error: unknown) => typeof error === "object" && error !== null && (error as { name?: unknown }).name === "TimeoutError";

function numberHeader(headers: Headers, name: string): number | null {
  const v = headers.get(name);
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export function readResponseMeta(res: Response): ResponseMeta {
  const limit = numberHeader(res.headers, "X-RateLimit-Limit");
  const remaining = numberHeader(res.headers, "X-RateLimit-Remaining");
  const reset = numberHeader(res.headers, "X-RateLimit-Reset");
  return {
    status: res.status,
    creditsCharged: numberHeader(res.headers, "X-Credits-Charged"),
    balance: numberHeader(res.headers, "X-Credits-Balance"),
    rateLimit: limit !== null && remaining !== null && reset !== null ? { limit, remaining, reset } : null,
    requestId: res.headers.get("X-Request-Id"),
  };
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const STATUS_CODES: Record<number, string> = {
  400: "invalid_parameter",
  401: "invalid_api_key",
  402: "insufficient_credits",
  403: "product_not_enabled",
  404: "not_found",
  409: "job_finished",
  413: "payload_too_large",
  429: "rate_limit_exceeded",
};

/** Turns a non-2xx response into an AlphaError, reading our error body or guessing from the status. */
export async function errorFromResponse(res: Response): Promise<AlphaError> {
  const text = await res.text().catch(() => "");
  const retryAfter = parseRetryAfter(res.headers.get("Retry-After"));
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new AlphaError(code, message, { status: res.status, details, retryAfter });
  }
  const detail = (json as { detail?: unknown; message?: unknown } | undefined) ?? {};
  const message =
    typeof detail.detail === "string" ? detail.detail : typeof detail.message === "string" ? detail.message : `HTTP ${res.status}`;
  return new AlphaError(STATUS_CODES[res.status] ?? (res.status >= 500 ? "internal_error" : "http_error"), message, {
    status: res.status,
    retryAfter,
  });
}

/** Parses a 2xx body with the endpoint's response schema; a body that breaks the contract is a 502. */
export async function parseResponseBody<K extends EndpointId>(id: K, res: Response): Promise<ResponseOf<K>> {
  return (await parseResponse(id, res, false)).data;
}

/**
 * Whether two JSON values are the same value: the same primitives, arrays of the same values in order, objects with
 * the same own keys holding the same values (in any order: JSON's meaning does not depend on it).
 */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJsonValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !sameJsonValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * The contract's parse of a 2xx body (a 502 when it breaks the contract) and, with `keepText`, the body's JSON text
 * when the parse left its value unchanged (no default filled in, nothing dropped or converted), else null.
 */
async function parseResponse<K extends EndpointId>(
  id: K,
  res: Response,
  keepText: boolean,
  unchanged?: (id: EndpointId, value: unknown) => boolean,
  checkedBefore?: { text: string; bytes: Uint8Array },
): Promise<{ data: ResponseOf<K>; text: string | null; bytes: Uint8Array | null; sameAsChecked?: boolean }> {
  const def = catalogue[id];
  if (keepText && checkedBefore && def.responseType === "json" && (res as Partial<BodyBytesResponse>).bodyEquals?.(checkedBefore.bytes)) {
    // The very bytes that passed this endpoint's check before: the same verdict, without decoding or parsing them.
    const { text, bytes } = checkedBefore;
    let parsed: { value: ResponseOf<K> } | null = null;
    return {
      get data() {
        return (parsed ??= { value: JSON.parse(text) as ResponseOf<K> }).value;
      },
      text,
      bytes,
      sameAsChecked: true,
    };
  }
  let raw: unknown;
  let jsonText: string | null = null;
  if (def.responseType === "binary") {
    raw = new Uint8Array(await res.arrayBuffer());
  } else {
    const text = await res.text();
    raw = text;
    const json = def.responseType === "json" || (def.responseType === "text" && /application\/json/i.test(res.headers.get("content-type") ?? ""));
    if (json) {
      try {
        raw = text ? JSON.parse(text) : null;
        if (text) jsonText = text;
      } catch {
        throw new AlphaError("upstream_contract_violation", `The Alpha API answered ${id} with a body that is not JSON`);
      }
    }
  }
  if (keepText && jsonText !== null && unchanged?.(id, raw)) {
    // The contract passes this value as it is: it is the data, and the upstream's text goes on.
    const held = (res as Partial<BodyBytesResponse>).bodyBytes;
    return { data: raw as ResponseOf<K>, text: jsonText, bytes: typeof held === "function" ? held.call(res) : null };
  }
  const result = def.response.safeParse(raw);
  if (!result.success) {
    throw new AlphaError("upstream_contract_violation", `The Alpha API answered ${id} in a shape the contract does not allow`, {
      details: { fields: fieldErrorsFromZod(result.error) },
    });
  }
  const data = result.data as ResponseOf<K>;
  const text = keepText && jsonText !== null && sameJsonValue(raw, data) ? jsonText : null;
  const held = text !== null ? (res as Partial<BodyBytesResponse>).bodyBytes : undefined;
  return { data, text, bytes: typeof held === "function" ? held.call(res) : null };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

export type AlphaClient = {
  [K in EndpointId]: (input: CallInput<K>, options?: CallOptions) => Promise<AlphaResponse<ResponseOf<K>>>;
} & {
  call<K extends EndpointId>(id: K, input: CallInput<K>, options?: CallOptions): Promise<AlphaResponse<ResponseOf<K>>>;
  /**
   * Sends a request prepareRequest(id, …) already validated and built (with the same options), without validating it
   * again: the desk's server proxy validates before it looks up the key, and sends what it validated.
   */
  send<K extends EndpointId>(id: K, request: PreparedRequest, options?: CallOptions): Promise<AlphaResponse<ResponseOf<K>>>;
  /** Walks a list endpoint page by page while `has_next` holds, yielding its items. */
  paginate<K extends PaginatedId>(id: K, input: CallInput<K>, options?: CallOptions & { maxPages?: number }): AsyncGenerator<ItemOf<K>>;
};

type PaginatedId = {
  [K in EndpointId]: ResponseOf<K> extends { data: unknown[]; has_next: boolean } ? K : never;
}[EndpointId];
type ItemOf<K extends EndpointId> = ResponseOf<K> extends { data: (infer T)[] } ? T : never;

export function createAlphaClient(options: AlphaClientOptions): AlphaClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const ownTimeout = takesTimeout(options.fetch);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 2;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 5_000;

  async function call<K extends EndpointId>(id: K, input: CallInput<K>, callOptions: CallOptions = {}): Promise<AlphaResponse<ResponseOf<K>>> {
    return send(id, prepareRequest(id, input, callOptions), callOptions);
  }

  async function send<K extends EndpointId>(id: K, req: PreparedRequest, callOptions: CallOptions = {}): Promise<AlphaResponse<ResponseOf<K>>> {
    const idempotent = req.method === "GET" || req.method === "DELETE";
    const headers: Record<string, string> = { ...req.headers, ...(options.userAgent ? { "User-Agent": options.userAgent } : {}), "X-API-Key": options.apiKey };
    if (callOptions.clientRequestId) headers[CLIENT_REQUEST_ID_HEADER] = callOptions.clientRequestId;
    for (let attempt = 0; ; attempt++) {
      const canRetry = idempotent && attempt < retries;
      const backoff = Math.min(5_000, 300 * 2 ** attempt);
      let res: Response;
      // The fetch's own timer when it takes one (upstreamFetch), else a timeout signal beside the caller's.
      const timeout = ownTimeout ? null : AbortSignal.timeout(timeoutMs);
      const signal = timeout ? (callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout) : callOptions.signal;
      const init: TimedRequestInit = { method: req.method, headers, body: req.body };
      if (signal) init.signal = signal;
      if (ownTimeout) init.timeoutMs = timeoutMs;
      try {
        res = await doFetch(`${baseUrl}${req.url}`, init);
      } catch (cause) {
        if (callOptions.signal?.aborted) throw cause;
        const timedOut = timeout ? timeout.aborted : isTimeoutError(cause);
        if (canRetry) {
          await sleep(backoff, callOptions.signal);
          continue;
        }
        throw timedOut
          ? new AlphaError("upstream_timeout", `The Alpha API did not answer ${id} within ${timeoutMs} ms`)
          : new AlphaError("upstream_unreachable", "The Alpha API could not be reached", { cause });
      }
      if (res.ok) {
        const meta = readResponseMeta(res);
        if (!callOptions.keepText) return { data: await parseResponseBody(id, res), meta };
        // Assigned, not spread: an answer the same as one checked before parses its data only when it is read.
        return Object.assign(await parseResponse(id, res, true, options.unchangedByContract, callOptions.checkedBefore), { meta });
      }
      const error = await errorFromResponse(res);
      // A contract break (the desk's transport says so with a 502) will not mend on a retry.
      if (canRetry && RETRYABLE.has(res.status) && error.code !== "upstream_contract_violation") {
        const wait = error.retryAfter !== undefined ? error.retryAfter * 1000 : backoff;
        if (wait <= maxRetryWaitMs) {
          await sleep(wait, callOptions.signal);
          continue;
        }
      }
      throw error;
    }
  }

  async function* paginate<K extends PaginatedId>(id: K, input: CallInput<K>, opts: CallOptions & { maxPages?: number } = {}): AsyncGenerator<ItemOf<K>> {
    const base = input as { query?: Record<string, unknown> };
    const startPage = Number(base.query?.page ?? 1);
    for (let page = startPage, n = 0; n < (opts.maxPages ?? Infinity); page++, n++) {
      const res = await call(id, { ...base, query: { ...base.query, page } } as CallInput<K>, opts);
      const body = res.data as unknown as { data: ItemOf<K>[]; has_next: boolean };
      yield* body.data;
      if (!body.has_next) return;
    }
  }

  const client = { call, send, paginate } as AlphaClient;
  for (const id of Object.keys(catalogue) as EndpointId[]) {
    (client as unknown as Record<string, unknown>)[id] = (input: CallInput<typeof id>, o?: CallOptions) => call(id, input, o);
  }
  return client;
}
