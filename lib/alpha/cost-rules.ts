/**
 * The interface's cost rules as functions of an endpoint's rule (its `cost` in lib/alpha/catalogue-meta.ts), not of
 * the whole catalogue: a page that holds only its own endpoints' entries prices their calls with these. lib/alpha/
 * costs.ts is the same functions read from the whole catalogue (the server, the OpenAPI document, the tests).
 */
import { BATCH_MAX_LINES } from "./batch-limits";
import type { CostRule, EndpointId, EndpointMeta } from "./catalogue-meta";

/** Parsed request of a call: the output of the endpoint's query or body schema. */
export type ParsedInput = Readonly<Record<string, unknown>> | undefined;

function isDetailed(input: ParsedInput): boolean {
  return input?.detailed === true;
}

function listLength(v: unknown): number {
  return Array.isArray(v) ? v.length : 0;
}

function dataItems(response: unknown): unknown[] {
  if (response && typeof response === "object" && "data" in response) {
    const data = (response as { data: unknown }).data;
    return Array.isArray(data) ? data : data ? [data] : [];
  }
  return [];
}

function countLines(file: unknown): number {
  return typeof file === "string" ? file.split(/\r?\n/).filter((l) => l.trim() !== "").length : BATCH_MAX_LINES;
}

/** How many items a per-item call can return at most, given its parsed query. */
function maxItems(id: EndpointId, input: ParsedInput): number {
  if (id === "listSymbolMetadata") return listLength(input?.symbols) + listLength(input?.scrip_codes);
  const limit = typeof input?.limit === "number" ? input.limit : 0;
  if (id === "listEarnings" && listLength(input?.ids) > 0) return Math.min(limit, listLength(input?.ids));
  return limit;
}

/** The most a call of endpoint `id` (priced by `rule`) can cost, before it is made: what a price tag shows. */
export function estimateCostBy(id: EndpointId, rule: CostRule, input: ParsedInput): number {
  switch (rule.kind) {
    case "free":
      return 0;
    case "per_item":
      return maxItems(id, input) * (isDetailed(input) ? rule.detailedCredits : rule.credits);
    case "per_page_with_results":
      return rule.onlyWhenDetailed && !isDetailed(input) ? 0 : rule.credits;
    case "per_success":
      return rule.credits;
    case "per_ready":
      return rule.credits * (id === "lookupConcallTranscripts" ? listLength(input?.items) : listLength(input?.ids));
    case "per_generated_summary":
      return rule.credits;
    case "batch_submit":
      return batchJobCostBy(rule, countLines(input?.file));
  }
}

/** The most a batch job of `lineCount` lines can cost under the batch rule: the submission plus a summary a line. */
export function batchJobCostBy(rule: CostRule, lineCount: number): number {
  return rule.kind === "batch_submit" ? rule.credits + rule.perSummary * lineCount : 0;
}

function listOf(v: unknown): string[] {
  return (Array.isArray(v) ? v : [v])
    .flatMap((s) => (typeof s === "string" ? s.split(",") : []))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A call's query or body as its schema would hand it to the cost rules, without zod, so a price tag renders at once.
 * A `limit` the schema refuses prices as no input; costs.test.ts holds this to the schemas' parse.
 */
export function priceInputBy(meta: EndpointMeta, raw: unknown): ParsedInput {
  const out: Record<string, unknown> = { ...meta.queryDefaults };
  if (raw && typeof raw === "object") for (const [k, v] of Object.entries(raw)) if (v !== undefined && v !== null) out[k] = v;
  if ("detailed" in out) out.detailed = out.detailed === true || out.detailed === "true" || out.detailed === "1";
  if (out.limit !== undefined) {
    const limit = typeof out.limit === "number" ? out.limit : typeof out.limit === "string" && /^\s*-?\d+\s*$/.test(out.limit) ? Number(out.limit) : NaN;
    if (!Number.isInteger(limit) || limit < 1 || limit > (meta.maxLimit ?? Infinity)) return undefined;
    out.limit = limit;
  }
  for (const key of ["symbols", "scrip_codes", "ids"]) if (key in out) out[key] = listOf(out[key]);
  return out;
}

/** What a price is: the credits, whether that is exactly what the call costs or only the most it can, and the rule. */
export interface RequestPrice {
  credits: number;
  /** True when the call costs exactly `credits` if it succeeds; false when `credits` is an upper bound. */
  exact: boolean;
  description: string;
}

/**
 * The price of a call: only a free call and a per-success charge are exact; item, page, ready-link and summary charges
 * depend on the answer.
 */
export function priceBy(id: EndpointId, rule: CostRule, input: ParsedInput): RequestPrice {
  const credits = estimateCostBy(id, rule, input);
  const exact = credits === 0 || rule.kind === "free" || rule.kind === "per_success";
  return { credits, exact, description: describeRule(rule) };
}

/** The unit prices of a rule, for copy that names it ("4 credits per ready link") without a request. */
export function unitCreditsBy(rule: CostRule): { credits: number; detailedCredits: number } {
  switch (rule.kind) {
    case "free":
      return { credits: 0, detailedCredits: 0 };
    case "per_item":
      return { credits: rule.credits, detailedCredits: rule.detailedCredits };
    case "batch_submit":
      return { credits: rule.credits, detailedCredits: rule.perSummary };
    default:
      return { credits: rule.credits, detailedCredits: rule.credits };
  }
}

/**
 * The exact charge of a successful call, from its parsed input and response body, following the
 * interface's cost table. A batch job is charged its submission here; its summaries are billed as they run.
 */
export function chargeBy(rule: CostRule, input: ParsedInput, response: unknown): number {
  switch (rule.kind) {
    case "free":
      return 0;
    case "per_item":
      return dataItems(response).length * (isDetailed(input) ? rule.detailedCredits : rule.credits);
    case "per_page_with_results":
      if (rule.onlyWhenDetailed && !isDetailed(input)) return 0;
      return dataItems(response).length > 0 ? rule.credits : 0;
    case "per_success":
      // The body of a 2xx answer is the success: a record, a list envelope or a document.
      return response !== null && response !== undefined ? rule.credits : 0;
    case "per_ready":
      return rule.credits * dataItems(response).filter((r) => (r as { status?: unknown })?.status === "ready").length;
    case "per_generated_summary":
      return (response as { status?: unknown } | null)?.status === "success" ? rule.credits : 0;
    case "batch_submit":
      return rule.credits;
  }
}

/** A sentence describing a rule, for tooltips, confirmations and the OpenAPI document: what a person is charged for. */
export function describeRule(rule: CostRule): string {
  const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;
  switch (rule.kind) {
    case "free":
      return "Free.";
    case "per_item":
      return rule.credits === rule.detailedCredits
        ? `${credits(rule.credits)} for each item loaded.`
        : `${credits(rule.credits)} for each item loaded, ${rule.detailedCredits} with its full text and figures.`;
    case "per_page_with_results":
      return rule.onlyWhenDetailed
        ? `Free without the full text; ${credits(rule.credits)} for each page of results with it.`
        : `${credits(rule.credits)} for each page of results; a page with nothing on it is free.`;
    case "per_success":
      return `${credits(rule.credits)}, only when it arrives.`;
    case "per_ready":
      return `${credits(rule.credits)} for each document that is ready; those still being prepared are free.`;
    case "per_generated_summary":
      return `${credits(rule.credits)}, only when a summary is generated.`;
    case "batch_submit":
      return `${credits(rule.credits)} to submit the job, plus ${rule.perSummary} for each summary it generates.`;
  }
}
