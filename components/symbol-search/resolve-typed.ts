import { SYMBOL_RE } from "@/lib/alpha/patterns";
import type { SymbolMatch } from "@/lib/query/symbols";
import { fetchKnownSymbols } from "@/components/watchlists/known-symbols";
import { didYouMean } from "@/lib/symbols/instruments";

/** What typed text resolves to: the symbols to add, or why it was refused (in words for people). */
export type SymbolEntryOutcome = { ok: true; symbols: string[]; note: string | null } | { ok: false; message: string };

function quoteList(items: readonly string[]): string {
  return items.map((s) => `“${s}”`).join(", ");
}

/**
 * Checks typed text before it is accepted: one symbol (or several, comma-separated) the service lists. A match the
 * typeahead already offers counts as the company; an unknown symbol is refused with a sentence that says so. The
 * symbols keep the order they were typed in, whichever were offered and whichever had to be checked. A retired symbol
 * is refused with what it trades as now; an ETF or bond is kept only where a book is built (`keepInstruments`).
 */
export async function resolveTypedSymbols(text: string, offered: readonly SymbolMatch[], options: { multiple: boolean; keepInstruments?: boolean }): Promise<SymbolEntryOutcome> {
  const pieces = (options.multiple ? text.split(",") : [text]).map((p) => p.trim()).filter(Boolean);
  if (pieces.length === 0) return { ok: false, message: "Type a symbol, a company name or a BSE code." };
  // In typed order: offered symbols as they are, the others once the service has checked them.
  const typed: string[] = [];
  const offeredSymbols = new Set<string>();
  const toCheck: string[] = [];
  const notSymbols: string[] = [];
  for (const piece of pieces) {
    const upper = piece.toUpperCase();
    const offeredMatch = offered.find((m) => m.symbol === upper || m.scripCode === piece);
    if (offeredMatch) {
      typed.push(offeredMatch.symbol);
      offeredSymbols.add(offeredMatch.symbol);
    } else if (SYMBOL_RE.test(upper)) {
      typed.push(upper);
      toCheck.push(upper);
    } else notSymbols.push(piece);
  }
  if (notSymbols.length) {
    return { ok: false, message: `${quoteList(notSymbols)} ${notSymbols.length === 1 ? "is" : "are"} not a listed symbol. Pick a company from the suggestions.` };
  }
  let note: string | null = null;
  let accepted: string[] = [];
  if (toCheck.length) {
    const check = await fetchKnownSymbols(toCheck);
    if (check.unknown.length) {
      const hints = check.renamed.map((r) => `For “${r.symbol}”, ${didYouMean(r)} ${r.note}`);
      return {
        ok: false,
        message: `${quoteList(check.unknown)} ${check.unknown.length === 1 ? "is" : "are"} not a symbol the Alpha service lists. ${hints.length ? hints.join(" ") : "Check the spelling or pick a company from the suggestions."}`,
      };
    }
    if (check.instruments.length && !options.keepInstruments) {
      const what = check.instruments.map((i) => `“${i.symbol}” is ${i.kind === "etf" ? "an" : "a"} ${i.label}`).join(", ");
      return { ok: false, message: `${what}, not a company: ${check.instruments.length === 1 ? "it files" : "they file"} no results, news or calls.` };
    }
    accepted = [...check.known, ...check.unchecked, ...check.instruments.map((i) => i.symbol)];
    if (check.unchecked.length) note = check.note ?? `${quoteList(check.unchecked)} could not be checked right now.`;
  }
  const ok = new Set([...offeredSymbols, ...accepted]);
  return { ok: true, symbols: [...new Set([...typed.filter((s) => ok.has(s)), ...accepted])], note };
}
