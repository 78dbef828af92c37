/**
 * The generated market read the way a trader reads it: everything comes from the service's HTTP answers, figures
 * parsed out of the text, and is checked against the results table the service serves, market cap ÷ shares, the
 * exchange calendar and the business each company is in. Nothing here reads the generator's own variables.
 */
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { isTradingDay, previousTradingDay } from "../../lib/market/calendar";
import { ManualClock } from "../clock";
import { EventBus } from "../events";
import { MarketSimulator } from "../simulator/simulator";
import { openDatabase } from "../store/db";
import { call, createTestAccount, createTestService } from "../../test/support/service";
import { REFERENCE_QUARTERS } from "./reference-quarters";
import { seedDataset } from "./seed";

const DAY = 86_400_000;
const IST = 330 * 60_000;
/** A fresh market each run; TRADER_READ_SEED=<the seed a failed run printed> reads that one again. */
const SEED = Number(process.env.TRADER_READ_SEED) || 1 + Math.floor(Math.random() * 1_000_000);
/** Saturday 28 November 2026, 12:00 IST: the weekend after the Q2 FY27 season. */
const SATURDAY = Date.parse("2026-11-28T06:30:00Z");

type Json = Record<string, unknown>;
interface Row {
  label: string;
  values: number[];
}
interface Table {
  periods: string[];
  rows: Row[];
}
interface Filing {
  id: string;
  symbol: string;
  quarter: string;
  date: string;
  summary: string;
  earnings_table: Table | null;
}

/** Shares outstanding (crore) from the companies' own shareholding filings, as a reader would look them up. */
const REAL_SHARES_CR: Record<string, number> = {
  RELIANCE: 1353.2,
  TCS: 361.8,
  INFY: 415.1,
  HDFCBANK: 1530,
  ITC: 1251,
  MARUTI: 31.44,
  SOLARINDS: 9.05,
  PAYTM: 63.8,
  SBIN: 892.5,
  LT: 137.5,
};

// ───────────── the reader's parser ─────────────

type Metric = "revenue" | "ebitda" | "pat" | "margin" | "other";
interface Claim {
  metric: Metric;
  /** Percent, or margin points for a bps figure. */
  value: number;
  dir: "up" | "down" | null;
  yoy: boolean;
  text: string;
}

const METRIC_WORDS: readonly [Metric, RegExp][] = [
  ["margin", /\bmargins?\b/gi],
  ["other", /\b(segment|guidance|guided|guiding|target|targets|expects?|implying|compounded|estimates?|stake|upside|holding|share of|payout|volume|stock|shares|Nifty|range|utilisation|tax rate|new products)\b/gi],
  ["pat", /\b(PAT|net profit|profit after tax|earnings)\b/gi],
  ["revenue", /\b(revenue|total income|sales|topline)\b/gi],
  ["ebitda", /\b(EBITDA|operating profit|pre-provision operating profit)\b/gi],
];
const UP = /\b(up|rose|rise|grew|growth|increased?|higher|expanded|expansion|improved|climbed|jumped|gained|widened|surged|lifted)\b/gi;
const DOWN = /\b(down|fell|fall|declined?|decline|lower|slipped|dropped|contracted|contraction|narrowed|eased|compressed|slumped)\b/gi;

function lastOf(re: RegExp, text: string): number {
  let at = -1;
  for (const m of text.matchAll(re)) at = Math.max(at, m.index);
  return at;
}

/** Every "X%" or "N bps" figure with the measure it is about and the direction the words give it. */
export function claimsIn(text: string): Claim[] {
  const out: Claim[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    for (const m of sentence.matchAll(/(\d+(?:\.\d+)?)\s?(%|bps\b|basis points)/g)) {
      const before = sentence.slice(0, m.index);
      // "EBITDA margin" is a margin, "profit before tax" is not PAT: the metric is the last word naming one.
      let metric: Metric = "other";
      let at = -1;
      for (const [name, re] of METRIC_WORDS) {
        const i = lastOf(re, before.replace(/profit before tax/gi, "xxxxxxxxxxxxxxxxx").replace(/(EBITDA|operating profit)( margin)/gi, "xxxxxx$2"));
        if (i > at) [at, metric] = [i, name];
      }
      const clauseStart = Math.max(...[", ", "; ", ": ", " and ", " while ", " but ", " as "].map((sep) => before.lastIndexOf(sep)));
      const clause = before.slice(clauseStart + 1);
      const after = sentence.slice(m.index + m[0].length);
      const afterWord = after.match(/^\s*(?:YoY\s+|year-on-year\s+)?(rise|growth|increase|expansion|fall|decline|drop|contraction)\b( in (?:the )?([A-Za-z-]+(?: [a-z]+)?))?/i);
      let dir: "up" | "down" | null = null;
      const signed = before.match(/([+-])$/)?.[1];
      if (signed) dir = signed === "+" ? "up" : "down";
      else if (afterWord) {
        dir = /rise|growth|increase|expansion/i.test(afterWord[1] ?? "") ? "up" : "down";
        // "a 27.9% rise in total income": the measure named after the figure is the one it is about.
        const named = afterWord[3] ?? "";
        for (const [name, re] of METRIC_WORDS) if (new RegExp(re.source, "i").test(named)) metric = name;
      } else {
        const u = lastOf(UP, clause);
        const d = lastOf(DOWN, clause);
        dir = u < 0 && d < 0 ? null : u > d ? "up" : "down";
      }
      const value = m[2] === "%" ? Number(m[1]) : Number(m[1]) / 100;
      const yoy = /\b(YoY|year-on-year|over the same quarter last year)\b/i.test(after.slice(0, 40)) || /\b(YoY|year-on-year)\b/i.test(clause);
      out.push({ metric: m[2] === "%" ? metric : "margin", value, dir, yoy, text: sentence.slice(0, 220) });
    }
  }
  return out;
}

const growth = (now: number, then: number) => ((now - then) / Math.abs(then)) * 100;

/** The table's year-on-year moves as a reader computes them: column 0 against column 2. */
function movesOf(t: Table): { revenue: number; ebitda: number; pat: number; margin: number } | null {
  const row = (re: RegExp) => t.rows.find((r) => re.test(r.label))?.values;
  const rev = t.rows[0]?.values;
  const eb = t.rows[1]?.values;
  const mg = t.rows[2]?.values;
  const pat = row(/^PAT/);
  if (!rev || !eb || !mg || !pat) return null;
  return {
    revenue: growth(rev[0] as number, rev[2] as number),
    ebitda: growth(eb[0] as number, eb[2] as number),
    pat: growth(pat[0] as number, pat[2] as number),
    margin: (mg[0] as number) - (mg[2] as number),
  };
}

