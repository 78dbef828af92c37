import type { EarningsTable } from "../../lib/alpha/earnings";
import type { QuarterFinancials, ResultsClass, ResultsFacts } from "../dataset/rows";
import { factsFromEarningsTable } from "../dataset/rows";

/** Which P&L slot each table line fills (lenders' labels first, then everyone else's). */
const LINES: readonly [RegExp, keyof Omit<QuarterFinancials, "quarter">][] = [
  [/^Total income|^Revenue from operations/, "revenue"],
  [/^Pre-provision operating profit|^EBITDA$/, "ebitda"],
  [/margin \(%\)$/, "margin"],
  [/^Other income/, "otherIncome"],
  [/^Depreciation/, "depreciation"],
  [/^Finance costs/, "financeCost"],
  [/^Provisions/, "provisions"],
  [/^Profit before tax/, "pbt"],
  [/^Tax expense/, "tax"],
  [/^PAT/, "pat"],
  [/^EPS/, "eps"],
];

/**
 * A quarter's financials read back from a stored filing's table (column 0 is the filing's own quarter), so a
 * new filing's previous and year-ago columns agree with what the service already published. Null when unreadable.
 */
export function financialsFromTable(quarter: string, table: EarningsTable | null | undefined): QuarterFinancials | null {
  const rows = table?.rows;
  if (!rows || rows.length < 3) return null;
  const out: QuarterFinancials = {
    quarter,
    revenue: 0,
    ebitda: 0,
    margin: 0,
    otherIncome: 0,
    depreciation: 0,
    financeCost: 0,
    provisions: 0,
    pbt: 0,
    tax: 0,
    pat: 0,
    eps: 0,
  };
  for (const row of rows) {
    const hit = LINES.find(([re]) => re.test(row.label));
    const value = row.values[0];
    if (hit && typeof value === "number") out[hit[1]] = value;
  }
  return out.revenue > 0 ? out : null;
}

/** Full results facts of a stored filing, for texts written after it (call analyses, alerts). */
export function factsOfStoredFiling(quarter: string, table: EarningsTable | null | undefined, financial: boolean): ResultsFacts | null {
  const base = factsFromEarningsTable(quarter, table);
  if (!base) return null;
  const cls: ResultsClass =
    base.patGrowth > 0 && base.revenueGrowth > 0 ? "positive" : base.patGrowth < 0 && base.revenueGrowth < 0 ? "negative" : "mixed";
  return { ...base, cls, financial, significant: Math.abs(base.patGrowth) >= 30 || Math.abs(base.revenueGrowth) >= 25 };
}
