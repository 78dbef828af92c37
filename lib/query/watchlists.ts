import { queryOptions } from "@tanstack/react-query";
import { deskFetch, deskSend } from "@/lib/query/desk-fetch";
import { queryKeys } from "@/lib/query/keys";
import type { AddWatchlistItemsInput, CreateWatchlistInput, IsinResolution, ResolveIsinsInput, SymbolCheck, UpdateWatchlistItemInput, Watchlist } from "@/lib/query/watchlist-schema";

export * from "@/lib/query/watchlist-schema";

/** GET /api/watchlists: the signed-in user's watchlists with their items. */
export function watchlistsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.watchlists.list(),
    queryFn: async ({ signal }) => (await deskFetch<{ data: Watchlist[] }>("/api/watchlists", { signal })).body.data,
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
  const { body } = await deskFetch<{ data: SymbolCheck }>("/api/watchlists/known-symbols", {
    method: "POST",
    body: JSON.stringify({ symbols }),
    headers: { "Content-Type": "application/json" },
    signal,
  });
  return body.data;
}

/** ISIN → symbol: free from what the desk learnt; with `spendUpTo`, pays the symbol metadata it priced. */
export async function resolveIsins(input: ResolveIsinsInput): Promise<IsinResolution> {
  return (await deskSend<{ data: IsinResolution }>("/api/watchlists/isins", "POST", input)).data;
}

const base = (id: string) => `/api/watchlists/${encodeURIComponent(id)}`;

export async function createWatchlist(input: CreateWatchlistInput): Promise<Watchlist> {
  return (await deskSend<{ data: Watchlist }>("/api/watchlists", "POST", input)).data;
}

export async function renameWatchlist(id: string, name: string): Promise<Watchlist> {
  return (await deskSend<{ data: Watchlist }>(base(id), "PATCH", { name })).data;
}

export async function deleteWatchlist(id: string): Promise<void> {
  await deskSend(base(id), "DELETE");
}

export async function addWatchlistItems(id: string, input: AddWatchlistItemsInput): Promise<Watchlist> {
  return (await deskSend<{ data: Watchlist }>(`${base(id)}/items`, "POST", input)).data;
}

export async function updateWatchlistItem(id: string, symbol: string, change: UpdateWatchlistItemInput): Promise<Watchlist> {
  return (await deskSend<{ data: Watchlist }>(`${base(id)}/items/${encodeURIComponent(symbol)}`, "PATCH", change)).data;
}

export async function removeWatchlistItem(id: string, symbol: string): Promise<Watchlist> {
  return (await deskSend<{ data: Watchlist }>(`${base(id)}/items/${encodeURIComponent(symbol)}`, "DELETE")).data;
}
