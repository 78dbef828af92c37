/**
 * The news listing's order held in memory per dataset version, each symbol's rows as positions in it, so a page is a
 * merge of lists instead of a sort in SQLite; exact by the version, and anything it cannot answer goes to SQL.
 */
import { resolveBound } from "../../lib/alpha/time";
import type { ServiceContext } from "../context";
import type { JsonText } from "../billing/meter";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";
import type { WirePageSpec } from "./shared";
import { MAX_MEMO_ROWS, memoJsonPage } from "./shared";

export interface NewsPageInput {
  symbols?: readonly string[];
  scrip_codes?: readonly string[];
  sentiment?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

interface NewsOrder {
  version: number;
  /** False when the table cannot be held (too many rows, or a row the order here would not reproduce). */
  usable: boolean;
  /** The table's rows at that version (what reading the order again costs). */
  size: number;
  /** By position in answer order. */
  rowids: Float64Array;
  dates: Float64Array;
  sentiments: string[];
  /** Each symbol's positions, ascending. */
  bySymbol: Map<string, Int32Array>;
}

interface OrderState {
  order: NewsOrder | null;
  /** A version newer than the order's, and how many pages were asked at it (answered with SQL) so far. */
  asked: { version: number; count: number } | null;
}

const states = new WeakMap<Db, OrderState>();
const VERSION_SQL = "SELECT version AS v FROM data_version WHERE id = 1";
/**
 * Reading the order costs about this many SQL pages, so after a write it is read again only once that many pages were
 * asked at the new version: a version that keeps moving costs at most about twice the SQL path.
 */
export const ROWS_PER_SQL_PAGE = 64;

function readOrder(db: Db): NewsOrder {
  return db.transaction((): NewsOrder => {
    const version = (prepared(db, VERSION_SQL).get() as { v: number } | undefined)?.v ?? 0;
    const count = prepared(db, "SELECT count(*) AS n FROM news").get() as { n: number };
    const empty = { version, size: count.n, rowids: new Float64Array(0), dates: new Float64Array(0), sentiments: [], bySymbol: new Map<string, Int32Array>() };
    if (count.n > MAX_MEMO_ROWS) return { ...empty, usable: false };
    const rows = prepared(db, "SELECT rowid, id, symbol, sentiment, date_ms FROM news ORDER BY date_ms DESC, id DESC")
      .raw(true)
      .all() as [rowid: number, id: unknown, symbol: unknown, sentiment: unknown, dateMs: unknown][];
    const rowids = new Float64Array(rows.length);
    const dates = new Float64Array(rows.length);
    const sentiments: string[] = new Array<string>(rows.length);
    const positions = new Map<string, number[]>();
    for (let i = 0; i < rows.length; i++) {
      const [rowid, id, symbol, sentiment, dateMs] = rows[i]!;
      // The columns are NOT NULL with these affinities; a row that is not (written around the schema) could be ordered
      // or compared by SQLite in a way the numbers and strings here do not reproduce.
      if (typeof id !== "string" || typeof symbol !== "string" || typeof sentiment !== "string" || typeof dateMs !== "number" || Number.isNaN(dateMs)) {
        return { ...empty, usable: false };
      }
      rowids[i] = rowid;
      dates[i] = dateMs;
      sentiments[i] = sentiment;
      let list = positions.get(symbol);
      if (!list) positions.set(symbol, (list = []));
      list.push(i);
    }
    const bySymbol = new Map<string, Int32Array>();
    for (const [symbol, list] of positions) bySymbol.set(symbol, Int32Array.from(list));
    return { version, usable: true, size: count.n, rowids, dates, sentiments, bySymbol };
  })();
}

/**
 * The order as of the current dataset version, or null when the version moved and the order is not read again yet
 * (see ROWS_PER_SQL_PAGE): the page is then read with SQL.
 */
function currentOrder(db: Db): NewsOrder | null {
  const version = (prepared(db, VERSION_SQL).get() as { v: number } | undefined)?.v ?? 0;
  let state = states.get(db);
  if (!state) states.set(db, (state = { order: null, asked: null }));
  if (state.order?.version === version) return state.order;
  if (state.order) {
    if (state.asked?.version !== version) state.asked = { version, count: 0 };
    state.asked.count += 1;
    if (state.asked.count < Math.ceil(state.order.size / ROWS_PER_SQL_PAGE)) return null;
  }
  state.order = readOrder(db);
  state.asked = null;
  return state.order;
}

/** First index of `list` (positions, ascending) whose row is at or before `toMs` (dates do not increase along positions). */
function firstAtOrBefore(list: Int32Array | null, length: number, dates: Float64Array, toMs: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[list ? list[mid]! : mid]! > toMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The positions of the page's rows and one more when there is a next page: `WHERE` symbol in the set, sentiment equal,
 * `date_ms` within [fromMs, toMs], in answer order, `LIMIT want` with the first `skip` left out.
 */
function pagePositions(order: NewsOrder, symbols: readonly string[] | null, sentiment: string | undefined, fromMs: number, toMs: number, skip: number, want: number): number[] {
  const { dates, sentiments } = order;
  // A list of positions per symbol, or every position (null list) when no symbol is asked for.
  const lists: (Int32Array | null)[] = [];
  const lengths: number[] = [];
  if (symbols) {
    for (const symbol of new Set(symbols)) {
      const list = order.bySymbol.get(symbol);
      if (list) {
        lists.push(list);
        lengths.push(list.length);
      }
    }
  } else {
    lists.push(null);
    lengths.push(order.rowids.length);
  }
  const heads = lists.map((list, i) => firstAtOrBefore(list, lengths[i]!, dates, toMs));
  const out: number[] = [];
  let seen = 0;
  while (seen < want) {
    let best = -1;
    let bestPosition = Infinity;
    for (let i = 0; i < lists.length; i++) {
      const head = heads[i]!;
      if (head >= lengths[i]!) continue;
      const list = lists[i]!;
      const position = list ? list[head]! : head;
      if (position < bestPosition) {
        bestPosition = position;
        best = i;
      }
    }
    // The newest row left is before `from`: every other row left is older still.
    if (best < 0 || dates[bestPosition]! < fromMs) break;
    heads[best]! += 1;
    if (sentiment !== undefined && sentiments[bestPosition] !== sentiment) continue;
    seen += 1;
    if (seen > skip) out.push(bestPosition);
  }
  return out;
}

function boundMs(value: string | undefined, which: "from" | "to", absent: number): number | undefined {
  if (!value) return absent;
  const ms = resolveBound(value, which).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * A news page from the order held in memory and the rows' JSON held in memory, or undefined when this cannot answer
 * it (see the module comment): the caller then reads the page with SQL. Byte for byte the SQL path's page
 * (news-order.test.ts compares them on many generated queries).
 */
export function newsPageFromOrder(ctx: ServiceContext, spec: WirePageSpec, input: NewsPageInput): JsonText | undefined {
  if (input.scrip_codes?.length) return undefined;
  const fromMs = boundMs(input.from, "from", -Infinity);
  const toMs = boundMs(input.to, "to", Infinity);
  if (fromMs === undefined || toMs === undefined) return undefined;
  const order = currentOrder(ctx.db);
  if (!order?.usable) return undefined;
  const skip = (input.page - 1) * input.limit;
  const symbols = input.symbols?.length ? input.symbols : null;
  const positions = pagePositions(order, symbols, input.sentiment, fromMs, toMs, skip, skip + input.limit + 1);
  const hasNext = positions.length > input.limit;
  if (hasNext) positions.length = input.limit;
  return memoJsonPage(
    ctx,
    spec,
    order.version,
    positions.map((p) => order.rowids[p]!),
    hasNext,
  );
}
