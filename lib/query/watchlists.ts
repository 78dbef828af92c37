import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";
import type { AddWatchlistItemsInput, CreateWatchlistInput, IsinResolution, ResolveIsinsInput, SymbolCheck, UpdateWatchlistItemInput, Watchlist } from "@/lib/query/watchlist-schema";

// Types only: the schemas stay in their module (which carries zod), so this module's callers (the watchlist picker,
// every page's prefetch) load none of it. The limits and form checks are zod-free in lib/query/watchlist-rules.ts,
// held to the schemas by its tests: import them from there.
export type {
  AddWatchlistItemsInput,
  CreateWatchlistInput,
  ExposureUnit,
  IsinResolution,
  ResolveIsinsInput,
  SymbolCheck,
  UpdateWatchlistItemInput,
  Watchlist,
  WatchlistItem,
  WatchlistItemInput,
} from "@/lib/query/watchlist-schema";

/** GET /api/watchlists: the signed-in user's watchlists with their items. */
export function watchlistsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.watchlists.list(),
    queryFn: ({ signal }) => deskCall("listWatchlists", { signal }),
  });
}

/** Which symbols the service knows (free; the desk caches the answer a day). */
export function knownSymbolsQueryOptions(symbols: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.watchlists.knownSymbols(symbols),
    queryFn: ({ signal }) => fetchKnownSymbols(symbols, signal),
    staleTime: 10 * 60_000,
    enabled: symbols.length > 0,
  });
}

export async function fetchKnownSymbols(symbols: readonly string[], signal?: AbortSignal): Promise<SymbolCheck> {
  if (symbols.length === 0) return { known: [], unknown: [], unchecked: [], note: null };
  return deskCall("checkSymbols", { body: { symbols }, ...(signal ? { signal } : {}) });
}

/** ISIN → symbol: free from what the desk learnt; with `spendUpTo`, pays the symbol metadata it priced. */
export async function resolveIsins(input: ResolveIsinsInput): Promise<IsinResolution> {
  return deskCall("resolveIsins", { body: input });
}

export async function createWatchlist(input: CreateWatchlistInput): Promise<Watchlist> {
  return deskCall("createWatchlist", { body: input });
}

export async function renameWatchlist(id: string, name: string): Promise<Watchlist> {
  return deskCall("renameWatchlist", { params: { id }, body: { name } });
}

export async function deleteWatchlist(id: string): Promise<void> {
  await deskCall("deleteWatchlist", { params: { id } });
}

export async function addWatchlistItems(id: string, input: AddWatchlistItemsInput): Promise<Watchlist> {
  return deskCall("addWatchlistItems", { params: { id }, body: input });
}

export async function updateWatchlistItem(id: string, symbol: string, change: UpdateWatchlistItemInput): Promise<Watchlist> {
  return deskCall("updateWatchlistItem", { params: { id, symbol }, body: change });
}

export async function removeWatchlistItem(id: string, symbol: string): Promise<Watchlist> {
  return deskCall("removeWatchlistItem", { params: { id, symbol } });
}
