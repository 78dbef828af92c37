/**
 * One exchange file into the service: its source reads it into the interface's lines (and its own side rows), every
 * line is checked with the contract's schema, and the whole file is written in one transaction through record.ts —
 * or, when a row is malformed, nothing is written and each bad row is reported with its place and reason.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { checkLine, writeRecords, type ImportProduct, type ImportRecord, type WriteCounts } from "../dataset/import";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";
import { recordTogether, type RecordContext, type RecordUnit } from "../store/record";
import { ExchangeFileError, type RowIssue } from "./files";

/** A line in the interface's shape the file gives, and where in the file it came from. */
export interface Taken {
  product: ImportProduct;
  at: string;
  value: unknown;
}

export interface ReadResult {
  rows: Taken[];
  /** Rows read and not taken (another series, a company the service does not hold, a NO RECORDS line): why. */
  skipped: RowIssue[];
  /** Rows that make the file malformed: any one refuses the file. */
  errors: RowIssue[];
  /** Rows the source writes itself (scrips, meetings, price days) rather than as interface lines. */
  sideRows?: number;
  /** Facts worth the operator's eye, e.g. exchange categories with no interface label. */
  notes?: Record<string, unknown>;
  /** The source's own writes, in the import's transaction after `rows`; what it returns is written after it. */
  write?: (tx: SourceWrite) => Taken[] | void;
}

export interface SourceWrite {
  db: Db;
  unit: RecordUnit;
  counts: WriteCounts;
  /** A line checked with its product's schema; throws (rolling the file back) when it does not pass. */
  check(taken: Taken): ImportRecord;
}

export interface SourceInput {
  path: string;
  /** The file's name (inside its archive for a zip). */
  name: string;
  stream: Readable;
  companies: Companies;
  db: Db;
}

export interface ExchangeSource {
  name: string;
  /** What the exchange calls the file and where it is published (docs/import/exchange.md). */
  title: string;
  /** Files of a folder are imported in this order (masters first, bhavcopy days by date). */
  order: number;
  /** True when the file's name (or its first bytes) is this source's. */
  detect(name: string, head: string): boolean;
  read(input: SourceInput): Promise<ReadResult>;
  /** A key that orders files of this source within a folder (the trading day of a bhavcopy). */
  sortKey?(name: string): string;
}

/** A side table a source keeps its own rows in: `values` gives the key columns' values, then the other columns'. */
export interface SideTable<T> {
  table: string;
  key: readonly string[];
  columns: readonly string[];
  /** Columns a null does not overwrite (the stored value stays). */
  keepOnNull?: readonly string[];
  /** When the stored row is left as it is; by default when every column is equal. */
  same?: (stored: Record<string, unknown>, item: T) => boolean;
}

/**
 * The result of a source whose rows all go to a side table (no interface lines): each counted unchanged, updated or
 * inserted; `then` runs after them in the same transaction and returns lines derived from what is now stored.
 */
export function sideTableResult<T>(
  items: readonly T[],
  issues: { skipped: RowIssue[]; errors: RowIssue[] },
  table: SideTable<T>,
  values: (item: T) => unknown[],
  then?: (db: Db) => Taken[],
): ReadResult {
  const { key, columns } = table;
  const all = [...key, ...columns];
  const set = columns.map((c) => (table.keepOnNull?.includes(c) ? `${c} = COALESCE(excluded.${c}, ${table.table}.${c})` : `${c} = excluded.${c}`));
  const select = `SELECT ${columns.join(", ")} FROM ${table.table} WHERE ${key.map((k) => `${k} = ?`).join(" AND ")}`;
  const upsert = `INSERT INTO ${table.table} (${all.join(", ")}) VALUES (${all.map(() => "?").join(", ")}) ON CONFLICT(${key.join(", ")}) DO UPDATE SET ${set.join(", ")}`;
  const same = table.same ?? ((stored, item) => values(item).every((v, i) => i < key.length || stored[all[i]!] === v));
  return {
    rows: [],
    sideRows: items.length,
    ...issues,
    write: ({ db, counts }) => {
      const get = prepared(db, select);
      const put = prepared(db, upsert);
      for (const item of items) {
        const row = values(item);
        const stored = get.get(...row.slice(0, key.length)) as Record<string, unknown> | undefined;
        if (stored && same(stored, item)) {
          counts.unchanged++;
          continue;
        }
        put.run(...row);
        if (stored) counts.updated++;
        else counts.inserted++;
      }
      return then?.(db) ?? [];
    },
  };
}

/** The stored companies, found by what each exchange file names them with. */
export class Companies {
  private byIsin = new Map<string, string>();
  private bySymbol = new Map<string, string>();
  private byScrip = new Map<string, string>();

