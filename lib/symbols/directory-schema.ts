/**
 * The symbol directory's route shapes as zod: the search route's input and answer and the catalogue purchase (the
 * desk's contract, lib/desk/routes.ts, and the server's verbs parse with them). Apart from ./directory.ts, which every
 * page links symbols with and must not carry zod.
 */
import * as z from "zod";
import { MAX_SYMBOL_MATCHES, MAX_SYMBOL_QUERY, SYMBOL_MATCH_FIELDS } from "./directory";

export const symbolEntrySchema = z.object({
  symbol: z.string(),
  /** The company's name, when the desk holds it (free calendar or the bought catalogue). */
  name: z.string().nullable(),
  /** The BSE scrip code, when the desk holds it (the bought catalogue). */
  scripCode: z.string().nullable(),
  /** The ISIN, when the desk holds it (the bought catalogue; catalogues kept before it was read have none). */
  isin: z.string().nullable().optional(),
});
export type SymbolEntry = z.infer<typeof symbolEntrySchema>;

export const symbolMatchSchema = symbolEntrySchema.extend({ matchedOn: z.enum(SYMBOL_MATCH_FIELDS) });
export type SymbolMatch = z.infer<typeof symbolMatchSchema>;


export const symbolSearchInputSchema = z.object({
  q: z.string().trim().min(1, { message: "type part of a symbol, a company name, a BSE code or an ISIN" }).max(MAX_SYMBOL_QUERY),
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


/** Company names of the symbols asked about, from the names the desk holds (the bought catalogue, else the free directory). */
export const symbolNamesSchema = z.object({
  /** Symbol → company name, for the symbols whose name is held; the others are left out. */
  names: z.record(z.string(), z.string()),
  /** The names come from the account's bought catalogue (every listed company is named). */
  catalogue: z.boolean(),
});
export type SymbolNames = z.infer<typeof symbolNamesSchema>;
