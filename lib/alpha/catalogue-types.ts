/** The catalogue's zod-free types: what the generated lib/alpha/catalogue-meta.ts entries are. */
import type { Product } from "./account";

/**
 * How a call is priced, in the words of the interface's cost table: per item (more when detailed), per page with
 * results, per success, per ready item, per generated summary, or a batch submit fee with each summary billed later.
 */
export type CostRule =
  | { kind: "free" }
  | { kind: "per_item"; credits: number; detailedCredits: number }
  | { kind: "per_page_with_results"; credits: number; onlyWhenDetailed: boolean }
  | { kind: "per_success"; credits: number }
  | { kind: "per_ready"; credits: number }
  | { kind: "per_generated_summary"; credits: number }
  | { kind: "batch_submit"; credits: number; perSummary: number };

export type HttpMethod = "GET" | "POST" | "DELETE";
export type ResponseType = "json" | "jsonl" | "text" | "binary";
export type AnswerScope = "account" | "key";

export interface EndpointMeta {
  id: string;
  method: HttpMethod;
  /** Path with `{name}` placeholders for path parameters. */
  path: string;
  product: Product | null;
  cost: CostRule;
  /** Seconds the desk may answer a repeat of this paid GET from its cache; 0 when absent. */
  freshnessSeconds?: number;
  /** `account` when absent (see EndpointDef.scope). */
  scope?: AnswerScope;
  /** `json` when absent. */
  responseType?: ResponseType;
  bodyType?: "json" | "multipart";
  /** What the query schema fills in for a parameter left out (only for endpoints with a query). */
  queryDefaults?: Readonly<Record<string, string | number | boolean>>;
  /** The largest `limit` the query schema takes. */
  maxLimit?: number;
}
