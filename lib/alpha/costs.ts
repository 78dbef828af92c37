/**
 * The pricing functions by endpoint id, over the whole generated catalogue table: every price the desk shows and every
 * charge it records comes from the rules in ./cost-rules.ts, which pages holding a few entries call directly.
 */
import type { EndpointId, EndpointMeta } from "./catalogue-meta";
import { endpointMeta as catalogue } from "./catalogue-meta";
import { batchJobCostBy, chargeBy, describeRule, estimateCostBy, priceBy, priceInputBy, unitCreditsBy, type ParsedInput, type RequestPrice } from "./cost-rules";

export type { RequestPrice } from "./cost-rules";

/** The most a call can cost, before it is made: what the desk shows on a price tag. */
export function estimateCost(id: EndpointId, input: ParsedInput): number {
  return estimateCostBy(id, catalogue[id].cost, input);
}

/** The most a batch job of `lineCount` lines can cost: the submission plus a summary for every line. */
export function batchJobCost(lineCount: number): number {
  return batchJobCostBy(catalogue.createBatchJob.cost, lineCount);
}

/** A call's query or body as its schema would hand it to the cost rules, without the schema (see priceInputBy). */
export function priceInputOf(id: EndpointId, raw: unknown): ParsedInput {
  const meta: EndpointMeta = catalogue[id];
  return priceInputBy(meta, raw);
}

/** The price of a call (see priceBy): only a free call and a per-success charge are exact. */
export function priceRequest(id: EndpointId, input: ParsedInput): RequestPrice {
  return priceBy(id, catalogue[id].cost, input);
}

/** The price of a batch job of `lineCount` checked lines (the browser counts lines before it builds the file). */
export function priceBatchJob(lineCount: number): RequestPrice {
  return { credits: batchJobCost(lineCount), exact: false, description: describeCost("createBatchJob") };
}

/** The unit prices of an endpoint, for copy that names a rule ("4 credits per ready link") without a request. */
export function unitCredits(id: EndpointId): { credits: number; detailedCredits: number } {
  return unitCreditsBy(catalogue[id].cost);
}

/**
 * The exact charge of a successful call, from its parsed input and response body, following the
 * interface's cost table. A batch job is charged its submission here; its summaries are billed as they run.
 */
export function chargeFor(id: EndpointId, input: ParsedInput, response: unknown): number {
  return chargeBy(catalogue[id].cost, input, response);
}

/** Whether a call can ever cost credits. */
export function isPaid(id: EndpointId): boolean {
  return catalogue[id].cost.kind !== "free";
}

/** A sentence describing the price, for tooltips and the OpenAPI document: words for people, no parameter names. */
export function describeCost(id: EndpointId): string {
  return describeRule(catalogue[id].cost);
}
