/**
 * A manager's own estimates as CSV: one line item of one company's quarter per row. Read all or nothing: any bad row
 * (its line number given, counting the header as line 1) refuses the whole file. Pure, so its rules are tested alone.
 */
import Papa from "papaparse";
import { quarterKeyFromLabel } from "@/lib/alpha/quarters";
import { QUARTER_KEY_RE, SYMBOL_RE } from "@/lib/alpha/primitives";
import { ESTIMATE_COLUMNS, LINE_ITEMS, type EstimateBasis, type EstimateUnit, type LineItem } from "@/lib/desk/estimates";

export interface ParsedEstimate {
  line: number;
  symbol: string;
  quarter: string;
  lineItem: LineItem;
  value: number;
  unit: EstimateUnit;
  basis: EstimateBasis;
  source: string;
  asOf: string;
}

export interface EstimateProblem {
  line: number;
  message: string;
}

export type ParseOutcome = { ok: true; rows: ParsedEstimate[] } | { ok: false; problems: EstimateProblem[] };

const MAX_ROWS = 5_000;

/** Line items by what a manager may call them. */
const ITEM_ALIASES: Record<string, LineItem> = {
  revenue: "revenue",
  "revenue from operations": "revenue",
  sales: "revenue",
  "net sales": "revenue",
  "total income": "total_income",
  total_income: "total_income",
  ebitda: "ebitda",
  "pre-provision operating profit": "ppop",
  ppop: "ppop",
  "operating profit": "ppop",
  pbt: "pbt",
  "profit before tax": "pbt",
  pat: "pat",
  "net profit": "pat",
  "profit after tax": "pat",
};

function lineItemOf(text: string): LineItem | null {
  const key = text.trim().toLowerCase().replace(/\s+/g, " ");
  return ITEM_ALIASES[key] ?? ((LINE_ITEMS as readonly string[]).includes(key) ? (key as LineItem) : null);
}

function quarterOf(text: string): string | null {
  const t = text.trim();
  if (QUARTER_KEY_RE.test(t.toLowerCase())) return t.toLowerCase();
  return quarterKeyFromLabel(t.replace(/[-_]/g, " "));
}

/** ISO `2026-10-01` or Indian `01/10/2026`; the day must exist. */
function dateOf(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y || !m || !d) return null;
  const out = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const at = new Date(`${out}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === out ? out : null;
}

/** Reads an estimates file; the header names the columns (any order, any case). */
export function parseEstimatesCsv(text: string): ParseOutcome {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header, ...body] = parsed.data;
  if (!header) return { ok: false, problems: [{ line: 1, message: "The file is empty: it needs a header row and at least one estimate" }] };
  const names = header.map((h) => h.trim().toLowerCase().replace(/[\s-]+/g, "_"));
  const missing = ESTIMATE_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) return { ok: false, problems: [{ line: 1, message: `The header lacks ${missing.join(", ")} (columns: ${ESTIMATE_COLUMNS.join(", ")})` }] };
  if (body.length === 0) return { ok: false, problems: [{ line: 2, message: "The file has a header but no estimates" }] };
  if (body.length > MAX_ROWS) return { ok: false, problems: [{ line: MAX_ROWS + 2, message: `At most ${MAX_ROWS} estimates per file` }] };
  const col = (row: string[], name: (typeof ESTIMATE_COLUMNS)[number]) => (row[names.indexOf(name)] ?? "").trim();

  const problems: EstimateProblem[] = [];
  const rows: ParsedEstimate[] = [];
  const seen = new Map<string, number>();
  body.forEach((row, i) => {
    const line = i + 2;
    const say = (message: string) => problems.push({ line, message });
    const symbol = col(row, "symbol").toUpperCase();
    const quarterText = col(row, "quarter");
    const itemText = col(row, "line_item");
    const valueText = col(row, "value").replace(/,/g, "");
    const unitText = col(row, "unit").toLowerCase();
    const basisText = col(row, "basis").toLowerCase();
    const asOfText = col(row, "as_of");
    const before = problems.length;
    if (!SYMBOL_RE.test(symbol)) say(`“${col(row, "symbol")}” is not an exchange symbol`);
    const quarter = quarterOf(quarterText);
    if (!quarter) say(`the quarter “${quarterText}” does not parse (write Q2 FY27 or q2_27)`);
    const lineItem = lineItemOf(itemText);
    if (!lineItem) say(`“${itemText}” is not a line item the results tables carry (revenue, total income, EBITDA, PPOP, PBT, PAT)`);
    const value = Number(valueText);
    if (valueText === "" || !Number.isFinite(value)) say(`the value “${col(row, "value")}” is not a number`);
    if (unitText !== "lakh" && unitText !== "crore") say(`the unit “${col(row, "unit")}” is neither lakh nor crore`);
    if (basisText !== "consolidated" && basisText !== "standalone") say(`the basis “${col(row, "basis")}” is neither consolidated nor standalone`);
    const asOf = dateOf(asOfText);
    if (!asOf) say(`the as-of date “${asOfText}” is not a date (2026-10-01 or 01/10/2026)`);
    if (problems.length > before || !quarter || !lineItem || !asOf) return;
    const key = `${symbol} ${quarter} ${lineItem} ${basisText}`;
    const first = seen.get(key);
    if (first !== undefined) {
      say(`duplicate of line ${first}: ${symbol} ${quarter} ${lineItem} (${basisText}) is estimated twice`);
      return;
    }
    seen.set(key, line);
    rows.push({ line, symbol, quarter, lineItem, value, unit: unitText as EstimateUnit, basis: basisText as EstimateBasis, source: col(row, "source"), asOf });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows };
}
