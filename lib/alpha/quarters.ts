import { QUARTER_KEY_RE } from "./patterns";
import { IST_OFFSET_MINUTES } from "./time";

/**
 * Indian fiscal quarters: the year runs April to March and is named by the year it ends in.
 * q1_26 = Apr–Jun 2025, q2_26 = Jul–Sep 2025, q3_26 = Oct–Dec 2025, q4_26 = Jan–Mar 2026 ("Q4 FY26").
 */
export interface Quarter {
  q: 1 | 2 | 3 | 4;
  /** Fiscal year as its two-digit suffix, e.g. 26 for FY26 (April 2025 – March 2026). */
  fy: number;
}

export function parseQuarterKey(key: string): Quarter | null {
  const m = QUARTER_KEY_RE.exec(key.trim().toLowerCase());
  if (!m) return null;
  return { q: Number(m[1]) as Quarter["q"], fy: Number(m[2]) };
}

export function formatQuarterKey(quarter: Quarter): string {
  return `q${quarter.q}_${String(quarter.fy % 100).padStart(2, "0")}`;
}

/** `q4_26` → `Q4 FY26`; an unparseable key is returned as it is. */
export function quarterLabel(key: string): string {
  const q = parseQuarterKey(key);
  return q ? `Q${q.q} FY${String(q.fy).padStart(2, "0")}` : key;
}

/** `Q4 FY26` (or `q4 fy26`, `Q4FY26`) → `q4_26`; null when it is not a quarter label. */
export function quarterKeyFromLabel(label: string): string | null {
  const m = /^\s*q([1-4])\s*fy\s*(\d{2})\s*$/i.exec(label);
  return m ? `q${m[1]}_${m[2]}` : null;
}

/** The fiscal quarter that holds `at`, reading the calendar in Asia/Kolkata. */
export function quarterOfDate(at: Date): Quarter {
  const ist = new Date(at.getTime() + IST_OFFSET_MINUTES * 60_000);
  const month = ist.getUTCMonth(); // 0 = January
  const year = ist.getUTCFullYear();
  const q = (month >= 3 ? Math.floor((month - 3) / 3) + 1 : 4) as Quarter["q"];
  const fyEnd = month >= 3 ? year + 1 : year;
  return { q, fy: fyEnd % 100 };
}

export function quarterKeyOfDate(at: Date): string {
  return formatQuarterKey(quarterOfDate(at));
}

/** Fiscal-year end as a full year, assuming 20xx. */
function fullFiscalYear(fy: number): number {
  return 2000 + fy;
}

/** First and last IST calendar days of a quarter, as `YYYY-MM-DD`. */
export function quarterBounds(quarter: Quarter): { start: string; end: string } {
  const fyEnd = fullFiscalYear(quarter.fy);
  const startMonth = [4, 7, 10, 1][quarter.q - 1]!; // 1-based month
  const year = quarter.q === 4 ? fyEnd : fyEnd - 1;
  const endMonth = startMonth + 2;
  const lastDay = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
  const mm = (n: number) => String(n).padStart(2, "0");
  return { start: `${year}-${mm(startMonth)}-01`, end: `${year}-${mm(endMonth)}-${mm(lastDay)}` };
}

export function previousQuarter(quarter: Quarter): Quarter {
  return quarter.q === 1 ? { q: 4, fy: quarter.fy - 1 } : { q: (quarter.q - 1) as Quarter["q"], fy: quarter.fy };
}

export function nextQuarter(quarter: Quarter): Quarter {
  return quarter.q === 4 ? { q: 1, fy: quarter.fy + 1 } : { q: (quarter.q + 1) as Quarter["q"], fy: quarter.fy };
}

/** Orders quarter keys oldest first; for sorting. */
export function compareQuarterKeys(a: string, b: string): number {
  const qa = parseQuarterKey(a);
  const qb = parseQuarterKey(b);
  if (!qa || !qb) return a.localeCompare(b);
  return qa.fy - qb.fy || qa.q - qb.q;
}
