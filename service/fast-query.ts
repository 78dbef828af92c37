/**
 * A fast path for the busiest listings' queries: parsed here only when every parameter is plainly valid, else by the
 * catalogue's schema, which alone words a 400. What it accepts it gives as the schema does (fast-query.test.ts).
 */
import * as z from "zod";
import type { EndpointId } from "../lib/alpha/catalogue";
import { BLOCK_DEAL_EXCHANGES } from "../lib/alpha/block-deals";
import { SENTIMENTS } from "../lib/alpha/news";
import { SYMBOL_RE } from "../lib/alpha/primitives";
import { MAX_LIST_VALUES, MAX_PAGE } from "../lib/alpha/query-params";
import { resolveBound } from "../lib/alpha/time";

/** What one query parameter accepts, as its catalogue schema says (lib/alpha/query-params.ts, primitives.ts). */
export type ParamRule =
  /** listParam(symbolSchema | scripCodeSchema, max): comma lists or repeated keys, pieces trimmed, empty ones dropped. */
  | { kind: "list"; item: "symbol" | "scrip_code"; max: number }
  /** z.enum(values), optionally after trim and toUpperCase. */
  | { kind: "enum"; values: readonly string[]; upper?: boolean }
  /** dateOrDateTimeParam: an ISO date or date-time, trimmed. */
  | { kind: "bound" }
  /** intParam(min, max), with its default when absent. */
  | { kind: "int"; min: number; max: number; default?: number };

export interface FastQuerySpec {
  /** The schema's parameters in its shape's order (the parsed object's key order). */
  params: readonly (readonly [name: string, rule: ParamRule])[];
  /** The schema refines `from` ≤ `to` (checkDateRange). */
  dateRange: boolean;
}

const symbols: ParamRule = { kind: "list", item: "symbol", max: MAX_LIST_VALUES };
const scripCodes: ParamRule = { kind: "list", item: "scrip_code", max: MAX_LIST_VALUES };
const bound: ParamRule = { kind: "bound" };
const page: ParamRule = { kind: "int", min: 1, max: MAX_PAGE, default: 1 };
const limit: ParamRule = { kind: "int", min: 1, max: 50, default: 20 };

export const FAST_QUERIES: Partial<Record<EndpointId, FastQuerySpec>> = {
  listNews: {
    params: [
      ["symbols", symbols],
      ["scrip_codes", scripCodes],
      ["sentiment", { kind: "enum", values: SENTIMENTS }],
      ["from", bound],
      ["to", bound],
      ["page", page],
      ["limit", limit],
    ],
    dateRange: true,
  },
  listBlockDeals: {
    params: [
      ["symbols", symbols],
      ["exchange", { kind: "enum", values: BLOCK_DEAL_EXCHANGES, upper: true }],
      ["from", bound],
      ["to", bound],
      ["page", page],
      ["limit", limit],
    ],
    dateRange: true,
  },
};

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const SCRIP_CODE_RE = /^\d{5,7}$/;
const DIGITS_RE = /^\d{1,9}$/;
// Built once: dateOrDateTimeParam builds these inside its refinement on every call.
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true, local: true });

/** Marks a value the fast path does not decide. */
const UNSURE = Symbol("unsure");

function parseParam(rule: ParamRule, raw: string | string[]): unknown {
  switch (rule.kind) {
    case "list": {
      const out: string[] = [];
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        for (const piece of value.split(",")) {
          const trimmed = piece.trim();
          if (trimmed.length === 0) continue;
          const item = rule.item === "symbol" ? trimmed.toUpperCase() : trimmed;
          if (!(rule.item === "symbol" ? SYMBOL_RE : SCRIP_CODE_RE).test(item)) return UNSURE;
          out.push(item);
        }
      }
      return out.length > rule.max ? UNSURE : out;
    }
    case "enum": {
      if (typeof raw !== "string") return UNSURE;
      const value = rule.upper ? raw.trim().toUpperCase() : raw;
      return rule.values.includes(value) ? value : UNSURE;
    }
    case "bound": {
      if (typeof raw !== "string") return UNSURE;
      const value = raw.trim();
      return (ISO_DATE_RE.test(value) ? isoDate : isoDateTime).safeParse(value).success ? value : UNSURE;
    }
    case "int": {
      if (typeof raw !== "string") return UNSURE;
      const value = raw.trim();
      if (!DIGITS_RE.test(value)) return UNSURE;
      const n = Number(value);
      return n >= rule.min && n <= rule.max ? n : UNSURE;
    }
  }
}

/**
 * The parsed query of `id` from its query object (endpoint.ts: queryObject; unknown parameters already refused), or
 * `undefined` when the fast path has no rules for the endpoint or is unsure of a value: then parse with the schema.
 */
export function fastParseQuery(id: EndpointId, query: Readonly<Record<string, string | string[]>>): Record<string, unknown> | undefined {
  const spec = FAST_QUERIES[id];
  if (!spec) return undefined;
  let known = 0;
  const out: Record<string, unknown> = {};
  for (const [name, rule] of spec.params) {
    const raw = query[name];
    if (raw === undefined) {
      if (rule.kind === "int" && rule.default !== undefined) out[name] = rule.default;
      continue;
    }
    known += 1;
    const value = parseParam(rule, raw);
    if (value === UNSURE) return undefined;
    out[name] = value;
  }
  // A parameter the rules do not name: the schema decides.
  if (Object.keys(query).length !== known) return undefined;
  if (spec.dateRange && typeof out.from === "string" && typeof out.to === "string") {
    if (resolveBound(out.from, "from") > resolveBound(out.to, "to")) return undefined;
  }
  return out;
}
