/**
 * The feeds' fixed vocabularies (alert types and their filter aliases, news sentiments, block-deal exchanges,
 * announcement categories), zod-free: the feed cards and filters render them at once. The resource modules
 * (alerts.ts, news.ts, block-deals.ts, announcements.ts) build their schemas on them and re-export them.
 */

/** Alert types as the service writes them on output. */
export const ALERT_OUTPUT_TYPES = [
  "52w_high",
  "52w_low",
  "earnings",
  "high_growth_concalls",
  "price_alert",
  "vol_alert",
  "volume_alert",
] as const;
export type AlertOutputType = (typeof ALERT_OUTPUT_TYPES)[number];

/** Values the `type` filter takes: the public list, where `rvol_alert` selects `vol_alert` output. */
export const ALERT_FILTER_TYPES = [
  "52w_high",
  "52w_low",
  "earnings",
  "high_growth_concalls",
  "price_alert",
  "rvol_alert",
  "volume_alert",
] as const;
/** Accepted aliases of filter values. */
export const ALERT_FILTER_ALIASES = { "52w_high_60": "52w_high", "52w_low_60": "52w_low", vol_alert: "rvol_alert" } as const;

/** The output type(s) a filter value selects. */
export function alertOutputTypeForFilter(filter: string): AlertOutputType | null {
  const canonical = (ALERT_FILTER_ALIASES as Record<string, string>)[filter] ?? filter;
  if (canonical === "rvol_alert") return "vol_alert";
  return (ALERT_OUTPUT_TYPES as readonly string[]).includes(canonical) ? (canonical as AlertOutputType) : null;
}

export const SENTIMENTS = ["positive", "negative", "neutral"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const BLOCK_DEAL_EXCHANGES = ["NSE", "BSE", "NSE/BSE"] as const;

export const IMPORTANT_CATEGORIES = [
  "Acquisition",
  "Annual Report",
  "Award/Receipt of Order",
  "Bonus Issue",
  "Buyback",
  "Capex/Expansion",
  "Change in Management",
  "Conversion of Warrants",
  "De-listing",
  "Demerger",
  "Divestment",
  "Dividend",
  "Incident/Accident",
  "Incorporation of Subsidiary",
  "Intimation of proposal of IPO of Subsidiary",
  "Investor Presentation",
  "Issue of Securities",
  "Joint Venture",
  "Liquidation/Insolvency",
  "Litigation",
  "Media Release of Financial Results",
  "Merger",
  "Offer for Sale (OFS)",
  "Outcome of Board Meeting",
  "Partnership",
  "Penalty",
  "Redemption of Securities",
  "Reduction of Stake",
  "Regulatory Approval",
  "Rights Issue",
  "Stock Split",
  "Unaudited Financial Results",
] as const;

export const NOT_IMPORTANT_CATEGORIES = [
  "AGM/EGM",
  "Change in company name",
  "Company Update",
  "Concall",
  "Corp Action",
  "Credit Rating",
  "ESOPs",
  "GST Payment",
  "Income Tax",
  "Meeting Intimation",
  "Monitoring Agency Report",
  "Newspaper Publication",
  "Others",
  "Regulatory Authority Inspection",
] as const;

export const ANNOUNCEMENT_CATEGORIES = [...IMPORTANT_CATEGORIES, ...NOT_IMPORTANT_CATEGORIES] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];

/**
 * Spellings scripts written against the hosted client use (its README's own examples among them), read as the
 * interface's labels by the category filter; docs/announcement-categories.md lists them. Keys are lower case.
 */
export const CATEGORY_ALIASES: Readonly<Record<string, AnnouncementCategory>> = {
  "corporate action": "Corp Action",
  "corporate actions": "Corp Action",
  "corp actions": "Corp Action",
  agm: "AGM/EGM",
  egm: "AGM/EGM",
  "agm / egm": "AGM/EGM",
  esop: "ESOPs",
  "board meeting outcome": "Outcome of Board Meeting",
  "concall transcript": "Concall",
  "conference call": "Concall",
  "credit ratings": "Credit Rating",
  delisting: "De-listing",
  "order win": "Award/Receipt of Order",
  "stock splits": "Stock Split",
  bonus: "Bonus Issue",
  other: "Others",
};

export function isImportantCategory(category: string): boolean {
  return (IMPORTANT_CATEGORIES as readonly string[]).includes(category);
}
