/**
 * The query keys of Alpha calls, apart from lib/query/keys.ts so that they are built from an endpoint's entry, not from
 * the whole catalogue table: a page carries its own endpoints' entries (lib/query/alpha-core.ts).
 */
import type { EndpointId, EndpointMeta } from "@/lib/alpha/catalogue-meta";

/** A query value as the contract reads it: lists comma-joined (empty pieces dropped), the rest as text; "" for none. */
function queryText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter((v) => v !== "").join(",");
  return typeof value === "object" ? JSON.stringify(value) : String(value).trim();
}

/**
 * Parameters whose values the contract normalises (lib/alpha/primitives.ts: a symbol is trimmed and upper-cased, a
 * quarter key lower-cased), so two spellings of one symbol share one cache entry — and one purchase.
 */
const NORMALISED: Readonly<Record<string, (text: string) => string>> = {
  symbol: (t) => t.toUpperCase(),
  symbols: (t) => t.toUpperCase(),
  quarter: (t) => t.toLowerCase(),
};

function paramText(name: string, value: unknown): string {
  const text = queryText(value);
  return NORMALISED[name]?.(text) ?? text;
}

/** JSON with every object's keys sorted, so the same body in another order reads the same. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/**
 * The canonical form of a call (method, path, query as its entry reads them), so two inputs asking the same thing share
 * one cache entry. Zod-free and built from one entry, so every page and the server's prefetch build the same keys.
 */
export function canonicalCallOf(meta: Pick<EndpointMeta, "method" | "path" | "queryDefaults">, input: unknown): string {
  const args = (input ?? {}) as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const path = meta.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(paramText(name, args.path?.[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args.query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const text = paramText(name, value);
    const fallback = meta.queryDefaults?.[name];
    if (text !== "" && (fallback === undefined || text !== String(fallback))) query.set(name, text);
  }
  const qs = query.toString();
  const body = args.body === undefined ? "" : ` ${stableJson(args.body)}`;
  return `${meta.method} ${path}${qs ? `?${qs}` : ""}${body}`;
}

/** `queryKeys.alpha` without `call` (which needs the endpoint's entry: `alphaCallKey`). */
export const alphaKeys = {
  all: ["alpha"] as const,
  endpoint: (id: EndpointId) => ["alpha", id] as const,
};

/** The key of one call: `["alpha", id, canonical form]`. */
export function alphaCallKey(id: EndpointId, meta: Pick<EndpointMeta, "method" | "path" | "queryDefaults">, input: unknown) {
  return ["alpha", id, canonicalCallOf(meta, input)] as const;
}

/**
 * The key under which a paid call's peek (is its answer in the desk's cache already?) is kept, beside the call's own
 * key: components/paid/paid-call-core.tsx asks it on load unless the server seeded it (lib/server/http/prefetch.ts,
 * seedPeeks).
 */
export function alphaPeekKey(queryKey: readonly unknown[]): unknown[] {
  return ["alpha-peek", ...queryKey];
}
