import "server-only";
/**
 * Concall briefs at 0 credits: made only from what the desk already holds for the user's account (the analyses its
 * users opened, kept past the cache's sweep, and a transcript link still valid), never by calling a paid endpoint.
 */
import { concallSchema, concallTranscriptsResponseSchema, type Concall } from "@/lib/alpha/concalls";
import { AlphaError } from "@/lib/alpha/errors";
import { MAX_LIST_VALUES } from "@/lib/alpha/query-params";
import { formatQuarterKey, parseQuarterKey, previousQuarter, quarterLabel } from "@/lib/alpha/quarters";
import { istDateString, istDateToInstant, resolveBound } from "@/lib/alpha/time";
import type { ConcallBrief, ConcallBriefQuery, ConcallRoundup, ConcallRoundupQuery } from "@/lib/desk/concall-briefs";
import { formatIstDate } from "@/lib/format/time";
import type { DeskContext } from "../core/context";
import type { DeskFile } from "../core/reply";
import { withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { findWatchlist } from "../portfolio/watchlists";
import { symbolNames } from "../symbols/symbol-directory";
import { callAlpha } from "../upstream/alpha-proxy";
import { readTranscriptText } from "../upstream/concall-transcripts";
import { listHeldParsed } from "../upstream/response-cache";
import { composeConcallBrief, FROM_ANALYSIS, type HeldCall } from "./concall-brief-compose";
import { pdfStream, renderPdf, type PdfBlock } from "./pdf-document";

/** The account's held analyses by symbol and quarter (`SYMBOL q2_27`), the newest answer of each. */
async function heldAnalyses(ctx: DeskContext, accountId: string): Promise<Map<string, Concall>> {
  const out = new Map<string, Concall>();
  for (const call of await listHeldParsed({ ctx, accountId, endpoint: "getConcallDetail", schema: concallSchema })) {
    if (!call.quarter) continue;
    const key = `${call.symbol.toUpperCase()} ${call.quarter.toLowerCase()}`;
    const held = out.get(key);
    // A detailed answer says more than a short one: it wins over an older or shorter answer of the same call.
    if (!held || (!held.expanded_analysis && call.expanded_analysis)) out.set(key, call);
  }
  return out;
}

/** Signed transcript links the account bought that are still valid for a minute, by `SYMBOL quarter`. */
async function heldTranscriptLinks(ctx: DeskContext, accountId: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const nowSeconds = ctx.now().getTime() / 1000;
  for (const answer of await listHeldParsed({ ctx, accountId, endpoint: "lookupConcallTranscripts", schema: concallTranscriptsResponseSchema })) {
    for (const item of answer.data) {
      if (item.status !== "ready" || typeof item.transcript_url !== "string") continue;
      const expires = Number(new URL(item.transcript_url).searchParams.get("expires"));
      const key = `${item.symbol.toUpperCase()} ${item.quarter.toLowerCase()}`;
      if (expires > nowSeconds + 60 && !out.has(key)) out.set(key, item.transcript_url);
    }
  }
  return out;
}

async function transcriptOf(ctx: DeskContext, links: Map<string, string>, key: string): Promise<string | null> {
  const url = links.get(key);
  if (!url) return null;
  try {
    return (await readTranscriptText({ ctx, input: { url } })).text;
  } catch {
    // A link that stopped working leaves the brief on the analysis alone.
    return null;
  }
}

interface Holdings {
  accountId: string;
  analyses: Map<string, Concall>;
  links: Map<string, string>;
}

async function holdingsOf(ctx: DeskContext, user: SessionUser): Promise<Holdings> {
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  const [analyses, links] = await Promise.all([heldAnalyses(ctx, accountId), heldTranscriptLinks(ctx, accountId)]);
  return { accountId, analyses, links };
}

function previousKey(quarter: string): string {
  const q = parseQuarterKey(quarter);
  if (!q) throw new AlphaError("invalid_parameter", `“${quarter}” is not a quarter`);
  return formatQuarterKey(previousQuarter(q));
}

async function briefFrom(ctx: DeskContext, holdings: Holdings, input: ConcallBriefQuery, company: string | null): Promise<ConcallBrief | null> {
  const symbol = input.symbol.toUpperCase();
  const key = `${symbol} ${input.quarter}`;
  const call = holdings.analyses.get(key);
  if (!call) return null;
  const prevQuarter = previousKey(input.quarter);
  const prevKey = `${symbol} ${prevQuarter}`;
  const prevCall = holdings.analyses.get(prevKey);
  const [transcript, prevTranscript] = await Promise.all([transcriptOf(ctx, holdings.links, key), prevCall ? transcriptOf(ctx, holdings.links, prevKey) : null]);
  const current: HeldCall = { call, transcript };
  const previous: HeldCall | null = prevCall ? { call: prevCall, transcript: prevTranscript } : null;
  return composeConcallBrief({ symbol, company: company ?? companyFromTranscript(transcript), quarter: input.quarter, previousQuarter: prevQuarter, current, previous });
}

/** The company's name on a transcript's first line ("Tata Consultancy Services Ltd."), when no name is held. */
function companyFromTranscript(text: string | null): string | null {
  const first = text?.split(/\r?\n/, 1)[0]?.trim();
  return first && first.length < 120 ? first : null;
}

/** GET /api/concalls/brief: the brief of a call whose analysis the desk holds; 404 with what to do otherwise. */
export async function getConcallBrief({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ConcallBriefQuery }): Promise<ConcallBrief> {
  const holdings = await holdingsOf(ctx, user);
  const names = await symbolNames({ ctx, user, symbols: [input.symbol] });
  const brief = await briefFrom(ctx, holdings, input, names.names[input.symbol.toUpperCase()] ?? null);
  if (!brief) {
    throw new AlphaError(
      "not_found",
      `The desk does not hold the analysis of ${input.symbol.toUpperCase()}'s ${quarterLabel(input.quarter)} call. Open the call's analysis first (3 credits); its brief is then free.`,
    );
  }
  return brief;
}

export function briefPdfBlocks(brief: ConcallBrief): PdfBlock[] {
  const q = quarterLabel(brief.quarter);
  const p = quarterLabel(brief.changes.previousQuarter);
  const blocks: PdfBlock[] = [
    { kind: "title", text: `${brief.symbol}${brief.company ? ` · ${brief.company}` : ""}: ${q} concall brief` },
    { kind: "meta", text: `${brief.callTime.text} [${brief.callTime.ref}]` },
    { kind: "heading", text: "Guidance (verbatim)" },
    { kind: "bullets", items: brief.guidance.length > 0 ? brief.guidance.map((g) => ({ text: `“${g.text}”`, ref: g.ref })) : [{ text: "No guidance stated", ref: FROM_ANALYSIS }] },
    { kind: "heading", text: "Red flags" },
    { kind: "bullets", items: brief.redFlags.length > 0 ? brief.redFlags : [{ text: "None stated", ref: FROM_ANALYSIS }] },
  ];
  if (brief.indicators.positive.length + brief.indicators.negative.length > 0) {
    blocks.push(
      { kind: "heading", text: "Indicators" },
      { kind: "bullets", items: [...brief.indicators.positive.map((x) => ({ ...x, text: `+ ${x.text}` })), ...brief.indicators.negative.map((x) => ({ ...x, text: `- ${x.text}` }))] },
    );
  }
  blocks.push({ kind: "heading", text: `What changed since the ${p} call` });
  if (!brief.changes.held) blocks.push({ kind: "text", text: `The desk does not hold the ${p} call's analysis, so nothing is compared.` });
  else if (brief.changes.lines.length === 0) blocks.push({ kind: "text", text: `Nothing: the same guidance, red flags, indicators and figures as ${p}.` });
  else blocks.push({ kind: "bullets", items: brief.changes.lines });
  return blocks;
}

/** GET /api/concalls/brief.pdf: the brief on one page, drawn by the desk. */
export async function downloadConcallBrief({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ConcallBriefQuery }): Promise<DeskFile> {
  const brief = await getConcallBrief({ ctx, user, input });
  const bytes = await renderPdf({
    title: `${brief.symbol} ${quarterLabel(brief.quarter)} concall brief`,
    footer: `Alpha Desk · made ${formatIstDate(ctx.now())} from the analysis the desk holds, at 0 credits. References: transcript paragraphs when the transcript is held, else the service's analysis.`,
    blocks: briefPdfBlocks(brief),
    compact: true,
  });
  return { filename: `${brief.symbol}-${brief.quarter}-concall-brief.pdf`, contentType: "application/pdf", body: pdfStream(bytes) };
}

const WEEK_DAYS = 7;

/** GET /api/concalls/roundup: a watchlist's calls of a week (free index), each as a brief when its analysis is held. */
export async function getConcallRoundup({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ConcallRoundupQuery }): Promise<ConcallRoundup> {
  const watchlist = await findWatchlist({ ctx, user, id: input.watchlist });
  if (!watchlist) throw new AlphaError("not_found", "No such watchlist");
  const to = input.to ?? istDateString(ctx.now());
  const from = istDateString(new Date(istDateToInstant(to).getTime() - (WEEK_DAYS - 1) * 86_400_000));
  const symbols = watchlist.items.map((i) => i.symbol.toUpperCase());
  const calls: { symbol: string; quarter: string; date: string | null }[] = [];
  for (let i = 0; i < symbols.length; i += MAX_LIST_VALUES) {
    const chunk = symbols.slice(i, i + MAX_LIST_VALUES);
    for (let page = 1; page <= 20; page++) {
      const { data } = await callAlpha({ ctx, user, id: "listConcallsIndex", input: { query: { symbols: chunk, from, to, page, limit: 100 } } });
      for (const r of data.data) if (r.quarter) calls.push({ symbol: r.symbol.toUpperCase(), quarter: r.quarter.toLowerCase(), date: r.date ?? null });
      if (!data.has_next) break;
    }
  }
  calls.sort((a, b) => (resolveBound(a.date ?? to, "from").getTime() - resolveBound(b.date ?? to, "from").getTime()) || a.symbol.localeCompare(b.symbol));
  const holdings = await holdingsOf(ctx, user);
  const names = await symbolNames({ ctx, user, symbols: calls.map((c) => c.symbol) });
  const briefs: ConcallBrief[] = [];
  const notHeld: ConcallRoundup["notHeld"] = [];
  for (const c of calls) {
    const brief = await briefFrom(ctx, holdings, { symbol: c.symbol, quarter: c.quarter }, names.names[c.symbol] ?? null);
    if (brief) briefs.push(brief);
    else notHeld.push(c);
  }
  const head = `${watchlist.name}: concalls ${formatIstDate(istDateToInstant(from))} to ${formatIstDate(istDateToInstant(to))}`;
  const lines = [head, `${calls.length} call${calls.length === 1 ? "" : "s"}; ${briefs.length} briefed from analyses the desk holds (0 credits).`, ""];
  for (const b of briefs) lines.push(b.text.trimEnd(), "");
  if (notHeld.length > 0) {
    lines.push("Calls whose analysis the desk does not hold (open them on the desk to brief them):");
    for (const n of notHeld) lines.push(`- ${n.symbol} ${quarterLabel(n.quarter)}${n.date ? `, filed ${formatIstDate(resolveBound(n.date, "from"))}` : ""}`);
  }
  return { watchlist: { id: watchlist.id, name: watchlist.name }, from, to, briefs, notHeld, text: lines.join("\n").trimEnd() + "\n", credits: 0 };
}

/** GET /api/concalls/roundup.pdf: the roundup, one brief after another. */
export async function downloadConcallRoundup({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ConcallRoundupQuery }): Promise<DeskFile> {
  const roundup = await getConcallRoundup({ ctx, user, input });
  const blocks: PdfBlock[] = [
    { kind: "title", text: `${roundup.watchlist.name}: the week's concalls` },
    { kind: "meta", text: `${formatIstDate(istDateToInstant(roundup.from))} to ${formatIstDate(istDateToInstant(roundup.to))} · ${roundup.briefs.length} briefed, ${roundup.notHeld.length} not held` },
  ];
  for (const b of roundup.briefs) blocks.push(...briefPdfBlocks(b).map((x) => (x.kind === "title" ? { kind: "heading" as const, text: x.text } : x)));
  if (roundup.notHeld.length > 0) {
    blocks.push({ kind: "heading", text: "Not held by the desk" }, { kind: "bullets", items: roundup.notHeld.map((n) => ({ text: `${n.symbol} ${quarterLabel(n.quarter)}` })) });
  }
  const bytes = await renderPdf({ title: `${roundup.watchlist.name} concall roundup`, footer: `Alpha Desk · made ${formatIstDate(ctx.now())} at 0 credits.`, blocks });
  return { filename: `concall-roundup-${roundup.to}.pdf`, contentType: "application/pdf", body: pdfStream(bytes) };
}
