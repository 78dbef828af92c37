import { quarterLabel } from "../../lib/alpha/quarters";
import type { SummaryMode } from "../../lib/alpha/summaries";
import { istWindowStart, toIstIso } from "../../lib/alpha/time";
import type { SummaryEngine, SummaryEngineContext, SummaryInput, SummaryResult, SummaryStatus } from "./engine";
import type { AlertFact, ConcallFact, EarningsFact, EarningsTableFact, NewsFact, SymbolFacts } from "./facts";
import { findCompanies, gatherSymbolFacts, hasAnyFact } from "./facts";
import {
  clause,
  firstSentence,
  formatCrore,
  formatIstDate,
  formatIstDateTime,
  formatIstTime,
  formatRupees,
  formatShare,
  formatSignedPercent,
  groupIndian,
  inline,
  joinList,
  plural,
} from "./format";

export const DETERMINISTIC_ENGINE_NAME = "deterministic-v1";

/** Alert types that record a price or volume move; the signal of `intraday_movements`. */
export const MOVE_ALERT_TYPES: ReadonlySet<string> = new Set(["price_alert", "vol_alert", "volume_alert", "52w_high", "52w_low"]);

const ALERT_LABELS: Record<string, string> = {
  price_alert: "Price alert",
  vol_alert: "Relative volume spike",
  volume_alert: "Unusual volume",
  "52w_high": "52-week high",
  "52w_low": "52-week low",
  earnings: "Results alert",
  high_growth_concalls: "High-growth concall",
};

const MAX_NEWS_CITED = 5;
const MAX_NEWS_CITED_NEWS_MODE = 8;
const MAX_ALERTS_CITED = 5;

function isNonNeutral(sentiment: string): boolean {
  return sentiment === "positive" || sentiment === "negative";
}

/**
 * Whether a symbol's window holds something that matters for the mode: exposure, any alert, results, guidance or
 * non-neutral news; intraday_movements, a price or volume alert; news_context, non-neutral news.
 */
export function isMaterial(mode: SummaryMode, f: SymbolFacts): boolean {
  switch (mode) {
    case "exposure":
      return f.alerts.length > 0 || f.earnings.length > 0 || f.concalls.length > 0 || f.news.some((n) => isNonNeutral(n.sentiment));
    case "intraday_movements":
      return f.alerts.some((a) => MOVE_ALERT_TYPES.has(a.type));
    case "news_context":
      return f.news.some((n) => isNonNeutral(n.sentiment));
  }
}

interface Holding {
  symbol: string;
  exposure: number | null;
  label: string | null;
  /** Share of the book's exposure; null for a watchlist (no exposures given). */
  weight: number | null;
  index: number;
  facts: SymbolFacts;
}

interface Tally {
  news: number;
  positive: number;
  negative: number;
  neutral: number;
  alerts: number;
  results: number;
  concalls: number;
}

function tally(facts: readonly SymbolFacts[]): Tally {
  const t: Tally = { news: 0, positive: 0, negative: 0, neutral: 0, alerts: 0, results: 0, concalls: 0 };
  for (const f of facts) {
    t.news += f.news.length;
    for (const n of f.news) {
      if (n.sentiment === "positive") t.positive++;
      else if (n.sentiment === "negative") t.negative++;
      else t.neutral++;
    }
    t.alerts += f.alerts.length;
    t.results += f.earnings.length;
    t.concalls += f.concalls.length;
  }
  return t;
}

function describeTally(t: Tally): string {
  return `${plural(t.news, "news item")}, ${plural(t.alerts, "alert")}, ${plural(t.results, "results filing")} and ${plural(t.concalls, "concall analysis", "concall analyses")}`;
}

function sentimentMix(t: Pick<Tally, "positive" | "negative" | "neutral">): string {
  return `${t.positive} positive, ${t.negative} negative, ${t.neutral} neutral`;
}

/** Net tone of a set of news: the balance of positive over negative items, against all items. */
function netTone(t: Pick<Tally, "positive" | "negative" | "neutral">): "positive" | "negative" | "mixed" | "neutral" {
  const total = t.positive + t.negative + t.neutral;
  if (total === 0 || t.positive + t.negative === 0) return "neutral";
  const score = (t.positive - t.negative) / total;
  return score > 0.2 ? "positive" : score < -0.2 ? "negative" : "mixed";
}

/** Most recent price context of a symbol's alerts in the window. */
function latestPriced(f: SymbolFacts): AlertFact | null {
  return f.alerts.find((a) => a.price !== null) ?? null;
}

