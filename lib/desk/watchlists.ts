/**
 * Watchlists as the desk stores and serves them (GET /api/watchlists): pure zod, shared by the browser (forms,
 * CSV import) and lib/server/portfolio/watchlists.ts. An item is the contract's holding, so a watchlist is always a valid
 * `items` body for a daily summary or a batch line.
 */
import * as z from "zod";
import { INSTRUMENT_KINDS } from "@/lib/symbols/instruments";
import { holdingSchema } from "@/lib/alpha/summaries";
import { watchlistSharingSchema } from "@/lib/desk/teams";
import { EXPOSURE_MESSAGE, EXPOSURE_UNITS, ISIN_MESSAGE, ISIN_RE, MAX_ITEM_LABEL, MAX_WATCHLIST_ITEMS, MAX_WATCHLIST_NAME, NAME_MISSING_MESSAGE } from "./watchlist-rules";

/** The limits and the zod-free checks the browser's forms use (the same rules as the schemas below). */
export * from "./watchlist-rules";

export const watchlistItemInputSchema = holdingSchema;

export const exposureUnitSchema = z.enum(EXPOSURE_UNITS, { message: "must be one of inr, shares, weight" });
export type ExposureUnit = z.infer<typeof exposureUnitSchema>;
export type WatchlistItemInput = z.input<typeof watchlistItemInputSchema>;

export const watchlistNameSchema = z
  .string({ message: NAME_MISSING_MESSAGE })
  .trim()
  .min(1, { message: NAME_MISSING_MESSAGE })
  .max(MAX_WATCHLIST_NAME, { message: `at most ${MAX_WATCHLIST_NAME} characters` });

/** Items of one request: each a holding, no symbol twice (reported at its second place). */
export const watchlistItemsSchema = z
  .array(watchlistItemInputSchema)
  .max(MAX_WATCHLIST_ITEMS, { message: `a watchlist holds at most ${MAX_WATCHLIST_ITEMS} symbols` })
  .superRefine((items, ctx) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const first = seen.get(item.symbol);
      if (first !== undefined) ctx.addIssue({ code: "custom", path: [index, "symbol"], message: `${item.symbol} is listed twice (also item ${first + 1})` });
      else seen.set(item.symbol, index);
    });
  });

export const createWatchlistInputSchema = z.object({ name: watchlistNameSchema, items: watchlistItemsSchema.default([]), exposureUnit: exposureUnitSchema.nullish() });
export type CreateWatchlistInput = z.input<typeof createWatchlistInputSchema>;

export const renameWatchlistInputSchema = z.object({ name: watchlistNameSchema });

/** `merge` adds new symbols and updates the exposure and label of those already there; `replace` swaps the list. */
export const addWatchlistItemsInputSchema = z.object({
  items: watchlistItemsSchema.refine((items) => items.length > 0, { message: "add at least one symbol" }),
  mode: z.enum(["merge", "replace"]).default("merge"),
  /** The unit of the items' exposures; a merge into a watchlist counted in another unit is refused. */
  exposureUnit: exposureUnitSchema.nullish(),
});
export type AddWatchlistItemsInput = z.input<typeof addWatchlistItemsInputSchema>;

/** null clears a field; an absent field stays as it is. */
export const updateWatchlistItemInputSchema = z.object({
  exposure: z.number().finite().min(0, { message: EXPOSURE_MESSAGE }).nullable().optional(),
  label: z.string().trim().max(MAX_ITEM_LABEL, { message: `at most ${MAX_ITEM_LABEL} characters` }).nullable().optional(),
});
export type UpdateWatchlistItemInput = z.input<typeof updateWatchlistItemInputSchema>;

export const watchlistItemSchema = z.object({ symbol: z.string(), exposure: z.number().nullable(), label: z.string().nullable() });
export type WatchlistItem = z.output<typeof watchlistItemSchema>;

export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  exposureUnit: exposureUnitSchema.nullable(),
  items: z.array(watchlistItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Private, or shared with the team to view or to edit (only its owner changes that). */
  sharing: watchlistSharingSchema.default("private"),
  /** null when the watchlist is the user's own; else who shares it. */
  owner: z.object({ id: z.string(), name: z.string() }).nullable().default(null),
  /** Whether the user may change its items (their own, or shared to edit). */
  canEdit: z.boolean().default(true),
});
export type Watchlist = z.output<typeof watchlistSchema>;

/** GET /api/watchlists/known-symbols: which symbols the service knows (free earnings index), cached by the desk. */
export const symbolCheckSchema = z.object({
  known: z.array(z.string()),
  unknown: z.array(z.string()),
  /** Symbols that could not be checked (no key, no earnings product, rate limit); `note` says why. */
  unchecked: z.array(z.string()),
  note: z.string().nullable(),
  /** Listed instruments that are not companies (ETFs, gold bonds…): kept, marked, never asked about, filing no results. */
  instruments: z.array(z.object({ symbol: z.string(), kind: z.enum(INSTRUMENT_KINDS), label: z.string() })).default([]),
  /** Unknown symbols retired by a rename, merger or demerger, with what they trade as now. */
  renamed: z.array(z.object({ symbol: z.string(), to: z.array(z.string()), note: z.string() })).default([]),
});
export type SymbolCheck = z.output<typeof symbolCheckSchema>;

/** ISIN → symbol through the service's symbol metadata or catalogue, whichever costs less (POST /api/watchlists/isins). */
export const isinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(ISIN_RE, { message: ISIN_MESSAGE });
export const resolveIsinsInputSchema = z.object({
  isins: z.array(isinSchema).min(1).max(MAX_WATCHLIST_ITEMS * 4),
  /** The most the caller agreed to spend; without it nothing paid is called and the price is answered. */
  spendUpTo: z.number().int().min(0).optional(),
});
export type ResolveIsinsInput = z.input<typeof resolveIsinsInputSchema>;
export const isinResolutionSchema = z.object({
  /** ISIN → symbol, or null when the service knows no company with it. */
  symbols: z.record(z.string(), z.string().nullable()),
  /** ISINs still open; `price` is the most their lookup costs (the cheaper of the open companies' metadata and the catalogue). */
  pending: z.array(z.string()),
  price: z.number().int().min(0),
  charged: z.number().int().min(0),
  note: z.string().nullable(),
});
export type IsinResolution = z.output<typeof isinResolutionSchema>;
