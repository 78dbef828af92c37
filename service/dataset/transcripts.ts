/**
 * Concall transcripts and recordings, rebuilt on demand from the call's row: the same row always gives
 * the same text and the same audio, so neither is stored.
 */
import type { EarningsTable } from "../../lib/alpha/earnings";
import { quarterLabel } from "../../lib/alpha/quarters";
import type { CompanyRecord } from "./companies";
import * as phrases from "./phrases";
import { createRng, type Rng } from "./rng";
import {
  balanceSheetLine,
  companyProfile,
  factsFromEarningsTable,
  fillTemplate,
  formatCrore,
  formatLongDate,
  formatRupees,
  movedText,
  personName,
  plausibleResults,
  sceneValues,
  sectorLines,
  usableTemplates,
  visibleBps,
  visibleMove,
  type ResultsClass,
  type ResultsFacts,
  type TextScene,
  type Tone,
} from "./rows";

export interface TranscriptCall {
  id: string;
  symbol: string;
  quarter: string;
  /** Scheduled call time, ISO UTC. */
  meeting_date: string;
}

/** The stored results of the quarter, when the caller has them: the transcript then quotes its numbers. */
export interface TranscriptEarnings {
  /** The table as stored (JSON text) or parsed. */
  earnings_table?: EarningsTable | string | null;
}

function tableOf(earnings: TranscriptEarnings | null | undefined): EarningsTable | null {
  const t = earnings?.earnings_table;
  if (typeof t !== "string") return t ?? null;
  try {
    return JSON.parse(t) as EarningsTable;
  } catch {
    return null;
  }
}

const MIN_WORDS = 2_000;
const MAX_WORDS = 5_000;

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

function classOf(f: { revenueGrowth: number; ebitdaGrowth: number; patGrowth: number }): ResultsClass {
  if (f.revenueGrowth > 0 && f.patGrowth > 0) return "positive";
  if (f.revenueGrowth < 0 && f.patGrowth < 0) return "negative";
  return "mixed";
}

interface Speaker {
  name: string;
  role: string;
}

function toneOf(cls: ResultsClass): Tone {
  return cls === "positive" ? "positive" : cls === "negative" ? "negative" : "neutral";
}

const POSITIVE_TEXT = /\b(strong|record|highest|pleased|robust|encouraging|improv|gained)/i;
const NEGATIVE_TEXT = /\b(challenging|below our own expectations|softer|weak|decline|pressure)/i;

function fitsTone(text: string, tone: Tone): boolean {
  if (tone === "positive") return !NEGATIVE_TEXT.test(text);
  if (tone === "negative") return !POSITIVE_TEXT.test(text);
  return true;
}

/** Up to `count` texts that suit the business and the tone of the quarter (fewer rather than off-key ones). */
function pickTexts(rng: Rng, pool: readonly string[], count: number, tone: Tone, scene: TextScene): string[] {
  const fit = usableTemplates(pool, scene).filter((t) => fitsTone(t, tone));
  return rng.sample(fit, count).map((t) => fillTemplate(t, sceneValues(rng, t, scene)));
}

const FIRST_PERSON: readonly (readonly [RegExp, string])[] = [
  [/^Management reiterated its /, "We reiterate our "],
  [/^Management expects /, "We expect "],
  [/^Management guided for /, "We are guiding for "],
  [/^Management indicated that /, "We believe "],
  [/^The company reiterated its /, "We reiterate our "],
  [/^The company raised its /, "We are raising our "],
  [/^The company expects /, "We expect "],
  [/^The company plans /, "We plan "],
  [/^The company aims /, "We aim "],
  [/^The company targets /, "We target "],
  [/^The company sees /, "We see "],
];

/** An analyst's line about management, as management would say it; null when it does not convert. */
function asSpoken(line: string): string | null {
  for (const [re, to] of FIRST_PERSON) if (re.test(line)) return line.replace(re, to).replace(/ its /, " our ");
  return /^(Management|The company)\b/.test(line) ? null : line;
}

