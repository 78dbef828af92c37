import { resolveBound } from "../../lib/alpha/time";
import type { ServiceContext } from "../context";
import { JsonText } from "../billing/meter";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";
import type { StoredWire, WireParts, WireTable } from "../store/wire";
import { logoPath, partsOf } from "../store/wire";

/** WHERE clauses and their parameters, built up filter by filter. */
export class Filters {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(clause: string, ...params: unknown[]): this {
    this.clauses.push(clause);
    this.params.push(...params);
    return this;
  }

  /** `symbols` and `scrip_codes` select the union of the companies they name. */
  symbols(column: string, symbols: readonly string[] | undefined, scripCodes: readonly string[] | undefined): this {
    const parts: string[] = [];
    const params: unknown[] = [];
    if (symbols?.length) {
      parts.push(`${column} IN (SELECT value FROM json_each(?))`);
      params.push(JSON.stringify(symbols));
    }
    if (scripCodes?.length) {
      parts.push(`${column} IN (SELECT symbol FROM companies WHERE scrip_code IN (SELECT value FROM json_each(?)))`);
      params.push(JSON.stringify(scripCodes));
    }
    if (parts.length > 0) this.add(`(${parts.join(" OR ")})`, ...params);
    return this;
  }

  /** Inclusive `from`/`to` bounds on an epoch-ms column (a date-only bound is a whole Asia/Kolkata day). */
  range(column: string, from: string | undefined, to: string | undefined): this {
    if (from) this.add(`${column} >= ?`, resolveBound(from, "from").getTime());
    if (to) this.add(`${column} <= ?`, resolveBound(to, "to").getTime());
    return this;
  }

  in(column: string, values: readonly string[] | undefined): this {
    if (values?.length) this.add(`${column} IN (SELECT value FROM json_each(?))`, JSON.stringify(values));
    return this;
  }

  get sql(): string {
    return this.clauses.length > 0 ? `WHERE ${this.clauses.join(" AND ")}` : "";
  }
}

/** One page of rows and whether another follows (one extra row is fetched to know exactly). */
export function fetchPage<T>(ctx: ServiceContext, sql: string, params: readonly unknown[], page: number, limit: number): { rows: T[]; hasNext: boolean } {
  const rows = prepared(ctx.db, `${sql} LIMIT ? OFFSET ?`).all(...params, limit + 1, (page - 1) * limit) as T[];
  const hasNext = rows.length > limit;
  if (hasNext) rows.length = limit;
  return { rows, hasNext };
}

/** A free index page of filings (earnings, concalls): id, symbol, quarter and filing date, newest first. */
export function indexPage(ctx: ServiceContext, from: "earnings e" | "concalls k", f: Filters, input: { page: number; limit: number }) {
  const t = from.slice(-1);
  const sql = `SELECT ${t}.id, ${t}.symbol, ${t}.quarter, ${t}.date FROM ${from} ${f.sql} ORDER BY ${t}.date_ms DESC, ${t}.id DESC`;
  const { rows, hasNext } = fetchPage<{ id: string; symbol: string; quarter: string; date: string }>(ctx, sql, f.params, input.page, input.limit);
  return { data: rows.map((r) => ({ id: r.id, symbol: r.symbol, quarter: r.quarter, date: r.date })), has_next: hasNext };
}

/** Public, cacheable logo of a company, served by the service. */
export function logoUrl(ctx: ServiceContext, symbol: string): string {
  return `${ctx.publicUrl}${logoPath(symbol)}`;
}

/**
 * One page of rows as their stored JSON parts (see service/store/wire.ts). `sql` selects the row's key as `k`, then
 * `wire` (and `wire_detail`), then whatever else the page needs per row.
 */
export function fetchWirePage<R extends StoredWire>(
  ctx: ServiceContext,
  table: WireTable,
  sql: string,
  params: readonly unknown[],
  page: number,
  limit: number,
): { rows: (R & { parts: WireParts })[]; hasNext: boolean } {
  const { rows, hasNext } = fetchPage<R>(ctx, sql, params, page, limit);
  return { rows: rows.map((r) => Object.assign(r, { parts: partsOf(ctx.db, table, r) })), hasNext };
}

/**
 * The select list of a row's stored JSON; without the detailed shape its detail members are not read (only whether
 * there are any, so a row without them is still filled by the mapper).
 */
export function wireColumns(alias: string, detailed: boolean): string {
  const detail = detailed ? `${alias}.wire_detail` : `CASE WHEN ${alias}.wire_detail IS NULL THEN NULL ELSE '' END`;
  return `${alias}.wire, ${detail} AS wire_detail`;
}

/** How a listing's page is read: its table and alias, the SQL of one row's JSON, and its order (column and direction). */
export interface WirePageSpec {
  table: WireTable;
  /** `news n`: the table and the alias its filters use. */
  from: string;
  /** The row's key column, e.g. `n.id`. */
  key: string;
  /** SQL of the row's answer JSON, from its stored JSON (see rowJsonSql), and its parameters. */
  row: { sql: string; params: readonly unknown[] };
  order: readonly [column: string, direction: "ASC" | "DESC"][];
}

