/**
 * NSE's daily bhavcopy, in the UDiFF shape (BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv) and the older
 * sec_bhavdata_full_DDMMYYYY.csv (with delivery). EQ rows are kept as the day's prices; the day's alerts are then
 * derived from them by the rules below, with ids made of rule, company and day so a day imported again adds nothing.
 */
import { prepared } from "../../store/prepared";
import type { Db } from "../../store/db";
import { atTime, csvRecords, exchangeDate, exchangeNumber, istDay, type IstTime, type RowIssue, utcIso } from "../files";
import { sideTableResult, stableId, type ExchangeSource, type SideTable, type ReadResult, type Taken } from "../engine";

/** The rules that derive alerts from a day's prices (docs/import/exchange.md states them). */
export const PRICE_RULES = {
  /** price_alert: the close moved at least this much (percent) from the previous close. */
  movePercent: 5,
  /** vol_alert (relative volume): traded quantity at least this multiple of the average of the previous sessions. */
  relativeVolume: 3,
  /** volume_alert: delivered quantity at least this multiple of the previous sessions' average delivery. */
  deliveryMultiple: 3,
  /** Sessions averaged for both volume rules; fewer held, no volume alert. */
  sessions: 20,
} as const;

interface Price {
  at: string;
  symbol: string;
  day: string;
  time: IstTime;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  prevClose: number | null;
  volume: number | null;
  delivery: number | null;
}

interface Shape {
  name: string;
  title: string;
  detect: RegExp;
  headerHint: RegExp;
  cols: { date: string; symbol: string; series: string; isin?: string; open: string; high: string; low: string; close: string; prev: string; volume: string; delivery?: string };
}

const UDIFF: Shape = {
  name: "nse-bhavcopy",
  title: "NSE CM bhavcopy, UDiFF (BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv[.zip])",
  detect: /bhavcopy_nse_cm/i,
  headerHint: /TckrSymb/,
  cols: { date: "TradDt", symbol: "TckrSymb", series: "SctySrs", isin: "ISIN", open: "OpnPric", high: "HghPric", low: "LwPric", close: "ClsPric", prev: "PrvsClsgPric", volume: "TtlTradgVol" },
};

const FULL: Shape = {
  name: "nse-bhavdata-full",
  title: "NSE security-wise bhavcopy with delivery (sec_bhavdata_full_DDMMYYYY.csv)",
  detect: /sec_bhavdata_full/i,
  headerHint: /DELIV_QTY/,
  cols: { date: "DATE1", symbol: "SYMBOL", series: "SERIES", open: "OPEN_PRICE", high: "HIGH_PRICE", low: "LOW_PRICE", close: "CLOSE_PRICE", prev: "PREV_CLOSE", volume: "TTL_TRD_QNTY", delivery: "DELIV_QTY" },
};

const fmt = (n: number) => (Math.round(n * 100) / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 });

/** The alerts a day's price fires, judged against the sessions held before it. */
function derive(db: Db, p: Price): Taken[] {
  const out: Taken[] = [];
  const timestamp = utcIso(atTime(p.time, 15, 30));
  const before = prepared(db, "SELECT close FROM exchange_prices WHERE symbol = ? AND day < ? ORDER BY day DESC LIMIT 1").get(p.symbol, p.day) as { close: number } | undefined;
  const prev = p.prevClose ?? before?.close ?? null;
  const change = prev ? ((p.close - prev) / prev) * 100 : 0;
  const price = { value: p.close, change_percent: Math.round(change * 100) / 100, as_of: timestamp };
  const alert = (type: string, reason: string, driver: string) =>
    out.push({ product: "alerts", at: p.at, value: { id: stableId("alt", type, p.symbol, p.day), symbol: p.symbol, type, reason, timestamp, price, meta: { primary_drivers: [driver] }, important: false } });

  const year = prepared(
    db,
    "SELECT (SELECT MIN(day) FROM exchange_prices WHERE symbol = @symbol) AS first, MAX(close) AS hi, MIN(close) AS lo FROM exchange_prices WHERE symbol = @symbol AND day < @day AND day > date(@day, '-1 year')",
  ).get({ symbol: p.symbol, day: p.day }) as { first: string | null; hi: number | null; lo: number | null };
  const yearAgo = prepared(db, "SELECT date(?, '-1 year') AS d").get(p.day) as { d: string };
  if (year.first !== null && year.first <= yearAgo.d && year.hi !== null && year.lo !== null) {
    if (p.close > year.hi) alert("52w_high", `${p.symbol} closed at ₹${fmt(p.close)}, above its 52-week closing high of ₹${fmt(year.hi)}.`, "Close above the 52-week closing high");
    else if (p.close < year.lo) alert("52w_low", `${p.symbol} closed at ₹${fmt(p.close)}, below its 52-week closing low of ₹${fmt(year.lo)}.`, "Close below the 52-week closing low");
  }
  if (prev && Math.abs(change) >= PRICE_RULES.movePercent)
    alert("price_alert", `${p.symbol} ${change > 0 ? "rose" : "fell"} ${fmt(Math.abs(change))}% to close at ₹${fmt(p.close)}.`, `Day's move of ${PRICE_RULES.movePercent}% or more`);

  const sessions = prepared(db, "SELECT volume, delivery FROM exchange_prices WHERE symbol = ? AND day < ? ORDER BY day DESC LIMIT ?").all(p.symbol, p.day, PRICE_RULES.sessions) as {
    volume: number | null;
    delivery: number | null;
  }[];
  const average = (values: (number | null)[]) => {
    const held = values.filter((v): v is number => v !== null);
    return held.length === PRICE_RULES.sessions ? held.reduce((a, b) => a + b, 0) / held.length : null;
  };
  const avgVolume = average(sessions.map((s) => s.volume));
  if (p.volume !== null && avgVolume && p.volume >= PRICE_RULES.relativeVolume * avgVolume)
    alert("vol_alert", `Traded volume in ${p.symbol} was ${fmt(p.volume / avgVolume)}x its ${PRICE_RULES.sessions}-session average.`, `Traded volume ${PRICE_RULES.relativeVolume}x or more the ${PRICE_RULES.sessions}-session average`);
  const avgDelivery = average(sessions.map((s) => s.delivery));
  if (p.delivery !== null && avgDelivery && p.delivery >= PRICE_RULES.deliveryMultiple * avgDelivery)
    alert(
      "volume_alert",
      `Delivery volumes in ${p.symbol} were ${fmt(p.delivery / avgDelivery)}x the ${PRICE_RULES.sessions}-session average.`,
      `Delivered quantity ${PRICE_RULES.deliveryMultiple}x or more the ${PRICE_RULES.sessions}-session average`,
    );
  return out;
}

