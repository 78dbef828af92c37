import type { EndpointId } from "@/lib/alpha/catalogue";

/** Short names of the endpoints for legends and tables. */
const LABELS: Record<EndpointId, string> = {
  listEarnings: "Earnings",
  listEarningsIndex: "Earnings index",
  listUpcomingEarnings: "Upcoming earnings",
  getEarningsDetail: "Earnings detail",
  listEarningsAttachments: "Attachments",
  listAlerts: "Alerts",
  listAnnouncementCategories: "Categories",
  listAnnouncements: "Announcements",
  listNews: "News",
  listBlockDeals: "Block deals",
  listConcalls: "Concalls",
  getConcallDetail: "Concall detail",
  lookupConcallTranscripts: "Transcripts",
  listUpcomingConcalls: "Upcoming concalls",
  listSymbolMetadata: "Symbols",
  createDailySummary: "Summaries",
  createBatchJob: "Batch jobs",
  listBatchJobs: "Batch list",
  getBatchJob: "Batch job",
  getBatchJobResults: "Batch results",
  cancelBatchJob: "Batch cancel",
  getAccount: "Account",
  getAccountUsage: "Usage",
  listAccountLedger: "Ledger",
  getAccountLimits: "Limits",
  listConcallsIndex: "Concalls index",
  getConcallTranscript: "Transcript",
  listAnnouncementAttachments: "Announcement attachments",
  listSymbols: "Symbol catalogue",
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

const PALETTE = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)"];

/** A colour per series: the five theme chart colours, then lighter and darker mixes of them. */
export function seriesColor(index: number): string {
  const base = PALETTE[index % PALETTE.length] ?? "var(--chart-1)";
  const round = Math.floor(index / PALETTE.length);
  if (round === 0) return base;
  const mix = round % 2 === 1 ? "white" : "black";
  return `color-mix(in oklch, ${base} ${100 - 30 * Math.ceil(round / 2)}%, ${mix})`;
}