/** The spec of a table listed by a time column then id, both one way (newest first unless `direction` is ASC). */
export function wirePage(table: WireTable, alias: string, options: { time?: string; direction?: "ASC" | "DESC"; row?: Parameters<typeof rowJsonSql>[1] } = {}): WirePageSpec {
  const direction = options.direction ?? "DESC";
  const order: WirePageSpec["order"] = [[`${alias}.${options.time ?? "date_ms"}`, direction], [`${alias}.id`, direction]];
  return { table, from: `${table} ${alias}`, key: `${alias}.id`, row: rowJsonSql(alias, options.row), order };
}

/**
 * SQL of a row's answer from its stored JSON: the detail members put in before the closing brace when `detailed`, and
 * the public base URL put in front of the stored (relative) logo link of member `logo` (as withPublicUrl does).
 */
export function rowJsonSql(alias: string, options: { detailed?: boolean; logo?: "image"; publicUrl?: string } = {}): { sql: string; params: unknown[] } {
  let sql = options.detailed ? `(substr(${alias}.wire, 1, length(${alias}.wire) - 1) || ${alias}.wire_detail || '}')` : `${alias}.wire`;
  const params: unknown[] = [];
  if (options.logo && options.publicUrl) {
    const marker = `"${options.logo}":"/v1/assets/logos/`;
    const at = `instr(${sql}, '${marker}')`;
    const cut = options.logo.length + 4;
    sql = `(substr(${sql}, 1, ${at} + ${cut - 1}) || ? || substr(${sql}, ${at} + ${cut}))`;
    params.push(JSON.stringify(options.publicUrl).slice(1, -1));
  }
  return { sql, params };
}

const openPage = Buffer.from('{"data":[');
const closeMore = Buffer.from('],"has_next":true}');
const closeLast = Buffer.from('],"has_next":false}');

const comma = Buffer.from(",");

/** Rows' answer JSON (UTF-8) and key by rowid, for one listing's row shape, as of one dataset version. */
interface RowJsonMemo {
  version: number;
  rows: Map<number, { key: string; json: Buffer }>;
}

const rowMemos = new WeakMap<Db, Map<string, RowJsonMemo>>();
/** Rows kept per listing shape (≈ 650 bytes each): a bound, not a working limit (the seeded news is ≈ 5,000 rows). */
export const MAX_MEMO_ROWS = 50_000;

function rowMemo(db: Db, spec: WirePageSpec): RowJsonMemo {
  let memos = rowMemos.get(db);
  if (!memos) {
    memos = new Map();
    rowMemos.set(db, memos);
  }
  const name = `${spec.from}\n${spec.row.sql}`;
  let memo = memos.get(name);
  if (!memo) {
    memo = { version: -1, rows: new Map() };
    memos.set(name, memo);
  }
  return memo;
}

/**
 * One page of a listing from rows' JSON kept in memory, valid for one dataset version (a trigger bumps it on every
 * write); rows not in memory are read with the version again, and any change in between falls back to one statement.
 */
function memoPage(ctx: ServiceContext, spec: WirePageSpec, f: Filters, page: number, limit: number): JsonText | undefined {
  const alias = spec.key.slice(0, spec.key.indexOf("."));
  const orderBy = spec.order.map(([column, direction]) => `${column} ${direction}`).join(", ");
  const sql = `SELECT (SELECT version FROM data_version WHERE id = 1) AS v, ${alias}.rowid AS r FROM ${spec.from} ${f.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`;
  const found = prepared(ctx.db, sql)
    .raw(true)
    .all(...f.params, limit + 1, (page - 1) * limit) as [version: number, rowid: number][];
  const hasNext = found.length > limit;
  if (hasNext) found.length = limit;
  const first = found[0];
  return memoJsonPage(
    ctx,
    spec,
    first ? first[0] : undefined,
    found.map(([, rowid]) => rowid),
    hasNext,
  );
}

/**
 * The page of the given rows (rowids in answer order, read at dataset version `version`; undefined when there are
 * none) from their JSON kept in memory for that version (see memoPage): rows not yet held are read in a statement that
 * reads the version again. Undefined when the version moved in between or a row has no stored JSON.
 */
export function memoJsonPage(ctx: ServiceContext, spec: WirePageSpec, version: number | undefined, rowids: readonly number[], hasNext: boolean): JsonText | undefined {
  const alias = spec.key.slice(0, spec.key.indexOf("."));
  const memo = rowMemo(ctx.db, spec);
  if (version !== undefined && version !== memo.version) {
    memo.rows.clear();
    memo.version = version;
  }
  const missing = rowids.filter((rowid) => !memo.rows.has(rowid));
  if (missing.length > 0) {
    const read = prepared(
      ctx.db,
      `SELECT (SELECT version FROM data_version WHERE id = 1) AS v, ${alias}.rowid AS r, ${spec.key} AS k, CAST(${spec.row.sql} AS BLOB) AS w
        FROM ${spec.from} WHERE ${alias}.rowid IN (SELECT value FROM json_each(?))`,
    )
      .raw(true)
      .all(JSON.stringify(missing)) as [version: number, rowid: number, key: string, json: Buffer | null][];
    if (read.length !== missing.length) return undefined;
    if (memo.rows.size + read.length > MAX_MEMO_ROWS) memo.rows.clear();
    for (const [version, rowid, key, json] of read) {
      if (version !== memo.version || json === null) return undefined;
      memo.rows.set(rowid, { key, json });
    }
  }
  const parts: Buffer[] = [openPage];
  const keys: string[] = [];
  for (const rowid of rowids) {
    const row = memo.rows.get(rowid);
    if (!row) return undefined;
    if (keys.length > 0) parts.push(comma);
    parts.push(row.json);
    keys.push(row.key);
  }
  parts.push(hasNext ? closeMore : closeLast);
  return new JsonText(Buffer.concat(parts) as Uint8Array as Uint8Array<ArrayBuffer>, { data: keys, has_next: hasNext });
}