/** Sector commentary is written about management; spoken, it drops the attribution. */
function spokenLine(line: string): string {
  const out = line
    .replace(/^Management said (that )?/, "")
    .replace(/^Management expects /, "We expect ")
    .replace(/^The company said (that )?/, "")
    .replace(/^The company /, "We ");
  return out.charAt(0).toUpperCase() + out.slice(1);
}

function spokenGuidance(rng: Rng, count: number, tone: Tone, scene: TextScene): string[] {
  return pickTexts(rng, phrases.guidanceLines, count * 3, tone, scene)
    .map(asSpoken)
    .filter((x): x is string => x !== null)
    .slice(0, count);
}

export interface CompanyRoster {
  ceo: Speaker;
  cfo: Speaker;
  ir: Speaker;
}

const rosterCache = new Map<string, CompanyRoster>();

/** The company's call roster: the same three people every quarter, three different people, one role each. */
export function companyRoster(company: CompanyRecord): CompanyRoster {
  const hit = rosterCache.get(company.symbol);
  if (hit) return hit;
  const people = createRng(`people|${company.symbol}`);
  const taken = new Set<string>();
  const distinctName = (): string => {
    let name = personName(people);
    while (taken.has(name)) name = personName(people);
    taken.add(name);
    return name;
  };
  const roster: CompanyRoster = {
    ceo: { name: distinctName(), role: people.pick(["Managing Director & Chief Executive Officer", "Chairman & Managing Director"]) },
    cfo: { name: distinctName(), role: people.pick(["Chief Financial Officer", "Group Chief Financial Officer"]) },
    ir: { name: distinctName(), role: people.pick(["Head of Investor Relations", "President - Strategy & Investor Relations"]) },
  };
  rosterCache.set(company.symbol, roster);
  return roster;
}

