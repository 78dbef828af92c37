/**
 * Watchlist CSV: columns symbol, exposure, label (header optional). The whole file is checked before anything is
 * imported and every bad row is reported by its line in the file (a quoted label may span lines).
 */
import Papa from "papaparse";
import { holdingSchema } from "@/lib/alpha/summaries";
import type { WatchlistItem } from "@/lib/query/watchlist-schema";
import { MAX_WATCHLIST_ITEMS } from "@/lib/query/watchlist-schema";

export const CSV_COLUMNS = ["symbol", "exposure", "label"] as const;
type Column = (typeof CSV_COLUMNS)[number];

export interface CsvRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  symbol: string;
  exposure?: number;
  label?: string;
}

export interface CsvLineError {
  /** 1-based line in the file; 0 for the file as a whole. */
  line: number;
  message: string;
}

export interface CsvParseResult {
  rows: CsvRow[];
  errors: CsvLineError[];
  hasHeader: boolean;
}

/** Largest CSV the import takes (a 50-symbol watchlist is a few kilobytes). */
export const MAX_CSV_BYTES = 256 * 1024;

const AMOUNT_RE = /^\+?\d+(?:\.\d+)?$/;

/** "1,00,000", "₹ 2,500.50" and "12" are amounts; the grouping commas and the rupee sign are dropped. */
function parseExposure(raw: string): number | string | undefined {
  const cleaned = raw.replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
  if (cleaned === "") return undefined;
  if (cleaned.startsWith("-") && AMOUNT_RE.test(cleaned.slice(1))) return Number(cleaned);
  return AMOUNT_RE.test(cleaned) ? Number(cleaned) : raw;
}

/** The 1-based line holding `offset`: one more than the newlines before it (binary search). */
function lineAt(offset: number, newlineOffsets: number[]): number {
  let lo = 0;
  let hi = newlineOffsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((newlineOffsets[mid] ?? Infinity) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

function headerColumns(cells: string[]): { columns: (Column | null)[]; unknown: string[] } | null {
  const names = cells.map((c) => c.trim().toLowerCase());
  if (!names.includes("symbol")) return null;
  const unknown: string[] = [];
  const columns = names.map((n) => {
    if ((CSV_COLUMNS as readonly string[]).includes(n)) return n as Column;
    if (n !== "") unknown.push(n);
    return null;
  });
  return { columns, unknown };
}

export function parseWatchlistCsv(input: string): CsvParseResult {
  const errors: CsvLineError[] = [];
  const rows: CsvRow[] = [];
  if (new TextEncoder().encode(input).length > MAX_CSV_BYTES) {
    return { rows, errors: [{ line: 0, message: `The file is larger than ${MAX_CSV_BYTES / 1024} KB; a watchlist holds at most ${MAX_WATCHLIST_ITEMS} symbols.` }], hasHeader: false };
  }
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const newlines: number[] = [];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) newlines.push(i);

  const raw: { line: number; cells: string[]; parseError: string | null }[] = [];
  let start = 0;
  Papa.parse<string[]>(text, {
    newline: "\n",
    delimiter: ",",
    step: (result) => {
      const line = lineAt(start, newlines);
      start = result.meta.cursor;
      const parseError = result.errors[0] ? `the row is not valid CSV (${result.errors[0].message.toLowerCase()})` : null;
      raw.push({ line, cells: result.data.map((c) => String(c)), parseError });
    },
  });

  const nonEmpty = raw.filter((r) => r.parseError !== null || r.cells.some((c) => c.trim() !== ""));
  let columns: (Column | null)[] = [...CSV_COLUMNS];
  let hasHeader = false;
  const first = nonEmpty[0];
  if (first && first.parseError === null) {
    const header = headerColumns(first.cells);
    if (header) {
      hasHeader = true;
      columns = header.columns;
      if (header.unknown.length > 0) {
        errors.push({ line: first.line, message: `unknown column${header.unknown.length > 1 ? "s" : ""} ${header.unknown.map((u) => `'${u}'`).join(", ")}: use symbol, exposure, label` });
      }
    }
  }

  const seen = new Map<string, number>();
  for (const row of hasHeader ? nonEmpty.slice(1) : nonEmpty) {
    if (row.parseError) {
      errors.push({ line: row.line, message: row.parseError });
      continue;
    }
    if (!hasHeader && row.cells.length > CSV_COLUMNS.length && row.cells.slice(CSV_COLUMNS.length).some((c) => c.trim() !== "")) {
      errors.push({ line: row.line, message: `expected at most ${CSV_COLUMNS.length} columns (symbol, exposure, label), found ${row.cells.length}` });
      continue;
    }
    const value = (name: Column) => {
      const i = columns.indexOf(name);
      return i === -1 ? "" : (row.cells[i] ?? "").trim();
    };
    const symbolText = value("symbol");
    if (symbolText === "") {
      errors.push({ line: row.line, message: "symbol is missing" });
      continue;
    }
    const exposure = parseExposure(value("exposure"));
    if (typeof exposure === "string") {
      errors.push({ line: row.line, message: `exposure '${exposure}' is not a number` });
      continue;
    }
    const label = value("label");
    const parsed = holdingSchema.safeParse({ symbol: symbolText, ...(exposure !== undefined ? { exposure } : {}), ...(label ? { label } : {}) });
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? "row");
        return field === "symbol" ? `symbol '${symbolText}' ${issue.message}` : `${field} ${issue.message}`;
      });
      errors.push({ line: row.line, message: messages.join("; ") });
      continue;
    }
    const previous = seen.get(parsed.data.symbol);
    if (previous !== undefined) {
      errors.push({ line: row.line, message: `${parsed.data.symbol} repeats line ${previous}` });
      continue;
    }
    seen.set(parsed.data.symbol, row.line);
    rows.push({ line: row.line, ...parsed.data });
  }

  if (rows.length === 0 && errors.length === 0) errors.push({ line: 0, message: "The file holds no symbols." });
  if (rows.length > MAX_WATCHLIST_ITEMS) {
    const over = rows[MAX_WATCHLIST_ITEMS];
    errors.push({ line: over?.line ?? 0, message: `a watchlist holds at most ${MAX_WATCHLIST_ITEMS} symbols; the file has ${rows.length}` });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors, hasHeader };
}

/** The CSV export: a header and one row per item, readable by the import. */
export function watchlistToCsv(items: readonly WatchlistItem[]): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: items.map((i) => [i.symbol, i.exposure === null ? "" : String(i.exposure), i.label ?? ""]),
    },
    { newline: "\n" },
  ).concat("\n");
}

/** A file name for a watchlist's export: "Core book" → "core-book.csv". */
export function csvFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "watchlist"}.csv`;
}
