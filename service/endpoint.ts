import { closestName, editDistance } from "../lib/alpha/closest";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { AccountRecord } from "./accounts";
import { fastParseQuery } from "./fast-query";
import { authenticate } from "./auth";
import type { DebitBatcher, MeterState } from "./billing/meter";
import { JsonText, RawBody, respondChargedBatched } from "./billing/meter";

export { JsonText, RawBody } from "./billing/meter";
import type { RateLimiter } from "./billing/rate-limit";
import type { Caller, ServiceContext } from "./context";
import type { ResponseCache } from "./routes/response-cache";
import type { EndpointId, ResponseOf } from "../lib/alpha/catalogue";
import { catalogue } from "../lib/alpha/catalogue";
import { AlphaError, invalidParameter } from "../lib/alpha/errors";

/** Hono environment of the service: what middleware puts on the context for handlers. */
export interface AppEnv {
  Variables: {
    ctx: ServiceContext;
    limiter: RateLimiter;
    cache: ResponseCache;
    debits: DebitBatcher;
    requestId: string;
    /** The caller's X-Client-Request-Id when well-formed: named in the metadata of the request's debits. */
    clientRequestId: string | null;
    /** Dataset version read with the key (see ResponseCache); set by `authenticate`. */
    dataVersion: number;
    meter: MeterState;
    /** Set by `authenticate`. */
    caller: Caller;
    account: AccountRecord;
  };
}

/** What route modules receive: `registerXRoutes(app, deps)`. */
export interface RouteDeps {
  ctx: ServiceContext;
  limiter: RateLimiter;
  /** Runs `fn` when the service closes (stop a worker, clear a timer). */
  onClose(fn: () => void): void;
}

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

type Def<K extends EndpointId> = (typeof catalogue)[K];
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The parsed request of endpoint K: its body's output when it takes a body, else its query's. */
export type EndpointInput<K extends EndpointId> = Def<K>["body"] extends z.ZodType ? OutputOf<Def<K>["body"]> : OutputOf<Def<K>["query"]>;
export type EndpointParams<K extends EndpointId> = OutputOf<Def<K>["pathParams"]>;

export interface EndpointArgs<K extends EndpointId> {
  c: Context<AppEnv>;
  ctx: ServiceContext;
  caller: Caller;
  account: AccountRecord;
  input: EndpointInput<K>;
  params: EndpointParams<K>;
}

/**
 * A handler answers with the response body (charged by the cost table), the body already serialised (JsonText: pages
 * assembled from stored row JSON), or a ready Response for free raw bodies.
 */
export type EndpointHandler<K extends EndpointId> = (
  args: EndpointArgs<K>,
) => ResponseOf<K> | Response | RawBody | JsonText | Promise<ResponseOf<K> | Response | RawBody | JsonText>;

export interface EndpointOptions {
  /** Replaces the default reading of the raw input (query object, JSON or multipart body) before schema validation. */
  readInput?: (c: Context<AppEnv>) => Promise<unknown> | unknown;
  /** Status of a successful JSON answer (default 200). */
  status?: 200 | 201 | 202;
  /**
   * Answer repeats from the response cache. Only for endpoints whose answer depends on nothing but the parsed input
   * and the dataset: not the clock, the caller or a signed link.
   */
  cache?: boolean;
}

/** `/v1/batch/jobs/{job_id}` → `/v1/batch/jobs/:job_id`, without a trailing slash (routing is not strict). */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1").replace(/\/+$/, "") || "/";
}

/** The query string as an object: a repeated key becomes an array; `api_key` is credentials, not a parameter. */
export function queryObject(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const q = url.indexOf("?");
  if (q < 0) return out;
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    if (key === "api_key") continue;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * The request body as text, counting the bytes as they are read: a chunked body (no Content-Length) or one that lies
 * about its length is cut off at the cap with 413, so no body is ever held in memory beyond it.
 */
export async function readBodyCapped(c: Context<AppEnv>, maxBytes: number): Promise<string> {
  const tooLarge = () => new AlphaError("payload_too_large", `The request body is over ${maxBytes} bytes`, { details: { max_bytes: maxBytes } });
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON body, refusing one over the size cap (413) and one that is not JSON (400 `invalid_body`). */
export async function readJsonBody(c: Context<AppEnv>, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const text = await readBodyCapped(c, maxBytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AlphaError("invalid_body", "The request body is not valid JSON");
  }
}

/** A multipart form as a plain object; a `metadata` part holding JSON text is parsed. */
export async function readMultipartBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AlphaError("unsupported_media_type", "Send the upload as multipart/form-data");
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (key === "file" && typeof value !== "string") {
      out.file = value;
      out.filename = value.name || "batch.jsonl";
    } else if (key === "metadata" && typeof value === "string" && value.trim() !== "") {
      try {
        out.metadata = JSON.parse(value) as unknown;
      } catch {
        out.metadata = value;
      }
    } else {
      out[key] = value;
    }
  }
  return out;
}

export { closestName };

/** The query parameters an endpoint takes (its query schema's keys); `api_key` is credentials and always allowed. */
export function knownQueryParams(id: EndpointId): readonly string[] {
  const query = catalogue[id].query;
  return query instanceof z.ZodObject ? Object.keys(query.shape) : [];
}

/**
 * Refuses a query parameter the endpoint does not take (400 `invalid_parameter` naming it and the closest known one),
 * so a typo such as `?symbol=TCS` is never answered, and charged, as an unfiltered page.
 */
