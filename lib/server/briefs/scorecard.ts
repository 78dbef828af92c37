/**
 * The season scorecard against the manager's own estimates: each reported company's headline line item, its estimate
 * normalised to ₹ crore and to the filing's basis, the surprise and the outcome within the manager's band. Pure.
 */
import type { EarningsTable } from "@/lib/alpha/earnings";
import { quarterLabel } from "@/lib/alpha/quarters";
import { LINE_ITEM_LABELS, type EstimateBasis, type LineItem, type ScoreCounts, type ScorecardRow } from "@/lib/desk/estimates";

export interface HeldEstimate {
  symbol: string;
  quarter: string;
  lineItem: LineItem;
  value: number;
  unit: "lakh" | "crore";
  basis: EstimateBasis;
}

export interface ReportedCompany {
  symbol: string;
  company: string | null;
  filedAt: string;
}

/** The line item that decides a company's outcome: the lowest line the manager estimated. */
const HEADLINE_ORDER: readonly LineItem[] = ["pat", "pbt", "ebitda", "ppop", "revenue", "total_income"];

const ROW_MATCHERS: Record<LineItem, RegExp> = {
  revenue: /^(revenue from operations|revenue|net sales|sales)\b/i,
  total_income: /^total income\b/i,
  ebitda: /^ebitda$/i,
  ppop: /^(pre-provision operating profit|operating profit)$/i,
  pbt: /^profit before tax\b/i,
  pat: /^(pat|net profit|profit after tax)\b/i,
};

function unitOfTable(unit: string | undefined): "crore" | "lakh" | null {
  if (!unit || /crore|\bcr\b/i.test(unit)) return "crore";
  return /lakh/i.test(unit) ? "lakh" : null;
}

const toCrore = (value: number, unit: "lakh" | "crore") => (unit === "lakh" ? value / 100 : value);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** One company's row: what the manager expected, what was filed, and the outcome. */
export function scoreCompany(input: {
  company: ReportedCompany;
  sector: string | null;
  quarter: string;
  estimates: readonly HeldEstimate[];
  table: EarningsTable | null;
  band: number;
}): ScorecardRow {
  const { company, sector, quarter, table, band } = input;
  const base = { symbol: company.symbol, company: company.company, sector, filedAt: company.filedAt };
  const empty = { lineItem: null, basis: null, estimateCr: null, actualCr: null, surprisePct: null };
  const mine = input.estimates.filter((e) => e.symbol === company.symbol && e.quarter === quarter);
  if (mine.length === 0) return { ...base, ...empty, outcome: "no_estimate", note: null };
  const estimate = HEADLINE_ORDER.map((item) => mine.find((e) => e.lineItem === item)).find((e) => e !== undefined) ?? mine[0]!;
  const est = { lineItem: estimate.lineItem, basis: estimate.basis, estimateCr: round2(toCrore(estimate.value, estimate.unit)) };
  const normalised = estimate.unit === "lakh" ? `your ₹${estimate.value} lakh read as ₹${est.estimateCr} crore` : null;
  if (!table) return { ...base, ...est, actualCr: null, surprisePct: null, outcome: "table_not_held", note: "The filed table is not held yet" };

  const label = LINE_ITEM_LABELS[estimate.lineItem];
  const notComparable = (note: string): ScorecardRow => ({ ...base, ...est, actualCr: null, surprisePct: null, outcome: "not_comparable", note });
  const tableBasis = table.basis === "standalone" ? "standalone" : "consolidated";
  const rows = estimate.basis === tableBasis ? table.rows : estimate.basis === "standalone" ? table.standalone?.rows : undefined;
  if (!rows) return notComparable(`Your estimate is ${estimate.basis}; the filing reports ${tableBasis} figures only`);
  const row = rows.find((r) => ROW_MATCHERS[estimate.lineItem].test(r.label.trim()));
  if (!row) return notComparable(`The filing has no ${label} line (it reports ${rows.slice(0, 3).map((r) => r.label).join(", ")})`);
  const tableUnit = unitOfTable(table.unit);
  if (!tableUnit) return notComparable(`The filing's unit “${table.unit}” is neither lakh nor crore`);
  const periods = table.periods ?? [];
  const at = periods.findIndex((p) => p.replace(/\s+/g, " ").trim().toUpperCase() === quarterLabel(quarter).toUpperCase());
  const value = row.values[at >= 0 ? at : 0];
  if (value === null || value === undefined) return notComparable(`The filing's ${label} for ${quarterLabel(quarter)} is blank`);
  const actualCr = round2(toCrore(value, tableUnit));
  if (est.estimateCr === 0) return notComparable("An estimate of zero has no surprise");
  const surprisePct = round2(((actualCr - est.estimateCr) / Math.abs(est.estimateCr)) * 100);
  const outcome = surprisePct > band ? "beat" : surprisePct < -band ? "missed" : "in_line";
  return { ...base, ...est, actualCr, surprisePct, outcome, note: normalised };
}

export function countOutcomes(rows: readonly ScorecardRow[]): ScoreCounts {
  const n = (o: ScorecardRow["outcome"]) => rows.filter((r) => r.outcome === o).length;
  return { reported: rows.length, beat: n("beat"), inLine: n("in_line"), missed: n("missed"), noEstimate: n("no_estimate"), tableNotHeld: n("table_not_held"), notComparable: n("not_comparable") };
}

/** The scorecard's sentence; with no estimate held for any reported name it says so, and never "beat" or "missed". */
export function scoreHeadline(c: ScoreCounts): string {
  const withEstimate = c.reported - c.noEstimate;
  if (c.reported === 0) return "Nobody in this watchlist has reported yet.";
  if (withEstimate === 0) return `${c.reported} reported; you hold no estimate for any of them.`;
  const parts = [`${c.reported} reported: ${c.beat} beat, ${c.inLine} in line, ${c.missed} missed your numbers; ${c.noEstimate} ${c.noEstimate === 1 ? "has" : "have"} no estimate`];
  if (c.tableNotHeld > 0) parts.push(`${c.tableNotHeld} await${c.tableNotHeld === 1 ? "s" : ""} its filed table`);
  if (c.notComparable > 0) parts.push(`${c.notComparable} could not be compared`);
  return `${parts.join("; ")}.`;
}


