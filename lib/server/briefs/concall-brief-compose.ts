/**
 * A concall brief from a held analysis, and what changed since the quarter before: pure, so two quarters of fixture
 * analyses prove it. Every line quotes the analysis (or the transcript) as it is; nothing is recomputed or invented.
 */
import type { Concall } from "@/lib/alpha/concalls";
import { quarterLabel } from "@/lib/alpha/quarters";
import { resolveBound } from "@/lib/alpha/time";
import type { BriefChange, BriefLine, ConcallBrief } from "@/lib/desk/concall-briefs";
import { formatIstDateTime } from "@/lib/format/time";

export const FROM_ANALYSIS = "from the service's analysis";

/** A held call: its analysis and, when the desk holds its transcript, the transcript's text. */
export interface HeldCall {
  call: Concall;
  transcript: string | null;
}

/** Sentences of a text; "Ltd." and decimals end none. */
export function sentences(text: string | null | undefined): string[] {
  if (!text) return [];
  const clean = text.replace(/\s+/g, " ").trim();
  const out: string[] = [];
  let start = 0;
  const re = /[.!?](?=\s+["“(]?[A-Z₹])/g;
  for (let m = re.exec(clean); m; m = re.exec(clean)) {
    if (/\b(?:Ltd|Co|Rs|No|vs|Mr|Mrs|Ms|Dr|approx)$/.test(clean.slice(start, m.index))) continue;
    out.push(clean.slice(start, m.index + 1).trim());
    start = m.index + 1;
  }
  const rest = clean.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

const STOP = new Set(["the", "and", "with", "that", "this", "for", "from", "over", "into", "its", "our", "has", "have", "was", "were", "are", "will", "which", "their", "about", "than", "said"]);

function tokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/[₹,]/g, "")
      .split(/[^a-z0-9.%]+/)
      .map((t) => t.replace(/\.$/, ""))
      .filter((t) => t.length > 2 && !STOP.has(t)),
  );
}

function similarity(a: string, b: string): number {
  const ta = tokens(a);
  const tb = tokens(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let both = 0;
  for (const t of ta) if (tb.has(t)) both++;
  return both / (ta.size + tb.size - both);
}

/** Paragraphs of a transcript, numbered from 1 as the reader shows them (blank-line separated). */
export function transcriptParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p.length > 0);
}