function alertLabel(type: string): string {
  return ALERT_LABELS[type] ?? type;
}

function priceContext(a: AlertFact): string {
  if (!a.price) return "";
  const asOf = a.price.asOfMs !== null ? ` as of ${formatIstTime(a.price.asOfMs)}` : "";
  return `${formatRupees(a.price.value)}, ${formatSignedPercent(a.price.changePercent)}${asOf}`;
}

function alertLine(a: AlertFact): string {
  const price = a.price ? ` (${priceContext(a)})` : "";
  const drivers = a.drivers.length > 0 ? ` Drivers: ${inline(a.drivers.join("; "))}.` : "";
  const curated = a.important ? " [curated]" : "";
  return `- **${alertLabel(a.type)}**${curated} — ${formatIstDateTime(a.atMs)}: ${inline(a.reason.trim().replace(/[.!?]+$/, ""))}${price}.${drivers}`;
}

type TableRow = EarningsTableFact["rows"][number];

/** The headline lines of a results table: revenue, EBITDA and profit when labelled so, else the first plain rows. */
function headlineRows(rows: readonly TableRow[]): TableRow[] {
  const plain = rows.filter((r) => !/%|eps|per share/i.test(r.label));
  const find = (re: RegExp) => plain.find((r) => re.test(r.label));
  const picked = [find(/revenue|total income|net sales/i), find(/^ebitda\b/i), find(/\bpat\b|net profit|profit after tax/i)].filter(
    (r): r is TableRow => r !== undefined,
  );
  return picked.length > 0 ? picked : plain.slice(0, 3);
}

/** Headline figures of a results table, each against the same quarter a year earlier when the table has it. */
function resultsFigures(e: EarningsFact): string {
  const table = e.table;
  if (!table || table.rows.length === 0 || table.periods.length === 0) return "";
  const current = table.periods[0] ?? "";
  const compareAt = yearAgoIndex(table.periods) ?? (table.periods.length > 1 ? 1 : null);
  const versus = compareAt !== null ? (table.periods[compareAt] ?? "prior period") : "";
  const amount = (v: number) => (!table.unit || /crore|\bcr\b/i.test(table.unit) ? formatCrore(v) : `${groupIndian(v, 2)} ${inline(table.unit)}`);
  const parts: string[] = [];
  for (const row of headlineRows(table.rows)) {
    const now = row.values[0];
    if (now === null || now === undefined) continue;
    const before = compareAt !== null ? row.values[compareAt] : null;
    const change =
      before !== null && before !== undefined && before !== 0 ? ` (${formatSignedPercent(((now - before) / Math.abs(before)) * 100, 1)} vs ${inline(versus)})` : "";
    parts.push(`${inline(row.label)} ${amount(now)}${change}`);
  }
  const margin = table.rows.find((r) => /margin/i.test(r.label));
  const m0 = margin?.values[0];
  if (margin && m0 !== null && m0 !== undefined) {
    const m1 = compareAt !== null ? margin.values[compareAt] : null;
    const bps = m1 !== null && m1 !== undefined ? ` (${m0 >= m1 ? "+" : "-"}${Math.round(Math.abs(m0 - m1) * 100)} bps vs ${inline(versus)})` : "";
    parts.push(`${inline(margin.label.replace(/\s*\(%\)\s*/, ""))} ${m0.toFixed(1)}%${bps}`);
  }
  return parts.length > 0 ? ` ${current ? `${inline(current)}: ` : ""}${parts.join("; ")}.` : "";
}

/** Index of the period one year before the first, when the labels read like `Q4 FY26` / `Q4 FY25`. */
function yearAgoIndex(periods: readonly string[]): number | null {
  const m = /Q([1-4])\s*FY\s*(\d{2})/i.exec(periods[0] ?? "");
  if (!m) return null;
  const target = `Q${m[1]} FY${String((Number(m[2]) + 99) % 100).padStart(2, "0")}`;
  const i = periods.findIndex((p, idx) => idx > 0 && p.replace(/\s+/g, " ").toUpperCase().includes(target));
  return i > 0 ? i : null;
}



function newsLines(f: SymbolFacts, max: number, withSummary: boolean): string[] {
  const lines = f.news.slice(0, max).map((n) => {
    const summary = withSummary && n.summary ? ` ${inline(firstSentence(n.summary))}` : "";
    return `- **News** — ${formatIstDateTime(n.atMs)} · ${inline(n.source)} · ${n.sentiment}: “${inline(n.title)}”${summary}`;
  });
  const rest = f.news.slice(max);
  if (rest.length > 0) {
    const t = tally([{ ...f, news: rest }]);
    lines.push(`- …and ${plural(rest.length, "more news item")} (${sentimentMix(t)}).`);
  }
  return lines;
}

