import { IST_OFFSET_MINUTES } from "../../lib/alpha/time";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";
import type { SummaryInput } from "./engine";
import { effectiveHoldings, SOURCE_KINDS, type SourceKind } from "./deterministic-engine";

/**
 * Holds a prose summary to its sources: every number in the text must be a number of a record it cites. The text is cut
 * at its citation markers ([n]); the numbers of each stretch must be found among the numbers of the records its markers
 * name, read from the store (a figure as stored, a change between two columns of a results table, a date or time of the
 * record in IST). The Sources list is checked too, each line against its own record. Headings are not checked.
 */

export interface CitationFailure {
  text: string;
  number: string;
  cited: string[];
}

const KIND_BY_WORD = new Map<string, SourceKind>(Object.entries(SOURCE_KINDS).map(([k, v]) => [v, k as SourceKind]));
const NUMBER_RE = /\d[\d,]*(?:\.\d+)?/g;
/** Fixed words that carry digits but are no figure. */
const VOCABULARY = /\b52-week\b/gi;

function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER_RE)].map((m) => Number(m[0].replace(/,/g, ""))).filter((n) => Number.isFinite(n));
}

function dateParts(ms: number | null | undefined): number[] {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return [];
  const d = new Date(ms + IST_OFFSET_MINUTES * 60_000);
  return [d.getUTCDate(), d.getUTCFullYear(), d.getUTCHours(), d.getUTCMinutes()];
}

function quarterParts(key: string | null | undefined): number[] {
  const m = /^q([1-4])_(\d{2})$/.exec(key ?? "");
  return m ? [Number(m[1]), Number(m[2])] : [];
}

function jsonNumbers(value: unknown, out: number[] = []): number[] {
  if (typeof value === "number") out.push(value);
  else if (typeof value === "string") out.push(...numbersIn(value));
  else if (Array.isArray(value)) for (const v of value) jsonNumbers(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) jsonNumbers(v, out);
  return out;
}