/** The transcript paragraph that says a line, as "transcript ¶N", or null when no paragraph carries most of its words. */
export function locateInTranscript(line: string, paragraphs: readonly string[]): string | null {
  const want = tokens(line);
  if (want.size < 2) return null;
  let best = -1;
  let bestScore = 0;
  paragraphs.forEach((p, i) => {
    const have = tokens(p);
    let hit = 0;
    for (const t of want) if (have.has(t)) hit++;
    const score = hit / want.size;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best >= 0 && bestScore >= 0.7 ? `transcript ¶${best + 1}` : null;
}

/** "October 14, 2026, 4:00 PM IST" in a transcript's header, as an instant. */
function callTimeFromTranscript(text: string): { at: Date; paragraph: number } | null {
  const paragraphs = transcriptParagraphs(text);
  for (let i = 0; i < Math.min(paragraphs.length, 5); i++) {
    const m = /([A-Z][a-z]+) (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}) ?([AP]M) IST/.exec(paragraphs[i] ?? "");
    if (!m) continue;
    const month = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"].indexOf(m[1] ?? "");
    if (month < 0) continue;
    let hour = Number(m[4]) % 12;
    if (m[6] === "PM") hour += 12;
    const iso = `${m[3]}-${String(month + 1).padStart(2, "0")}-${String(m[2]).padStart(2, "0")}T${String(hour).padStart(2, "0")}:${m[5]}:00+05:30`;
    const at = new Date(iso);
    if (!Number.isNaN(at.getTime())) return { at, paragraph: i + 1 };
  }
  return null;
}

const NO_FLAGS = /\bno (?:material )?red flags?\b/i;

/** A labelled figure of an analysis, quoted as written ("₹62,293.55 crore", "21.3%"). */
interface Figure {
  label: string;
  value: string;
  sentence: string;
}

const AMOUNT = String.raw`(₹\s?[\d,]+(?:\.\d+)?(?: lakh)?(?: crore| lakh)?)`;
const FIGURE_RULES: { label: string; re: RegExp }[] = [
  { label: "Revenue", re: new RegExp(String.raw`\brevenue (?:for [^,;]{1,20} )?was ${AMOUNT}`, "i") },
  { label: "EBITDA margin", re: /\bmargin (?:at|of|was) ([\d.]+%)/i },
  { label: "PAT", re: new RegExp(String.raw`\bPAT [^;]{0,30}?\bto ${AMOUNT}`) },
  { label: "Cash and investments", re: new RegExp(String.raw`\bcash and investments of ${AMOUNT}`, "i") },
  { label: "Contingent liabilities", re: new RegExp(String.raw`\bcontingent liabilities[^.;]{0,60}? ${AMOUNT}`, "i") },
  { label: "Net debt", re: new RegExp(String.raw`\bnet debt (?:of|at|was|stood at) ${AMOUNT}`, "i") },
  { label: "Order book", re: new RegExp(String.raw`\border book (?:of|at|was|stood at) ${AMOUNT}`, "i") },
  { label: "Revenue target", re: new RegExp(String.raw`\btargets revenue of ${AMOUNT}`, "i") },
];

function analysisSentences(call: Concall): string[] {
  const fromSections = (call.expanded_analysis?.sections ?? []).flatMap((s) => s.paragraphs.flatMap((p) => sentences(p)));
  return [...sentences(call.short_analysis?.guidance), ...sentences(call.short_analysis?.redflags), ...fromSections];
}

export function figuresOf(call: Concall): Map<string, Figure> {
  const out = new Map<string, Figure>();
  for (const sentence of analysisSentences(call)) {
    for (const rule of FIGURE_RULES) {
      if (out.has(rule.label)) continue;
      const m = rule.re.exec(sentence);
      if (m?.[1]) out.set(rule.label, { label: rule.label, value: m[1].replace(/\s+/g, " ").trim(), sentence });
    }
  }
  return out;
}

function refFor(line: string, paragraphs: readonly string[] | null): string {
  return (paragraphs && locateInTranscript(line, paragraphs)) ?? FROM_ANALYSIS;
}

function pairRef(label: string, current: string, previous: string, prevLabel: string): string {
  return current === previous ? `${label} and ${prevLabel}: ${current}` : `${label}: ${current}; ${prevLabel}: ${previous}`;
}

/** Sentences of `now` matched to those of `before` (most similar first, each used once), with the rest on either side. */
function matchSentences(now: readonly string[], before: readonly string[], threshold: number) {
  const pairs: { now: string; before: string }[] = [];
  const usedBefore = new Set<number>();
  const unmatchedNow: string[] = [];
  for (const s of now) {
    let best = -1;
    let bestScore = 0;
    before.forEach((b, i) => {
      if (usedBefore.has(i)) return;
      const score = s === b ? 1 : similarity(s, b);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (best >= 0 && bestScore >= threshold) {
      usedBefore.add(best);
      pairs.push({ now: s, before: before[best]! });
    } else unmatchedNow.push(s);
  }
  return { pairs, unmatchedNow, unmatchedBefore: before.filter((_, i) => !usedBefore.has(i)) };
}

const lower = (s: string) => s.toLowerCase().trim();

/** What changed from the previous quarter's call to this one: risks, positives, guidance wording and figures. */
export function whatChanged(current: HeldCall, previous: HeldCall): BriefChange[] {
  const q = quarterLabel(current.call.quarter ?? "");
  const p = quarterLabel(previous.call.quarter ?? "");
  const curParas = current.transcript ? transcriptParagraphs(current.transcript) : null;
  const prevParas = previous.transcript ? transcriptParagraphs(previous.transcript) : null;
  const refNow = (line: string) => `${q}: ${refFor(line, curParas)}`;
  const refBefore = (line: string) => `${p}: ${refFor(line, prevParas)}`;
  const refBoth = (now: string, before: string) => pairRef(q, refFor(now, curParas), refFor(before, prevParas), p);
  const out: BriefChange[] = [];

  // Red flags: a risk named now and not before is new; one named before and not now is no longer flagged.
  const flagsNow = sentences(current.call.short_analysis?.redflags).filter((s) => !NO_FLAGS.test(s));
  const flagsBefore = sentences(previous.call.short_analysis?.redflags).filter((s) => !NO_FLAGS.test(s));
  const flags = matchSentences(flagsNow, flagsBefore, 0.5);
  for (const s of flags.unmatchedNow) out.push({ kind: "new_risk", text: `New red flag: ${s}`, ref: refNow(s) });
  for (const s of flags.unmatchedBefore) out.push({ kind: "risk_cleared", text: `No longer flagged: ${s}`, ref: refBefore(s) });

  const indicators = (c: Concall, side: "positive" | "negative") => c.sentiment_analysis?.sentiment?.key_indicators?.[side] ?? [];
  const negBefore = new Set(indicators(previous.call, "negative").map(lower));
  const negNow = new Set(indicators(current.call, "negative").map(lower));
  const posBefore = new Set(indicators(previous.call, "positive").map(lower));
  const posNow = new Set(indicators(current.call, "positive").map(lower));
  for (const n of indicators(current.call, "negative")) if (!negBefore.has(lower(n))) out.push({ kind: "new_risk", text: `New negative indicator: ${n}`, ref: refNow(n) });
  for (const n of indicators(previous.call, "negative")) if (!negNow.has(lower(n))) out.push({ kind: "risk_cleared", text: `Negative indicator gone: ${n}`, ref: refBefore(n) });
  for (const n of indicators(previous.call, "positive")) if (!posNow.has(lower(n))) out.push({ kind: "dropped_positive", text: `Dropped positive: ${n}`, ref: refBefore(n) });
  for (const n of indicators(current.call, "positive")) if (!posBefore.has(lower(n))) out.push({ kind: "new_positive", text: `New positive: ${n}`, ref: refNow(n) });

  // Guidance, verbatim on both sides: a sentence reworded, a new one, one no longer given.
  const guidance = matchSentences(sentences(current.call.short_analysis?.guidance), sentences(previous.call.short_analysis?.guidance), 0.4);
  for (const pair of guidance.pairs) {
    if (pair.now === pair.before) continue;
    out.push({ kind: "guidance_moved", text: `Guidance wording moved. ${p}: “${pair.before}” ${q}: “${pair.now}”`, ref: refBoth(pair.now, pair.before) });
  }
  for (const s of guidance.unmatchedNow) out.push({ kind: "guidance_new", text: `New in guidance: “${s}”`, ref: refNow(s) });
  for (const s of guidance.unmatchedBefore) out.push({ kind: "guidance_dropped", text: `No longer in guidance: “${s}”`, ref: refBefore(s) });

  // Figures named on both calls that moved, quoted as each analysis wrote them.
  const figNow = figuresOf(current.call);
  const figBefore = figuresOf(previous.call);
  for (const [label, now] of figNow) {
    const before = figBefore.get(label);
    if (!before || before.value === now.value) continue;
    out.push({ kind: "number_moved", text: `${label}: ${before.value} (${p}) → ${now.value} (${q})`, ref: refBoth(now.sentence, before.sentence) });
  }
  return out;
}

/** The call's time as the brief states it: the transcript's header when held, else the analysis's filing time. */
function callTimeLine(held: HeldCall): BriefLine {
  const fromTranscript = held.transcript ? callTimeFromTranscript(held.transcript) : null;
  if (fromTranscript) return { text: `Call held ${formatIstDateTime(fromTranscript.at)}`, ref: `transcript ¶${fromTranscript.paragraph}` };
  const filed = held.call.date ? resolveBound(held.call.date.trim(), "from") : null;
  return filed && !Number.isNaN(filed.getTime())
    ? { text: `Analysis filed ${formatIstDateTime(filed)} (the call itself is timed in the transcript, not held)`, ref: FROM_ANALYSIS }
    : { text: "Call time not stated in the analysis", ref: FROM_ANALYSIS };
}

const bullet = (line: BriefLine, mark = "-") => `${mark} ${line.text} [${line.ref}]`;

/** The brief of one call: the analysis's own words, each line with its reference, and what changed since `previous`. */
export function composeConcallBrief(input: {
  symbol: string;
  company: string | null;
  quarter: string;
  previousQuarter: string;
  current: HeldCall;
  previous: HeldCall | null;
}): ConcallBrief {
  const { current, previous } = input;
  const paragraphs = current.transcript ? transcriptParagraphs(current.transcript) : null;
  const line = (text: string): BriefLine => ({ text, ref: refFor(text, paragraphs) });
  const guidance = sentences(current.call.short_analysis?.guidance).map(line);
  const redFlags = sentences(current.call.short_analysis?.redflags).map(line);
  const positive = (current.call.sentiment_analysis?.sentiment?.key_indicators?.positive ?? []).map(line);
  const negative = (current.call.sentiment_analysis?.sentiment?.key_indicators?.negative ?? []).map(line);
  const changes = previous ? whatChanged(current, previous) : [];
  const callTime = callTimeLine(current);
  const q = quarterLabel(input.quarter);
  const p = quarterLabel(input.previousQuarter);

  const text: string[] = [`${input.symbol}${input.company ? ` · ${input.company}` : ""} · ${q} concall brief`, bullet(callTime, "").trim(), ""];
  text.push("Guidance (verbatim)", ...(guidance.length > 0 ? guidance.map((g) => bullet({ ...g, text: `“${g.text}”` })) : [`- No guidance stated [${FROM_ANALYSIS}]`]), "");
  text.push("Red flags", ...(redFlags.length > 0 ? redFlags.map((r) => bullet(r)) : [`- None stated [${FROM_ANALYSIS}]`]), "");
  if (positive.length + negative.length > 0) text.push("Indicators", ...positive.map((x) => bullet(x, "+")), ...negative.map((x) => bullet(x, "−")), "");
  text.push(`What changed since the ${p} call`);
  if (!previous) text.push(`- The desk does not hold the ${p} call's analysis, so nothing is compared (open it on the desk to compare).`);
  else if (changes.length === 0) text.push(`- Nothing: the same guidance, red flags, indicators and figures as ${p} [${FROM_ANALYSIS}]`);
  else text.push(...changes.map((c) => bullet(c)));

  return {
    symbol: input.symbol,
    company: input.company,
    quarter: input.quarter,
    callTime,
    guidance,
    redFlags,
    indicators: { positive, negative },
    changes: { previousQuarter: input.previousQuarter, held: previous !== null, lines: changes },
    transcriptHeld: current.transcript !== null,
    text: text.join("\n").trimEnd() + "\n",
    credits: 0,
  };
}
