/**
 * NSE's financial results: the results comparison (a company's quarters, figures in ₹ lakh) and the list of results
 * filings. A filing becomes the quarter's results on the feed (and takes its meeting off the calendar); its table is
 * the comparison's figures in ₹ crore when they are held, so import a company's comparison before the list.
 */
import { formatQuarterKey, previousQuarter, quarterLabel, quarterOfDate, parseQuarterKey } from "../../../lib/alpha/quarters";
import type { Db } from "../../store/db";
import { prepared } from "../../store/prepared";
import { exchangeDate, exchangeNumber, field, istIso, istMs, lakhToCrore, type IstTime, type RowIssue } from "../files";
import { jsonItems } from "../json";
import { Companies, sideTableResult, stableId, type ExchangeSource, type ReadResult, type Taken } from "../engine";

const quarterOf = (t: IstTime) => formatQuarterKey(quarterOfDate(new Date(istMs(t))));
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const longDay = (t: IstTime) => `${t.d} ${MONTHS[t.m - 1]} ${t.y}`;

export const nseResultsComparison: ExchangeSource = {
  name: "nse-results-comparison",
  title: "NSE results comparison of a company (JSON {resCmpData})",
  order: 6,
  detect: (name, head) => /"resCmpData"|"re_net_sale"/.test(head) || /results?[-_ ]?compar/i.test(name),
  async read({ path, name, stream, companies }): Promise<ReadResult> {
    const skipped: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const figures: { symbol: string; quarter: string; revenue: number | null; profit: number | null; eps: number | null }[] = [];
    // The answer is per company: the symbol is on the rows, or in the saved file's name (results-comparison-TCS.json).
    const fromName = /compar\w*[-_ ]([A-Z0-9&-]+)\.json$/i.exec(name)?.[1] ?? null;
    for (const { at, row } of await jsonItems(stream, path, ["resCmpData", "data"])) {
      if (!row) {
        errors.push({ file: path, at, reason: "not a JSON object" });
        continue;
      }
      const keys = { symbol: field(row, "re_symbol", "symbol") ?? fromName, isin: field(row, "re_isin", "isin") };
      const symbol = companies.find(keys);
      if (!symbol) {
        skipped.push({ file: path, at, reason: keys.symbol || keys.isin ? Companies.missing(keys) : "no symbol on the row or in the file name (results-comparison-SYMBOL.json)" });
        continue;
      }
      try {
        const to = exchangeDate(field(row, "re_to_dt"));
        if (!to) throw new Error("no re_to_dt");
        const lakh = (k: string) => {
          const v = exchangeNumber(field(row, k));
          return v === null ? null : lakhToCrore(v);
        };
        figures.push({ symbol, quarter: quarterOf(to), revenue: lakh("re_net_sale"), profit: lakh("re_net_profit"), eps: exchangeNumber(field(row, "re_basic_eps")) });
      } catch (e) {
        errors.push({ file: path, at, reason: (e as Error).message });
      }
    }
    const table = { table: "exchange_results", key: ["symbol", "quarter"], columns: ["revenue_cr", "profit_cr", "eps"] };
    return sideTableResult(figures, { skipped, errors }, table, (f) => [f.symbol, f.quarter, f.revenue, f.profit, f.eps]);
  },
};

/** The quarter's table beside the previous quarter and the year-ago one, from the figures held; null when none are. */
function resultsTable(db: Db, symbol: string, quarter: string) {
  const q = parseQuarterKey(quarter)!;
  const keys = [quarter, formatQuarterKey(previousQuarter(q)), formatQuarterKey({ q: q.q, fy: q.fy - 1 })];
  const get = prepared(db, "SELECT revenue_cr, profit_cr, eps FROM exchange_results WHERE symbol = ? AND quarter = ?");
  const held = keys.map((k) => get.get(symbol, k) as { revenue_cr: number | null; profit_cr: number | null; eps: number | null } | undefined);
  if (!held[0]) return null;
  return {
    unit: "₹ crore",
    periods: keys.map(quarterLabel),
    rows: [
      { label: "Revenue from operations", values: held.map((h) => h?.revenue_cr ?? null) },
      { label: "Net profit", values: held.map((h) => h?.profit_cr ?? null) },
      { label: "Basic EPS (₹)", values: held.map((h) => h?.eps ?? null) },
    ],
  };
}

