import * as z from "zod";
import type { Product } from "./account";
import { accountLimitsResponseSchema, accountResponseSchema, ledgerResponseSchema, listLedgerQuerySchema, usageResponseSchema } from "./account";
import { alertsResponseSchema, alertsView, listAlertsQuerySchema } from "./alerts";
import {
  announcementAttachmentsResponseSchema,
  announcementCategoriesResponseSchema,
  announcementCitationPathSchema,
  announcementsResponseSchema,
  listAnnouncementAttachmentsQuerySchema,
  listAnnouncementsQuerySchema,
} from "./announcements";
import {
  batchJobListResponseSchema,
  batchJobPathSchema,
  batchJobSchema,
  batchResultsSchema,
  cancelBatchJobResponseSchema,
  listBatchJobsQuerySchema,
} from "./batch";
import { blockDealsResponseSchema, listBlockDealsQuerySchema } from "./block-deals";
import {
  concallArtifactUrlsResponseSchema,
  concallCitationPathSchema,
  concallsIndexResponseSchema,
  getConcallTranscriptQuerySchema,
  listConcallsIndexQuerySchema,
  concallDetailResponseSchema,
  concallsResponseSchema,
  concallTranscriptsResponseSchema,
  getConcallDetailQuerySchema,
  listConcallsQuerySchema,
  listUpcomingConcallsQuerySchema,
  lookupConcallTranscriptsBodySchema,
  upcomingConcallsResponseSchema,
} from "./concalls";
import {
  earningsCitationPagePathSchema,
  earningsCitationPathSchema,
  earningsCitationQuerySchema,
  pdfDocumentSchema,
  earningsAttachmentsResponseSchema,
  earningsDetailResponseSchema,
  earningsIndexResponseSchema,
  earningsListResponseSchema,
  getEarningsDetailQuerySchema,
  listEarningsAttachmentsQuerySchema,
  listEarningsIndexQuerySchema,
  listEarningsQuerySchema,
  listUpcomingEarningsQuerySchema,
  upcomingEarningsResponseSchema,
} from "./earnings";
import { listNewsQuerySchema, newsResponseSchema } from "./news";
import { dailySummaryRequestSchema, dailySummaryResponseSchema } from "./summaries";
import { BATCH_CREDITS_PER_SUMMARY, BATCH_SUBMIT_CREDITS } from "./batch-limits";
import { dataView, linesView, listView, recordView } from "./views";
import type { AnswerScope, CostRule, HttpMethod, ResponseType } from "./catalogue-types";
import { listSymbolMetadataQuerySchema, listSymbolsQuerySchema, symbolListResponseSchema, symbolMetadataResponseSchema } from "./symbols";

export type { AnswerScope, CostRule, EndpointMeta, HttpMethod, ResponseType } from "./catalogue-types";

export interface EndpointDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  V = unknown,
> {
  method: HttpMethod;
  /** Path with `{name}` placeholders for path parameters. */
  path: string;
  summary: string;
  query: Q;
  body: B;
  bodyType: "json" | "multipart" | null;
  pathParams: P;
  response: R;
  /** How the body is read: JSON, JSON lines, text (JSON when the answer says so, e.g. /v1/symbols) or bytes (PDF). */
  responseType: ResponseType;
  /** The REST product the account must have enabled; null for account and batch bookkeeping. */
  product: Product | null;
  cost: CostRule;
  /** How long the desk may answer a repeat of this paid GET from its cache, in seconds. */
  freshnessSeconds: number;
  /**
   * Whose answer this is: the same for every key of the account, or only the calling key's (batch jobs are scoped per
   * key). Any cache or in-flight merging of answers must be keyed by this identity, never by the account alone.
   */
  scope: AnswerScope;
  /** How the desk's pages see the parsed answer (lib/alpha/views.ts): rows as `items`, one record as `item`. */
  view: (answer: z.output<R>) => V;
}

