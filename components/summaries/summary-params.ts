import { createParser, parseAsBoolean, parseAsString, parseAsStringLiteral } from "@/lib/url-state/parsers";
import { CONTEXT_WINDOW_MAX, CONTEXT_WINDOW_MIN, SUMMARY_MODES, type SummaryMode } from "@/lib/alpha/summary-rules";

export const SUMMARY_SOURCES = ["watchlist", "symbols"] as const;
export type SummarySource = (typeof SUMMARY_SOURCES)[number];

const windowParser = createParser({
  parse: (v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= CONTEXT_WINDOW_MIN && n <= CONTEXT_WINDOW_MAX ? n : null;
  },
  serialize: (v: number) => String(v),
});

/** The Summaries page's URL: what to summarise, how, and which result is open. `watchlist` is the shared picker param. */
export const summaryParsers = {
  source: parseAsStringLiteral(SUMMARY_SOURCES),
  symbols: parseAsString.withDefault(""),
  mode: parseAsStringLiteral(SUMMARY_MODES).withDefault("news_context"),
  window: windowParser.withDefault(1),
  private: parseAsBoolean.withDefault(false),
  entry: parseAsString,
};

export const MODE_INFO: Record<SummaryMode, { label: string; description: string }> = {
  exposure: {
    label: "Exposure",
    description: "Your book by weight: what touched the biggest positions, concentration and sector mix (today and the previous day).",
  },
  intraday_movements: {
    label: "Intraday movements",
    description: "Price and volume moves: the alerts on your symbols, weighted by exposure.",
  },
  news_context: {
    label: "News context",
    description: "The news behind your symbols: tone, sources and the most covered names.",
  },
};

export function modeLabel(mode: string | null | undefined): string {
  return mode && mode in MODE_INFO ? MODE_INFO[mode as SummaryMode].label : (mode ?? "Exposure");
}

/** "tcs, infy  M&M" → ["TCS", "INFY", "M&M"] (order kept, repeats dropped). */
export function splitTypedSymbols(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean))];
}


/** "Generate an exposure summary", "Generate a news context summary": the article follows the word's sound. */
export function withArticle(phrase: string, verb?: string): string {
  const article = /^[aeiou]/i.test(phrase) && !/^(uni|use|one|eu)/i.test(phrase) ? "an" : "a";
  return verb ? `${verb} ${article} ${phrase}` : `${article} ${phrase}`;
}

/** "1 symbol", "12 symbols". */
export function symbolCountWords(n: number): string {
  return `${n} ${n === 1 ? "symbol" : "symbols"}`;
}
