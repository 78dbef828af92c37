/**
 * The symbol directory as the browser sees it: the ranking of matches over symbol, company name and BSE code, and the
 * one way to write a symbol page's URL. Zod-free (every card links a symbol at first render); the search route's input
 * and answer schemas are in ./directory-schema.ts. The server fills the directory (lib/server/symbols).
 */
import type { SymbolEntry, SymbolMatch } from "./directory-schema";

export type {
  BuySymbolCatalogueInput,
  SymbolCatalogueState,
  SymbolEntry,
  SymbolMatch,
  SymbolSearchInput,
  SymbolSearchResult,
  SymbolStanding,
} from "./directory-schema";

export const SYMBOL_MATCH_FIELDS = ["symbol", "scripCode", "isin", "name"] as const;

export const MAX_SYMBOL_QUERY = 40;
export const MAX_SYMBOL_MATCHES = 20;

export { symbolFromSegment, symbolHref } from "./symbol-href";

const NAME_NOISE = /\b(ltd|limited|the|inc|corp|corporation|co)\b\.?/g;

function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(NAME_NOISE, " ")
    .split(/[^a-z0-9&]+/)
    .filter(Boolean);
}

/** Lower is better; null: no match. */
function scoreOf(entry: SymbolEntry, q: string): { score: number; on: SymbolMatch["matchedOn"] } | null {
  const upper = q.toUpperCase();
  const lower = q.toLowerCase();
  const symbol = entry.symbol.toUpperCase();
  const name = entry.name?.toLowerCase() ?? "";
  const squashedName = name.replace(/[^a-z0-9&]+/g, "");
  const squashedQ = lower.replace(/[^a-z0-9&]+/g, "");
  if (symbol === upper) return { score: 0, on: "symbol" };
  if (entry.scripCode && entry.scripCode === q) return { score: 1, on: "scripCode" };
  if (entry.isin && entry.isin.toUpperCase() === upper) return { score: 1, on: "isin" };
  if (symbol.startsWith(upper)) return { score: 2, on: "symbol" };
  if (name && (name.startsWith(lower) || (squashedQ.length > 0 && squashedName.startsWith(squashedQ)))) return { score: 3, on: "name" };
  if (name && squashedQ.length > 0 && nameWords(name).some((w) => w.startsWith(squashedQ))) return { score: 4, on: "name" };
  if (entry.scripCode && /^\d+$/.test(q) && entry.scripCode.startsWith(q)) return { score: 5, on: "scripCode" };
  if (upper.length >= 2 && symbol.includes(upper)) return { score: 6, on: "symbol" };
  if (squashedQ.length >= 3 && squashedName.includes(squashedQ)) return { score: 7, on: "name" };
  return null;
}

/**
 * Matches for what a person typed, best first: the symbol itself, its BSE code, symbols starting with it, names
 * starting with it, a word of the name starting with it, then partial matches. Ties: shorter symbol, then A to Z.
 */
export function rankSymbolMatches(entries: readonly SymbolEntry[], query: string, limit: number = 8): SymbolMatch[] {
  const q = query.trim();
  if (!q) return [];
  const seen = new Set<string>();
  const scored: { entry: SymbolEntry; score: number; on: SymbolMatch["matchedOn"] }[] = [];
  for (const entry of entries) {
    const key = entry.symbol.toUpperCase();
    if (seen.has(key)) continue;
    const s = scoreOf(entry, q);
    if (!s) continue;
    seen.add(key);
    scored.push({ entry, ...s });
  }
  scored.sort((a, b) => a.score - b.score || a.entry.symbol.length - b.entry.symbol.length || a.entry.symbol.localeCompare(b.entry.symbol));
  return scored.slice(0, limit).map(({ entry, on }) => ({ ...entry, matchedOn: on }));
}

/** Two directories joined: a field one of them holds fills the other's gap (the catalogue wins where both hold one). */
export function mergeSymbolEntries(...lists: readonly (readonly SymbolEntry[])[]): SymbolEntry[] {
  const bySymbol = new Map<string, SymbolEntry>();
  for (const list of lists) {
    for (const e of list) {
      const key = e.symbol.toUpperCase();
      const had = bySymbol.get(key);
      const isin = had?.isin ?? e.isin;
      bySymbol.set(key, { symbol: key, name: had?.name ?? e.name, scripCode: had?.scripCode ?? e.scripCode, ...(isin ? { isin } : {}) });
    }
  }
  return [...bySymbol.values()];
}
