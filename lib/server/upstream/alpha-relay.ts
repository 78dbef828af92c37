import "server-only";
/**
 * The browser's way to the Alpha API, /api/alpha/<catalogue path>: catalogue endpoints only (404 otherwise), `fresh=1`
 * for a paid refresh, `peek=1` for the desk's cached answer alone. Answers `{ data, meta }` with the credit, rate-limit
 * and cache headers; a cached answer's bytes go out as they were held.
 */
import type { CallInput } from "@/lib/alpha/client";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { catalogue, matchEndpoint } from "@/lib/alpha/catalogue";
import { BATCH_MAX_FILE_BYTES, BATCH_UPLOAD_OVERHEAD_BYTES, createBatchJobFieldsSchema } from "@/lib/alpha/batch";
import { AlphaError, invalidParameter } from "@/lib/alpha/errors";
import { CONTENT_RETENTION_HEADER } from "@/lib/alpha/summaries";
import type { DeskContext } from "../core/context";
import { queryObject, readJsonBody } from "../core/request-body";
import type { SessionUser } from "../identity/users";
import type { ProxyMeta } from "./alpha-proxy";
import { proxyAlphaCall } from "./alpha-proxy";

export const ALPHA_ROUTE_PREFIX = "/api/alpha";
/**
 * Query parameters of the desk itself, never forwarded: `fresh`, `peek` (the cached answer or 204, never upstream),
 * `label` (the desk's note on its record of the call) and `api_key` (the key comes from the vault).
 */
const DESK_QUERY_PARAMS = new Set(["fresh", "peek", "label", "api_key"]);
const MAX_LABEL = 120;

export function upstreamPathOf(pathname: string): string {
  const rest = pathname.startsWith(ALPHA_ROUTE_PREFIX) ? pathname.slice(ALPHA_ROUTE_PREFIX.length) : pathname;
  const clean = `/${rest.replace(/^\/+/, "")}`;
  return clean.startsWith("/v1/") || clean === "/v1" ? clean : `/v1${clean}`;
}


async function multipartBody(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > BATCH_MAX_FILE_BYTES + BATCH_UPLOAD_OVERHEAD_BYTES) throw new AlphaError("payload_too_large", `The upload is larger than ${BATCH_MAX_FILE_BYTES} bytes`);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AlphaError("invalid_body", "Send the batch upload as multipart/form-data with a `file` part");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw new AlphaError("invalid_body", "The upload needs a `file` part holding the .jsonl file", { details: { fields: { file: ["is required"] } } });
  const body: Record<string, unknown> = { file, filename: file instanceof File && file.name ? file.name : "batch.jsonl" };
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() ? value : undefined;
  };
  // The text parts are read with the very schema the service reads them with (lib/alpha/batch.ts).
  const fields = createBatchJobFieldsSchema.safeParse({ display_name: text("display_name"), metadata: text("metadata") });
  if (!fields.success) throw invalidParameter(fields.error);
  if (fields.data.display_name) body.display_name = fields.data.display_name;
  if (fields.data.metadata) body.metadata = fields.data.metadata;
  return body;
}

// matchEndpoint builds a pattern per catalogue entry on each call; the desk sees the same few paths all day.
const matches = new Map<string, ReturnType<typeof matchEndpoint>>();
function matchCached(method: string, path: string): ReturnType<typeof matchEndpoint> {
  const key = `${method} ${path}`;
  if (matches.has(key)) return matches.get(key) ?? null;
  const match = matchEndpoint(method, path);
  if (matches.size >= 1_000) matches.clear();
  matches.set(key, match);
  return match;
}

export function metaHeaders(meta: ProxyMeta): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Credits-Charged": String(meta.creditsCharged),
    "X-Desk-Cache": meta.cached ? "hit" : "miss",
  };
  if (meta.balance !== null) headers["X-Credits-Balance"] = String(meta.balance);
  if (meta.cached) headers.Age = String(meta.ageSeconds);
  if (meta.rateLimit) {
    headers["X-RateLimit-Limit"] = String(meta.rateLimit.limit);
    headers["X-RateLimit-Remaining"] = String(meta.rateLimit.remaining);
    headers["X-RateLimit-Reset"] = String(meta.rateLimit.reset);
  }
  return headers;
}

/**
 * `{"data":…,"meta":…}` as UTF-8 bytes: a Response given a string first checks it is well-formed text and then
 * encodes it; JSON.stringify's output always is, so it is encoded once here. A fresh answer's bytes are the upstream's own and a cached answer's bytes are held
 * (lib/server/upstream/response-cache.ts heldBytes): only the envelope around them is encoded.
 */
function envelopeBytes(answer: { json: string; bytes?: Uint8Array; meta: ProxyMeta }): Uint8Array<ArrayBuffer> {
  if (!answer.bytes) return encoder.encode(`{"data":${answer.json},"meta":${JSON.stringify(answer.meta)}}`);
  const tail = encoder.encode(`,"meta":${JSON.stringify(answer.meta)}}`);
  const out = new Uint8Array(DATA_PREFIX.length + answer.bytes.length + tail.length);
  out.set(DATA_PREFIX, 0);
  out.set(answer.bytes, DATA_PREFIX.length);
  out.set(tail, DATA_PREFIX.length + answer.bytes.length);
  return out;
}
const encoder = new TextEncoder();
const DATA_PREFIX = encoder.encode(`{"data":`);

export async function relayAlphaRequest({ ctx, user, request }: { ctx: DeskContext; user: SessionUser; request: Request }): Promise<Response> {
  const { searchParams } = new URL(request.url);
  const path = upstreamPathOf(new URL(request.url).pathname);
  const match = matchCached(request.method, path);
  if (!match) throw new AlphaError("not_found", `${request.method} ${path} is not an Alpha endpoint the desk serves`);
  const id: EndpointId = match.id;
  const def = catalogue[id];
  // Binary documents (citation PDFs) do not fit the desk's JSON envelope; the desk does not relay them.
  if (def.responseType === "binary") throw new AlphaError("not_found", `${request.method} ${path} returns a document the desk does not relay`);
  const input: { path?: Record<string, string>; query?: Record<string, string | string[]>; body?: unknown } = {};
  if (def.pathParams) input.path = match.params;
  if (def.query) input.query = queryObject(searchParams, DESK_QUERY_PARAMS);
  if (def.bodyType === "multipart") input.body = await multipartBody(request);
  else if (def.bodyType === "json") input.body = await readJsonBody(request);
  const fresh = ["1", "true"].includes(searchParams.get("fresh") ?? "");
  const retention = request.headers.get(CONTENT_RETENTION_HEADER)?.trim().toLowerCase() === "none" ? ("none" as const) : undefined;
  const label = searchParams.get("label")?.trim().slice(0, MAX_LABEL) || undefined;
  if (["1", "true"].includes(searchParams.get("peek") ?? "")) {
    const hit = await proxyAlphaCall({ ctx, user, id, input: input as CallInput<typeof id>, options: { peek: true } });
    if (!hit) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    return new Response(envelopeBytes(hit), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...metaHeaders(hit.meta) },
    });
  }
  const answer = await proxyAlphaCall({ ctx, user, id, input: input as CallInput<typeof id>, options: { fresh, ...(retention ? { retention } : {}), ...(label ? { label } : {}) } });
  // The answer's JSON goes out as it is: a cached answer is never parsed and serialised again.
  return new Response(envelopeBytes(answer), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...metaHeaders(answer.meta) },
  });
}
