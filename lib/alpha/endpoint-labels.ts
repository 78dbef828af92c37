import type { EndpointId } from "@/lib/alpha/catalogue";

/**
 * What each endpoint is called in legends, tables and the spend CSV: distinct for a reader who does not know the API
 * ("Company profiles", the per-symbol metadata, against "Symbol catalogue", the whole list bought once).
 */
const LABELS: Record<EndpointId, string> = {
  listEarnings: "Earnings with summaries",
  listEarningsIndex: "Earnings index",
  listUpcomingEarnings: "Upcoming earnings",
  getEarningsDetail: "Earnings detail",
  listEarningsAttachments: "Earnings attachments",
  listAlerts: "Alerts",
  listAnnouncementCategories: "Announcement categories",
  listAnnouncements: "Announcements",
  listNews: "News",
  listBlockDeals: "Block deals",
  listConcalls: "Concalls",
  getConcallDetail: "Concall detail",
  lookupConcallTranscripts: "Transcript links",
  listUpcomingConcalls: "Upcoming concalls",
  listSymbolMetadata: "Company profiles",
  createDailySummary: "AI summaries",
  createBatchJob: "Batch job submissions",
  listBatchJobs: "Batch job list",
  getBatchJob: "Batch job status",
  getBatchJobResults: "Batch results",
  cancelBatchJob: "Batch job cancels",
  getAccount: "Account details",
  getAccountUsage: "Account usage",
  listAccountLedger: "Account ledger",
  getAccountLimits: "Account limits",
  listConcallsIndex: "Concalls index",
  getConcallTranscript: "Transcript text",
  listAnnouncementAttachments: "Announcement attachments",
  listSymbols: "Symbol catalogue (all symbols)",
  getAnnouncementCitationPdf: "Announcement PDF",
  getEarningsCitationPdf: "Earnings PDF",
  getEarningsCitationPage: "Earnings PDF page",
  getConcallCitationPdf: "Concall PDF",
};

/** Ledger route ids that are not catalogue endpoints: a batch job's summaries are debited per line as they finish. */
const LEDGER_LABELS: Record<string, string> = { "batch.summary": "Batch summaries (per line)" };

export function endpointLabel(id: string): string {
  const label = (LABELS as Record<string, string | undefined>)[id] ?? LEDGER_LABELS[id];
  if (label) return label;
  return id.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}