/**
 * One page of a listing: from memory when the row shape depends on the row alone, else the rows' stored JSON joined
 * inside SQLite, so no row becomes an object. Null when a row has no stored JSON: the caller maps row by row.
 */
export function assembledPage(ctx: ServiceContext, spec: WirePageSpec, f: Filters, page: number, limit: number): JsonText | null {
  if (spec.row.params.length === 0) {
    const fromMemo = memoPage(ctx, spec, f, page, limit);
    if (fromMemo) return fromMemo;
  }
  const where = f.sql;
  const orderBy = spec.order.map(([column, direction]) => `${column} ${direction}`).join(", ");
  const innerOrder = spec.order.map(([column], i) => `${column} AS o${i}`).join(", ");
  const aggOrder = spec.order.map(([, direction], i) => `o${i} ${direction}`).join(", ");
  // The keys only say which rows the page holds (the meter counts them); their order is the JSON's, not needed here.
  const sql = `SELECT count(*) AS n, count(w) AS stored, json_group_array(k) AS keys,
      CAST(string_agg(w, ',' ORDER BY ${aggOrder}) AS BLOB) AS rows,
      EXISTS (SELECT 1 FROM ${spec.from} ${where} LIMIT 1 OFFSET ?) AS more
    FROM (SELECT ${spec.key} AS k, ${spec.row.sql} AS w, ${innerOrder} FROM ${spec.from} ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?)`;
  const offset = (page - 1) * limit;
  const got = prepared(ctx.db, sql).get(...f.params, page * limit, ...spec.row.params, ...f.params, limit, offset) as {
    n: number;
    stored: number;
    keys: string;
    rows: Buffer | null;
    more: number;
  };
  if (got.stored !== got.n) return null;
  const hasNext = got.more === 1;
  const parts = got.rows ? [openPage, got.rows, hasNext ? closeMore : closeLast] : [openPage, hasNext ? closeMore : closeLast];
  const json = Buffer.concat(parts) as Uint8Array as Uint8Array<ArrayBuffer>;
  return new JsonText(json, { data: JSON.parse(got.keys) as string[], has_next: hasNext });
}

/** A stored row by id (`select` up to its WHERE, `idColumn` with its alias) and its JSON parts, for WebSocket publishers. */
export function storedRowById<R extends StoredWire>(ctx: ServiceContext, table: WireTable, select: string, idColumn: string, id: string): { row: R; parts: WireParts } | null {
  const row = prepared(ctx.db, `${select} WHERE ${idColumn} = ?`).get(id) as R | undefined;
  return row ? { row, parts: partsOf(ctx.db, table, row) } : null;
}

/**
 * A listing's page: assembled from the rows' stored JSON when every row has it, else read with `select` (the key as
 * `k`, then the JSON parts) in the spec's order, each row's JSON made by `json` (its stored JSON unless given).
 */
export function wireListPage(ctx: ServiceContext, spec: WirePageSpec, f: Filters, input: { page: number; limit: number }, select: string, json: (parts: WireParts) => string = (parts) => parts.wire): JsonText {
  const assembled = assembledPage(ctx, spec, f, input.page, input.limit);
  if (assembled) return assembled;
  const orderBy = spec.order.map(([column, direction]) => `${column} ${direction}`).join(", ");
  const { rows, hasNext } = fetchWirePage(ctx, spec.table, `${select} ${f.sql} ORDER BY ${orderBy}`, f.params, input.page, input.limit);
  return jsonPage(
    rows.map((r) => json(r.parts)),
    hasNext,
  );
}

/** The list envelope `{ data, has_next }` assembled from the rows' JSON texts. */
export function jsonPage(items: string[], hasNext: boolean): JsonText {
  return new JsonText(`{"data":[${items.join(",")}],"has_next":${hasNext}}`, { data: items, has_next: hasNext });
}

export function parseJson<T>(text: string | null | undefined): T | null {
  return text ? (JSON.parse(text) as T) : null;
}

/** Copies `value` onto `target[key]` unless it is null or undefined: absent optional fields are left out. */
export function setIf<T extends object, K extends string>(target: T, key: K, value: unknown): void {
  if (value !== null && value !== undefined) (target as Record<string, unknown>)[key] = value;
}
