import * as z from "zod";
import type { Product } from "./account";
import { accountLimitsResponseSchema, accountResponseSchema, ledgerResponseSchema, listLedgerQuerySchema, usageResponseSchema } from "./account";
import { alertsResponseSchema, listAlertsQuerySchema } from "./alerts";
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
import type { AnswerScope, CostRule, HttpMethod, ResponseType } from "./catalogue-meta";
import { endpointMeta } from "./catalogue-meta";
import { listSymbolMetadataQuerySchema, listSymbolsQuerySchema, symbolListResponseSchema, symbolMetadataResponseSchema } from "./symbols";

export type { AnswerScope, CostRule, EndpointMeta, HttpMethod, ResponseType } from "./catalogue-meta";

export interface EndpointDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
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
}

// Defaults matter: an omitted query/body/pathParams must infer as undefined (not the constraint), or CallInput demands it.
function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  def: Omit<EndpointDef<Q, B, P, R>, "query" | "body" | "pathParams" | "bodyType" | "responseType" | "freshnessSeconds" | "scope"> & {
    query?: Q;
    body?: B;
    pathParams?: P;
    bodyType?: "json" | "multipart";
    responseType?: ResponseType;
    freshnessSeconds?: number;
    scope?: AnswerScope;
  },
): EndpointDef<Q, B, P, R> {
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
    product: "earnings",
    cost: endpointMeta.listEarnings.cost,
    freshnessSeconds: FILING,
  }),
  listEarningsIndex: endpoint({
    method: "GET",
    path: "/v1/earnings/index",
    summary: "Lightweight index of earnings filings",
    query: listEarningsIndexQuerySchema,
    response: earningsIndexResponseSchema,
    product: "earnings",
    cost: endpointMeta.listEarningsIndex.cost,
  }),
  listUpcomingEarnings: endpoint({
    method: "GET",
    path: "/v1/earnings/upcoming",
    summary: "Upcoming results calendar, nearest first",
    query: listUpcomingEarningsQuerySchema,
    response: upcomingEarningsResponseSchema,
    product: "earnings",
    cost: endpointMeta.listUpcomingEarnings.cost,
  }),
  getEarningsDetail: endpoint({
    method: "GET",
    path: "/v1/earnings/detail",
    summary: "One earnings filing by symbol or scrip code and quarter",
    query: getEarningsDetailQuerySchema,
    response: earningsDetailResponseSchema,
    product: "earnings",
    cost: endpointMeta.getEarningsDetail.cost,
    freshnessSeconds: ANALYSIS,
  }),
  listEarningsAttachments: endpoint({
    method: "GET",
    path: "/v1/earnings/attachments",
    summary: "Signed document URLs of earnings filings by id",
    query: listEarningsAttachmentsQuerySchema,
    response: earningsAttachmentsResponseSchema,
    product: "earnings",
    cost: endpointMeta.listEarningsAttachments.cost,
  }),
  listAlerts: endpoint({
    method: "GET",
    path: "/v1/alerts",
    summary: "Market alerts, newest first",
    query: listAlertsQuerySchema,
    response: alertsResponseSchema,
    product: "alerts",
    cost: endpointMeta.listAlerts.cost,
    freshnessSeconds: FEED,
  }),
  listAnnouncementCategories: endpoint({
    method: "GET",
    path: "/v1/announcements/categories",
    summary: "Announcement categories, important and not important",
    response: announcementCategoriesResponseSchema,
    product: "announcements",
    cost: endpointMeta.listAnnouncementCategories.cost,
  }),
  listAnnouncements: endpoint({
    method: "GET",
    path: "/v1/announcements",
    summary: "Corporate announcements, newest first",
    query: listAnnouncementsQuerySchema,
    response: announcementsResponseSchema,
    product: "announcements",
    cost: endpointMeta.listAnnouncements.cost,
    freshnessSeconds: FEED,
  }),
  listNews: endpoint({
    method: "GET",
    path: "/v1/news",
    summary: "News with sentiment, newest first",
    query: listNewsQuerySchema,
    response: newsResponseSchema,
    product: "news",
    cost: endpointMeta.listNews.cost,
    freshnessSeconds: FEED,
  }),
  listBlockDeals: endpoint({
    method: "GET",
    path: "/v1/block-deals",
    summary: "Block deals on NSE and BSE (beta), newest first",
    query: listBlockDealsQuerySchema,
    response: blockDealsResponseSchema,
    product: "block_deals",
    cost: endpointMeta.listBlockDeals.cost,
    freshnessSeconds: FEED,
  }),
  listConcalls: endpoint({
    method: "GET",
    path: "/v1/concalls",
    summary: "Conference calls with analyses, newest first",
    query: listConcallsQuerySchema,
    response: concallsResponseSchema,
    product: "concalls",
    cost: endpointMeta.listConcalls.cost,
    freshnessSeconds: FILING,
  }),
  getConcallDetail: endpoint({
    method: "GET",
    path: "/v1/concalls/detail",
    summary: "One conference call by symbol or scrip code and quarter",
    query: getConcallDetailQuerySchema,
    response: concallDetailResponseSchema,
    product: "concalls",
    cost: endpointMeta.getConcallDetail.cost,
    freshnessSeconds: ANALYSIS,
  }),
  lookupConcallTranscripts: endpoint({
    method: "POST",
    path: "/v1/concalls/transcripts",
    summary: "Signed transcript and recording URLs for up to 20 calls",
    body: lookupConcallTranscriptsBodySchema,
    response: concallTranscriptsResponseSchema,
    product: "concalls",
    cost: endpointMeta.lookupConcallTranscripts.cost,
  }),
  listUpcomingConcalls: endpoint({
    method: "GET",
    path: "/v1/concalls/upcoming",
    summary: "Upcoming conference calls, nearest first",
    query: listUpcomingConcallsQuerySchema,
    response: upcomingConcallsResponseSchema,
    product: "concalls",
    cost: endpointMeta.listUpcomingConcalls.cost,
    freshnessSeconds: FILING,
  }),
  listSymbolMetadata: endpoint({
    method: "GET",
    path: "/v1/symbols/metadata",
    summary: "Symbol metadata (requires the Symbols scope)",
    query: listSymbolMetadataQuerySchema,
    response: symbolMetadataResponseSchema,
    product: "symbols",
    cost: endpointMeta.listSymbolMetadata.cost,
    freshnessSeconds: 24 * 60 * 60,
  }),
  createDailySummary: endpoint({
    method: "POST",
    path: "/v1/daily-summary/",
    summary: "AI daily portfolio summary",
    body: dailySummaryRequestSchema,
    response: dailySummaryResponseSchema,
    product: "summaries",
    cost: endpointMeta.createDailySummary.cost,
  }),
  createBatchJob: endpoint({
    method: "POST",
    path: "/v1/batch/jobs",
    summary: "Submit a JSONL file of summary requests as a batch job",
    body: createBatchJobBodySchema,
    bodyType: "multipart",
    response: batchJobSchema,
    product: "summaries",
    cost: endpointMeta.createBatchJob.cost,
    scope: "key",
  }),
  listBatchJobs: endpoint({
    method: "GET",
    path: "/v1/batch/jobs",
    summary: "The calling key's batch jobs, newest first",
    query: listBatchJobsQuerySchema,
    response: batchJobListResponseSchema,
    product: null,
    cost: endpointMeta.listBatchJobs.cost,
    scope: "key",
  }),
  getBatchJob: endpoint({
    method: "GET",
    path: "/v1/batch/jobs/{job_id}",
    summary: "One batch job of the calling key",
    pathParams: batchJobPathSchema,
    response: batchJobSchema,
    product: null,
    cost: endpointMeta.getBatchJob.cost,
    scope: "key",
  }),
  getBatchJobResults: endpoint({
    method: "GET",
    path: "/v1/batch/jobs/{job_id}/results",
    summary: "Results of a completed or cancelled batch job as JSONL",
    pathParams: batchJobPathSchema,
    response: batchResultsSchema,
    responseType: "jsonl",
    product: null,
    cost: endpointMeta.getBatchJobResults.cost,
    scope: "key",
  }),
  cancelBatchJob: endpoint({
    method: "DELETE",
    path: "/v1/batch/jobs/{job_id}",
    summary: "Cancel a pending or in-progress batch job",
    pathParams: batchJobPathSchema,
    response: cancelBatchJobResponseSchema,
    product: null,
    cost: endpointMeta.cancelBatchJob.cost,
    scope: "key",
  }),
  getAccount: endpoint({
    method: "GET",
    path: "/v1/account",
    summary: "Account profile of the calling key",
    response: accountResponseSchema,
    product: null,
    cost: endpointMeta.getAccount.cost,
  }),
  getAccountUsage: endpoint({
    method: "GET",
    path: "/v1/account/usage",
    summary: "Balance, today's debits, live counters and rate limits",
    response: usageResponseSchema,
    product: null,
    cost: endpointMeta.getAccountUsage.cost,
  }),
  listAccountLedger: endpoint({
    method: "GET",
    path: "/v1/account/ledger",
    summary: "The account's credit ledger (every debit, top-up and grant, batch summaries included), newest first",
    query: listLedgerQuerySchema,
    response: ledgerResponseSchema,
    product: null,
    cost: endpointMeta.listAccountLedger.cost,
  }),
  getAccountLimits: endpoint({
    method: "GET",
    path: "/v1/account/limits",
    summary: "The plan's REST limits and caps, the account's credits and counts, and its WebSocket tiers and symbol allowances",
    response: accountLimitsResponseSchema,
    product: null,
    cost: endpointMeta.getAccountLimits.cost,
  }),
  listConcallsIndex: endpoint({
    method: "GET",
    path: "/v1/concalls/index",
    summary: "Lightweight index of conference calls that have happened",
    query: listConcallsIndexQuerySchema,
    response: concallsIndexResponseSchema,
    product: "concalls",
    cost: endpointMeta.listConcallsIndex.cost,
  }),
  getConcallTranscript: endpoint({
    method: "GET",
    path: "/v1/concalls/transcript",
    summary: "Signed transcript and recording URLs of one call by symbol or scrip code and quarter",
    query: getConcallTranscriptQuerySchema,
    response: concallArtifactUrlsResponseSchema,
    product: "concalls",
    cost: endpointMeta.getConcallTranscript.cost,
  }),
  listAnnouncementAttachments: endpoint({
    method: "GET",
    path: "/v1/announcements/attachments",
    summary: "Signed document URLs of announcements by id",
    query: listAnnouncementAttachmentsQuerySchema,
    response: announcementAttachmentsResponseSchema,
    product: "announcements",
    cost: endpointMeta.listAnnouncementAttachments.cost,
  }),
  listSymbols: endpoint({
    method: "GET",
    path: "/v1/symbols",
    summary: "The whole symbol catalogue as CSV (default) or JSON (full-market access: the Symbols scope)",
    query: listSymbolsQuerySchema,
    response: symbolListResponseSchema,
    responseType: "text",
    product: "symbols",
    cost: endpointMeta.listSymbols.cost,
    freshnessSeconds: 24 * 60 * 60,
  }),
  getAnnouncementCitationPdf: endpoint({
    method: "GET",
    path: "/v1/announcements/citations/{announcement_id}/pdf",
    summary: "The announcement as a PDF document, generated from the stored record",
    pathParams: announcementCitationPathSchema,
    response: pdfDocumentSchema,
    responseType: "binary",
    product: "announcements",
    cost: endpointMeta.getAnnouncementCitationPdf.cost,
  }),
  getEarningsCitationPdf: endpoint({
    method: "GET",
    path: "/v1/earnings/citations/{earnings_id}/pdf",
    summary: "The earnings filing as a PDF document (one page of it with ?page=), generated from the stored record",
    pathParams: earningsCitationPathSchema,
    query: earningsCitationQuerySchema,
    response: pdfDocumentSchema,
    responseType: "binary",
    product: "earnings",
    cost: endpointMeta.getEarningsCitationPdf.cost,
  }),
  getEarningsCitationPage: endpoint({
    method: "GET",
    path: "/v1/earnings/citations/{earnings_id}/page/{page}",
    summary: "One page (1-based) of the earnings filing as a PDF document",
    pathParams: earningsCitationPagePathSchema,
    response: pdfDocumentSchema,
    responseType: "binary",
    product: "earnings",
    cost: endpointMeta.getEarningsCitationPage.cost,
  }),
  getConcallCitationPdf: endpoint({
    method: "GET",
    path: "/v1/concalls/citations/{concall_id}/pdf",
    summary: "The conference call (analysis and transcript) as a PDF document, generated from the stored record",
    pathParams: concallCitationPathSchema,
    response: pdfDocumentSchema,
    responseType: "binary",
    product: "concalls",
    cost: endpointMeta.getConcallCitationPdf.cost,
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