/** Exposures come in the client's own unit: grouped, with decimals only when they carry something. */
function formatExposure(value: number): string {
  return Number.isInteger(value) ? groupIndian(value) : groupIndian(value, 2);
}

function sectionHeading(h: Holding): string {
  return `## ${h.symbol} — ${inline(h.facts.company.companyName)}`;
}

function profileLine(h: Holding): string {
  const parts: string[] = [];
  if (h.weight !== null) parts.push(`Weight ${formatShare(h.weight)}${h.exposure !== null ? ` (exposure ${formatExposure(h.exposure)})` : " (no exposure given)"}`);
  parts.push(`${inline(h.facts.company.sector)} / ${inline(h.facts.company.industry)}`);
  parts.push(`market cap ${formatCrore(h.facts.company.marketCapCr)}`);
  if (h.label) parts.push(`label “${inline(h.label)}”`);
  return `*${parts.join(" · ")}*`;
}

function weigh(input: SummaryInput, facts: Map<string, SymbolFacts>): { known: Holding[]; unknown: string[]; weighted: boolean } {
  const total = input.holdings.reduce((s, h) => s + (h.exposure ?? 0), 0);
  const weighted = input.inputType === "portfolio" && total > 0;
  const known: Holding[] = [];
  const unknown: string[] = [];
  input.holdings.forEach((h, index) => {
    const f = facts.get(h.symbol);
    if (!f) {
      unknown.push(h.symbol);
      return;
    }
    known.push({ ...h, index, weight: weighted ? (h.exposure ?? 0) / total : null, facts: f });
  });
  return { known, unknown, weighted };
}

interface Frame {
  input: SummaryInput;
  context: SummaryEngineContext;
  known: Holding[];
  unknown: string[];
  weighted: boolean;
  startMs: number;
  nowMs: number;
  totals: Tally;
}

function preamble(frame: Frame, title: string): string[] {
  const lines = [`# ${title} — ${formatIstDate(frame.nowMs)}`, ""];
  return lines;
}

function windowLine(frame: Frame): string {
  const days = frame.input.contextWindowDays;
  return `_Window: ${plural(days, "IST calendar day")} including today, ${formatIstDateTime(frame.startMs)} to ${formatIstDateTime(frame.nowMs)}. Read: ${describeTally(frame.totals)} on ${plural(frame.known.length, "symbol")}._`;
}

function unknownLine(frame: Frame): string[] {
  return frame.unknown.length > 0 ? [`_Not covered (unknown symbols): ${frame.unknown.join(", ")}._`, ""] : [];
}

function byWeightThenInput(a: Holding, b: Holding): number {
  return (b.weight ?? 0) - (a.weight ?? 0) || a.index - b.index;
}

/** What a summary cites: the records its figures and claims come from, numbered in order of first use. */
export const SOURCE_KINDS = { filing: "Results filing", alert: "Alert", news: "News item", call: "Concall analysis", company: "Company profile", request: "Your request" } as const;
export type SourceKind = keyof typeof SOURCE_KINDS;

class Sources {
  private readonly list: { kind: SourceKind; id: string; text: string }[] = [];
  private readonly index = new Map<string, number>();
  /** The marker of a record (`[3]`), adding it to the list the first time. */
  cite(kind: SourceKind, id: string, text: string): string {
    const key = `${kind}:${id}`;
    let n = this.index.get(key);
    if (n === undefined) {
      this.list.push({ kind, id, text });
      n = this.list.length;
      this.index.set(key, n);
    }
    return `[${n}]`;
  }
  lines(): string[] {
    if (this.list.length === 0) return [];
    return ["## Sources", "", ...this.list.map((s, i) => `${i + 1}. ${SOURCE_KINDS[s.kind]} \`${s.id}\` — ${s.text}`)];
  }
}

const REQUEST_ID = "request";

function citeRequest(src: Sources, frame: Frame): string {
  return src.cite("request", REQUEST_ID, frame.weighted ? "the holdings and exposures you sent, and the window asked for" : "the symbols you sent, and the window asked for");
}

function citeFiling(src: Sources, h: Holding, e: EarningsFact): string {
  return src.cite("filing", e.id, `${h.symbol} ${quarterLabel(e.quarter)} results, filed ${formatIstDateTime(e.atMs)}`);
}