/** Claims that disagree with the table: a figure equal to a move's size with the opposite direction, or a YoY figure that is not the move. */
function disagreements(text: string, t: Table): string[] {
  const moves = movesOf(t);
  if (!moves) return [];
  const bad: string[] = [];
  for (const c of claimsIn(text)) {
    if (c.metric === "other") continue;
    const move = moves[c.metric];
    const sameSize = Math.abs(c.value - Math.abs(move)) <= (c.metric === "margin" ? 0.006 : 0.051);
    if (sameSize && c.dir !== null && (c.dir === "up") !== move > 0) bad.push(`says ${c.metric} ${c.dir} ${c.value} against ${move.toFixed(2)}: ${c.text}`);
    if (!sameSize && c.yoy && c.metric !== "margin" && c.dir !== null) bad.push(`says ${c.metric} ${c.dir} ${c.value} YoY against ${move.toFixed(2)}: ${c.text}`);
  }
  return bad;
}

/** Pairs of claims one quarter's texts must never both make. */
const OPPOSITES: readonly [string, RegExp, RegExp][] = [
  ["debt", /\b(debt rose|gross debt rose|net debt increased|rising debt levels|borrowings have risen)\b/i, /\b(repaid|reduce (gross )?debt|debt reduction|gross debt came down|finance costs declined|lower finance costs)\b/i],
  ["net cash", /\b(remain net cash|net cash position|balance sheet is net cash|net cash balance sheet)\b/i, /\b(leaving net debt of|net-debt free|net debt increased|net debt to EBITDA)\b/i],
  ["operating cash flow", /operating cash flow improved|strong operating cash flow/i, /operating cash flow weakened|weak operating cash flow|cash flow weakens/i],
  ["guidance", /\b(raised|raising) (its|our) [^.]{0,30}(guidance|outlook)|guidance raised/i, /\b(cut|trimmed|withdrew) (its|our)? ?[^.]{0,30}guidance|guidance cut/i],
];

const CRORE = /₹([\d,]+(?:\.\d+)?)( lakh)? crore/;
const croreOf = (m: RegExpMatchArray) => Number((m[1] ?? "0").replace(/,/g, "")) * (m[2] ? 100_000 : 1);

// ───────────── sector vocabulary a reader would find out of place ─────────────

const CONSUMER = /Fast Moving Consumer Goods|Consumer Durables|Consumer Services|Automobile|Textiles|Media/;
const OUT_OF_PLACE: readonly [string, RegExp, (sector: string, industry: string) => boolean][] = [
  ["direct-to-customer platforms", /direct-to-customer/i, (s) => CONSUMER.test(s)],
  ["exports as a share of revenue", /exports account for|export business|export markets/i, (s) => !/Information Technology|Financial Services|Power|Telecommunication|Realty|Services/.test(s)],
  ["lender's credit book", /\b(credit costs|asset quality|gross NPA|loan growth)\b/i, (s) => s === "Financial Services"],
  ["IT deal language", /\b(deal wins|total contract value|BFSI)\b/i, (s) => s === "Information Technology"],
  ["plants and raw materials", /\b(raw material|new facility|greenfield plant|manufacturing facility)\b/i, (s) => s !== "Financial Services" && s !== "Information Technology"],
  ["volumes", /\bvolume growth\b/i, (s) => s !== "Financial Services" && s !== "Information Technology"],
  // A refiner's and a utility's prices are set by formula or regulator, a bank's and a software house's are not "hiked".
  ["price hikes", /\b(price hikes?|price increases?|pricing power)\b/i, (s, i) => !/Financial Services|Information Technology|Telecommunication|Power/.test(s) && !/^(Petroleum Products|Oil)$/.test(i)],
  ["premiumisation", /\b(premiumi[sz]ation|premium portfolio)\b/i, (s) => !/Financial Services|Information Technology|Oil, Gas|Power|Telecommunication|Metals|Healthcare/.test(s)],
  ["rural and distribution reach", /\b(rural (demand|recovery)|distribution reach|SKUs?)\b/i, (s) => !/Financial Services|Information Technology|Oil, Gas|Power|Telecommunication|Healthcare|Metals/.test(s)],
  ["IT staffing", /\b(utilisation staying above|as utilisation improves)\b/i, (s) => s === "Information Technology"],
  ["product launches", /\b(new (product )?launches|successful new launches)\b/i, (s) => !/Power|Oil, Gas|Metals/.test(s)],
  ["employee attrition", /\battrition\b/i, (s) => /Information Technology|Financial Services|Services|Healthcare/.test(s)],
  ["client concentration", /\b(client concentration|top five customers)\b/i, (s) => !/Financial Services|Fast Moving Consumer Goods|Oil, Gas|Power|Telecommunication/.test(s)],
  ["a lender's slippages", /(?<!execution )\bslippages\b/i, (s, i) => s === "Financial Services" && /Banks|Finance/.test(i)],
  ["order book", /\border book\b/i, (s) => !/Financial Services|Fast Moving Consumer Goods|Information Technology|Healthcare/.test(s)],
  ["an oil company winning orders", /\b(bags order|order worth|lowest bidder|order win)\b/i, (s) => s !== "Oil, Gas & Consumable Fuels"],
  ["drug regulator", /\b(US ?FDA|ANDA)\b/i, (s) => s === "Healthcare"],
  ["a bank's balance sheet", /\b(CASA|net interest margin|provision coverage)\b/i, (s, i) => s === "Financial Services" && /Banks|Finance/.test(i)],
  ["tonnes of cement or steel", /\bper tonne\b/i, (s) => /Construction Materials|Metals & Mining|Chemicals|Oil, Gas/.test(s)],
  ["telecom tariffs", /\b(tariff hikes|average revenue per user|ARPU)\b/i, (s) => s === "Telecommunication"],
];

// ───────────── the calendar a reader keeps ─────────────

const istDayStart = (ms: number) => Math.floor((ms + IST) / DAY) * DAY - IST;
const SESSION_MOVE = /(?<!(profit|revenue|PAT|income|sales|EBITDA|margin|earnings|volume|orders?) )\b(gains|rises|jumps|surges|climbs|slips|falls|drops|tumbles|slides|slumps) \d+(\.\d+)?%|\b(shares?|stock) (jump|jumps|slump|slumps|tumbles?|rall(y|ies)|surges?|climbs?|slips?|slides|drops?|falls?|gains?|rises?)\b|\bin (early|intraday) trade\b|\btop (gainers|losers)\b|\bin the session\b|\bSensex, Nifty\b/i;

