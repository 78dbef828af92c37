/**
 * Exchange announcement subjects onto the interface's categories. NSE's `desc` and BSE's sub-category are free-ish
 * labels; each pattern below is a stated mapping, tried in order. A subject none matches is stored as "Others" and
 * named in the import's report (notes.unmapped_categories), never given a guessed label.
 */
import type { AnnouncementCategory } from "../../lib/alpha/announcements";

export const CATEGORY_RULES: readonly (readonly [RegExp, AnnouncementCategory])[] = [
  [/outcome of (the )?board meeting/i, "Outcome of Board Meeting"],
  [/board meeting intimation|intimation of board meeting|prior intimation/i, "Meeting Intimation"],
  [/(press|media) release.*result|result.*(press|media) release/i, "Media Release of Financial Results"],
  [/financial result|^results?$|quarterly result|audited result/i, "Unaudited Financial Results"],
  [/investor presentation/i, "Investor Presentation"],
  [/analysts?\/institutional investor meet|con\. call|conference call|earnings call|concall/i, "Concall"],
  [/annual report/i, "Annual Report"],
  [/shareholders? meeting|\bagm\b|\begm\b|general meeting|postal ballot/i, "AGM/EGM"],
  [/credit rating/i, "Credit Rating"],
  [/newspaper/i, "Newspaper Publication"],
  [/ipo of (its )?subsidiary/i, "Intimation of proposal of IPO of Subsidiary"],
  [/demerger/i, "Demerger"],
  [/amalgamation|merger|scheme of arrangement/i, "Merger"],
  [/acquisition|acquire/i, "Acquisition"],
  [/divest|sale of stake|disinvestment/i, "Divestment"],
  [/reduction (of|in) stake/i, "Reduction of Stake"],
  [/joint venture/i, "Joint Venture"],
  [/incorporation|wholly owned subsidiary/i, "Incorporation of Subsidiary"],
  [/change in (the )?director|appointment|resignation|cessation|change in management|key managerial|\bkmp\b/i, "Change in Management"],
  [/esop|esos|esps/i, "ESOPs"],
  [/bonus/i, "Bonus Issue"],
  [/buy ?back/i, "Buyback"],
  [/split|sub-?division/i, "Stock Split"],
  [/rights issue/i, "Rights Issue"],
  [/warrant/i, "Conversion of Warrants"],
  [/offer for sale|\bofs\b/i, "Offer for Sale (OFS)"],
  [/redemption/i, "Redemption of Securities"],
  [/de-?listing/i, "De-listing"],
  [/dividend/i, "Dividend"],
  [/allotment|issue of securities|qualified institutions|preferential issue|fund raising|debentures/i, "Issue of Securities"],
  [/award|bagging|receiv(ing|ed) of orders?|receipt of orders?|order win/i, "Award/Receipt of Order"],
  [/capex|expansion|commissioning|commercial production/i, "Capex/Expansion"],
  [/partnership|collaboration|memorandum of understanding|\bmou\b/i, "Partnership"],
  [/regulatory approval|usfda|approval (from|of) (the )?(regulator|authority)/i, "Regulatory Approval"],
  [/inspection/i, "Regulatory Authority Inspection"],
  [/fire|accident|incident/i, "Incident/Accident"],
  [/penalt|action\(?s\)? taken or orders passed|show cause/i, "Penalty"],
  [/litigation|dispute|legal proceeding/i, "Litigation"],
  [/insolvency|bankruptcy|liquidation/i, "Liquidation/Insolvency"],
  [/monitoring agency/i, "Monitoring Agency Report"],
  [/\bgst\b/i, "GST Payment"],
  [/income tax/i, "Income Tax"],
  [/change (in|of) (the )?(company'?s? )?name|name change/i, "Change in company name"],
  [/record date|book closure|corp(\.|orate)? action/i, "Corp Action"],
  [/general updates?|^updates?$|company update|clarification|spurt in (price|volume)|press release|media release/i, "Company Update"],
  [/trading window|certificate under|loss of share|duplicate share|regulation 74|depositor|takeover|\bsast\b|insider trading|others?$/i, "Others"],
];

/** The interface's category for an exchange subject, or null when no rule covers it. */
export function mapCategory(...subjects: (string | null | undefined)[]): AnnouncementCategory | null {
  for (const subject of subjects) {
    if (!subject) continue;
    for (const [pattern, category] of CATEGORY_RULES) if (pattern.test(subject)) return category;
  }
  return null;
}
