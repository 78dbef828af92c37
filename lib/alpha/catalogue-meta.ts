/**
 * The Alpha catalogue without its schemas: every endpoint's method, path, product, cost rule, freshness, answer scope
 * and body/answer kinds, and its query's defaults and `limit` ceiling, by the same ids as lib/alpha/catalogue.ts.
 * Zod-free, so prices, query keys and proxy URLs are known at a page's first render; the schemas (and zod) come with
 * the catalogue, loaded on demand in the browser. catalogue-meta.test.ts holds the two halves to one another.
 */
import type { Product } from "./account";
import { BATCH_CREDITS_PER_SUMMARY, BATCH_SUBMIT_CREDITS } from "./batch-limits";

/**
 * How a call is priced, in the words of the interface's cost table:
 * - `per_item`: N credits per returned item (M when detailed=true)
 * - `per_page_with_results`: N credits when the page holds results, empty pages free (optionally only when detailed)
 * - `per_success`: N credits per successful response
 * - `per_ready`: N credits per result item whose status is `ready`
 * - `per_generated_summary`: N credits only when a summary is generated (status `success`)
 * - `batch_submit`: N credits when the job is accepted; each summary it generates is billed later
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

export const endpointMeta = {
  listEarnings: { method: "GET", path: "/v1/earnings", product: "earnings", cost: { kind: "per_item", credits: 1, detailedCredits: 2 }, freshnessSeconds: 900, queryDefaults: { page: 1, limit: 20, detailed: false }, maxLimit: 50 },
  listEarningsIndex: { method: "GET", path: "/v1/earnings/index", product: "earnings", cost: { kind: "free" }, queryDefaults: { page: 1, limit: 50 }, maxLimit: 100 },
  listUpcomingEarnings: { method: "GET", path: "/v1/earnings/upcoming", product: "earnings", cost: { kind: "free" }, queryDefaults: { page: 1, limit: 20 }, maxLimit: 50 },
  getEarningsDetail: { method: "GET", path: "/v1/earnings/detail", product: "earnings", cost: { kind: "per_success", credits: 3 }, freshnessSeconds: 21600, queryDefaults: { detailed: false } },
  listEarningsAttachments: { method: "GET", path: "/v1/earnings/attachments", product: "earnings", cost: { kind: "per_ready", credits: 1 }, queryDefaults: {} },
  listAlerts: { method: "GET", path: "/v1/alerts", product: "alerts", cost: { kind: "per_page_with_results", credits: 5, onlyWhenDetailed: false }, freshnessSeconds: 60, queryDefaults: { important: false, page: 1, limit: 20 }, maxLimit: 50 },
  listAnnouncementCategories: { method: "GET", path: "/v1/announcements/categories", product: "announcements", cost: { kind: "free" } },
  listAnnouncements: { method: "GET", path: "/v1/announcements", product: "announcements", cost: { kind: "per_item", credits: 1, detailedCredits: 2 }, freshnessSeconds: 60, queryDefaults: { detailed: false, page: 1, limit: 20 }, maxLimit: 50 },
  listNews: { method: "GET", path: "/v1/news", product: "news", cost: { kind: "per_page_with_results", credits: 1, onlyWhenDetailed: false }, freshnessSeconds: 60, queryDefaults: { page: 1, limit: 20 }, maxLimit: 50 },
  listBlockDeals: { method: "GET", path: "/v1/block-deals", product: "block_deals", cost: { kind: "per_item", credits: 1, detailedCredits: 1 }, freshnessSeconds: 60, queryDefaults: { page: 1, limit: 20 }, maxLimit: 50 },
  listConcalls: { method: "GET", path: "/v1/concalls", product: "concalls", cost: { kind: "per_item", credits: 1, detailedCredits: 2 }, freshnessSeconds: 900, queryDefaults: { page: 1, limit: 20, detailed: false }, maxLimit: 50 },
  getConcallDetail: { method: "GET", path: "/v1/concalls/detail", product: "concalls", cost: { kind: "per_success", credits: 3 }, freshnessSeconds: 21600, queryDefaults: { detailed: false } },
  lookupConcallTranscripts: { method: "POST", path: "/v1/concalls/transcripts", product: "concalls", cost: { kind: "per_ready", credits: 4 }, bodyType: "json" },
  listUpcomingConcalls: { method: "GET", path: "/v1/concalls/upcoming", product: "concalls", cost: { kind: "per_page_with_results", credits: 5, onlyWhenDetailed: true }, freshnessSeconds: 900, queryDefaults: { page: 1, limit: 20, detailed: false }, maxLimit: 50 },
  listSymbolMetadata: { method: "GET", path: "/v1/symbols/metadata", product: "symbols", cost: { kind: "per_item", credits: 1, detailedCredits: 1 }, freshnessSeconds: 86400, queryDefaults: {} },
  createDailySummary: { method: "POST", path: "/v1/daily-summary/", product: "summaries", cost: { kind: "per_generated_summary", credits: 5 }, bodyType: "json" },
  createBatchJob: { method: "POST", path: "/v1/batch/jobs", product: "summaries", cost: { kind: "batch_submit", credits: BATCH_SUBMIT_CREDITS, perSummary: BATCH_CREDITS_PER_SUMMARY }, scope: "key", bodyType: "multipart" },
  listBatchJobs: { method: "GET", path: "/v1/batch/jobs", product: null, cost: { kind: "free" }, scope: "key", queryDefaults: { limit: 20 }, maxLimit: 100 },
  getBatchJob: { method: "GET", path: "/v1/batch/jobs/{job_id}", product: null, cost: { kind: "free" }, scope: "key" },
  getBatchJobResults: { method: "GET", path: "/v1/batch/jobs/{job_id}/results", product: null, cost: { kind: "free" }, scope: "key", responseType: "jsonl" },
  cancelBatchJob: { method: "DELETE", path: "/v1/batch/jobs/{job_id}", product: null, cost: { kind: "free" }, scope: "key" },
  getAccount: { method: "GET", path: "/v1/account", product: null, cost: { kind: "free" } },
  getAccountUsage: { method: "GET", path: "/v1/account/usage", product: null, cost: { kind: "free" } },
  listAccountLedger: { method: "GET", path: "/v1/account/ledger", product: null, cost: { kind: "free" }, queryDefaults: { page: 1, limit: 100 }, maxLimit: 500 },
  getAccountLimits: { method: "GET", path: "/v1/account/limits", product: null, cost: { kind: "free" } },
  listConcallsIndex: { method: "GET", path: "/v1/concalls/index", product: "concalls", cost: { kind: "free" }, queryDefaults: { page: 1, limit: 50 }, maxLimit: 100 },
  getConcallTranscript: { method: "GET", path: "/v1/concalls/transcript", product: "concalls", cost: { kind: "per_success", credits: 4 }, queryDefaults: {} },
  listAnnouncementAttachments: { method: "GET", path: "/v1/announcements/attachments", product: "announcements", cost: { kind: "per_ready", credits: 1 }, queryDefaults: {} },
  listSymbols: { method: "GET", path: "/v1/symbols", product: "symbols", cost: { kind: "per_success", credits: 50 }, freshnessSeconds: 86400, responseType: "text", queryDefaults: { format: "csv" } },
  getAnnouncementCitationPdf: { method: "GET", path: "/v1/announcements/citations/{announcement_id}/pdf", product: "announcements", cost: { kind: "per_success", credits: 1 }, responseType: "binary" },
  getEarningsCitationPdf: { method: "GET", path: "/v1/earnings/citations/{earnings_id}/pdf", product: "earnings", cost: { kind: "per_success", credits: 1 }, responseType: "binary", queryDefaults: {} },
  getEarningsCitationPage: { method: "GET", path: "/v1/earnings/citations/{earnings_id}/page/{page}", product: "earnings", cost: { kind: "per_success", credits: 1 }, responseType: "binary" },
  getConcallCitationPdf: { method: "GET", path: "/v1/concalls/citations/{concall_id}/pdf", product: "concalls", cost: { kind: "per_success", credits: 1 }, responseType: "binary" },
} as const satisfies Record<string, EndpointMeta>;

export type EndpointId = keyof typeof endpointMeta;
export const endpointIds = Object.keys(endpointMeta) as EndpointId[];
