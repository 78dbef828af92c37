/**
 * Watchlists as the desk stores and serves them (GET /api/watchlists): pure zod, shared by the browser (forms,
 * CSV import) and lib/server/watchlists.ts. An item is the contract's holding, so a watchlist is always a valid
 * `items` body for a daily summary or a batch line.
 */
import { z } from "zod";
import { holdingSchema, MAX_SUMMARY_SYMBOLS } from "@/lib/alpha/summaries";

/** A watchlist fits one summary request: at most as many symbols as a summary takes. */
export const MAX_WATCHLIST_ITEMS = MAX_SUMMARY_SYMBOLS;
export const MAX_WATCHLISTS = 50;
export const MAX_WATCHLIST_NAME = 60;

export const watchlistItemInputSchema = holdingSchema;
export type WatchlistItemInput = z.input<typeof watchlistItemInputSchema>;

export const watchlistNameSchema = z
  .string({ message: "give the watchlist a name" })
  .trim()
  .min(1, { message: "give the watchlist a name" })
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

export const createWatchlistInputSchema = z.object({ name: watchlistNameSchema, items: watchlistItemsSchema.default([]) });
export type CreateWatchlistInput = z.input<typeof createWatchlistInputSchema>;

export const renameWatchlistInputSchema = z.object({ name: watchlistNameSchema });

/** `merge` adds new symbols and updates the exposure and label of those already there; `replace` swaps the list. */
export const addWatchlistItemsInputSchema = z.object({
  items: watchlistItemsSchema.refine((items) => items.length > 0, { message: "add at least one symbol" }),
  mode: z.enum(["merge", "replace"]).default("merge"),
});
export type AddWatchlistItemsInput = z.input<typeof addWatchlistItemsInputSchema>;

/** null clears a field; an absent field stays as it is. */
export const updateWatchlistItemInputSchema = z.object({
  exposure: z.number().finite().min(0, { message: "must be zero or more" }).nullable().optional(),
  label: z.string().trim().max(80, { message: "at most 80 characters" }).nullable().optional(),
});
export type UpdateWatchlistItemInput = z.input<typeof updateWatchlistItemInputSchema>;

export const watchlistItemSchema = z.object({ symbol: z.string(), exposure: z.number().nullable(), label: z.string().nullable() });
export type WatchlistItem = z.output<typeof watchlistItemSchema>;

export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  items: z.array(watchlistItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Watchlist = z.output<typeof watchlistSchema>;

/** GET /api/watchlists/known-symbols: which symbols the service knows (free earnings index), cached by the desk. */
export const symbolCheckSchema = z.object({
  known: z.array(z.string()),
  unknown: z.array(z.string()),
  /** Symbols that could not be checked (no key, no earnings product, rate limit); `note` says why. */
  unchecked: z.array(z.string()),
  note: z.string().nullable(),
});
export type SymbolCheck = z.output<typeof symbolCheckSchema>;

/** A watchlist as the `items` of a daily-summary request (absent fields left out, as the contract wants). */
export function watchlistToItems(items: readonly WatchlistItem[]): { symbol: string; exposure?: number; label?: string }[] {
  return items.map((i) => ({
    symbol: i.symbol,
    ...(i.exposure !== null ? { exposure: i.exposure } : {}),
    ...(i.label ? { label: i.label } : {}),
  }));
}