export function rejectUnknownQuery(id: EndpointId, url: string): void {
  const q = url.indexOf("?");
  if (q < 0) return;
  const known = knownQueryParams(id);
  for (const key of new URLSearchParams(url.slice(q + 1)).keys()) {
    if (key === "api_key" || known.includes(key)) continue;
    const closest = closestName(key, known);
    const near = closest !== null && editDistance(key.toLowerCase(), closest) <= Math.max(2, Math.floor(key.length / 2));
    const hint = !closest
      ? `; ${catalogue[id].path} takes no query parameters`
      : near
        ? `; did you mean '${closest}'?`
        : `; the closest known parameter is '${closest}' (this endpoint takes ${known.join(", ")})`;
    throw new AlphaError("invalid_parameter", `Received unknown parameter '${key}'${hint}`, {
      details: { fields: { [key]: [`unknown parameter${closest ? `; did you mean '${closest}'?` : ""}`] }, parameter: key, did_you_mean: closest, known },
    });
  }
}

/** Parsed query strings per endpoint: parsing is pure, and a hot feed is asked the same question over and over. */
const parsedQueries = new Map<string, unknown>();
const MAX_PARSED_QUERIES = 2_000;

function freezeDeep<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) freezeDeep(v);
  }
  return value;
}

/** The query of a request parsed with the endpoint's schema (400 on failure); a repeat of a query string is served from memory. */
function parseQuery(id: EndpointId, schema: z.ZodType, url: string): unknown {
  const q = url.indexOf("?");
  const search = q < 0 ? "" : url.slice(q + 1);
  const memo = !search.includes("api_key");
  const memoKey = `${id}?${search}`;
  if (memo) {
    const hit = parsedQueries.get(memoKey);
    if (hit !== undefined) return hit;
  }
  rejectUnknownQuery(id, url);
  const query = queryObject(url);
  const parsed = freezeDeep(fastParseQuery(id, query) ?? parseWith(schema, query, "query"));
  if (memo) {
    if (parsedQueries.size >= MAX_PARSED_QUERIES) parsedQueries.clear();
    parsedQueries.set(memoKey, parsed);
  }
  return parsed;
}

function parseWith(schema: z.ZodType, value: unknown, where: "query" | "body" | "path"): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidParameter(result.error, where);
  return result.data;
}

/** 403 unless the account holds the endpoint's product; metadata needs the Symbols scope (`scope_required`). */
export function requireProduct(account: AccountRecord, product: string | null): void {
  if (!product || account.products.includes(product)) return;
  if (product === "symbols") throw new AlphaError("scope_required", "Symbol metadata requires the Symbols product scope", { details: { scope: "symbols" } });
  throw new AlphaError("product_not_enabled", `The ${product} product is not enabled for this account`, { details: { product } });
}

/**
 * Registers a catalogue endpoint: authenticate and count (401/403/429), check the product (403), validate path,
 * query or body with the catalogue's schema (400), run the handler, then charge by the cost table (402) and answer.
 */
export function defineEndpoint<K extends EndpointId>(app: Hono<AppEnv>, id: K, handler: EndpointHandler<K>, options: EndpointOptions = {}): void {
  const def = catalogue[id];
  const path = honoPath(def.path);
  app.on(def.method, path, authenticate, async (c) => {
    const caller = c.get("caller");
    const account = c.get("account");
    requireProduct(account, def.product);
    const params = def.pathParams ? parseWith(def.pathParams, c.req.param(), "path") : undefined;
    let input: unknown;
    if (options.readInput) {
      const schema = def.body ?? def.query;
      const raw = await options.readInput(c);
      input = schema ? parseWith(schema, raw, def.body ? "body" : "query") : undefined;
    } else if (def.body) {
      input = parseWith(def.body, def.bodyType === "multipart" ? await readMultipartBody(c) : await readJsonBody(c), "body");
    } else if (def.query) {
      input = parseQuery(id, def.query, c.req.url);
    }
    if (!def.query || options.readInput) rejectUnknownQuery(id, c.req.url);
    const parsedInput = input as Readonly<Record<string, unknown>> | undefined;
    let cacheKey: string | undefined;
    let version = 0;
    if (options.cache) {
      version = c.get("dataVersion") ?? c.get("cache").version();
      cacheKey = `${id}\n${c.get("ctx").publicUrl}\n${JSON.stringify(input ?? null)}`;
      const hit = c.get("cache").get(cacheKey, version);
      if (hit) return respondChargedBatched(c, { routeId: id, caller, parsedInput, body: hit.body, json: hit.json, status: options.status });
    }
    const result = await handler({
      c,
      ctx: c.get("ctx"),
      caller,
      account,
      input: input as EndpointInput<K>,
      params: params as EndpointParams<K>,
    });
    if (result instanceof Response) {
      if (def.cost.kind !== "free") throw new Error(`${id} is paid and must answer with a body the meter can charge`);
      return result;
    }
    if (result instanceof RawBody) return respondChargedBatched(c, { routeId: id, caller, parsedInput, body: result, status: options.status });
    if (result instanceof JsonText) {
      const json = cacheKey !== undefined ? c.get("cache").setText(cacheKey, version, result.body, result.json) : result.json;
      return respondChargedBatched(c, { routeId: id, caller, parsedInput, body: result.body, json, status: options.status });
    }
    const json = cacheKey !== undefined ? c.get("cache").set(cacheKey, version, result) : undefined;
    return respondChargedBatched(c, { routeId: id, caller, parsedInput, body: result, json, status: options.status });
  });
}
