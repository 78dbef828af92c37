/**
 * Watchlist CSV import and export. A file is read as a table (BOM, comma/semicolon/tab, CRLF, quoted Indian-grouped
 * amounts), its header is matched against the columns of common broker and depository exports, and the user's
 * confirmed mapping turns rows into holdings. Every bad row is reported by its line in the file.
 */
import Papa from "papaparse";
import { restoreCell, toCsv } from "@/lib/alpha/csv";
import type { ExposureUnit, WatchlistItem } from "@/lib/desk/watchlists";
import { checkHolding, checkIsin, MAX_WATCHLIST_ITEMS } from "@/lib/desk/watchlist-rules";

export const CSV_COLUMNS = ["symbol", "exposure", "label"] as const;

/** The fields a column can feed. `price` is per share (LTP, close or average cost); `value` is a holding's value. */
export const CSV_FIELDS = ["symbol", "isin", "quantity", "price", "value", "weight", "label"] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/** How a row's exposure is taken: its value in rupees, the shares held, its weight in the book (%), or not at all. */
export const EXPOSURE_BASES = ["value", "shares", "weight", "none"] as const;
export type ExposureBasis = (typeof EXPOSURE_BASES)[number];

/** What the value column counts in; the desk stores rupees. */
export const VALUE_SCALES = { rupees: 1, lakh: 1e5, crore: 1e7 } as const;
export type ValueScale = keyof typeof VALUE_SCALES;

export interface ColumnMapping {
  /** Column index feeding each field, or null. */
  fields: Record<CsvField, number | null>;
  basis: ExposureBasis;
  /** The value column's amounts, when not in rupees ("Value (₹ lakh)"). */
  valueIn?: ValueScale;
}

export interface CsvRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  symbol: string;
  exposure?: number;
  label?: string;
  /** The ISIN the symbol was found from, when it came from one. */
  isin?: string;
}

export interface CsvLineError {
  /** 1-based line in the file; 0 for the file as a whole. */
  line: number;
  message: string;
  /** The row's cells as read, so skipped lines can be written back out to fix. */
  cells?: string[];
}

export interface CsvTable {
  /** The header row's cells, or null when the first row is data. */
  header: string[] | null;
  headerLine: number;
  rows: { line: number; cells: string[] }[];
  /** File-level problems and rows that are not valid CSV. */
  errors: CsvLineError[];
  delimiter: string;
  /** Semicolon files from a European-locale Excel write 1.234,50. */
  decimalComma: boolean;
  columnCount: number;
}

export interface CsvParseResult {
  rows: CsvRow[];
  errors: CsvLineError[];
  hasHeader: boolean;
  unit: ExposureUnit | null;
  /** ISINs with no symbol yet: the import waits for their lookup. */
  pendingIsins: string[];
  /** More good rows than a watchlist holds: nothing can be imported. */
  tooMany: boolean;
}

/** Largest CSV the import takes (a 50-symbol watchlist is a few kilobytes; a full holdings export a few more). */
export const MAX_CSV_BYTES = 256 * 1024;

export const BASIS_UNIT: Record<ExposureBasis, ExposureUnit | null> = { value: "inr", shares: "shares", weight: "weight", none: null };

/** Header names as brokers and depositories write them, normalised by `normaliseHeader`. */
const HEADER_NAMES: Record<CsvField, readonly string[]> = {
  symbol: ["symbol", "tradingsymbol", "instrument", "scrip", "scripsymbol", "stocksymbol", "ticker", "nsesymbol", "nsecode", "stock", "stockcode", "securitysymbol", "tradesymbol"],
  isin: ["isin", "isincode", "isinno", "isinnumber"],
  quantity: [
    "quantity", "qty", "shares", "noofshares", "quantityavailable", "availableqty", "totalqty", "totalquantity", "netqty", "holdingqty",
    "freeqty", "currentbal", "currentbalance", "freebalance", "units", "balance", "holdings",
  ],
  price: [
    "ltp", "lastprice", "lasttradedprice", "closeprice", "close", "closingprice", "currentprice", "marketprice", "cmp", "price", "marketrate", "rate",
    "avgcost", "averagecost", "avgprice", "averageprice", "buyavg", "avgbuyprice", "averagebuyprice", "buyprice", "costprice",
  ],
  value: ["curval", "currentvalue", "curvalue", "marketvalue", "mktvalue", "presentvalue", "value", "valuation", "holdingvalue", "valueatltp", "valueatclose", "closingvalue", "currentmarketvalue", "exposure", "amount"],
  weight: ["weight", "weightage", "weightpct", "allocation", "portfolioweight", "ofportfolio", "portfoliopct", "holdingpct", "percentage", "pctofportfolio"],
  label: ["label", "labels", "tag", "tags", "note", "notes", "group", "comment", "comments", "remarks"],
};

