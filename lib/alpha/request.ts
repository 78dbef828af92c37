/**
 * A call's request, checked against the catalogue and built: what the server's client sends upstream and what the
 * browser sends to the desk's proxy (lib/query/alpha.ts, which loads this on demand: it carries every schema).
 */
import type { z } from "zod";
import type { BodyInput, EndpointId, PathInput, QueryInput } from "./catalogue";
import { catalogue } from "./catalogue";
import { invalidParameter } from "./errors";
import { CONTENT_RETENTION_HEADER } from "./summaries";

export interface CallOptions {
  /** `X-Alpha-Content-Retention: none` on summaries and batch uploads. */
  retention?: "none";
  signal?: AbortSignal;
  /** Also answer the upstream's JSON text (AlphaResponse.text) when the parse left its value unchanged (server calls). */
  keepText?: boolean;
  /**
   * With `keepText`: the bytes of an earlier answer to this request that passed the contract check. An answer with the
   * very same bytes is not decoded, parsed or checked again: the verdict on the same bytes is the same.
   */
  checkedBefore?: { text: string; bytes: Uint8Array };
  /** Sent as `X-Client-Request-Id`: the ledger names this call's debits by it (lib/alpha/client-request-id.ts). */
  clientRequestId?: string;
}

/** Everything a call of endpoint K takes: its path parameters, query and body, each by name. */
export type CallInput<K extends EndpointId> = (PathInput<K> extends undefined ? unknown : { path: PathInput<K> }) &
  (QueryInput<K> extends undefined ? unknown : { query?: QueryInput<K> }) &
  (BodyInput<K> extends undefined ? unknown : { body: BodyInput<K> });

export interface PreparedRequest {
  method: string;
  /** Path and query string, relative to the base URL. */
  url: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  /** The parsed (normalised) query or body: what cost rules read. */
  parsed: Record<string, unknown> | undefined;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: "query" | "body" | "path"): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalidParameter(result.error, where);
  return result.data;
}

function serializeQuery(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(","));
    } else {
      search.set(key, String(value));
    }
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}

/**
 * Validates a call against the catalogue and builds its request. Throws `invalid_parameter` before anything
 * is sent, so a request the interface would refuse never costs a round trip or a credit.
 */
export function prepareRequest<K extends EndpointId>(id: K, input: CallInput<K>, options: CallOptions = {}): PreparedRequest {
  const def = catalogue[id];
  const args = (input ?? {}) as { path?: unknown; query?: unknown; body?: unknown };
  let path: string = def.path;
  if (def.pathParams) {
    const params = parseWith(def.pathParams, args.path, "path") as Record<string, string>;
    path = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""));
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  let parsed: Record<string, unknown> | undefined;
  let query = "";
  if (def.query) {
    parsed = parseWith(def.query, args.query, "query") as Record<string, unknown>;
    query = serializeQuery(parsed);
  }
  let body: string | FormData | undefined;
  if (def.body) {
    parsed = parseWith(def.body, args.body, "body") as Record<string, unknown>;
    if (def.bodyType === "multipart") {
      const form = new FormData();
      const file = parsed.file as string | Blob;
      const blob = typeof file === "string" ? new Blob([file], { type: "application/jsonl" }) : file;
      form.set("file", blob, String(parsed.filename ?? "batch.jsonl"));
      if (parsed.display_name) form.set("display_name", String(parsed.display_name));
      if (parsed.metadata) form.set("metadata", JSON.stringify(parsed.metadata));
      body = form;
    } else {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(parsed);
    }
  }
  if (options.retention === "none") headers[CONTENT_RETENTION_HEADER] = "none";
  return { method: def.method, url: `${path}${query}`, headers, body, parsed };
}