function citeAlert(src: Sources, h: Holding, a: AlertFact): string {
  return src.cite("alert", a.id, `${h.symbol} ${alertLabel(a.type).toLowerCase()}, ${formatIstDateTime(a.atMs)}`);
}

function citeNews(src: Sources, h: Holding, n: NewsFact): string {
  return src.cite("news", n.id, `${h.symbol}, ${inline(n.source)}, ${formatIstDateTime(n.atMs)}${/^https?:\/\/[^\s()]+$/.test(n.link) ? ` · [article](${n.link})` : ""}`);
}

function citeCall(src: Sources, h: Holding, c: ConcallFact): string {
  return src.cite("call", c.id, `${h.symbol} ${quarterLabel(c.quarter)} call, analysis filed ${formatIstDateTime(c.atMs)}`);
}

/** "a" or "an" before a word, by its sound (an unusual volume, a 52-week high). */
function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** How much a holding's day matters, before its weight: results most, then a large move, a call, a curated alert, news. */
function eventScore(f: SymbolFacts): number {
  let score = 0;
  for (const e of f.earnings) score = Math.max(score, e.significant ? 5 : 4);
  for (const a of f.alerts) {
    const move = Math.abs(a.price?.changePercent ?? 0);
    score = Math.max(score, MOVE_ALERT_TYPES.has(a.type) ? (move >= 3 ? 4 : 2.5) : a.important ? 2.5 : 1.5);
  }
  if (f.concalls.length > 0) score = Math.max(score, 2);
  if (f.news.some((n) => isNonNeutral(n.sentiment))) score = Math.max(score, 1);
  return score;
}

/** The one thing about a holding a PM should hear first, with the record it comes from. */
function keyPointCited(src: Sources, h: Holding): string | null {
  const f = h.facts;
  const results = f.earnings[0];
  if (results) return `filed its ${quarterLabel(results.quarter)} results: ${inline(clause(results.summary, 160))} ${citeFiling(src, h, results)}`;
  const priced = f.alerts.find((a) => MOVE_ALERT_TYPES.has(a.type) && a.price);
  if (priced?.price) return `moved ${formatSignedPercent(priced.price.changePercent)} to ${formatRupees(priced.price.value)} (${alertLabel(priced.type).toLowerCase()} at ${formatIstTime(priced.atMs)}) ${citeAlert(src, h, priced)}`;
  const alert = f.alerts[0];
  if (alert) return `had ${article(alertLabel(alert.type))} ${alertLabel(alert.type).toLowerCase()}: ${inline(clause(alert.reason, 140))} ${citeAlert(src, h, alert)}`;
  const call = f.concalls[0];
  if (call) return `held its ${quarterLabel(call.quarter)} call: ${call.guidance ? inline(clause(call.guidance, 160)) : "no guidance stated"} ${citeCall(src, h, call)}`;
  const news = f.news.find((n) => isNonNeutral(n.sentiment));
  if (news) return `drew ${news.sentiment} news: “${inline(news.title)}” ${citeNews(src, h, news)}`;
  return null;
}

function weightWords(h: Holding, request: () => string): string {
  return h.weight !== null ? ` (${formatShare(h.weight)} of the book ${request()})` : "";
}

/** The holding's day in sentences, each closed by the record it comes from. */
function holdingSentences(src: Sources, h: Holding): string[] {
  const out: string[] = [];
  for (const e of h.facts.earnings) {
    const flag = e.significant ? " The filing is marked significant." : "";
    out.push(`Results for ${quarterLabel(e.quarter)}, filed ${formatIstDateTime(e.atMs)}: ${inline(firstSentence(e.summary))}${resultsFigures(e)}${flag}`.replace(/\.?$/, ` ${citeFiling(src, h, e)}.`));
  }
  for (const a of h.facts.alerts.slice(0, MAX_ALERTS_CITED)) {
    const price = a.price ? ` (${priceContext(a)})` : "";
    const label = alertLabel(a.type).toLowerCase();
    const drivers = a.drivers.length > 0 ? `. Drivers: ${inline(a.drivers.join("; "))}` : "";
    out.push(`${a.important ? "A curated" : article(label) === "an" ? "An" : "A"} ${label} at ${formatIstDateTime(a.atMs)}: ${inline(a.reason.trim().replace(/[.!?]+$/, ""))}${price}${drivers} ${citeAlert(src, h, a)}.`);
  }
  if (h.facts.alerts.length > MAX_ALERTS_CITED) out.push(`Further alerts follow the same pattern.`);
  const news = h.facts.news.slice(0, MAX_NEWS_CITED);
  for (const n of news) out.push(`${inline(n.source)} reported at ${formatIstDateTime(n.atMs)} (${n.sentiment}): “${inline(n.title)}” ${citeNews(src, h, n)}.`);
  if (h.facts.news.length > MAX_NEWS_CITED) out.push("More news items came in the window; the ones above are the latest.");
  for (const c of h.facts.concalls) {
    const guidance = c.guidance ? inline(firstSentence(c.guidance, 260)) : "no guidance stated.";
    const red = c.redflags ? ` Red flags: ${inline(firstSentence(c.redflags, 200))}` : "";
    const ind =
      c.positives.length + c.negatives.length > 0
        ? ` Indicators: ${[...c.positives.slice(0, 2).map((p) => `+ ${inline(p)}`), ...c.negatives.slice(0, 2).map((n) => `− ${inline(n)}`)].join("; ")}.`
        : "";
    out.push(`On its ${quarterLabel(c.quarter)} call (analysis filed ${formatIstDateTime(c.atMs)}), management guided: ${guidance}${red}${ind}`.replace(/\.?$/, ` ${citeCall(src, h, c)}.`));
  }
  return out;
}