/** "Avg. cost", "Current Value (₹)", "Value in Rs", "Value in Cr" → "avgcost", "currentvalue", "value", "value". */
export function normaliseHeader(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*?\)/g, "")
    .replace(/%/g, "pct")
    .replace(/[^a-z0-9]/g, "")
    .replace(/(?<=.)in(?:rs|inr|rupees|lakhs?|lacs?|crores?|cr)$/, "")
    .replace(/(?<=.)(?:inr|rs)$/, "");
}

/** The field a header names, or null. */
export function fieldOfHeader(name: string): CsvField | null {
  const n = normaliseHeader(name);
  if (n === "") return null;
  for (const field of CSV_FIELDS) if (HEADER_NAMES[field].includes(n)) return field;
  // "% of portfolio" normalises to "pctofportfolio"; "weight (%)" to "weight".
  if (n.startsWith("pct") && n.includes("portfolio")) return "weight";
  return null;
}

/** Price columns in order of preference for a value: the latest price before what was paid. */
const PRICE_PREFERENCE = ["ltp", "lastprice", "lasttradedprice", "closeprice", "close", "closingprice", "currentprice", "marketprice", "cmp", "price", "marketrate", "rate"];

/** The mapping the desk proposes for a header (or, without one, the positional symbol, exposure, label). */
export function guessMapping(table: Pick<CsvTable, "header" | "columnCount" | "rows">): ColumnMapping {
  const fields: Record<CsvField, number | null> = { symbol: null, isin: null, quantity: null, price: null, value: null, weight: null, label: null };
  if (!table.header) {
    fields.symbol = 0;
    if (table.columnCount > 1) fields.value = 1;
    if (table.columnCount > 2) fields.label = 2;
    return { fields, basis: table.columnCount > 1 ? "value" : "none" };
  }
  const header = table.header;
  header.forEach((cell, i) => {
    const field = fieldOfHeader(cell);
    if (field && fields[field] === null) fields[field] = i;
  });
  const prices = header.map((cell, i) => ({ i, rank: PRICE_PREFERENCE.indexOf(normaliseHeader(cell)) })).filter((p) => p.rank !== -1 && fieldOfHeader(header[p.i] ?? "") === "price");
  prices.sort((a, b) => a.rank - b.rank);
  if (prices[0]) fields.price = prices[0].i;
  // The desk's own export names its unit per row: an `exposure` column then counts shares or weight, not rupees.
  const unitAt = header.findIndex((c) => normaliseHeader(c) === "unit");
  const exposureAt = header.findIndex((c) => normaliseHeader(c) === "exposure");
  if (unitAt !== -1 && exposureAt !== -1 && fields.value === exposureAt) {
    const units = new Set(table.rows.map((r) => (r.cells[unitAt] ?? "").trim().toLowerCase()).filter(Boolean));
    const only = units.size === 1 ? [...units][0] : undefined;
    if (only === "shares" || only === "weight") {
      fields.value = null;
      fields[only === "shares" ? "quantity" : "weight"] = exposureAt;
      return { fields, basis: only };
    }
  }
  const basis: ExposureBasis =
    fields.value !== null || (fields.quantity !== null && fields.price !== null) ? "value" : fields.weight !== null ? "weight" : fields.quantity !== null ? "shares" : "none";
  const valueHeader = fields.value === null ? "" : (header[fields.value] ?? "").toLowerCase();
  const valueIn: ValueScale | undefined = /\b(?:lakhs?|lacs?)\b/.test(valueHeader) ? "lakh" : /\b(?:crores?|cr)\b/.test(valueHeader) ? "crore" : undefined;
  return valueIn ? { fields, basis, valueIn } : { fields, basis };
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

/** The delimiter of the first line: the most frequent of comma, semicolon and tab outside quotes. */
function detectDelimiter(firstLine: string): string {
  const counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch] = (counts[ch] ?? 0) + 1;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ",";
}

