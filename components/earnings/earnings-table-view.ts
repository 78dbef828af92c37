import type { EarningsTable } from "@/lib/alpha/earnings";
import { formatQuarterKey, parseQuarterKey, previousQuarter, quarterKeyFromLabel, quarterLabel } from "@/lib/alpha/quarters";
import { formatNumber } from "@/lib/format/number";

/** The earnings table laid out for reading: periods as columns, line items as rows, with YoY and QoQ changes. */

export type Tone = "positive" | "negative" | "neutral";

export interface Change {
  /** Percent for amounts; basis points for rows that are themselves percentages. */
  value: number;
  unit: "%" | "bps";
  tone: Tone;
}

export interface TableRowView {
  label: string;
  values: (number | null)[];
  isPercent: boolean;
  /** A cost line: its growth is bad news, so its colours are inverted. */
  isCost: boolean;
  yoy: Change | null;
  qoq: Change | null;
}

export interface TableView {
  unit: string;
  periods: string[];
  rows: TableRowView[];
  /** The period the changes compare against, when the table holds it. */
  yoyAgainst: string | null;
  qoqAgainst: string | null;
}

const COST_RE = /\b(expense|expenses|cost|costs|provision|provisions|tax|impairment|npa|depreciation|finance cost)\b/i;
/** A line is a percentage when it says so ("(%)") or is named a margin, ratio or yield, as whole words only. */
const PERCENT_RE = /\(%\)|\b(margin|ratio|yield)\b/i;

export function isPercentLine(label: string): boolean {
  return PERCENT_RE.test(label);
}

function periodKey(label: string): string | null {
  return quarterKeyFromLabel(label) ?? (parseQuarterKey(label) ? label.toLowerCase() : null);
}

/** The column holding the same quarter a year earlier, and the one holding the quarter before. */
function comparisonColumns(periods: readonly string[]): { yoy: number; qoq: number } {
  const current = periods[0] ? periodKey(periods[0]) : null;
  const q = current ? parseQuarterKey(current) : null;
  if (!q) return { yoy: -1, qoq: -1 };
  const yearAgo = formatQuarterKey({ q: q.q, fy: q.fy - 1 });
  const before = formatQuarterKey(previousQuarter(q));
  const keys = periods.map(periodKey);
  return { yoy: keys.indexOf(yearAgo), qoq: keys.indexOf(before) };
}

export function changeBetween(current: number | null | undefined, base: number | null | undefined, opts: { isPercent: boolean; isCost: boolean }): Change | null {
  if (typeof current !== "number" || typeof base !== "number" || !Number.isFinite(current) || !Number.isFinite(base)) return null;
  let value: number;
  let unit: Change["unit"];
  if (opts.isPercent) {
    value = Math.round((current - base) * 100);
    unit = "bps";
  } else {
    if (base === 0) return null;
    value = Math.round(((current - base) / Math.abs(base)) * 1000) / 10;
    unit = "%";
  }
  const flat = unit === "bps" ? Math.abs(value) < 1 : Math.abs(value) < 0.05;
  const good = opts.isCost ? value < 0 : value > 0;
  return { value, unit, tone: flat ? "neutral" : good ? "positive" : "negative" };
}

export function formatChange(change: Change | null): string {
  if (!change) return "—";
  const sign = change.value > 0 ? "+" : change.value < 0 ? "−" : "";
  const abs = Math.abs(change.value);
  return change.unit === "bps" ? `${sign}${formatNumber(abs, { maximumFractionDigits: 3 })} bps` : `${sign}${abs.toFixed(1)}%`;
}

export type Basis = "consolidated" | "standalone";

/** The bases a filing's table holds, the one it leads with first: both when it carries the parent's own lines. */
export function tableBases(table: EarningsTable | null | undefined): { basis: Basis | null; table: EarningsTable }[] {
  if (!table) return [];
  const lead: Basis | null = table.basis === "standalone" || table.basis === "consolidated" ? table.basis : null;
  const out: { basis: Basis | null; table: EarningsTable }[] = [{ basis: lead, table }];
  if (lead === "consolidated" && table.standalone?.rows?.length) {
    out.push({ basis: "standalone", table: { unit: table.unit, periods: table.periods, basis: "standalone", rows: table.standalone.rows } });
  }
  return out;
}

export function buildTableView(table: EarningsTable | null | undefined): TableView | null {
  const periods = table?.periods ?? [];
  const rows = table?.rows ?? [];
  if (periods.length === 0 || rows.length === 0) return null;
  const { yoy, qoq } = comparisonColumns(periods);
  return {
    unit: table?.unit ?? "₹ crore",
    periods,
    yoyAgainst: yoy > 0 ? (periods[yoy] ?? null) : null,
    qoqAgainst: qoq > 0 ? (periods[qoq] ?? null) : null,
    rows: rows.map((r) => {
      const isPercent = isPercentLine(r.label);
      const isCost = !isPercent && COST_RE.test(r.label);
      const opts = { isPercent, isCost };
      const current = r.values[0];
      return {
        label: r.label,
        values: periods.map((_, i) => r.values[i] ?? null),
        isPercent,
        isCost,
        yoy: yoy > 0 ? changeBetween(current, r.values[yoy], opts) : null,
        qoq: qoq > 0 ? changeBetween(current, r.values[qoq], opts) : null,
      };
    }),
  };
}

/** `Q2 FY27` stays; `q2_27` becomes `Q2 FY27`. */
export function periodLabel(label: string): string {
  return parseQuarterKey(label) ? quarterLabel(label) : label;
}