/**
 * The exposure summary in prose: an opening on what mattered most for this book today and why, the book in a sentence,
 * then each holding by weight in sentences. Every figure and claim closes with the record it came from ([n], listed
 * under Sources); citation-check.ts holds the text to that.
 */
function writeExposure(frame: Frame): string {
  const src = new Sources();
  const ordered = [...frame.known].sort(byWeightThenInput);
  const material = ordered.filter((h) => isMaterial("exposure", h.facts));
  const out = preamble(frame, frame.weighted ? "Portfolio summary" : "Watchlist summary");
  const request = () => citeRequest(src, frame);

  // What mattered most: the largest event weighted by the holding's share of the book (equal shares for a watchlist).
  const equal = 1 / Math.max(1, ordered.length);
  const ranked = [...material].sort((a, b) => (b.weight ?? equal) * eventScore(b.facts) - (a.weight ?? equal) * eventScore(a.facts) || byWeightThenInput(a, b));
  const top = ranked[0];
  const opening: string[] = [];
  const topPoint = top ? keyPointCited(src, top) : null;
  if (top && topPoint) {
    opening.push(`**What mattered most today: ${top.symbol}${weightWords(top, request)} ${topPoint}.**`);
    const why =
      top === ordered[0] && frame.weighted
        ? `It is your largest holding, so this moves the book more than anything else in the window ${request()}.`
        : frame.weighted && top.weight !== null
          ? `Weighted by its share of the book, it is the day's largest event ${request()}.`
          : "Of the day's events in these symbols it is the most consequential: results first, then large moves, calls, curated alerts and news.";
    opening.push(why);
    const next = ranked
      .slice(1, 3)
      .sort(byWeightThenInput)
      .map((h) => {
        const point = keyPointCited(src, h);
        return point ? `${h.symbol}${weightWords(h, request)} ${point}` : null;
      })
      .filter((p): p is string => p !== null);
    if (next.length > 0) opening.push(`Next by weight: ${next.join("; ")}.`);
  }
  const tone = netTone(frame.totals);
  if (frame.totals.news > 0) opening.push(`News tone across the book was ${tone}.`);
  const concentration = concentrationSentence(frame, ordered);
  const book = concentration ? `${concentration} ${request()}` : "";
  out.push(opening.join(" "), "", ...(book ? [book, ""] : []), `${windowLine(frame).replace(/ Read: [^_]*_$/, "_")} ${request()}`, "", ...unknownLine(frame));

  // The holdings that moved, filed or were written about, by weight; the quiet ones in one sentence after them.
  const quiet: Holding[] = [];
  for (const h of ordered) {
    if (!hasAnyFact(h.facts)) {
      quiet.push(h);
      continue;
    }
    const profile = `${profileLine(h)} ${src.cite("company", h.symbol, `${h.symbol}: ${inline(h.facts.company.companyName)}, sector and market cap`)}${h.weight !== null || h.label ? ` ${request()}` : ""}`;
    out.push(sectionHeading(h), profile, "", holdingSentences(src, h).join(" "), "");
  }
  if (quiet.length > 0) {
    const names = quiet.map((h) => `${h.symbol}${h.weight !== null ? ` (${formatShare(h.weight)})` : ""}${h.label ? ` “${inline(h.label)}”` : ""}`);
    out.push("## Quiet in the window", "", `No news, alerts, results or concall guidance for ${joinList(names)} ${request()}.`, "");
  }
  out.push(...src.lines());
  return out.join("\n").trimEnd() + "\n";
}