/** Rows of title and client details a statement may carry above its header. */
const PREAMBLE_ROWS = 12;

const NUMBER_RE = /^\d+(?:\.\d+)?$/;

/**
 * "1,23,456.50", "₹ 2,500", "Rs. 12", "4.5%" and (with a decimal comma) "1.234,50" are numbers; "" and "-" are
 * empty. Anything else comes back as the text, to be reported.
 */
export function parseAmount(raw: string, decimalComma = false): number | string | undefined {
  let t = raw.trim().replace(/^(?:rs\.?|inr)\s*/i, "").replace(/[₹\s%]/g, "");
  if (t === "" || t === "-" || t === "--") return undefined;
  let negative = false;
  if (t.startsWith("(") && t.endsWith(")")) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith("-")) {
    negative = !negative;
    t = t.slice(1);
  } else if (t.startsWith("+")) t = t.slice(1);
  t = decimalComma ? t.replace(/\./g, "").replace(",", ".") : t.replace(/,/g, "");
  if (!NUMBER_RE.test(t)) return raw.trim();
  const n = Number(t);
  return negative ? -n : n;
}

function looksNumeric(cell: string): boolean {
  return typeof parseAmount(cell) === "number";
}

/** Reads the file as rows of cells, finding its delimiter and whether its first row is a header. */
export function readCsvTable(input: string): CsvTable {
  const empty: CsvTable = { header: null, headerLine: 0, rows: [], errors: [], delimiter: ",", decimalComma: false, columnCount: 0 };
  if (new TextEncoder().encode(input).length > MAX_CSV_BYTES) {
    return { ...empty, errors: [{ line: 0, message: `The file is larger than ${MAX_CSV_BYTES / 1024} KB; a watchlist holds at most ${MAX_WATCHLIST_ITEMS} symbols.` }] };
  }
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const newlines: number[] = [];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) newlines.push(i);
  const firstLines = text.split("\n").filter((l) => l.trim() !== "").slice(0, PREAMBLE_ROWS + 1);
  // Excel writes "sep=;" first when asked to name its delimiter; else the widest of the first lines tells it.
  const sep = /^sep=(.)$/i.exec((firstLines[0] ?? "").trim());
  const delimiter = sep?.[1] ?? detectDelimiter(firstLines.reduce((a, b) => (b.length > a.length ? b : a), ""));

  const raw: { line: number; cells: string[]; parseError: string | null }[] = [];
  let start = 0;
  Papa.parse<string[]>(text, {
    newline: "\n",
    delimiter,
    step: (result) => {
      const line = lineAt(start, newlines);
      start = result.meta.cursor;
      const parseError = result.errors[0] ? `the row is not valid CSV (${result.errors[0].message.toLowerCase()})` : null;
      raw.push({ line, cells: result.data.map((c) => String(c)), parseError });
    },
  });

  let nonEmpty = raw.filter((r) => r.parseError !== null || r.cells.some((c) => c.trim() !== ""));
  if (sep) nonEmpty = nonEmpty.slice(1);
  const errors: CsvLineError[] = nonEmpty.filter((r) => r.parseError).map((r) => ({ line: r.line, message: r.parseError ?? "", cells: r.cells }));
  const good = nonEmpty.filter((r) => !r.parseError);
  // Statements often open with a title and the client's details: a recognised header further down starts the table.
  const at = good.slice(0, PREAMBLE_ROWS + 1).findIndex((r) => r.cells.filter((c) => fieldOfHeader(c) !== null).length >= 2);
  if (at > 0) good.splice(0, at);
  const first = good[0];
  let header: string[] | null = null;
  let headerLine = 0;
  if (first) {
    const recognised = first.cells.some((c) => fieldOfHeader(c) !== null);
    // An unknown header: no numbers in it, while a later row has a number in a column where the header has text.
    const unknownHeader =
      !recognised &&
      first.cells.length > 1 &&
      first.cells.every((c) => !looksNumeric(c)) &&
      good.slice(1, 6).some((r) => r.cells.some((c, i) => looksNumeric(c) && (first.cells[i] ?? "").trim() !== ""));
    if (recognised || unknownHeader) {
      header = first.cells.map((c) => c.trim());
      headerLine = first.line;
    }
  }
  const rows = (header ? good.slice(1) : good).map((r) => ({ line: r.line, cells: r.cells }));
  const columnCount = Math.max(header?.length ?? 0, ...rows.map((r) => r.cells.length), 0);
  const decimalComma = delimiter === ";" && rows.some((r) => r.cells.some((c) => /^\s*[₹]?\s*\d{1,3}(?:\.\d{3})*,\d+\s*$/.test(c) && !/\.\d{1,2}$/.test(c.trim())));
  return { header, headerLine, rows, errors, delimiter, decimalComma, columnCount };
}

