/**
 * Reading the exchanges' files as they are published: zipped or gzipped or plain, a byte-order mark, header cells
 * with stray spaces, `-` for empty, Indian digit grouping ("70,00,000"), dates in the half-dozen ways NSE and BSE
 * write them, all in IST. CSV goes through papaparse row by row, so a file is never held whole.
 */
import { createReadStream, openSync, readSync, closeSync, fstatSync } from "node:fs";
import { createGunzip, createInflateRaw } from "node:zlib";
import { StringDecoder } from "node:string_decoder";
import { pipeline, Transform, type Readable } from "node:stream";
import Papa from "papaparse";

/** A row the importer could not read, or chose not to take: where it is and why. */
export interface RowIssue {
  file: string;
  /** "line 12" for CSV, "item 3" for a JSON list. */
  at: string;
  reason: string;
  /** The row's cells as read, when the row could not be matched to the header. */
  cells?: string[];
}

/** A file that cannot be read at all (not a zip, not JSON, no header): refused whole. */
export class ExchangeFileError extends Error {}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  dataStart: number;
}

/** The entries of a zip file, from its central directory (exchange archives hold one CSV, sometimes a few). */
export function zipEntries(path: string): ZipEntry[] {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    readSync(fd, tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new ExchangeFileError(`${path}: not a zip file (no end of central directory)`);
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (dirOffset === 0xffffffff || count === 0xffff) throw new ExchangeFileError(`${path}: zip64 archives are not read; unzip it first`);
    const dir = Buffer.alloc(dirSize);
    readSync(fd, dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (dir.readUInt32LE(p) !== 0x02014b50) throw new ExchangeFileError(`${path}: damaged zip central directory`);
      const method = dir.readUInt16LE(p + 10);
      const compressedSize = dir.readUInt32LE(p + 20);
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const localOffset = dir.readUInt32LE(p + 42);
      const name = dir.toString("utf8", p + 46, p + 46 + nameLength);
      const local = Buffer.alloc(30);
      readSync(fd, local, 0, 30, localOffset);
      if (local.readUInt32LE(0) !== 0x04034b50) throw new ExchangeFileError(`${path}: damaged zip entry ${name}`);
      const dataStart = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (!name.endsWith("/")) entries.push({ name, method, compressedSize, dataStart });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

/** Streams joined so that an error anywhere reaches the last one, and closing the last closes the file. */
function linked(...streams: [Readable, ...Transform[]]): Readable {
  return pipeline(streams, () => {}) as unknown as Readable;
}

/** One entry's bytes as a stream (stored or deflated). */
function zipEntryStream(path: string, entry: ZipEntry): Readable {
  const raw = createReadStream(path, { start: entry.dataStart, end: entry.dataStart + entry.compressedSize - 1 });
  if (entry.method === 0) return raw;
  if (entry.method === 8) return linked(raw, createInflateRaw());
  throw new ExchangeFileError(`${path}: ${entry.name} uses zip method ${entry.method}; only stored and deflated entries are read`);
}

/** UTF-8 text chunks with a leading byte-order mark removed. */
function utf8Text(): Transform {
  const decoder = new StringDecoder("utf8");
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let text = decoder.write(chunk);
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      done(null, text);
    },
    flush(done) {
      done(null, decoder.end());
    },
  });
}

/**
 * The text of an exchange file as a stream: `.zip` (the first entry whose name ends in `inner`, else the only one),
 * `.gz`, or plain. The file's name inside the archive is returned for detection.
 */