  constructor(db: Db) {
    for (const c of prepared(db, "SELECT symbol, isin, scrip_code FROM companies").all() as { symbol: string; isin: string; scrip_code: string }[]) {
      if (c.isin) this.byIsin.set(c.isin.toUpperCase(), c.symbol);
      this.bySymbol.set(c.symbol.toUpperCase(), c.symbol);
      if (c.scrip_code) this.byScrip.set(c.scrip_code, c.symbol);
    }
    for (const a of prepared(db, "SELECT alias, symbol FROM exchange_aliases").all() as { alias: string; symbol: string }[]) {
      if (!this.bySymbol.has(a.alias.toUpperCase())) this.bySymbol.set(a.alias.toUpperCase(), a.symbol);
    }
  }

  /** The stored symbol of a company: by ISIN first (it survives renames), then symbol or alias, then BSE code. */
  find(keys: { isin?: string | null; symbol?: string | null; scrip?: string | null }): string | null {
    return (
      (keys.isin ? this.byIsin.get(keys.isin.trim().toUpperCase()) : undefined) ??
      (keys.symbol ? this.bySymbol.get(keys.symbol.trim().toUpperCase()) : undefined) ??
      (keys.scrip ? this.byScrip.get(keys.scrip.trim()) : undefined) ??
      null
    );
  }

  /** The row's company, or null with the row put on the skipped list (the symbol master has no such company). */
  findOrSkip(keys: { isin?: string | null; symbol?: string | null; scrip?: string | null }, skipped: RowIssue[], file: string, at: string): string | null {
    const symbol = this.find(keys);
    if (!symbol) skipped.push({ file, at, reason: Companies.missing(keys) });
    return symbol;
  }

  /** Why a row's company is not found, for the skipped list. */
  static missing(keys: { isin?: string | null; symbol?: string | null; scrip?: string | null }): string {
    const named = [keys.symbol && `symbol ${keys.symbol}`, keys.isin && `ISIN ${keys.isin}`, keys.scrip && `scrip code ${keys.scrip}`].filter(Boolean).join(", ");
    return `no stored company for ${named || "the row"}: import the symbol master first`;
  }
}

/** A stable id from the exchange's own keys, so a re-import finds what it wrote. */
export function stableId(prefix: string, ...parts: (string | number)[]): string {
  return `${prefix}_${createHash("sha256").update(parts.join("|")).digest("hex").slice(0, 16)}`;
}

export interface SkippedGroup {
  reason: string;
  count: number;
  /** The first few places in the file. */
  at: string[];
}

export interface FileReport {
  file: string;
  source: string;
  /** Rows taken from the file (interface lines and the source's own rows), plus derived ones. */
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows the file's own rows gave rise to (a bhavcopy day's alerts), counted in rows too. */
  derived: number;
  skipped: SkippedGroup[];
  errors: RowIssue[];
  notes?: Record<string, unknown>;
  /** False when the file was refused: then nothing of it was written. */
  written: boolean;
}

const SAMPLE = 5;

/** Skipped rows grouped by reason (a bhavcopy skips thousands of rows for a handful of reasons). */
export function groupSkipped(skipped: readonly RowIssue[]): SkippedGroup[] {
  const groups = new Map<string, SkippedGroup>();
  for (const s of skipped) {
    const g = groups.get(s.reason) ?? { reason: s.reason, count: 0, at: [] };
    g.count++;
    if (g.at.length < SAMPLE) g.at.push(s.at);
    groups.set(s.reason, g);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** Reads a file with its source and writes it whole, or refuses it with each bad row. */
export async function importExchangeFile(
  ctx: RecordContext,
  source: ExchangeSource,
  file: { path: string; name: string; stream: Readable },
  options: { relay?: boolean; nowMs?: number } = {},
): Promise<FileReport> {
  const read = await source.read({ ...file, companies: new Companies(ctx.db), db: ctx.db });
  const errors = [...read.errors];
  const records: ImportRecord[] = [];
  for (const t of read.rows) {
    const checked = checkLine(t.product, t.value);
    if (checked.message !== undefined) errors.push({ file: file.path, at: t.at, reason: `does not make a valid ${t.product} row: ${checked.message}` });
    else records.push(checked.record);
  }
  const report: FileReport = {
    file: file.path,
    source: source.name,
    rows: read.rows.length + (read.sideRows ?? 0),
    inserted: 0,
    updated: 0,
    unchanged: 0,
    derived: 0,
    skipped: groupSkipped(read.skipped),
    errors,
    ...(read.notes ? { notes: read.notes } : {}),
    written: false,
  };
  if (errors.length > 0) return report;
  const check = (t: Taken): ImportRecord => {
    const checked = checkLine(t.product, t.value);
    if (checked.message !== undefined) throw new ExchangeFileError(`${file.path} ${t.at}: does not make a valid ${t.product} row: ${checked.message}`);
    return checked.record;
  };
  recordTogether(ctx, (unit) => {
    writeRecords(ctx, unit, records, options, report);
    const derived = read.write?.({ db: ctx.db, unit, counts: report, check }) ?? [];
    report.rows += derived.length;
    report.derived = derived.length;
    writeRecords(ctx, unit, derived.map(check), options, report);
  });
  report.written = true;
  return report;
}