/**
 * The effective number of holdings (1 ÷ Herfindahl) of the covered weights, taken as shares of what is covered: it lies
 * between 1 and the number of holdings whatever share of exposure sits elsewhere.
 */
export function effectiveHoldings(weights: readonly number[]): number {
  const positive = weights.filter((w) => w > 0);
  const total = positive.reduce((s, w) => s + w, 0);
  if (total <= 0) return 0;
  const hhi = positive.reduce((s, w) => s + (w / total) ** 2, 0);
  return Math.min(positive.length, Math.max(1, 1 / hhi));
}

function concentrationSentence(frame: Frame, ordered: readonly Holding[]): string {
  const sectors = new Map<string, number>();
  for (const h of ordered) sectors.set(h.facts.company.sector, (sectors.get(h.facts.company.sector) ?? 0) + (h.weight ?? 1));
  const [topSector, topSectorValue] = [...sectors.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? ["", 0];
  if (!frame.weighted) {
    return topSector && ordered.length > 1
      ? `No exposures given, so symbols are equally weighted; ${inline(topSector)} is the largest sector with ${topSectorValue} of ${ordered.length}.`
      : "";
  }
  const top = ordered[0];
  if (!top || top.weight === null) return "";
  const top3 = ordered.slice(0, 3).reduce((s, h) => s + (h.weight ?? 0), 0);
  const effective = effectiveHoldings(ordered.map((h) => h.weight ?? 0));
  const parts = [`Top holding ${top.symbol} is ${formatShare(top.weight)} of exposure${top.weight >= 0.25 ? " — a concentrated position" : ""}`];
  if (ordered.length > 3) parts.push(`the top three ${formatShare(top3)}`);
  parts.push(`${inline(topSector)} is the largest sector at ${formatShare(topSectorValue)}${topSectorValue >= 0.4 ? " (sector concentration)" : ""}`);
  if (ordered.length > 1) parts.push(`effective number of holdings ${effective.toFixed(1)}`);
  const unknownShare = 1 - ordered.reduce((s, h) => s + (h.weight ?? 0), 0);
  const tail = unknownShare > 0.0005 ? ` ${formatShare(unknownShare)} of exposure sits in symbols not covered.` : "";
  return `${parts.join("; ")}.${tail}`;
}

function moveAlerts(f: SymbolFacts): AlertFact[] {
  return f.alerts.filter((a) => MOVE_ALERT_TYPES.has(a.type));
}

function writeIntraday(frame: Frame): string {
  const moved = frame.known.filter((h) => isMaterial("intraday_movements", h.facts));
  const change = (h: Holding) => latestPriced(h.facts)?.price?.changePercent ?? null;
  const ordered = [...frame.known].sort(
    (a, b) =>
      Math.abs(change(b) ?? 0) - Math.abs(change(a) ?? 0) ||
      moveAlerts(b.facts).length - moveAlerts(a.facts).length ||
      byWeightThenInput(a, b),
  );
  const out = preamble(frame, "Intraday movements");
  const head: string[] = [`**${moved.length} of ${plural(frame.known.length, "symbol")} moved in the window.**`];
  const priced = frame.known.filter((h) => change(h) !== null);
  const gainer = [...priced].sort((a, b) => (change(b) ?? 0) - (change(a) ?? 0))[0];
  const loser = [...priced].sort((a, b) => (change(a) ?? 0) - (change(b) ?? 0))[0];
  if (gainer && (change(gainer) ?? 0) > 0) head.push(`Biggest gain: ${gainer.symbol} ${formatSignedPercent(change(gainer) ?? 0)}.`);
  if (loser && (change(loser) ?? 0) < 0) head.push(`Biggest fall: ${loser.symbol} ${formatSignedPercent(change(loser) ?? 0)}.`);
  const ofType = (types: string[]) => frame.known.filter((h) => h.facts.alerts.some((a) => types.includes(a.type))).map((h) => h.symbol);
  const volume = ofType(["vol_alert", "volume_alert"]);
  if (volume.length > 0) head.push(`Volume spikes: ${joinList(volume)}.`);
  const highs = ofType(["52w_high"]);
  const lows = ofType(["52w_low"]);
  if (highs.length > 0) head.push(`52-week highs: ${joinList(highs)}.`);
  if (lows.length > 0) head.push(`52-week lows: ${joinList(lows)}.`);
  if (frame.weighted && priced.length > 0) {
    const bookMove = frame.known.reduce((s, h) => s + (h.weight ?? 0) * (change(h) ?? 0), 0);
    head.push(`Weighted by exposure, the alerted moves come to ${formatSignedPercent(bookMove)} on the book (holdings without a priced alert counted flat).`);
  }
  out.push(head.join(" "), "", windowLine(frame), "", ...unknownLine(frame));

  for (const h of ordered) {
    out.push(sectionHeading(h), profileLine(h), "");
    const moves = moveAlerts(h.facts);
    const body = moves.slice(0, MAX_ALERTS_CITED).map(alertLine);
    if (moves.length > MAX_ALERTS_CITED) body.push(`- …and ${plural(moves.length - MAX_ALERTS_CITED, "more move alert")}.`);
    if (moves.length === 0) body.push("_No price or volume alerts in the window._");
    const context: string[] = [];
    const other = h.facts.alerts.filter((a) => !MOVE_ALERT_TYPES.has(a.type));
    for (const a of other.slice(0, 2)) context.push(alertLine(a).replace(/^- /, "- Context: "));
    const results = h.facts.earnings[0];
    if (results) context.push(`- Context: ${quarterLabel(results.quarter)} results filed ${formatIstDateTime(results.atMs)} — ${inline(firstSentence(results.summary, 160))}`);
    const news = h.facts.news.find((n) => isNonNeutral(n.sentiment)) ?? h.facts.news[0];
    if (news) context.push(`- Context: ${news.sentiment} news at ${formatIstDateTime(news.atMs)} (${inline(news.source)}): “${inline(news.title)}”`);
    out.push(...body, ...context, "");
  }
  return out.join("\n").trimEnd() + "\n";
}

function writeNews(frame: Frame): string {
  const score = (h: Holding) => {
    const t = tally([h.facts]);
    return t.news === 0 ? 0 : Math.abs(t.positive - t.negative) / t.news;
  };
  const ordered = [...frame.known].sort((a, b) => b.facts.news.length - a.facts.news.length || score(b) - score(a) || byWeightThenInput(a, b));
  const covered = frame.known.filter((h) => h.facts.news.length > 0);
  const t = frame.totals;
  const out = preamble(frame, "News context");
  const head: string[] = [
    `**${plural(t.news, "news item")} on ${covered.length} of ${plural(frame.known.length, "symbol")}: ${sentimentMix(t)} — net tone ${netTone(t)}.**`,
  ];
  const balance = (h: Holding) => {
    const s = tally([h.facts]);
    return s.positive - s.negative;
  };
  const mostPositive = [...covered].sort((a, b) => balance(b) - balance(a) || byWeightThenInput(a, b))[0];
  const mostNegative = [...covered].sort((a, b) => balance(a) - balance(b) || byWeightThenInput(a, b))[0];
  if (mostPositive && balance(mostPositive) > 0) head.push(`Most positive coverage: ${mostPositive.symbol} (${sentimentMix(tally([mostPositive.facts]))}).`);
  if (mostNegative && balance(mostNegative) < 0) head.push(`Most negative: ${mostNegative.symbol} (${sentimentMix(tally([mostNegative.facts]))}).`);
  const busiest = ordered[0];
  if (busiest && busiest.facts.news.length > 1) head.push(`Most covered: ${busiest.symbol} with ${plural(busiest.facts.news.length, "item")}.`);
  const sources = new Map<string, number>();
  for (const h of frame.known) for (const n of h.facts.news) sources.set(n.source, (sources.get(n.source) ?? 0) + 1);
  const topSources = [...sources.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
  if (topSources.length > 0) head.push(`Main sources: ${joinList(topSources.map(([s, n]) => `${inline(s)} (${n})`))}.`);
  out.push(head.join(" "), "", windowLine(frame), "", ...unknownLine(frame));

  for (const h of ordered) {
    out.push(sectionHeading(h));
    const s = tally([h.facts]);
    const weight = h.weight !== null ? ` · weight ${formatShare(h.weight)}` : "";
    out.push(h.facts.news.length > 0 ? `*Tone: ${netTone(s)} (${sentimentMix(s)})${weight}*` : profileLine(h), "");
    const body = newsLines(h.facts, MAX_NEWS_CITED_NEWS_MODE, true);
    if (body.length === 0) body.push("_No news in the window._");
    const priced = latestPriced(h.facts);
    if (priced) body.push(`- Context: ${alertLabel(priced.type).toLowerCase()} at ${formatIstDateTime(priced.atMs)} (${priceContext(priced)})`);
    out.push(...body, "");
  }
  return out.join("\n").trimEnd() + "\n";
}

function writeQuiet(frame: Frame, status: "success_no_news" | "success_no_signal"): string {
  if (frame.input.mode === "exposure") return writeQuietExposure(frame, status);
  const out = preamble(frame, frame.input.mode === "intraday_movements" ? "Intraday movements" : "News context");
  const symbols = plural(frame.known.length, "symbol");
  if (status === "success_no_news") {
    out.push(`No news, alerts, results or concall guidance for the ${symbols} in the window.`);
  } else {
    const what = frame.input.mode === "intraday_movements" ? "no price or volume alerts" : "no news with a positive or negative sentiment";
    const news = frame.totals.news > 0 ? ` Its news: ${sentimentMix(frame.totals)}.` : "";
    out.push(`Nothing material for this summary: the window holds ${what} for the ${symbols}.${news}`);
  }
  out.push("", windowLine(frame), "", ...unknownLine(frame));
  return out.join("\n").trimEnd() + "\n";
}

/** A quiet day of a book in prose, its figures cited like any other summary's. */
function writeQuietExposure(frame: Frame, status: "success_no_news" | "success_no_signal"): string {
  const src = new Sources();
  const out = preamble(frame, frame.weighted ? "Portfolio summary" : "Watchlist summary");
  const request = citeRequest(src, frame);
  const symbols = plural(frame.known.length, "symbol");
  if (status === "success_no_news") out.push(`Nothing to report: no news, alerts, results or concall guidance for the ${symbols} in the window ${request}.`);
  else out.push(`Nothing material for this book: the window holds no alerts, results, concall guidance or news with a positive or negative sentiment for the ${symbols} ${request}. Its news was all neutral in tone.`);
  out.push("", `${windowLine(frame).replace(/ Read: [^_]*_$/, "_")} ${request}`, "", ...unknownLine(frame), ...src.lines());
  return out.join("\n").trimEnd() + "\n";
}

/**
 * The built-in engine: reads the store and writes markdown from what it finds, the same text for the same
 * rows and clock. Status rules: `error` when no symbol is known; `success_no_news` when the window holds
 * nothing for any known symbol; `success_no_signal` when it holds items but none material for the mode.
 */
export function createDeterministicEngine(): SummaryEngine {
  return {
    name: DETERMINISTIC_ENGINE_NAME,
    summarize(input, context) {
      return Promise.resolve(summarizeNow(input, context));
    },
  };
}

function summarizeNow(input: SummaryInput, context: SummaryEngineContext): SummaryResult {
  const nowMs = context.now.getTime();
  const startMs = istWindowStart(context.now, input.contextWindowDays).getTime();
  const companies = findCompanies(context.db, input.holdings.map((h) => h.symbol));
  const facts = new Map<string, SymbolFacts>();
  for (const [symbol, company] of companies) facts.set(symbol, gatherSymbolFacts(context.db, company, { startMs, endMs: nowMs }));
  const { known, unknown, weighted } = weigh(input, facts);
  const details = {
    context_window_days: input.contextWindowDays,
    input_type: input.inputType,
    mode: input.mode,
    portfolio_size: input.holdings.length,
    request_id: context.requestId,
    submitted_symbol_count: input.submittedSymbolCount,
    symbols_processed: known.length,
    unknown_symbols: unknown,
    window_start: toIstIso(new Date(startMs)),
    window_end: toIstIso(context.now),
    engine: DETERMINISTIC_ENGINE_NAME,
  };
  if (known.length === 0) {
    return {
      status: "error",
      summary: null,
      details,
      error: { code: "no_known_symbols", message: `None of the submitted symbols is known: ${unknown.join(", ")}` },
    };
  }
  const frame: Frame = { input, context, known, unknown, weighted, startMs, nowMs, totals: tally(known.map((h) => h.facts)) };
  let status: SummaryStatus;
  if (!known.some((h) => hasAnyFact(h.facts))) status = "success_no_news";
  else if (!known.some((h) => isMaterial(input.mode, h.facts))) status = "success_no_signal";
  else status = "success";
  let summary: string;
  if (status !== "success") summary = writeQuiet(frame, status);
  else if (input.mode === "exposure") summary = writeExposure(frame);
  else if (input.mode === "intraday_movements") summary = writeIntraday(frame);
  else summary = writeNews(frame);
  return { status, summary, details, error: null };
}