/** A full earnings-call transcript (2,000–5,000 words), deterministic from the call row. */
export function buildTranscript(call: TranscriptCall, company: CompanyRecord, earnings?: TranscriptEarnings | null): string {
  const rng = createRng(`transcript|${call.id}`);
  const meetingMs = Date.parse(call.meeting_date);
  const atMs = Number.isNaN(meetingMs) ? 0 : meetingMs;
  const fromTable = factsFromEarningsTable(call.quarter, tableOf(earnings));
  const profile = companyProfile(company);
  const facts: ResultsFacts = fromTable
    ? { ...fromTable, cls: classOf(fromTable), significant: false, financial: profile.financial }
    : plausibleResults(rng, company, call.quarter);
  const tone = toneOf(facts.cls);
  const scene: TextScene = { company, atMs, tone, quarter: call.quarter, results: facts, memo: new Map() };

  const { ceo, cfo, ir } = companyRoster(company);
  const host = rng.pick(phrases.analystFirms);
  const moderator: Speaker = { name: personName(rng), role: host };
  const hostScene: TextScene = { ...scene, fixed: { brokerage: host, person: ir.name } };

  const istTime = new Date(atMs + 330 * 60_000);
  const hh = istTime.getUTCHours();
  const mm = String(istTime.getUTCMinutes()).padStart(2, "0");
  const clock = `${((hh + 11) % 12) + 1}:${mm} ${hh < 12 ? "AM" : "PM"} IST`;
  const label = quarterLabel(call.quarter);

  const blocks: string[] = [];
  const say = (who: Speaker | "Moderator", text: string) => blocks.push(`${who === "Moderator" ? "Moderator" : who.name}: ${text}`);

  const header = [
    company.companyName,
    `${label} Earnings Conference Call`,
    `${formatLongDate(atMs)}, ${clock}`,
    "",
    "MANAGEMENT:",
    `${ceo.name} – ${ceo.role}`,
    `${cfo.name} – ${cfo.role}`,
    `${ir.name} – ${ir.role}`,
    "",
    `MODERATOR: ${moderator.name} – ${host}`,
  ].join("\n");

  const greeting = hh < 12 ? /good morning|good day/i : hh < 17 ? /good afternoon|good day/i : /good evening|good day/i;
  const openers = phrases.transcriptOpeners.filter((o) => !/^good (morning|afternoon|evening)/i.test(o) || greeting.test(o));
  const openerTemplate = rng.pick(openers.length > 0 ? openers : phrases.transcriptOpeners);
  const opener = fillTemplate(openerTemplate, sceneValues(rng, openerTemplate, hostScene));
  say("Moderator", /hand the conference over|invite/i.test(opener) ? opener : `${opener} I now hand the conference over to ${ir.name} from ${company.companyName}. Thank you, and over to you.`);
  say(
    ir,
    `Thank you. Good ${hh < 12 ? "morning" : hh < 17 ? "afternoon" : "evening"}, everyone, and welcome to the ${label} earnings call of ${company.companyName}. ` +
      `Joining me today are ${ceo.name}, our ${ceo.role}, and ${cfo.name}, our ${cfo.role}. ` +
      `Some of the statements made on today's call may be forward-looking in nature and involve risks and uncertainties; actual results may differ materially. ` +
      `The results, the investor presentation and the press release have been filed with the stock exchanges and are available on our website. I will now hand over to ${ceo.name}.`,
  );

  const remarks = phrases.managementRemarks;
  const handover = remarks.find((r) => /hand over to our CFO/i.test(r));
  const cfoIntro = remarks.find((r) => /^Thank you\. Let me take you through/i.test(r));
  const summary = remarks.find((r) => /^To summarise/i.test(r));
  const financeLine = remarks.find((r) => /^Finance costs/i.test(r));
  const general = remarks.filter((r) => r !== handover && r !== cfoIntro && r !== summary && r !== financeLine && !/dividend/i.test(r));
  const ceoParas = pickTexts(rng, general, rng.int(6, 8), tone, scene);
  const sector = usableTemplates(sectorLines(company), scene, false);
  if (sector.length > 0) ceoParas.splice(1, 0, rng.sample(sector, 2).map((t) => spokenLine(fillTemplate(t, sceneValues(rng, t, scene)))).join(" "));
  say(ceo, ["Thank you, and good day to everyone on the call.", ...ceoParas, handover ?? "I will now hand over to our CFO."].join("\n\n"));

  const revWord = facts.financial ? "Total income" : "Revenue from operations";
  const profitWord = facts.financial ? "pre-provision operating profit" : "EBITDA";
  const numbers =
    `To put numbers to it: ${revWord.toLowerCase()} for ${label} was ${formatCrore(facts.revenue, true)}, ` +
    `${movedText(facts.revenueGrowth, "up", "down", "flat")} year-on-year. ` +
    `${profitWord.charAt(0).toUpperCase()}${profitWord.slice(1)} ${movedText(facts.ebitdaGrowth, "grew", "declined", "was flat")}, ` +
    `and the margin was ${facts.margin.toFixed(1)}%, ${visibleBps(facts.marginChange) ? `${facts.marginChange > 0 ? "an expansion" : "a contraction"} of ${Math.round(Math.abs(facts.marginChange) * 100)} basis points` : "unchanged from a year ago"}. ` +
    `Profit after tax was ${formatCrore(facts.pat, true)}, ${visibleMove(facts.patGrowth) ? `${facts.patGrowth > 0 ? "higher" : "lower"} by ${Math.abs(facts.patGrowth).toFixed(1)}% over` : "level with"} the same quarter last year, ` +
    `and earnings per share stood at ${formatRupees(facts.eps)}.`;
  const cfoParas: string[] = [];
  if (cfoIntro && usableTemplates([cfoIntro], scene).length > 0 && fitsTone(cfoIntro, tone) && facts.revenueGrowth >= 0 && facts.ebitdaGrowth >= 0 && facts.marginChange >= 0)
    cfoParas.push(fillTemplate(cfoIntro, sceneValues(rng, cfoIntro, scene)));
  else cfoParas.push("Thank you. Let me take you through the key financial highlights for the quarter.");
  cfoParas.push(numbers);
  const balance = profile.financial ? null : balanceSheetLine(company, facts);
  if (balance) cfoParas.push(balance);
  cfoParas.push(...spokenGuidance(rng, 2, tone, scene));
  if (summary) cfoParas.push(fillTemplate(summary, sceneValues(rng, summary, scene)));
  say(cfo, cfoParas.join("\n\n"));

  const transitions = phrases.moderatorTransitions;
  const firstTransition = transitions.find((t) => /begin the question-and-answer/i.test(t)) ?? transitions[0] ?? "";
  const nextTransitions = transitions.filter((t) => t !== firstTransition && !/last question/i.test(t) && !/audio is breaking/i.test(t) && !/follow-up/i.test(t));
  const lastTransition = transitions.find((t) => /last question/i.test(t));
  const pairs = questionPairs(tone, scene);
  const order = rng.shuffle(pairs);
  const answers = usableTemplates(phrases.managementAnswers, scene);

  const exchanges = rng.int(7, 9);
  const qaBlocks: { analyst: Speaker; lines: string[] }[] = [];
  for (let i = 0; i < 14; i++) {
    const analyst: Speaker = { name: personName(rng), role: rng.pick(phrases.analystFirms) };
    const fixed = { person: analyst.name, brokerage: analyst.role };
    const lines: string[] = [];
    const fill = (t: string) => fillTemplate(t, sceneValues(rng, t, scene));
    const transition = i === 0 ? firstTransition : rng.pick(nextTransitions.length > 0 ? nextTransitions : transitions);
    lines.push(`Moderator: ${fillTemplate(transition, sceneValues(rng, transition, { ...scene, fixed }))}`);
    const p1 = order[(2 * i) % Math.max(1, order.length)];
    const p2 = order[(2 * i + 1) % Math.max(1, order.length)];
    const two = rng.chance(0.5) && p2 !== undefined && p2 !== p1;
    const question = p1 ? fill(p1.question) : "Could you share some colour on the outlook for the rest of the year?";
    lines.push(`${analyst.name}: ${question}${two && p2 ? ` And secondly, ${lowerFirst(fill(p2.question))}` : ""}`);
    const responder = rng.chance(0.55) ? ceo : cfo;
    const reply = [p1 ? fill(p1.answer) : pickTexts(rng, answers, 1, tone, scene).join(" ")];
    if (two && p2) reply.push(`On your second question, ${lowerFirst(fill(p2.answer))}`);
    if (rng.chance(0.6)) {
      const extra = rng.chance(0.5) && sector.length > 0 ? spokenLine(fill(rng.pick(sector))) : (spokenGuidance(rng, 1, tone, scene)[0] ?? "");
      if (extra) reply.push(`${rng.pick(["Just to add to that,", "If I may add,", "More broadly,", "To put it in context,"])} ${lowerFirst(extra)}`);
    }
    lines.push(`${responder.name}: ${reply.join(" ")}`);
    if (rng.chance(0.35)) {
      lines.push(`${analyst.name}: ${rng.pick(["Understood. Just a small follow-up: is this trend sustainable over the next few quarters?", "Got it. And could you quantify that in terms of margin impact?", "That is helpful. Any change to the capex plan because of this?"])}`);
      const other = responder === ceo ? cfo : ceo;
      lines.push(`${other.name}: ${pickTexts(rng, answers, 1, tone, scene).join(" ")}`);
    }
    lines.push(`${analyst.name}: ${rng.pick(["Thank you, and all the best.", "Thank you. That's all from my side.", "Thanks, I will join back the queue.", "Thank you so much."])}`);
    qaBlocks.push({ analyst, lines });
  }

  const closer = phrases.transcriptClosers;
  const lastQ = closer.find((c) => /last question/i.test(c));
  const mgmtClose = closer.filter((c) => /thank all the participants|for joining us today/i.test(c) && !/^Thank you\. On behalf/i.test(c));
  const hostClose = closer.find((c) => /^Thank you\. On behalf/i.test(c));
  const closingTemplate = rng.pick(mgmtClose.length > 0 ? mgmtClose : closer);

  // Closing remarks can run longer when the Q&A ran short.
  const extraClosing = spokenGuidance(rng, 6, tone, scene);
  const compose = (n: number, extra = 0): string => {
    const qa = qaBlocks.slice(0, n).map((b, i) => {
      if (!lastTransition || i !== n - 1 || i === 0) return b.lines;
      const fixed = { person: b.analyst.name, brokerage: b.analyst.role };
      return [`Moderator: ${fillTemplate(lastTransition, sceneValues(rng, lastTransition, { ...scene, fixed }))}`, ...b.lines.slice(1)];
    });
    const ending = [
      `Moderator: ${lastQ ?? "Thank you. That was the last question for today. I would now like to hand the conference back to the management for closing comments."}`,
      `${ceo.name}: ${[...(extra > 0 ? ["Before we close, let me reiterate a few points from today's discussion.", ...extraClosing.slice(0, extra)] : []), fillTemplate(closingTemplate, { company: company.companyName, brokerage: host })].join(" ")}`,
      `Moderator: ${hostClose ? fillTemplate(hostClose, { brokerage: host, company: company.companyName }) : `Thank you. On behalf of ${host}, that concludes this conference. Thank you for joining us, and you may now disconnect your lines.`}`,
    ];
    return [header, ...blocks, ...qa.map((l) => l.join("\n\n")), ...ending].join("\n\n") + "\n";
  };

  let n = exchanges;
  let extra = 0;
  let text = compose(n);
  while (wordCount(text) < MIN_WORDS && n < 10) text = compose(++n);
  while (wordCount(text) < MIN_WORDS && extra < extraClosing.length) text = compose(n, ++extra);
  while (wordCount(text) < MIN_WORDS && n < qaBlocks.length) text = compose(++n, extra);
  while (wordCount(text) > MAX_WORDS && n > 6) text = compose(--n);
  return text.replace(/\b(Ltd|Co|Inc)\.\./g, "$1.");
}