export function openText(path: string, inner = /\.(csv|json|txt)$/i): { name: string; stream: Readable } {
  if (/\.zip$/i.test(path)) {
    const entries = zipEntries(path);
    const entry = entries.find((e) => inner.test(e.name)) ?? (entries.length === 1 ? entries[0] : undefined);
    if (!entry) throw new ExchangeFileError(`${path}: the archive holds ${entries.length} entries and none is a .csv or .json file`);
    return { name: entry.name, stream: linked(zipEntryStream(path, entry), utf8Text()) };
  }
  const bytes = createReadStream(path);
  const name = path.split(/[\\/]/).pop() ?? path;
  if (/\.gz$/i.test(path)) return { name: name.replace(/\.gz$/i, ""), stream: linked(bytes, createGunzip(), utf8Text()) };
  return { name, stream: linked(bytes, utf8Text()) };
}

/** The whole text of a (small) file, through the same decoding. */
export async function readText(path: string): Promise<{ name: string; text: string }> {
  const { name, stream } = openText(path);
  let text = "";
  for await (const chunk of stream) text += chunk as string;
  return { name, text };
}

/** A header cell as the exchanges mean it: stray spaces and a BOM gone, inner runs of spaces made one. */
export function cleanHeader(cell: string): string {
  return cell.replace(/^\uFEFF/, "").trim().replace(/\s+/g, " ");
}

export interface CsvRow {
  /** The file's line number of the row (the header is line 1). */
  line: number;
  /** Cells by cleaned header name, each trimmed. */
  cells: Record<string, string>;
}

/**
 * The rows of a CSV stream, one at a time, keyed by the cleaned header. Blank lines are skipped; a row whose cell
 * count differs from the header's is given as an issue instead of a row.
 */
export async function* csvRows(stream: Readable, file: string): AsyncGenerator<CsvRow | RowIssue> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, skipEmptyLines: false });
  stream.on("error", (error) => parser.destroy(error));
  stream.pipe(parser);
  let header: string[] | null = null;
  let line = 0;
  for await (const raw of parser as AsyncIterable<string[]>) {
    line++;
    if (raw.length === 0 || (raw.length === 1 && raw[0]!.trim() === "")) continue;
    if (!header) {
      header = raw.map(cleanHeader);
      continue;
    }
    // Some exchange files end each line with a comma: an empty last cell beyond the header is not a cell.
    const row = raw.length === header.length + 1 && raw[raw.length - 1]!.trim() === "" ? raw.slice(0, -1) : raw;
    if (row.length !== header.length) {
      yield { file, at: `line ${line}`, reason: `expected ${header.length} cells as the header names, got ${row.length}`, cells: row };
      continue;
    }
    const cells: Record<string, string> = {};
    header.forEach((h, i) => (cells[h] = row[i]!.trim()));
    yield { line, cells };
  }
  if (!header) throw new ExchangeFileError(`${file}: no header line`);
}

export function isIssue(v: unknown): v is RowIssue {
  return typeof v === "object" && v !== null && "reason" in v && "at" in v;
}

/** The file's rows, each with its place (`line N`); a row that cannot be read is put on `errors` instead. */
export async function* csvRecords(stream: Readable, file: string, errors: RowIssue[]): AsyncGenerator<{ at: string; c: Record<string, string> }> {
  for await (const r of csvRows(stream, file)) {
    if (isIssue(r)) errors.push(r);
    else yield { at: `line ${r.line}`, c: r.cells };
  }
}

/** A cell the exchange left empty: blank, `-`, `--`, `NA` or `NIL`. */
export function isBlank(cell: string | null | undefined): boolean {
  return cell === null || cell === undefined || /^\s*(-+|NA|N\.A\.|NIL)?\s*$/i.test(cell);
}

