/**
 * The symbol directory as the browser sees it: the search route's input and answer, the ranking of matches over
 * symbol, company name and BSE code, and the one way to write a symbol page's URL (./symbol-href, re-exported).
 * Pure zod and functions, browser-safe; the server fills the directory (lib/server/symbols).
 */
import * as z from "zod";

export const symbolEntrySchema = z.object({
  symbol: z.string(),
  /** The company's name, when the desk holds it (free calendar or the bought catalogue). */
  name: z.string().nullable(),
  /** The BSE scrip code, when the desk holds it (the bought catalogue). */
  scripCode: z.string().nullable(),
});
export type SymbolEntry = z.infer<typeof symbolEntrySchema>;

export const SYMBOL_MATCH_FIELDS = ["symbol", "scripCode", "name"] as const;
export const symbolMatchSchema = symbolEntrySchema.extend({ matchedOn: z.enum(SYMBOL_MATCH_FIELDS) });
export type SymbolMatch = z.infer<typeof symbolMatchSchema>;

export const MAX_SYMBOL_QUERY = 40;
export const MAX_SYMBOL_MATCHES = 20;

export const symbolSearchInputSchema = z.object({
  q: z.string().trim().min(1, { message: "type part of a symbol, a company name or a BSE code" }).max(MAX_SYMBOL_QUERY),
  limit: z.coerce.number().int().min(1).max(MAX_SYMBOL_MATCHES).default(8),
});
export type SymbolSearchInput = z.infer<typeof symbolSearchInputSchema>;

/**
 * Whether the typed text is itself a symbol the service lists: known, unknown, or not checked (no key, a rate limit,
 * or other companies matched, so it was not asked about on its own).
 */
export const symbolStandingSchema = z.enum(["known", "unknown", "unchecked"]);
export type SymbolStanding = z.infer<typeof symbolStandingSchema>;

export const symbolCatalogueStateSchema = z.object({
  /** The account holds the service's whole symbol catalogue (bought once, kept by the desk). */
  held: z.boolean(),
  fetchedAt: z.string().nullable(),
  /** How many companies the directory searched. */
  count: z.number().int().min(0),
  /** What buying the catalogue costs (priceRequest / describeCost); 0 once held. */
  price: z.object({ credits: z.number().min(0), upTo: z.boolean(), description: z.string() }),
});
export type SymbolCatalogueState = z.infer<typeof symbolCatalogueStateSchema>;

export const symbolSearchResultSchema = z.object({
  query: z.string(),
  matches: z.array(symbolMatchSchema),
  exact: symbolStandingSchema,
  catalogue: symbolCatalogueStateSchema,
  /** Why some of the directory could not be read (no key, rate limit), in words for people. */
  note: z.string().nullable(),
});
export type SymbolSearchResult = z.infer<typeof symbolSearchResultSchema>;

export const buySymbolCatalogueInputSchema = z.object({
  /** The most the user agreed to spend; below the price nothing is bought and the price is answered. */
  spendUpTo: z.number().int().min(0),
});
export type BuySymbolCatalogueInput = z.infer<typeof buySymbolCatalogueInputSchema>;

export const symbolCatalogueBuySchema = z.object({
  catalogue: symbolCatalogueStateSchema,
  /** Credits this call was charged (0 when the account already held the catalogue). */
  charged: z.number().min(0),
});

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
      bySymbol.set(key, { symbol: key, name: had?.name ?? e.name, scripCode: had?.scripCode ?? e.scripCode });
    }
  }
  return [...bySymbol.values()];
}