/** Analyst questions paired with the answer written for them (the banks are index-aligned). */
function questionPairs(tone: Tone, scene: TextScene): { question: string; answer: string }[] {
  const qs = phrases.analystQuestions;
  const as = phrases.managementAnswers;
  const aligned = qs.length === as.length;
  const all = qs.map((question, i) => ({ question, answer: aligned ? (as[i] ?? "") : (as[i % Math.max(1, as.length)] ?? "") }));
  const fits = all.filter((p) => {
    const text = `${p.question} ${p.answer}`;
    if (tone === "negative" && /improvement|strong|gained share|net cash/i.test(text)) return false;
    if (tone === "positive" && /decline|softer first half/i.test(text)) return false;
    return usableTemplates([p.question, p.answer], scene).length === 2;
  });
  return fits.length >= 6 ? fits : all;
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Words a call's speakers say a minute: a recording lasts as long as its transcript takes to say. */
export const SPOKEN_WORDS_PER_MINUTE = 150;

export function recordingSecondsFor(transcript: string): number {
  return Math.round((wordCount(transcript) / SPOKEN_WORDS_PER_MINUTE) * 60);
}

const RECORDING_RATE = 4_000;
/** A two-hour call is the longest recording served. */
const RECORDING_MAX_SECONDS = 2 * 3_600;

/**
 * A mono 4 kHz 8-bit PCM WAV of soft tones, deterministic from the call id, `seconds` long (1 s to two hours), so a
 * recording link plays something real for as long as the call ran.
 */
export function buildRecordingWav(concallId: string, seconds = 4): Buffer {
  const rate = RECORDING_RATE;
  const secs = Math.min(RECORDING_MAX_SECONDS, Math.max(1, Math.round(seconds)));
  const samples = rate * secs;
  const dataBytes = samples;
  const buf = Buffer.alloc(44 + dataBytes, 128);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate, 28); // byte rate
  buf.writeUInt16LE(1, 32); // block align
  buf.writeUInt16LE(8, 34); // bits per sample (unsigned, silence at 128)
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(dataBytes, 40);

  const rng = createRng(`recording|${concallId}`);
  const scale = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25];
  const fade = Math.round(rate * 0.03);
  let t = 0;
  while (t < samples) {
    const len = Math.min(samples - t, Math.round(rate * rng.float(0.45, 0.9)));
    const freq = rng.pick(scale);
    for (let i = 0; i < len; i++) {
      const env = Math.min(1, i / fade, (len - i) / fade);
      const x = (2 * Math.PI * freq * i) / rate;
      const v = 0.16 * env * (Math.sin(x) + 0.3 * Math.sin(2 * x));
      buf[44 + t + i] = 128 + Math.round(Math.max(-1, Math.min(1, v)) * 127);
    }
    t += len;
  }
  return buf;
}
