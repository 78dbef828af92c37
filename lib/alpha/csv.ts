/**
 * The one CSV writer of the desk and the service: RFC 4180 quoting, and a text cell a spreadsheet would run as a
 * formula (= + - @, tab, CR) prefixed with a quote mark; a plain number is left as it is.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d+)?$/;

/** Whether a text would be read by a spreadsheet as the start of a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** A cell's text as it is safe to write: a formula-like text is prefixed with a quote mark. */
export function neutraliseCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  return startsLikeFormula(value) ? `'${value}` : value;
}

/** The reverse on reading a file this writer made: a quote mark before a formula character is dropped. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && startsLikeFormula(text.slice(1)) ? text.slice(1) : text;
}

/** One field: neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  const safe = neutraliseCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(",");
}

/** A whole file: the header (when given) and the rows, each line ended by `newline` (CRLF by default). */
export function toCsv(header: readonly string[] | null, rows: readonly (readonly CsvValue[])[], newline: "\r\n" | "\n" = "\r\n"): string {
  const lines = header ? [csvLine(header), ...rows.map(csvLine)] : rows.map(csvLine);
  return lines.length === 0 ? "" : `${lines.join(newline)}${newline}`;
}