function parse(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Changes a results table implies: each row's first column against the others, in % and (margins) in basis points. */
function tableChanges(table: unknown): number[] {
  const rows = (table as { rows?: { label?: string; values?: (number | null)[] }[] } | null)?.rows ?? [];
  const out: number[] = [];
  for (const r of rows) {
    const [now, ...rest] = r.values ?? [];
    if (now === null || now === undefined) continue;
    for (const before of rest) {
      if (before === null || before === undefined) continue;
      if (before !== 0) out.push(((now - before) / Math.abs(before)) * 100);
      out.push(Math.abs(now - before) * 100);
    }
  }
  return out;
}

/** The numbers a record holds, by kind and id; null when the store has no such record. */
export function recordNumbers(db: Db, kind: SourceKind, id: string, input: SummaryInput, window: { startMs: number; nowMs: number }): number[] | null {
  switch (kind) {
    case "filing": {
      const r = prepared(db, "SELECT quarter, date_ms, summary, earnings_table FROM earnings WHERE id = ?").get(id) as
        | { quarter: string; date_ms: number; summary: string; earnings_table: string | null }
        | undefined;
      if (!r) return null;
      const table = parse(r.earnings_table);
      return [...numbersIn(r.summary), ...jsonNumbers(table), ...tableChanges(table), ...dateParts(r.date_ms), ...quarterParts(r.quarter)];
    }
    case "alert": {
      const r = prepared(db, "SELECT reason, ts_ms, price, primary_drivers FROM alerts WHERE id = ?").get(id) as
        | { reason: string; ts_ms: number; price: string | null; primary_drivers: string }
        | undefined;
      if (!r) return null;
      const price = parse(r.price) as { value?: number; change_percent?: number; as_of?: string } | null;
      return [
        ...numbersIn(r.reason),
        ...jsonNumbers(parse(r.primary_drivers)),
        ...(price?.value !== undefined ? [price.value] : []),
        ...(price?.change_percent !== undefined ? [price.change_percent] : []),
        ...dateParts(price?.as_of ? Date.parse(price.as_of) : null),
        ...dateParts(r.ts_ms),
      ];
    }
    case "news": {
      const r = prepared(db, "SELECT title, summary, source, link, date_ms FROM news WHERE id = ?").get(id) as
        | { title: string; summary: string; source: string; link: string; date_ms: number }
        | undefined;
      if (!r) return null;
      return [...numbersIn(r.title), ...numbersIn(r.summary), ...numbersIn(r.source), ...numbersIn(r.link), ...dateParts(r.date_ms)];
    }
    case "call": {
      const r = prepared(db, "SELECT quarter, date_ms, short_analysis, sentiment_analysis FROM concalls WHERE id = ?").get(id) as
        | { quarter: string; date_ms: number; short_analysis: string | null; sentiment_analysis: string | null }
        | undefined;
      if (!r) return null;
      return [...jsonNumbers(parse(r.short_analysis)), ...jsonNumbers(parse(r.sentiment_analysis)), ...dateParts(r.date_ms), ...quarterParts(r.quarter)];
    }
    case "company": {
      const r = prepared(db, "SELECT company_name, market_cap FROM companies WHERE symbol = ?").get(id) as { company_name: string; market_cap: number } | undefined;
      return r ? [r.market_cap, ...numbersIn(r.company_name)] : null;
    }
    case "request":
      return requestNumbers(db, input, window);
  }
}

/** What the request says: the exposures, each holding's share of the book and the shares that add up from them, the window. */
function requestNumbers(db: Db, input: SummaryInput, window: { startMs: number; nowMs: number }): number[] {
  const sector = prepared(db, "SELECT sector FROM companies WHERE symbol = ?");
  const known = input.holdings.filter((h) => sector.get(h.symbol) !== undefined);
  const total = input.holdings.reduce((s, h) => s + (h.exposure ?? 0), 0);
  const out: number[] = [input.contextWindowDays, ...dateParts(window.startMs), ...dateParts(window.nowMs), input.holdings.length, known.length];
  for (const h of input.holdings) if (h.label) out.push(...numbersIn(h.label));
  const counts = new Map<string, number>();
  for (const h of known) counts.set((sector.get(h.symbol) as { sector: string }).sector, (counts.get((sector.get(h.symbol) as { sector: string }).sector) ?? 0) + 1);
  out.push(...counts.values());
  if (total <= 0) return out;
  const shares = known.map((h) => ((h.exposure ?? 0) / total) * 100);
  out.push(...input.holdings.map((h) => h.exposure ?? 0), ...shares);
  const sorted = [...shares].sort((a, b) => b - a);
  sorted.reduce((sum, s) => (out.push(sum + s), sum + s), 0);
  const bySector = new Map<string, number>();
  for (const h of known) {
    const s = (sector.get(h.symbol) as { sector: string }).sector;
    bySector.set(s, (bySector.get(s) ?? 0) + ((h.exposure ?? 0) / total) * 100);
  }
  out.push(...bySector.values(), effectiveHoldings(known.map((h) => h.exposure ?? 0)), 100 - shares.reduce((a, b) => a + b, 0));
  return out;
}

/** Whether `text` (as written, with its decimals) is one of `allowed` rounded the same way. */
function matches(text: string, allowed: readonly number[]): boolean {
  const clean = text.replace(/,/g, "");
  const decimals = clean.includes(".") ? clean.length - clean.indexOf(".") - 1 : 0;
  const value = Number(clean);
  const scale = 10 ** decimals;
  return allowed.some((a) => {
    const v = Math.abs(a);
    return Math.abs(Math.round(v * scale) / scale - value) < 1e-9 || (decimals === 0 && Math.abs(Math.trunc(v) - value) < 1e-9 && Math.abs(v - Math.trunc(v)) < 1e-9);
  });
}

/** Every number of the summary that is not a number of a record it cites (none: the summary holds to its sources). */
export function checkCitations({ db, summary, input, window }: { db: Db; summary: string; input: SummaryInput; window: { startMs: number; nowMs: number } }): CitationFailure[] {
  // Symbols are names, not figures (3MINDIA); so are the fixed words.
  const symbols = new RegExp(`\\b(?:${input.holdings.map((h) => h.symbol.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")).join("|") || "(?!)"})\\b`, "g");
  const strip = (t: string) => t.replace(VOCABULARY, "").replace(symbols, "");
  const [body = "", sourcesPart = ""] = summary.split(/^## Sources\s*$/m);
  const sources = new Map<number, { kind: SourceKind; id: string; numbers: number[] | null; line: string }>();
  for (const line of sourcesPart.split("\n")) {
    const m = /^(\d+)\. (.+?) `([^`]+)` — (.*)$/.exec(line.trim());
    if (!m) continue;
    const kind = KIND_BY_WORD.get(m[2] ?? "");
    if (!kind) continue;
    sources.set(Number(m[1]), { kind, id: m[3] ?? "", numbers: recordNumbers(db, kind, m[3] ?? "", input, window), line: m[4] ?? "" });
  }
  const failures: CitationFailure[] = [];
  // Each source line against its own record.
  for (const [n, s] of sources) {
    if (s.numbers === null) failures.push({ text: s.line, number: `[${n}]`, cited: [`${s.kind} ${s.id} (not in the store)`] });
    else for (const t of strip(s.line.replace(/\]\(https?:\/\/[^)]*\)/g, "]")).match(NUMBER_RE) ?? []) if (!matches(t, s.numbers)) failures.push({ text: s.line, number: t, cited: [`${s.kind} ${s.id}`] });
  }
  const text = body
    .split("\n")
    .filter((l) => !/^#/.test(l.trim()))
    .join("\n");
  // A stretch of text, then the markers that cite it.
  const stretches = text.split(/((?:\s*\[\d+\])+)/);
  for (let i = 0; i < stretches.length; i += 2) {
    const part = strip(stretches[i] ?? "");
    const markers = [...(stretches[i + 1] ?? "").matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    const cited = markers.map((n) => sources.get(n)).filter((s): s is NonNullable<typeof s> => s !== undefined);
    const allowed = cited.flatMap((s) => s.numbers ?? []);
    for (const t of part.match(NUMBER_RE) ?? []) {
      if (!matches(t, allowed)) failures.push({ text: part.trim().slice(-200), number: t, cited: cited.map((s) => `${s.kind} ${s.id}`) });
    }
  }
  return failures;
}