/** A day's prices; one stored already is left as it is while its close, volume and (when given) delivery are. */
const PRICE_DAYS: SideTable<Price> = {
  table: "exchange_prices",
  key: ["symbol", "day"],
  columns: ["open", "high", "low", "close", "prev_close", "volume", "delivery"],
  keepOnNull: ["delivery"],
  same: (old, p) => old.close === p.close && old.volume === p.volume && (p.delivery === null || old.delivery === p.delivery),
};

function bhavcopySource(shape: Shape): ExchangeSource {
  return {
    name: shape.name,
    title: shape.title,
    order: 20,
    detect: (name, head) => shape.detect.test(name) || shape.headerHint.test(head.split("\n")[0] ?? ""),
    // Days in trading order: a day's alerts are judged against the days before it.
    sortKey: (name) => {
      const ymd = /(\d{4})(\d{2})(\d{2})_F/.exec(name);
      if (ymd) return `${ymd[1]}${ymd[2]}${ymd[3]}`;
      const dmy = /(\d{2})(\d{2})(\d{4})/.exec(name);
      return dmy ? `${dmy[3]}${dmy[2]}${dmy[1]}` : name;
    },
    async read({ path, stream, companies }): Promise<ReadResult> {
      const skipped: RowIssue[] = [];
      const errors: RowIssue[] = [];
      const prices: Price[] = [];
      const seen = new Set<string>();
      const c = shape.cols;
      for await (const { at, c: cell } of csvRecords(stream, path, errors)) {
        if (cell[c.symbol] === undefined || cell[c.close] === undefined) {
          errors.push({ file: path, at, reason: `no ${c.symbol} or ${c.close} column: not a ${shape.name} file` });
          break;
        }
        const series = cell[c.series] ?? "";
        if (series !== "EQ") {
          skipped.push({ file: path, at, reason: `series ${series || "(none)"}: only EQ is taken` });
          continue;
        }
        const symbol = companies.findOrSkip({ isin: c.isin ? cell[c.isin] : null, symbol: cell[c.symbol] }, skipped, path, at);
        if (!symbol) continue;
        try {
          const time = exchangeDate(cell[c.date]);
          const close = exchangeNumber(cell[c.close]);
          if (!time || close === null) throw new Error(`${c.date} and ${c.close} are required`);
          const day = istDay(time);
          if (seen.has(`${symbol}|${day}`)) {
            skipped.push({ file: path, at, reason: "the same company and day again in the file" });
            continue;
          }
          seen.add(`${symbol}|${day}`);
          prices.push({
            at,
            symbol,
            day,
            time,
            open: exchangeNumber(cell[c.open]),
            high: exchangeNumber(cell[c.high]),
            low: exchangeNumber(cell[c.low]),
            close,
            prevClose: exchangeNumber(cell[c.prev]),
            volume: exchangeNumber(cell[c.volume]),
            delivery: c.delivery ? exchangeNumber(cell[c.delivery]) : null,
          });
        } catch (e) {
          errors.push({ file: path, at, reason: (e as Error).message });
        }
      }
      const values = (p: Price) => [p.symbol, p.day, p.open, p.high, p.low, p.close, p.prevClose, p.volume, p.delivery];
      return sideTableResult(prices, { skipped, errors }, PRICE_DAYS, values, (db) => [...prices].sort((a, b) => a.day.localeCompare(b.day)).flatMap((p) => derive(db, p)));
    },
  };
}

export const nseBhavcopy = bhavcopySource(UDIFF);
export const nseBhavdataFull = bhavcopySource(FULL);