const money = (n: number) => n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const nseFinancialResults: ExchangeSource = {
  name: "nse-financial-results",
  title: "NSE financial results filings (JSON list)",
  order: 7,
  detect: (name, head) => /"relatingTo"|"broadCastDate"/.test(head) || /financial[-_ ]?results/i.test(name),
  async read({ path, stream, companies, db }): Promise<ReadResult> {
    const skipped: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const chosen = new Map<string, { at: string; consolidated: boolean; line: Record<string, unknown> }>();
    const names = prepared(db, "SELECT company_name FROM companies WHERE symbol = ?");
    for (const { at, row } of await jsonItems(stream, path)) {
      if (!row) {
        errors.push({ file: path, at, reason: "not a JSON object" });
        continue;
      }
      const period = field(row, "period") ?? "";
      if (!/^quarterly$/i.test(period)) {
        skipped.push({ file: path, at, reason: `period ${period || "(none)"}: only quarterly results are taken` });
        continue;
      }
      const symbol = companies.findOrSkip({ isin: field(row, "isin"), symbol: field(row, "symbol") }, skipped, path, at);
      if (!symbol) continue;
      let from: IstTime | null, to: IstTime | null, when: IstTime | null;
      try {
        from = exchangeDate(field(row, "fromDate"));
        to = exchangeDate(field(row, "toDate"));
        // broadCastDate is when NSE disseminated the filing; filingDate when the company filed it.
        when = exchangeDate(field(row, "broadCastDate")) ?? exchangeDate(field(row, "filingDate"));
        if (!from || !to || !when) throw new Error("fromDate, toDate and broadCastDate (or filingDate) are required");
      } catch (e) {
        errors.push({ file: path, at, reason: (e as Error).message });
        continue;
      }
      const quarter = quarterOf(to);
      const consolidated = /^consolidated$/i.test(field(row, "consolidated") ?? "");
      const audited = /^audited$/i.test(field(row, "audited") ?? "");
      const held = chosen.get(`${symbol}|${quarter}`);
      if (held && (held.consolidated || !consolidated)) {
        skipped.push({ file: path, at, reason: "another filing of the same quarter is taken (the consolidated one, else the first)" });
        continue;
      }
      if (held) skipped.push({ file: path, at: held.at, reason: "another filing of the same quarter is taken (the consolidated one, else the first)" });
      const company = (names.get(symbol) as { company_name: string }).company_name;
      const table = resultsTable(db, symbol, quarter);
      const [now, prev, yearAgo] = [0, 1, 2].map((i) => table?.rows.map((r) => r.values[i] ?? null) ?? [null, null, null]);
      const figures =
        table && now![0] !== null && now![1] !== null
          ? ` Revenue from operations was ₹${money(now![0]!)} crore${yearAgo![0] !== null ? ` against ₹${money(yearAgo![0]!)} crore a year before` : ""}${prev![0] !== null ? ` and ₹${money(prev![0]!)} crore the quarter before` : ""}; net profit was ₹${money(now![1]!)} crore${now![2] !== null ? ` and basic EPS ₹${money(now![2]!)}` : ""}.`
          : "";
      chosen.set(`${symbol}|${quarter}`, {
        at,
        consolidated,
        line: {
          id: stableId("ern", symbol, quarter),
          symbol,
          quarter,
          date: istIso(when),
          summary: `${company} filed its ${audited ? "audited" : "unaudited"} ${consolidated ? "consolidated" : "standalone"} results for ${quarterLabel(quarter)} (${longDay(from)} to ${longDay(to)}).${figures}`,
          earnings_table: table,
          earnings_significant: false,
          // The filing's XBRL and PDF are not imported: the service has no document to hand out.
          has_attachment: false,
        },
      });
    }
    const rows: Taken[] = [...chosen.values()].map((c) => ({ product: "earnings", at: c.at, value: c.line }));
    return { rows, skipped, errors };
  },
};