/** A column's name in messages: its header, or the positional name of a file without one. */
function columnName(table: CsvTable, index: number, field: CsvField): string {
  const name = table.header?.[index]?.trim();
  if (name) return name;
  return field === "value" ? "exposure" : field;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Symbols as exports write them: "NSE:TCS", "RELIANCE-EQ" → TCS, RELIANCE. */
function cleanSymbol(cell: string): string {
  return cell
    .trim()
    .replace(/^(?:NSE|BSE)\s*:\s*/i, "")
    .replace(/-(?:EQ|BE|BZ|SM|ST)$/i, "");
}

/**
 * Turns the table into holdings with a mapping. `isins` holds what the lookup found (null: no such company);
 * rows whose ISIN is not in it yet are left pending, neither imported nor reported.
 */
export function applyMapping(table: CsvTable, mapping: ColumnMapping, options: { isins?: Readonly<Record<string, string | null>> } = {}): CsvParseResult {
  const errors: CsvLineError[] = [...table.errors];
  const rows: CsvRow[] = [];
  const pending = new Set<string>();
  const f = mapping.fields;
  const unit = BASIS_UNIT[mapping.basis];
  const base = { hasHeader: table.header !== null, unit };
  if (errors.some((e) => e.line === 0)) return { rows, errors, ...base, pendingIsins: [], tooMany: false };
  if (f.symbol === null && f.isin === null) {
    return { rows, errors: [...errors, { line: 0, message: "Choose the column that holds the symbol or the ISIN." }], ...base, pendingIsins: [], tooMany: false };
  }
  const needs: Record<ExposureBasis, string | null> = {
    value: f.value === null && (f.quantity === null || f.price === null) ? "Exposure as value needs a value column, or both quantity and price." : null,
    shares: f.quantity === null ? "Exposure as shares needs the quantity column." : null,
    weight: f.weight === null ? "Exposure as weight needs the weight column." : null,
    none: null,
  };
  const missing = needs[mapping.basis];
  if (missing) return { rows, errors: [...errors, { line: 0, message: missing }], ...base, pendingIsins: [], tooMany: false };

  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const fail = (message: string) => errors.push({ line: row.line, message, cells: row.cells });
    const cell = (field: CsvField) => {
      const i = f[field];
      // A cell the export neutralised ('=…) is read as the text it was.
      return i === null ? "" : restoreCell((row.cells[i] ?? "").trim());
    };
    const amount = (field: CsvField): number | null | undefined => {
      const v = parseAmount(cell(field), table.decimalComma);
      if (typeof v === "string") {
        fail(`${columnName(table, f[field] ?? 0, field)} '${v}' is not a number`);
        return null;
      }
      return v;
    };
    let symbolText = cleanSymbol(cell("symbol"));
    if (/^(?:grand\s*)?total$/i.test(symbolText)) continue;
    let isin: string | undefined;
    if (symbolText === "") {
      const isinText = cell("isin");
      if (isinText === "") {
        fail(f.symbol !== null ? "symbol is missing" : "ISIN is missing");
        continue;
      }
      const checkedIsin = checkIsin(isinText);
      if (!checkedIsin.ok) {
        fail(`ISIN '${isinText}' ${checkedIsin.message}`);
        continue;
      }
      isin = checkedIsin.value;
      const found = options.isins?.[isin];
      if (found === undefined) {
        pending.add(isin);
        continue;
      }
      if (found === null) {
        fail(`ISIN ${isin} is not a company the Alpha service knows`);
        continue;
      }
      symbolText = found;
    }

    let exposure: number | undefined;
    if (mapping.basis === "value") {
      const value = f.value !== null ? amount("value") : undefined;
      if (value === null) continue;
      if (value !== undefined) exposure = round2(value * VALUE_SCALES[mapping.valueIn ?? "rupees"]);
      else if (f.quantity !== null && f.price !== null) {
        const qty = amount("quantity");
        if (qty === null) continue;
        const price = amount("price");
        if (price === null) continue;
        if (qty !== undefined && price !== undefined) exposure = round2(qty * price);
      }
    } else if (mapping.basis === "shares" || mapping.basis === "weight") {
      const v = amount(mapping.basis === "shares" ? "quantity" : "weight");
      if (v === null) continue;
      exposure = v;
    }
    const label = cell("label");
    const checked = checkHolding({ symbol: symbolText, ...(exposure !== undefined ? { exposure } : {}), ...(label ? { label } : {}) });
    if (!checked.ok) {
      fail(
        Object.entries(checked.problems)
          .map(([field, message]) => (field === "symbol" ? `symbol '${symbolText}' ${message}` : `${field} ${message}`))
          .join("; "),
      );
      continue;
    }
    const previous = seen.get(checked.value.symbol);
    if (previous !== undefined) {
      fail(`${checked.value.symbol} repeats line ${previous}`);
      continue;
    }
    seen.set(checked.value.symbol, row.line);
    rows.push({ line: row.line, ...checked.value, ...(isin ? { isin } : {}) });
  }

  if (rows.length === 0 && errors.length === 0 && pending.size === 0) errors.push({ line: 0, message: "The file holds no symbols." });
  const tooMany = rows.length > MAX_WATCHLIST_ITEMS;
  if (tooMany) {
    const over = rows[MAX_WATCHLIST_ITEMS];
    errors.push({ line: over?.line ?? 0, message: `a watchlist holds at most ${MAX_WATCHLIST_ITEMS} symbols; the file has ${rows.length}` });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors, ...base, pendingIsins: [...pending], tooMany };
}