describe("the market as a trader reads it over HTTP", () => {
  const db = openDatabase(":memory:");
  seedDataset(db, { seed: SEED, now: new Date(SATURDAY), scale: 0.4 });
  const service = createTestService({ clock: new ManualClock(new Date(SATURDAY)), db });
  // A reader with several desks: a fresh key every 150 calls stays inside the per-minute limit.
  let key = "";
  let used = 150;
  const keyForCall = () => {
    if (used++ >= 150) [key, used] = [createTestAccount(service.ctx, { plan: "pro", balance: 10_000_000 }).key, 1];
    return key;
  };
  const get = async (path: string): Promise<Json> => {
    const res = await call(service, path, { key: keyForCall() });
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    return res.json as Json;
  };
  const all = async <T>(path: string, limit: number): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 1; page < 400; page++) {
      const body = await get(`${path}${path.includes("?") ? "&" : "?"}limit=${limit}&page=${page}`);
      out.push(...(body.data as T[]));
      if (!body.has_next) break;
    }
    return out;
  };
  const report: string[] = [];
  afterAll(() => console.log(`trader read (seed ${SEED})\n${report.join("\n")}`));
  const tally = (rule: string, checked: number, broken: string[]) => {
    report.push(`  ${broken.length === 0 ? "ok  " : "FAIL"} ${rule}: ${checked} checked, ${broken.length} broken${broken.length ? ` (${broken.slice(0, 3).join(" | ")})` : ""}`);
    if (process.env.TRADER_READ_DUMP) writeFileSync(`${process.env.TRADER_READ_DUMP}-${rule.replace(/[^a-z]+/gi, "-")}.txt`, broken.join("\n"));
    expect(checked, `${rule}: nothing checked`).toBeGreaterThan(0);
    expect(broken, rule).toEqual([]);
  };

  let symbols: Json[] = [];
  let filings: Filing[] = [];
  const sectorOf = new Map<string, { sector: string; industry: string; cap: number }>();
  const loaded = (async () => {
    symbols = ((await get("/v1/symbols?format=json")) as { data: Json[] }).data ?? [];
    filings = await all<Filing>("/v1/earnings?detailed=true", 50);
  })();

  it("reads the symbol list and the filings", async () => {
    await loaded;
    for (const s of symbols) sectorOf.set(String(s.symbol), { sector: String(s.sector), industry: String(s.industry), cap: Number(s.market_cap) });
    expect(symbols.length).toBeGreaterThan(100);
    expect(filings.length).toBeGreaterThan(300);
  });

  it("each company's quarter tells one story: summary, call analysis, transcript, news and alerts agree with the table", async () => {
    await loaded;
    const broken: string[] = [];
    const contradictions: string[] = [];
    const financeLines: string[] = [];
    let checked = 0;
    let contradictionChecks = 0;
    let financeChecks = 0;
    const tableOf = new Map(filings.filter((f) => f.earnings_table).map((f) => [`${f.symbol}|${f.quarter}`, f.earnings_table as Table]));
    const labelOf = new Map(filings.filter((f) => f.earnings_table).map((f) => [`${f.symbol}|${f.quarter}`, f.earnings_table?.periods[0] ?? ""]));
    const textsOf = new Map<string, string[]>();
    const add = (k: string, text: string) => {
      if (!tableOf.has(k)) return;
      const list = textsOf.get(k) ?? [];
      list.push(text);
      textsOf.set(k, list);
    };
    for (const f of filings) add(`${f.symbol}|${f.quarter}`, f.summary);

    const calls = await all<Json>("/v1/concalls?detailed=true", 50);
    const heard = calls.filter((c) => c.short_analysis && tableOf.has(`${c.symbol}|${c.quarter}`));
    for (const c of heard) {
      const k = `${c.symbol}|${c.quarter}`;
      const sa = c.short_analysis as { guidance: string; redflags: string };
      const ea = (c.expanded_analysis as { sections: { paragraphs: string[] }[] } | null)?.sections.flatMap((s) => s.paragraphs) ?? [];
      const ki = (c.sentiment_analysis as { sentiment: { key_indicators: { positive: string[]; negative: string[] } } } | null)?.sentiment.key_indicators;
      add(k, [sa.guidance, sa.redflags, ...ea, ...(ki?.positive ?? []).map((x) => `${x}.`), ...(ki?.negative ?? []).map((x) => `${x}.`)].join(" "));
    }
    // Transcripts of a sample of calls (every sector), read from the signed link the API hands out.
    const sample = heard.filter((_, i) => i % 7 === 0).slice(0, 60);
    for (const c of sample) {
      const url = c.transcript_url;
      if (typeof url !== "string") continue;
      const res = await call(service, url.replace(/^https?:\/\/[^/]+/, ""), {});
      expect(res.status).toBe(200);
      const k = `${c.symbol}|${c.quarter}`;
      add(k, res.text);
      const line = res.text.match(/Finance costs were (₹[\d,.]+ crore) against (₹[\d,.]+ crore) in the previous quarter, (higher|lower) as gross debt (rose|came down)/);
      const fin = tableOf.get(k)?.rows.find((r) => /^Finance costs/.test(r.label))?.values;
      if (line && fin) {
        financeChecks++;
        const now = croreOf(line[1]?.match(CRORE) ?? [""]);
        const prev = croreOf(line[2]?.match(CRORE) ?? [""]);
        const up = now > prev;
        if (Math.abs(now - (fin[0] ?? 0)) > 0.01 || Math.abs(prev - (fin[1] ?? 0)) > 0.01 || (line[3] === "higher") !== up || (line[4] === "rose") !== up)
          financeLines.push(`${k}: ${line[0]} vs table ${fin.join("/")}`);
      }
    }
    // News and alerts that name a quarter's results.
    const byLabel = new Map<string, string>();
    for (const [k, label] of labelOf) byLabel.set(`${k.split("|")[0]}|${label}`, k);
    const news = await all<Json>("/v1/news", 50);
    for (const n of news) {
      const text = `${String(n.title)}. ${String(n.specific_title ?? "")} ${String(n.summary)} ${String(n.long_summary ?? "")}`;
      const label = text.match(/\bQ[1-4] FY\d{2}\b/)?.[0];
      const k = label ? byLabel.get(`${String(n.symbol)}|${label}`) : undefined;
      if (k) add(k, text);
    }
    const alerts = await all<Json>("/v1/alerts?type=earnings,high_growth_concalls", 50);
    for (const a of alerts) {
      const label = String(a.reason).match(/\bQ[1-4] FY\d{2}\b/)?.[0];
      const k = label ? byLabel.get(`${String(a.symbol)}|${label}`) : undefined;
      if (k) add(k, String(a.reason));
    }

    for (const [k, texts] of textsOf) {
      const table = tableOf.get(k) as Table;
      for (const text of texts) {
        checked++;
        for (const b of disagreements(text, table)) broken.push(`${k} ${b}`);
      }
      const joined = texts.join(" \n ");
      for (const [what, a, b] of OPPOSITES) {
        contradictionChecks++;
        if (a.test(joined) && b.test(joined)) contradictions.push(`${k} ${what}: "${joined.match(a)?.[0]}" and "${joined.match(b)?.[0]}"`);
      }
      const books = [...joined.matchAll(/order book[^.]{0,60}?₹([\d,]+(?:\.\d+)?)( lakh)? crore/gi)].map(croreOf);
      if (books.length > 1) {
        contradictionChecks++;
        if (Math.max(...books) > Math.min(...books) * 1.02) contradictions.push(`${k} order book: ${books.join(", ")}`);
      }
    }
    tally("figures agree with the table in direction and size", checked, broken);
    tally("no two texts of one quarter contradict each other", contradictionChecks, contradictions);
    tally("the CFO's finance costs are the table's, with debt moving their way", financeChecks, financeLines);
  });

  it("prices fit the company: within 25% of market cap ÷ the shares its EPS implies; real share counts for ten names", async () => {
    await loaded;
    const latest = new Map<string, Filing>();
    for (const f of filings) if (f.earnings_table && (!latest.has(f.symbol) || (latest.get(f.symbol) as Filing).date < f.date)) latest.set(f.symbol, f);
    const priced = await all<Json>("/v1/alerts?type=price_alert,52w_high,52w_low", 50);
    const broken: string[] = [];
    let checked = 0;
    const implied = (f: Filing) => {
      const rows = f.earnings_table?.rows ?? [];
      const pat = rows.find((r) => /^PAT/.test(r.label))?.values[0] ?? 0;
      const eps = rows.find((r) => /^EPS/.test(r.label))?.values[0] ?? 0;
      return eps > 0 ? pat / eps : null;
    };
    for (const a of priced) {
      const f = latest.get(String(a.symbol));
      const cap = sectorOf.get(String(a.symbol))?.cap;
      const shares = f ? implied(f) : null;
      const price = (a.price as { value: number } | undefined)?.value;
      if (!shares || !cap || !price) continue;
      checked++;
      const fair = cap / shares;
      if (Math.abs(price / fair - 1) > 0.25) broken.push(`${String(a.symbol)} ₹${price} vs ₹${fair.toFixed(0)} (cap ${cap} cr ÷ ${shares.toFixed(1)} cr shares)`);
    }
    tally("price within 25% of market cap ÷ shares", checked, broken);
    const wrongShares: string[] = [];
    let named = 0;
    for (const [symbol, real] of Object.entries(REAL_SHARES_CR)) {
      const f = latest.get(symbol);
      const shares = f ? implied(f) : null;
      if (!shares) continue;
      named++;
      if (Math.abs(shares / real - 1) > 0.03) wrongShares.push(`${symbol}: PAT ÷ EPS = ${shares.toFixed(1)} cr shares, filed ${real}`);
    }
    tally("PAT ÷ EPS is the real share count", named, wrongShares);
  });

  it("large caps report at their own scale: revenue and PAT within 10% of the real quarter", async () => {
    await loaded;
    const off: string[] = [];
    let checked = 0;
    for (const [symbol, ref] of Object.entries(REFERENCE_QUARTERS)) {
      const f = filings.find((x) => x.symbol === symbol && x.quarter === ref.quarter && x.earnings_table);
      if (!f?.earnings_table) continue;
      checked++;
      const revenue = f.earnings_table.rows[0]?.values[0] ?? 0;
      const pat = f.earnings_table.rows.find((r) => /^PAT/.test(r.label))?.values[0] ?? 0;
      if (Math.abs(revenue / ref.revenueCr - 1) > 0.1 || Math.abs(pat / ref.patCr - 1) > 0.1)
        off.push(`${symbol} ${ref.quarter}: revenue ₹${revenue} cr (real ₹${ref.revenueCr}), PAT ₹${pat} cr (real ₹${ref.patCr})`);
      // The year-ago column, where the release gives it: the year's growth within three points of the real one.
      const yearAgo = f.earnings_table.rows[0]?.values[2] ?? 0;
      if (ref.yearAgoRevenueCr && Math.abs(growth(revenue, yearAgo) - growth(ref.revenueCr, ref.yearAgoRevenueCr)) > 3)
        off.push(`${symbol} ${ref.quarter}: revenue ${growth(revenue, yearAgo).toFixed(1)}% YoY against a real ${growth(ref.revenueCr, ref.yearAgoRevenueCr).toFixed(1)}%`);
      // The summary a trader reads quotes the same scale.
      const quoted = [...f.summary.matchAll(new RegExp(CRORE.source, "g"))].map(croreOf);
      if (quoted.length > 0 && !quoted.some((v) => Math.abs(v / revenue - 1) < 0.01 || Math.abs(v / pat - 1) < 0.01)) off.push(`${symbol} summary quotes ${quoted.join(", ")} against ₹${revenue}/₹${pat} cr`);
    }
    expect(checked, "reference companies in the service's filings").toBeGreaterThanOrEqual(15);
    tally("large caps at their real quarter's scale", checked, off);
  });

  it("an order win is a part of the business, not a multiple of it", async () => {
    await loaded;
    const yearly = new Map<string, number>();
    for (const f of filings) if (f.earnings_table) yearly.set(f.symbol, Math.max(yearly.get(f.symbol) ?? 0, 4 * (f.earnings_table.rows[0]?.values[0] ?? 0)));
    const texts = [
      ...(await all<Json>("/v1/news", 50)).map((n) => ({ symbol: String(n.symbol), text: `${String(n.title)} ${String(n.summary)} ${String(n.long_summary ?? "")}` })),
      ...(await all<Json>("/v1/announcements?detailed=true", 50)).map((a) => ({ symbol: String(a.symbol), text: `${String(a.summary ?? "")} ${String(a.long_summary ?? "")}` })),
    ];
    const broken: string[] = [];
    let checked = 0;
    for (const { symbol, text } of texts) {
      const revenue = yearly.get(symbol);
      if (!revenue) continue;
      for (const m of text.matchAll(/(?:order|contract) worth ₹([\d,]+(?:\.\d+)?)( lakh)? crore/g)) {
        checked++;
        const value = croreOf(m);
        if (value > revenue * 0.6) broken.push(`${symbol}: order ₹${value} cr against a year's revenue of about ₹${revenue.toFixed(0)} cr`);
      }
    }
    tally("an order is under 60% of a year's revenue", checked, broken);
  });

  it("a promoter's block sale in the news is a block deal the exchange shows that day, of that size", async () => {
    await loaded;
    const latest = new Map<string, Filing>();
    for (const f of filings) if (f.earnings_table && (!latest.has(f.symbol) || (latest.get(f.symbol) as Filing).date < f.date)) latest.set(f.symbol, f);
    const sharesOf = (symbol: string) => {
      const rows = latest.get(symbol)?.earnings_table?.rows ?? [];
      const pat = rows.find((r) => /^PAT/.test(r.label))?.values[0] ?? 0;
      const eps = rows.find((r) => /^EPS/.test(r.label))?.values[0] ?? 0;
      return eps > 0 ? (pat / eps) * 1e7 : null;
    };
    const deals = await all<Json>("/v1/block-deals", 50);
    const day = (iso: string) => new Date(Date.parse(iso) + IST).toISOString().slice(0, 10);
    const broken: string[] = [];
    let checked = 0;
    for (const n of await all<Json>("/v1/news", 50)) {
      const text = `${String(n.title)} ${String(n.summary)} ${String(n.long_summary ?? "")}`;
      if (!/block deal/i.test(text)) continue;
      checked++;
      const at = Date.parse(String(n.date));
      const same = deals.filter((d) => d.symbol === n.symbol && day(String(d.date)) === day(String(n.date)) && Date.parse(String(d.date)) < at);
      const shares = sharesOf(String(n.symbol));
      const stake = Number(text.match(/(\d+(?:\.\d+)?)%? (?:stake|of its stake|of the company's equity)/)?.[1] ?? text.match(/sells (\d+(?:\.\d+)?)% stake/)?.[1] ?? NaN);
      if (same.length === 0) broken.push(`${String(n.symbol)} ${String(n.date)}: "${String(n.title)}" with no block deal that day`);
      else if (shares && Number.isFinite(stake) && !same.some((d) => Math.abs((Number(d.shares) / shares) * 100 - stake) <= Math.max(0.006, stake * 0.06)))
        broken.push(`${String(n.symbol)} ${String(n.date)}: ${stake}% against deals of ${same.map((d) => ((Number(d.shares) / shares) * 100).toFixed(3)).join(", ")}%`);
    }
    tally("block-sale stories match a block deal", Math.max(1, checked), broken);
  });

  it("a revenue target is this year's revenue compounded at the growth it quotes", async () => {
    await loaded;
    const byQuarter = new Map(filings.filter((f) => f.earnings_table).map((f) => [`${f.symbol}|${f.quarter}`, f.earnings_table as Table]));
    const broken: string[] = [];
    let checked = 0;
    for (const c of await all<Json>("/v1/concalls?detailed=true", 50)) {
      const text = JSON.stringify(c.short_analysis ?? "");
      const m = text.match(/targets revenue of (₹[\d,.]+(?: lakh)? crore) by FY\d{2}, implying a compounded growth rate of about (\d+(?:\.\d+)?)%/);
      const table = byQuarter.get(`${String(c.symbol)}|${String(c.quarter)}`);
      if (!m || !table) continue;
      checked++;
      const target = croreOf((m[1] ?? "").match(CRORE) ?? [""]);
      const annual = 4 * (table.rows[0]?.values[0] ?? 0);
      const g = Number(m[2]) / 100;
      if (target < annual * (1 + g) * 0.97 || target > annual * (1 + g) ** 3 * 1.03) broken.push(`${String(c.symbol)} ${String(c.quarter)}: target ₹${target} cr at ${m[2]}% from about ₹${annual.toFixed(0)} cr a year`);
    }
    tally("revenue targets compound from the company's revenue", Math.max(1, checked), broken);
  });

  it("no company speaks another sector's language", async () => {
    await loaded;
    const broken: string[] = [];
    let checked = 0;
    const look = (symbol: string, text: string) => {
      const s = sectorOf.get(symbol);
      if (!s) return;
      checked++;
      for (const [what, re, ok] of OUT_OF_PLACE) if (re.test(text) && !ok(s.sector, s.industry)) broken.push(`${symbol} (${s.sector}) ${what}: ${text.match(re)?.[0]}`);
      // HDFC Bank, ICICI Bank, Axis Bank, ITC and L&T have no promoter group; a ₹1 lakh crore company's promoters do not pledge.
      if (["HDFCBANK", "ICICIBANK", "AXISBANK", "ITC", "LT"].includes(symbol) && /\bpromoters?\b/i.test(text)) broken.push(`${symbol} a promoter: ${text.match(/[^.]*\bpromoters?\b[^.]*/i)?.[0]}`);
      if (s.cap >= 100_000 && /\bpledg/i.test(text)) broken.push(`${symbol} (₹${s.cap} cr) pledged shares: ${text.match(/[^.;"]*\bpledg[^.;"]*/i)?.[0]}`);
    };
    for (const f of filings) look(f.symbol, f.summary);
    for (const c of await all<Json>("/v1/concalls?detailed=true", 50)) if (c.short_analysis) look(String(c.symbol), JSON.stringify([c.short_analysis, c.expanded_analysis, c.sentiment_analysis]));
    for (const n of await all<Json>("/v1/news", 50)) look(String(n.symbol), `${String(n.title)} ${String(n.summary)} ${String(n.long_summary ?? "")}`);
    tally("no cross-sector phrase", checked, broken);
  });

  it("the week behaves: no session stories on closed days, no annual report before its year ends, no miss before the results", async () => {
    await loaded;
    const news = await all<Json>("/v1/news", 50);
    const closed = news.filter((n) => !isTradingDay(Date.parse(String(n.date))));
    const moves = closed.filter((n) => SESSION_MOVE.test(`${String(n.title)} ${String(n.summary)}`)).map((n) => `${String(n.date)} ${String(n.title)}`);
    tally("no share-move story on a weekend or holiday", closed.length, moves);
    // Stories of the session once it has opened; a share at a 52-week high and low within a week it cannot be.
    const minuteIst = (iso: string) => Math.floor(((Date.parse(iso) + IST) % DAY) / 60_000);
    const preOpen = news.filter((n) => isTradingDay(Date.parse(String(n.date))) && minuteIst(String(n.date)) < 9 * 60 + 15 && /\btop (gainers|losers)\b|\bSensex, Nifty (end|close|slip|rise)/i.test(String(n.title)));
    tally("no session wrap before the open", news.length, preOpen.map((n) => `${String(n.date)} ${String(n.title)}`));
    const HIGH = /\b(52-week|record|all-time) high\b/i;
    const LOW = /\b52-week low\b/i;
    const levelOf = (n: Json) => String(n.title).replace(/below its 52-week high|order book to (a|its) record high/gi, "");
    const marks = news.filter((n) => HIGH.test(levelOf(n)) || LOW.test(levelOf(n)));
    const flips = marks.filter((a) =>
      marks.some((b) => b.symbol === a.symbol && Math.abs(Date.parse(String(b.date)) - Date.parse(String(a.date))) < 5 * DAY && HIGH.test(levelOf(a)) && LOW.test(levelOf(b))),
    );
    // Foreign investors bought or sold a name in a quarter: its stories do not say both.
    const quarterOf = (iso: string) => { const d = new Date(Date.parse(iso) + IST); return `${d.getUTCFullYear()}-${Math.floor(d.getUTCMonth() / 3)}`; };
    const fpi = new Map<string, Set<string>>();
    for (const n of news) {
      const text = `${String(n.title)} ${String(n.summary)}`;
      const way = /\b(FPIs? (raise|add|increase)|foreign (portfolio )?investors (raised|added|increased))/i.test(text) ? "bought" : /\b(FPIs? (trim|cut|reduce)|foreign (portfolio )?investors (cut|trimmed|reduced))/i.test(text) ? "sold" : null;
      if (!way) continue;
      const k = `${String(n.symbol)} ${quarterOf(String(n.date))}`;
      fpi.set(k, (fpi.get(k) ?? new Set()).add(way));
    }
    tally("foreign investors bought or sold a name in a quarter, not both", Math.max(1, fpi.size), [...fpi].filter(([, ways]) => ways.size > 1).map(([k]) => k));
    const initiations = news.filter((n) => /initiates coverage/i.test(String(n.specific_title ?? n.title)));
    tally(
      "an initiation is not reported as an upgrade",
      Math.max(1, initiations.length),
      initiations.filter((n) => /\b(upgraded|downgraded)\b/i.test(`${String(n.summary)} ${String(n.long_summary ?? "")}`)).map((n) => `${String(n.symbol)}: ${String(n.title)} — ${String(n.summary)}`),
    );
    tally("no 52-week high and low stories on one name within five days", Math.max(1, marks.length), flips.map((n) => `${String(n.symbol)} ${String(n.date)} ${String(n.title)}`));
    // A story's share move goes the way the day's price alerts say it went.
    const moved = new Map<string, number>();
    for (const a of await all<Json>("/v1/alerts?type=price_alert", 50)) {
      const pct = (a.price as { change_percent?: number } | undefined)?.change_percent;
      if (pct !== undefined) moved.set(`${String(a.symbol)}|${new Date(Date.parse(String(a.timestamp)) + IST).toISOString().slice(0, 10)}`, pct);
    }
    let movesChecked = 0;
    const wrongWay: string[] = [];
    for (const n of news) {
      // The share's move: the verb follows the company's name, "shares" or "stock" (not "PAT up 28%").
      const m = String(n.title).match(/(?:Ltd\.|shares?|stock|\b(?!PAT\b|EBITDA\b|EPS\b|NII\b)[A-Z][A-Z&-]+) (jumps?|surges?|climbs?|gains?|rises?|rall(?:y|ies)|up|slips?|slides?|tumbles?|falls?|drops?|slumps?|down) (\d+(?:\.\d+)?)%/);
      const day = moved.get(`${String(n.symbol)}|${new Date(Date.parse(String(n.date)) + IST).toISOString().slice(0, 10)}`);
      if (!m || day === undefined) continue;
      movesChecked++;
      const up = /jump|surge|climb|gain|rise|rall|up/i.test(m[1] ?? "");
      if (up !== day > 0) wrongWay.push(`${String(n.symbol)} ${String(n.date)} "${String(n.title)}" while the price alert says ${day}%`);
    }
    tally("a story's share move goes the day's way", Math.max(1, movesChecked), wrongWay);
    const reports = news.filter((n) => /annual report for FY(\d{2})/.test(String(n.title)));
    const early = reports.filter((n) => {
      const fy = Number(String(n.title).match(/annual report for FY(\d{2})/)?.[1]);
      return Date.parse(String(n.date)) < Date.parse(`20${fy}-04-01T00:00:00+05:30`);
    });
    tally("annual report only after its year ends", Math.max(1, reports.length), early.map((n) => `${String(n.date)} ${String(n.title)}`));
    const filedAt = new Map<string, number[]>();
    for (const f of filings) filedAt.set(f.symbol, [...(filedAt.get(f.symbol) ?? []), Date.parse(f.date)]);
    const misses = news.filter((n) => /miss(es)? (Street )?estimates/i.test(String(n.title)));
    const unfounded = misses.filter((n) => {
      const at = Date.parse(String(n.date));
      return !(filedAt.get(String(n.symbol)) ?? []).some((t) => t <= at && t > at - 100 * DAY);
    });
    tally("'misses estimates' only after the results", Math.max(1, misses.length), unfounded.map((n) => `${String(n.date)} ${String(n.title)}`));
    const announcements = await all<Json>("/v1/announcements?detailed=true", 50);
    const annual = [...news.map((n) => ({ date: String(n.date), text: `${String(n.title)} ${String(n.summary)}` })), ...announcements.map((a) => ({ date: String(a.date), text: `${String(a.title ?? "")} ${String(a.summary ?? "")}` }))].filter((x) =>
      /annual general meeting|\bAGM\b|final dividend/i.test(x.text),
    );
    // A board declares a dividend at the meeting that approves the results: the filing is that day's.
    const resultsDays = new Set(filings.map((f) => `${f.symbol}|${new Date(Date.parse(f.date) + IST).toISOString().slice(0, 10)}`));
    const declared = announcements.filter((a) => a.category === "Dividend" && /board of .{0,80}? has (declared|recommended)/i.test(String(a.summary ?? "")));
    tally(
      "a board declares a dividend on its results day",
      Math.max(1, declared.length),
      declared.filter((a) => !resultsDays.has(`${String(a.symbol)}|${new Date(Date.parse(String(a.date)) + IST).toISOString().slice(0, 10)}`)).map((a) => `${String(a.symbol)} ${String(a.date)}: ${String(a.summary)}`),
    );
    const month = (iso: string) => new Date(Date.parse(iso) + IST).getUTCMonth() + 1;
    tally(
      "AGMs June–September, final dividends April–September",
      Math.max(1, annual.length),
      annual.filter((x) => month(x.date) < (/final dividend/i.test(x.text) && !/AGM|annual general meeting/i.test(x.text) ? 4 : 6) || month(x.date) > 9).map((x) => `${x.date} ${x.text.slice(0, 120)}`),
    );
    const alerts = await all<Json>("/v1/alerts?type=earnings", 50);
    const closedAlerts = alerts.filter((a) => !isTradingDay(Date.parse(String(a.timestamp))));
    tally(
      "no 'moved in the session' results alert on a closed day",
      Math.max(1, closedAlerts.length),
      closedAlerts.filter((a) => /session|moved \d/i.test(String(a.reason))).map((a) => `${String(a.timestamp)} ${String(a.reason)}`),
    );
  });

  it("a season like a real one: boards meet on market days, mostly after the close, bellwethers first, booked one to three weeks ahead", async () => {
    await loaded;
    const ist = (iso: string) => new Date(Date.parse(iso) + IST);
    const minuteOfDay = (iso: string) => ist(iso).getUTCHours() * 60 + ist(iso).getUTCMinutes();
    tally("results filed on market days", filings.length, filings.filter((f) => !isTradingDay(Date.parse(f.date))).map((f) => `${f.symbol} ${f.date}`));
    const inSession = filings.filter((f) => minuteOfDay(f.date) >= 9 * 60 + 15 && minuteOfDay(f.date) < 15 * 60 + 30);
    tally("at most 15% of filings during the session", filings.length, inSession.length > filings.length * 0.15 ? [`${inSession.length} of ${filings.length}`] : []);
    // Bellwethers: TCS opens each season within a fortnight of the quarter's end (three weeks for the year's results) and files before Infosys.
    const quarterEnd = (q: string) => {
      const m = q.match(/^q([1-4])_(\d{2})$/);
      const qn = Number(m?.[1]);
      const fy = 2000 + Number(m?.[2]);
      const [y, mo] = qn === 4 ? [fy, 3] : [fy - 1, 3 + 3 * qn];
      return Date.UTC(y, mo, 1) - IST;
    };
    const tcs = filings.filter((f) => f.symbol === "TCS");
    const late = tcs.filter((f) => {
      const days = (Date.parse(f.date) - quarterEnd(f.quarter)) / DAY;
      const infy = filings.find((x) => x.symbol === "INFY" && x.quarter === f.quarter);
      return days > (f.quarter.startsWith("q4") ? 21 : 15) || (infy !== undefined && Date.parse(infy.date) < Date.parse(f.date));
    });
    tally("TCS opens the season, before INFY", tcs.length, late.map((f) => `${f.quarter} ${f.date}`));
    const intimations = await all<Json>(`/v1/announcements?detailed=true&categories=${encodeURIComponent("Meeting Intimation")}`, 50);
    const filedOn = new Set(filings.map((f) => `${f.symbol}|${new Date(Date.parse(f.date) + IST).toISOString().slice(0, 10)}`));
    const upcoming = await all<Json>("/v1/earnings/upcoming", 50);
    for (const u of upcoming) filedOn.add(`${String(u.symbol)}|${new Date(Date.parse(String(u.date)) + IST).toISOString().slice(0, 10)}`);
    const badNotice: string[] = [];
    const offCalendar: string[] = [];
    let meetings = 0;
    // The category filter also matches related categories (an AGM notice): board meetings are the category's own.
    for (const a of intimations.filter((x) => x.category === "Meeting Intimation")) {
      const text = `${String(a.title ?? "")} ${String(a.summary ?? "")} ${String(a.long_summary ?? "")}`;
      const m = text.match(/held on ([A-Z][a-z]+ \d{1,2}, \d{4})/);
      if (!m) continue;
      meetings++;
      const meeting = Date.parse(`${m[1]} 12:00 GMT+0530`);
      const notice = (istDayStart(meeting) - istDayStart(Date.parse(String(a.date)))) / DAY;
      if (notice < 7 || notice > 21 || !isTradingDay(meeting)) badNotice.push(`${String(a.symbol)} filed ${String(a.date)} for ${m[1]} (${notice} days)`);
      if (!filedOn.has(`${String(a.symbol)}|${new Date(meeting + IST).toISOString().slice(0, 10)}`)) offCalendar.push(`${String(a.symbol)} meets ${m[1]}`);
    }
    tally("board meetings booked 7–21 days ahead, on market days", meetings, badNotice);
    tally("every meeting a filing announces is on the calendar or filed that day", meetings, offCalendar);
  });

  it("a call's recording runs as long as its transcript takes to say", async () => {
    await loaded;
    const calls = (await all<Json>("/v1/concalls", 50)).filter((c) => typeof c.transcript_url === "string").slice(0, 4);
    const res = await call(service, "/v1/concalls/transcripts", { key: keyForCall(), body: { items: calls.map((c) => ({ symbol: c.symbol, quarter: c.quarter })) } });
    const items = (res.json as { data: { status: string; transcript_url?: string; audio_url?: string | null }[] }).data.filter((x) => x.status === "ready" && x.audio_url);
    const off: string[] = [];
    for (const item of items) {
      const path = (u: string) => u.replace(/^https?:\/\/[^/]+/, "");
      const text = (await call(service, path(item.transcript_url as string), {})).text;
      const audio = await service.app.request(path(item.audio_url as string));
      const wav = Buffer.from(await audio.arrayBuffer());
      const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
      const words = text.split(/\s+/).filter(Boolean).length;
      const minutesPerWord = seconds / 60 / words;
      // People speak 120–180 words a minute on a call.
      if (minutesPerWord < 1 / 180 || minutesPerWord > 1 / 120) off.push(`${words} words in ${seconds.toFixed(0)} s`);
    }
    tally("recording length fits the transcript", items.length, off);
  });

  it("the last session's market alerts are there whatever day the service starts (Saturday, Sunday, a holiday)", async () => {
    const holiday = (() => {
      for (let d = istDayStart(Date.parse("2026-01-01T12:00:00Z")); d < Date.parse("2026-12-31T00:00:00Z"); d += DAY) {
        const wd = new Date(d + IST).getUTCDay();
        if (wd > 0 && wd < 6 && !isTradingDay(d + 12 * 3_600_000) && d + DAY < SATURDAY) return d;
      }
      throw new Error("no weekday holiday in the calendar");
    })();
    const moments = [SATURDAY, SATURDAY + DAY, holiday + 13 * 3_600_000];
    const missing: string[] = [];
    for (const at of moments) {
      const dbx = openDatabase(":memory:");
      seedDataset(dbx, { seed: SEED, now: new Date(at), scale: 0.2 });
      const svc = createTestService({ clock: new ManualClock(new Date(at)), db: dbx });
      const acct = createTestAccount(svc.ctx, { plan: "pro", balance: 100_000 });
      const last = istDayStart(previousTradingDay(istDayStart(at)));
      const res = await call(svc, `/v1/alerts?type=price_alert,volume_alert,vol_alert&from=${new Date(last).toISOString()}&to=${new Date(last + DAY - 1).toISOString()}&limit=50`, { key: acct.key });
      const n = (res.json as { data: unknown[] }).data.length;
      if (n === 0) missing.push(`started ${new Date(at).toISOString()}: no market alert on ${new Date(last + IST).toISOString().slice(0, 10)}`);
    }
    tally("last session's alerts present", moments.length, missing);
  });
});

describe("the results calendar as a trader reads it: a meeting is listed once its intimation is filed", () => {
  // Inside a season, between seasons (a Saturday), and in the run-up to the next season.
  const moments = ["2026-10-20T10:00:00Z", "2026-11-28T06:30:00Z", "2026-12-30T06:00:00Z"];
  const named = /(?:scheduled|held) on ([A-Z][a-z]+ \d{1,2}, \d{4})/g;
  const istDay = (ms: number) => new Date(ms + IST).toISOString().slice(0, 10);

  /** What the calendar and the exchange feed of a service at `now` say: broken rules, meetings and calls checked. */
  async function readCalendar(svc: ReturnType<typeof createTestService>, at: string, broken: string[], lines: string[]): Promise<number> {
    let checked = 0;
    const now = Date.parse(at);
    const { key } = createTestAccount(svc.ctx, { plan: "pro", balance: 10_000_000 });
    const pages = async (path: string): Promise<Json[]> => {
      const out: Json[] = [];
      for (let page = 1; page < 200; page++) {
        const res = await call(svc, `${path}&limit=50&page=${page}`, { key });
        expect(res.status, res.text.slice(0, 200)).toBe(200);
        const body = res.json as { data: Json[]; has_next: boolean };
        out.push(...body.data);
        if (!body.has_next) break;
      }
      return out;
    };
    const listed = await pages("/v1/earnings/upcoming?");
    const notices = (await pages(`/v1/announcements?detailed=true&categories=${encodeURIComponent("Meeting Intimation")}`)).filter((a) => a.category === "Meeting Intimation");
    // What each filing says: the symbol, when it was filed, and the meeting days it names.
    const said = notices.map((a) => ({
      symbol: String(a.symbol),
      filed: Date.parse(String(a.date)),
      days: [...`${String(a.summary ?? "")} ${String(a.long_summary ?? "")}`.matchAll(named)].map((m) => istDay(Date.parse(`${m[1]} 12:00 GMT+0530`))),
    }));
    for (const u of listed) {
      checked++;
      const meeting = Date.parse(String(u.date));
      const day = istDay(meeting);
      const notice = said.find((n) => n.symbol === u.symbol && n.filed <= now && n.days.includes(day));
      if (!notice) broken.push(`${at}: ${String(u.symbol)} meets ${day} with no intimation naming it`);
      else {
        const ahead = (Date.parse(`${day}T12:00:00+05:30`) - Date.parse(`${istDay(notice.filed)}T12:00:00+05:30`)) / DAY;
        if (ahead < 2 || ahead > 21) broken.push(`${at}: ${String(u.symbol)} intimated ${istDay(notice.filed)} for ${day} (${ahead} days)`);
      }
      if (meeting - now > 22 * DAY) broken.push(`${at}: ${String(u.symbol)} listed ${((meeting - now) / DAY).toFixed(0)} days ahead`);
    }
    // A call to come for results not yet out follows its board meeting's intimation: the meeting is listed.
    const calls = await pages("/v1/concalls/upcoming?");
    const filedNow = new Set((await pages("/v1/earnings/index?")).map((f) => `${String(f.symbol)}|${String(f.quarter)}`));
    const booked = new Set(listed.map((u) => `${String(u.symbol)}|${String(u.quarter)}`));
    for (const c of calls) {
      const k = `${String(c.symbol)}|${String(c.quarter)}`;
      if (filedNow.has(k)) continue;
      checked++;
      if (!booked.has(k)) broken.push(`${at}: ${k} call on ${String(c.meeting_date)} with no board meeting listed`);
    }
    lines.push(`${at}: ${listed.length} meetings listed, ${said.filter((n) => n.filed <= now).length} intimations filed, ${calls.length} calls to come`);
    return checked;
  }

  it("every listed coming meeting has an intimation at or before now naming its date, 2 to 21 days ahead; nothing listed further out", async () => {
    const broken: string[] = [];
    const lines: string[] = [];
    let checked = 0;
    for (const at of moments) {
      const db = openDatabase(":memory:");
      seedDataset(db, { seed: SEED, now: new Date(Date.parse(at)), scale: 0.3 });
      checked += await readCalendar(createTestService({ clock: new ManualClock(new Date(Date.parse(at))), db }), at, broken, lines);
    }
    console.log(`results calendar (seed ${SEED})\n  ${lines.join("\n  ")}`);
    expect(checked, "no meeting listed at any moment").toBeGreaterThan(0);
    expect(broken.slice(0, 8)).toEqual([]);
  }, 120_000);

  it("a service started between seasons lists the next season's meetings as their intimations come, with the filings", async () => {
    const start = Date.parse("2026-12-08T04:00:00Z");
    const clock = new ManualClock(new Date(start));
    const db = openDatabase(":memory:");
    seedDataset(db, { seed: SEED, now: new Date(start), scale: 0.3 });
    const svc = createTestService({ clock, db });
    const sim = new MarketSimulator({ db, bus: new EventBus(), clock }, { seed: SEED, speed: 1 });
    const end = Date.parse("2027-01-02T06:00:00Z");
    while (clock.now().getTime() < end) {
      clock.advance(30 * 60_000);
      sim.tick();
    }
    const broken: string[] = [];
    const lines: string[] = [];
    const checked = await readCalendar(svc, new Date(end).toISOString(), broken, lines);
    console.log(`results calendar after a simulated month (seed ${SEED})\n  ${lines.join("\n  ")}`);
    expect(checked, "no meeting listed after the intimations came").toBeGreaterThan(0);
    expect(broken.slice(0, 8)).toEqual([]);
  }, 120_000);
});