/** A number as the exchanges print it ("70,00,000", "1,234.50", "-12.5"), or null when blank; throws otherwise. */
export function exchangeNumber(cell: string | number | null | undefined): number | null {
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : null;
  if (isBlank(cell)) return null;
  const t = cell!.trim().replace(/^"|"$/g, "");
  if (!/^[+-]?(\d{1,3}(,\d{2})*,\d{3}|\d+)(\.\d+)?$/.test(t)) throw new Error(`'${cell}' is not a number`);
  return Number(t.replace(/,/g, ""));
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A wall-clock time in IST as the exchange wrote it. */
export interface IstTime {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
  /** False when the cell held a date only. */
  hasTime: boolean;
}

/**
 * Reads a date (and time) as NSE and BSE write them: 28-NOV-2026, 28-Nov-26, 28 Nov 2026, 28/11/2026, 28-11-2026,
 * 2026-11-28, 20261128, each optionally followed by a time (17:45, 17:45:12, 17:45:12.47, 05:45:12 PM) or joined by T.
 * Null when blank; throws on anything else.
 */
export function exchangeDate(cell: string | null | undefined): IstTime | null {
  if (isBlank(cell)) return null;
  const t = cell!.trim();
  const m =
    /^(\d{1,2})[-/ ]([A-Za-z]{3,9}|\d{1,2})[-/ ,]+(\d{4}|\d{2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?)?$/.exec(t) ??
    null;
  const iso = m ? null : /^(\d{4})-?(\d{2})-?(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]05:?30)?$/.exec(t);
  let y: number, mo: number, d: number, hh = 0, mm = 0, ss = 0, hasTime = false;
  if (m) {
    d = Number(m[1]);
    const month = m[2]!;
    mo = /^\d+$/.test(month) ? Number(month) : MONTHS.indexOf(month.slice(0, 3).toLowerCase()) + 1;
    y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    if (m[4] !== undefined) {
      hasTime = true;
      hh = Number(m[4]);
      mm = Number(m[5]);
      ss = Number(m[6] ?? 0);
      const ampm = m[7]?.toLowerCase();
      if (ampm === "pm" && hh < 12) hh += 12;
      if (ampm === "am" && hh === 12) hh = 0;
    }
  } else if (iso) {
    y = Number(iso[1]);
    mo = Number(iso[2]);
    d = Number(iso[3]);
    if (iso[4] !== undefined) {
      hasTime = true;
      hh = Number(iso[4]);
      mm = Number(iso[5]);
      ss = Number(iso[6] ?? 0);
    }
  } else throw new Error(`'${cell}' is not a date the exchanges write`);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || mo > 12 || check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1 || hh > 23 || mm > 59 || ss > 59) throw new Error(`'${cell}' is not a real date`);
  return { y, m: mo, d, hh, mm, ss, hasTime };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Epoch milliseconds of an IST wall time. */
export function istMs(t: IstTime): number {
  return Date.UTC(t.y, t.m - 1, t.d, t.hh, t.mm, t.ss) - 330 * 60_000;
}

/** ISO with the IST offset, as the interface writes event dates ("2026-11-28T17:45:12+05:30"). */
export function istIso(t: IstTime): string {
  return `${t.y}-${pad(t.m)}-${pad(t.d)}T${pad(t.hh)}:${pad(t.mm)}:${pad(t.ss)}+05:30`;
}

/** ISO in UTC, whole seconds ("2026-11-28T12:15:12Z"). */
export function utcIso(t: IstTime): string {
  return new Date(istMs(t)).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The IST day as YYYY-MM-DD. */
export function istDay(t: IstTime): string {
  return `${t.y}-${pad(t.m)}-${pad(t.d)}`;
}

/** The same day at another wall time. */
export function atTime(t: IstTime, hh: number, mm: number, ss = 0): IstTime {
  return { ...t, hh, mm, ss, hasTime: true };
}

/** A cell of a JSON row by any of its spellings (the exchanges rename keys between endpoints and years). */
export function field(row: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const hit = Object.keys(row).find((k) => k.trim().toLowerCase() === name.toLowerCase());
    if (hit === undefined) continue;
    const v = row[hit];
    if (v === null || v === undefined) continue;
    const s = typeof v === "string" ? v.trim() : String(v);
    if (!isBlank(s)) return s;
  }
  return null;
}

/** ₹ lakh to ₹ crore, to two decimals as the interface shows it. */
export function lakhToCrore(lakh: number): number {
  return Math.round(lakh) / 100;
}