/** Reads a file with the mapping the desk proposes. */
export function parseWatchlistCsv(input: string): CsvParseResult {
  const table = readCsvTable(input);
  return applyMapping(table, guessMapping(table));
}

/** Whether the good rows may be imported while others are skipped: only line problems, and something to import. */
export function canImportPart(result: CsvParseResult): boolean {
  return result.rows.length > 0 && !result.tooMany && result.pendingIsins.length === 0 && result.errors.every((e) => e.line > 0);
}

/** The skipped lines as a CSV to fix: the file's header (if any) plus a `problem` column, then each bad row. */
export function skippedLinesCsv(table: Pick<CsvTable, "header">, errors: readonly CsvLineError[]): string {
  const bad = errors.filter((e) => e.line > 0 && e.cells);
  const width = Math.max(table.header?.length ?? 0, ...bad.map((e) => e.cells?.length ?? 0));
  const pad = (cells: readonly string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill("")];
  const data = bad.map((e) => [...pad(e.cells ?? []), `line ${e.line}: ${e.message}`]);
  return toCsv(table.header ? [...pad(table.header), "problem"] : null, data, "\n");
}

/** The CSV export: a header and one row per item, readable by the import; the unit rides in its own column. */
export function watchlistToCsv(items: readonly WatchlistItem[], unit: ExposureUnit | null = null): string {
  const rows = items.map((i) => [i.symbol, i.exposure === null ? "" : String(i.exposure), i.label ?? "", i.exposure === null || unit === null ? "" : unit]);
  return toCsv([...CSV_COLUMNS, "unit"], rows, "\n");
}

/** A file name for a watchlist's export: "Core book" → "core-book.csv". */
export function csvFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "watchlist"}.csv`;
}