// Defaults matter: an omitted query/body/pathParams must infer as undefined (not the constraint), or CallInput demands it.
function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  V = unknown,
>(
  def: Omit<EndpointDef<Q, B, P, R, V>, "query" | "body" | "pathParams" | "bodyType" | "responseType" | "freshnessSeconds" | "scope"> & {
    query?: Q;
    body?: B;
    pathParams?: P;
    bodyType?: "json" | "multipart";
    responseType?: ResponseType;
    freshnessSeconds?: number;
    scope?: AnswerScope;
  },
): EndpointDef<Q, B, P, R, V> {
  return {
    ...def,
    query: def.query as Q,
    body: def.body as B,
    pathParams: def.pathParams as P,
    bodyType: def.body ? (def.bodyType ?? "json") : null,
    responseType: def.responseType ?? "json",
    freshnessSeconds: def.freshnessSeconds ?? 0,
    scope: def.scope ?? "account",
  };
}

const FEED = 60;
const FILING = 15 * 60;
const ANALYSIS = 6 * 60 * 60;

/** The multipart body the client builds for a batch upload. */
export const createBatchJobBodySchema = z.object({
  file: z.union([z.string().min(1, { message: "the file is empty" }), z.instanceof(Blob)]),
  filename: z.string().default("batch.jsonl"),
  display_name: z.string().trim().max(200).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const catalogue = {
  listEarnings: endpoint({
    method: "GET",
    path: "/v1/earnings",
    summary: "Earnings filings with summaries (and earnings tables when detailed)",
    query: listEarningsQuerySchema,
    response: earningsListResponseSchema,
    view: listView,
    product: "earnings",
    cost: { kind: "per_item", credits: 1, detailedCredits: 2 },
    freshnessSeconds: FILING,
  }),
  listEarningsIndex: endpoint({
    method: "GET",
    path: "/v1/earnings/index",
    summary: "Lightweight index of earnings filings",
    query: listEarningsIndexQuerySchema,
    response: earningsIndexResponseSchema,
    view: listView,
    product: "earnings",
    cost: { kind: "free" },
  }),
  listUpcomingEarnings: endpoint({
    method: "GET",
    path: "/v1/earnings/upcoming",
    summary: "Upcoming results calendar, nearest first",
    query: listUpcomingEarningsQuerySchema,
    response: upcomingEarningsResponseSchema,
    view: listView,
    product: "earnings",
    cost: { kind: "free" },
  }),
  getEarningsDetail: endpoint({
    method: "GET",
    path: "/v1/earnings/detail",
    summary: "One earnings filing by symbol or scrip code and quarter",
    query: getEarningsDetailQuerySchema,
    response: earningsDetailResponseSchema,
    view: recordView,
    product: "earnings",
    cost: { kind: "per_success", credits: 3 },
    freshnessSeconds: ANALYSIS,
  }),
  listEarningsAttachments: endpoint({
    method: "GET",
    path: "/v1/earnings/attachments",
    summary: "Signed document URLs of earnings filings by id",
    query: listEarningsAttachmentsQuerySchema,
    response: earningsAttachmentsResponseSchema,
    view: listView,
    product: "earnings",
    cost: { kind: "per_ready", credits: 1 },
  }),
  listAlerts: endpoint({
    method: "GET",
    path: "/v1/alerts",
    summary: "Market alerts, newest first",
    query: listAlertsQuerySchema,
    response: alertsResponseSchema,
    view: alertsView,
    product: "alerts",
    cost: { kind: "per_page_with_results", credits: 5, onlyWhenDetailed: false },
    freshnessSeconds: FEED,
  }),
  listAnnouncementCategories: endpoint({
    method: "GET",
    path: "/v1/announcements/categories",
    summary: "Announcement categories, important and not important",
    response: announcementCategoriesResponseSchema,
    view: dataView,
    product: "announcements",
    cost: { kind: "free" },
  }),
  listAnnouncements: endpoint({
    method: "GET",
    path: "/v1/announcements",
    summary: "Corporate announcements, newest first",
    query: listAnnouncementsQuerySchema,
    response: announcementsResponseSchema,
    view: listView,
    product: "announcements",
    cost: { kind: "per_item", credits: 1, detailedCredits: 2 },
    freshnessSeconds: FEED,
  }),
  listNews: endpoint({
    method: "GET",
    path: "/v1/news",
    summary: "News with sentiment, newest first",
    query: listNewsQuerySchema,
    response: newsResponseSchema,
    view: listView,
    product: "news",
    cost: { kind: "per_page_with_results", credits: 1, onlyWhenDetailed: false },
    freshnessSeconds: FEED,
  }),
  listBlockDeals: endpoint({
    method: "GET",
    path: "/v1/block-deals",
    summary: "Block deals on NSE and BSE (beta), newest first",
    query: listBlockDealsQuerySchema,
    response: blockDealsResponseSchema,
    view: listView,
    product: "block_deals",
    cost: { kind: "per_item", credits: 1, detailedCredits: 1 },
    freshnessSeconds: FEED,
  }),
  listConcalls: endpoint({
    method: "GET",
    path: "/v1/concalls",
    summary: "Conference calls with analyses, newest first",
    query: listConcallsQuerySchema,
    response: concallsResponseSchema,
    view: listView,
    product: "concalls",
    cost: { kind: "per_item", credits: 1, detailedCredits: 2 },
    freshnessSeconds: FILING,
  }),
  getConcallDetail: endpoint({
    method: "GET",
    path: "/v1/concalls/detail",
    summary: "One conference call by symbol or scrip code and quarter",
    query: getConcallDetailQuerySchema,
    response: concallDetailResponseSchema,
    view: recordView,
    product: "concalls",
    cost: { kind: "per_success", credits: 3 },
    freshnessSeconds: ANALYSIS,
  }),
  lookupConcallTranscripts: endpoint({
    method: "POST",
    path: "/v1/concalls/transcripts",
    summary: "Signed transcript and recording URLs for up to 20 calls",
    body: lookupConcallTranscriptsBodySchema,
    response: concallTranscriptsResponseSchema,
    view: listView,
    product: "concalls",
    cost: { kind: "per_ready", credits: 4 },
  }),
  listUpcomingConcalls: endpoint({
    method: "GET",
    path: "/v1/concalls/upcoming",
    summary: "Upcoming conference calls, nearest first",
    query: listUpcomingConcallsQuerySchema,
    response: upcomingConcallsResponseSchema,
    view: listView,
    product: "concalls",
    cost: { kind: "per_page_with_results", credits: 5, onlyWhenDetailed: true },
    freshnessSeconds: FILING,
  }),
  listSymbolMetadata: endpoint({
    method: "GET",
    path: "/v1/symbols/metadata",
    summary: "Symbol metadata (requires the Symbols scope)",
    query: listSymbolMetadataQuerySchema,
    response: symbolMetadataResponseSchema,
    view: listView,
    product: "symbols",
    cost: { kind: "per_item", credits: 1, detailedCredits: 1 },
    freshnessSeconds: 24 * 60 * 60,
  }),
  createDailySummary: endpoint({
    method: "POST",
    path: "/v1/daily-summary/",
    summary: "AI daily portfolio summary",
    body: dailySummaryRequestSchema,
    response: dailySummaryResponseSchema,
    view: recordView,
    product: "summaries",
    cost: { kind: "per_generated_summary", credits: 5 },
  }),
  createBatchJob: endpoint({
    method: "POST",
    path: "/v1/batch/jobs",
    summary: "Submit a JSONL file of summary requests as a batch job",
    body: createBatchJobBodySchema,
    bodyType: "multipart",
    response: batchJobSchema,
    view: recordView,
    product: "summaries",
    cost: { kind: "batch_submit", credits: BATCH_SUBMIT_CREDITS, perSummary: BATCH_CREDITS_PER_SUMMARY },
    scope: "key",
  }),
  listBatchJobs: endpoint({
    method: "GET",
    path: "/v1/batch/jobs",
    summary: "The calling key's batch jobs, newest first",
    query: listBatchJobsQuerySchema,
    response: batchJobListResponseSchema,
    view: listView,
    product: null,
    cost: { kind: "free" },
    scope: "key",
  }),
  getBatchJob: endpoint({
    method: "GET",
    path: "/v1/batch/jobs/{job_id}",
    summary: "One batch job of the calling key",
    pathParams: batchJobPathSchema,
    response: batchJobSchema,
    view: recordView,
    product: null,
    cost: { kind: "free" },
    scope: "key",
  }),
  getBatchJobResults: endpoint({
    method: "GET",
    path: "/v1/batch/jobs/{job_id}/results",
    summary: "Results of a completed or cancelled batch job as JSONL",
    pathParams: batchJobPathSchema,
    response: batchResultsSchema,
    view: linesView,
    responseType: "jsonl",
    product: null,
    cost: { kind: "free" },
    scope: "key",
  }),
  cancelBatchJob: endpoint({
    method: "DELETE",
    path: "/v1/batch/jobs/{job_id}",
    summary: "Cancel a pending or in-progress batch job",
    pathParams: batchJobPathSchema,
    response: cancelBatchJobResponseSchema,
    view: recordView,
    product: null,
    cost: { kind: "free" },
    scope: "key",
  }),
  getAccount: endpoint({
    method: "GET",
    path: "/v1/account",
    summary: "Account profile of the calling key",
    response: accountResponseSchema,
    view: dataView,
    product: null,
    cost: { kind: "free" },
  }),
  getAccountUsage: endpoint({
    method: "GET",
    path: "/v1/account/usage",
    summary: "Balance, today's debits, live counters and rate limits",
    response: usageResponseSchema,
    view: dataView,
    product: null,
    cost: { kind: "free" },
  }),
  listAccountLedger: endpoint({
    method: "GET",
    path: "/v1/account/ledger",
    summary: "The account's credit ledger (every debit, top-up and grant, batch summaries included), newest first",
    query: listLedgerQuerySchema,
    response: ledgerResponseSchema,
    view: listView,
    product: null,
    cost: { kind: "free" },
  }),
  getAccountLimits: endpoint({
    method: "GET",
    path: "/v1/account/limits",
    summary: "The plan's REST limits and caps, the account's credits and counts, and its WebSocket tiers and symbol allowances",
    response: accountLimitsResponseSchema,
    view: recordView,
    product: null,
    cost: { kind: "free" },
  }),
  listConcallsIndex: endpoint({
    method: "GET",
    path: "/v1/concalls/index",
    summary: "Lightweight index of conference calls that have happened",
    query: listConcallsIndexQuerySchema,
    response: concallsIndexResponseSchema,
    view: listView,
    product: "concalls",
    cost: { kind: "free" },
  }),
  getConcallTranscript: endpoint({
    method: "GET",
    path: "/v1/concalls/transcript",
    summary: "Signed transcript and recording URLs of one call by symbol or scrip code and quarter",
    query: getConcallTranscriptQuerySchema,
    response: concallArtifactUrlsResponseSchema,
    view: recordView,
    product: "concalls",
    cost: { kind: "per_success", credits: 4 },
  }),
  listAnnouncementAttachments: endpoint({
    method: "GET",
    path: "/v1/announcements/attachments",
    summary: "Signed document URLs of announcements by id",
    query: listAnnouncementAttachmentsQuerySchema,
    response: announcementAttachmentsResponseSchema,
    view: listView,
    product: "announcements",
    cost: { kind: "per_ready", credits: 1 },
  }),
  listSymbols: endpoint({
    method: "GET",
    path: "/v1/symbols",
    summary: "The whole symbol catalogue as CSV (default) or JSON (full-market access: the Symbols scope)",
    query: listSymbolsQuerySchema,
    response: symbolListResponseSchema,
    view: recordView,
    responseType: "text",
    product: "symbols",
    cost: { kind: "per_success", credits: 50 },
    freshnessSeconds: 24 * 60 * 60,
  }),
  getAnnouncementCitationPdf: endpoint({
    method: "GET",
    path: "/v1/announcements/citations/{announcement_id}/pdf",
    summary: "The announcement as a PDF document, generated from the stored record",
    pathParams: announcementCitationPathSchema,
    response: pdfDocumentSchema,
    view: recordView,
    responseType: "binary",
    product: "announcements",
    cost: { kind: "per_success", credits: 1 },
  }),
  getEarningsCitationPdf: endpoint({
    method: "GET",
    path: "/v1/earnings/citations/{earnings_id}/pdf",
    summary: "The earnings filing as a PDF document (one page of it with ?page=), generated from the stored record",
    pathParams: earningsCitationPathSchema,
    query: earningsCitationQuerySchema,
    response: pdfDocumentSchema,
    view: recordView,
    responseType: "binary",
    product: "earnings",
    cost: { kind: "per_success", credits: 1 },
  }),
  getEarningsCitationPage: endpoint({
    method: "GET",
    path: "/v1/earnings/citations/{earnings_id}/page/{page}",
    summary: "One page (1-based) of the earnings filing as a PDF document",
    pathParams: earningsCitationPagePathSchema,
    response: pdfDocumentSchema,
    view: recordView,
    responseType: "binary",
    product: "earnings",
    cost: { kind: "per_success", credits: 1 },
  }),
  getConcallCitationPdf: endpoint({
    method: "GET",
    path: "/v1/concalls/citations/{concall_id}/pdf",
    summary: "The conference call (analysis and transcript) as a PDF document, generated from the stored record",
    pathParams: concallCitationPathSchema,
    response: pdfDocumentSchema,
    view: recordView,
    responseType: "binary",
    product: "concalls",
    cost: { kind: "per_success", credits: 1 },
  }),
} as const;

export type Catalogue = typeof catalogue;
export type EndpointId = keyof Catalogue;
export const endpointIds = Object.keys(catalogue) as EndpointId[];

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

export type QueryInput<K extends EndpointId> = SchemaInput<Catalogue[K]["query"]>;
export type QueryOutput<K extends EndpointId> = SchemaOutput<Catalogue[K]["query"]>;
export type BodyInput<K extends EndpointId> = SchemaInput<Catalogue[K]["body"]>;
export type BodyOutput<K extends EndpointId> = SchemaOutput<Catalogue[K]["body"]>;
export type PathInput<K extends EndpointId> = SchemaInput<Catalogue[K]["pathParams"]>;
export type ResponseOf<K extends EndpointId> = z.output<Catalogue[K]["response"]>;
/** How the desk's pages see an endpoint's answer (its `view`). */
export type ViewOf<K extends EndpointId> = ReturnType<Catalogue[K]["view"]>;

/** Finds the endpoint that serves a method and a concrete path (path parameters filled in). */
export function matchEndpoint(method: string, path: string): { id: EndpointId; params: Record<string, string> } | null {
  const clean = path.replace(/\/+$/, "") || "/";
  for (const id of endpointIds) {
    const def = catalogue[id];
    if (def.method !== method.toUpperCase()) continue;
    const names: string[] = [];
    const pattern = def.path
      .replace(/\/+$/, "")
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      .replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a: string | undefined, b: string | undefined) => {
        names.push((a ?? b)!);
        return "([^/]+)";
      });
    const m = new RegExp(`^${pattern}$`).exec(clean);
    if (m) {
      const params: Record<string, string> = {};
      names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
      return { id, params };
    }
  }
  return null;
}
