import { queryOptions } from "@tanstack/react-query";
import { deskCaller } from "@/lib/desk/desk-caller";
import type { deskRouteMeta } from "@/lib/desk/route-meta";
import type { WatchlistSharing } from "@/lib/desk/teams";
import { deskKeys } from "@/lib/query/desk-keys";
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

/**
 * The desk route every page's watchlist picker calls, as lib/desk/route-meta.ts has it, apart from the editors' routes
 * below so that a page with only the picker carries this one entry (lib/desk/desk-caller.ts).
 */
export const WATCHLIST_LIST_ROUTES = /* @__PURE__ */ deskCaller({
  listWatchlists: { method: "GET", path: "/api/watchlists", access: "user" },
} as const satisfies Partial<typeof deskRouteMeta>);

/** The desk routes the watchlist editors, importers and symbol checks call, as lib/desk/route-meta.ts has them. */
export const WATCHLIST_ROUTES = /* @__PURE__ */ deskCaller({
  checkSymbols: { method: "POST", path: "/api/watchlists/known-symbols", access: "user" },
  resolveIsins: { method: "POST", path: "/api/watchlists/isins", access: "user" },
  createWatchlist: { method: "POST", path: "/api/watchlists", access: "user" },
  renameWatchlist: { method: "PATCH", path: "/api/watchlists/[id]", access: "user" },
  deleteWatchlist: { method: "DELETE", path: "/api/watchlists/[id]", access: "user" },
  addWatchlistItems: { method: "POST", path: "/api/watchlists/[id]/items", access: "user" },
  updateWatchlistItem: { method: "PATCH", path: "/api/watchlists/[id]/items/[symbol]", access: "user" },
  removeWatchlistItem: { method: "DELETE", path: "/api/watchlists/[id]/items/[symbol]", access: "user" },
  setWatchlistSharing: { method: "PUT", path: "/api/watchlists/[id]/sharing", access: "user" },
} as const satisfies Partial<typeof deskRouteMeta>);

/** GET /api/watchlists: the signed-in user's watchlists with their items. */
export function watchlistsQueryOptions() {
  return queryOptions({
    queryKey: deskKeys.watchlists.list(),
    queryFn: ({ signal }) => WATCHLIST_LIST_ROUTES.call("listWatchlists", { signal }),
  });
}

/** Which symbols the service knows (free; the desk caches the answer a day). */
export function knownSymbolsQueryOptions(symbols: readonly string[]) {
  return queryOptions({
    queryKey: deskKeys.watchlists.knownSymbols(symbols),
    queryFn: ({ signal }) => fetchKnownSymbols(symbols, signal),
    staleTime: 10 * 60_000,
    enabled: symbols.length > 0,
  });
}

export async function fetchKnownSymbols(symbols: readonly string[], signal?: AbortSignal): Promise<SymbolCheck> {
  if (symbols.length === 0) return { known: [], unknown: [], unchecked: [], note: null };
  return WATCHLIST_ROUTES.call("checkSymbols", { body: { symbols }, ...(signal ? { signal } : {}) });
}

/** ISIN → symbol: free from what the desk learnt; with `spendUpTo`, pays the symbol metadata it priced. */
export async function resolveIsins(input: ResolveIsinsInput): Promise<IsinResolution> {
  return WATCHLIST_ROUTES.call("resolveIsins", { body: input });
}

export async function createWatchlist(input: CreateWatchlistInput): Promise<Watchlist> {
  return WATCHLIST_ROUTES.call("createWatchlist", { body: input });
}

export async function renameWatchlist(id: string, name: string): Promise<Watchlist> {
  return WATCHLIST_ROUTES.call("renameWatchlist", { params: { id }, body: { name } });
}

export async function deleteWatchlist(id: string): Promise<void> {
  await WATCHLIST_ROUTES.call("deleteWatchlist", { params: { id } });
}

export async function addWatchlistItems(id: string, input: AddWatchlistItemsInput): Promise<Watchlist> {
  return WATCHLIST_ROUTES.call("addWatchlistItems", { params: { id }, body: input });
}

export async function updateWatchlistItem(id: string, symbol: string, change: UpdateWatchlistItemInput): Promise<Watchlist> {
  return WATCHLIST_ROUTES.call("updateWatchlistItem", { params: { id, symbol }, body: change });
}

export async function removeWatchlistItem(id: string, symbol: string): Promise<Watchlist> {
  return WATCHLIST_ROUTES.call("removeWatchlistItem", { params: { id, symbol } });
}

/** Shares a watchlist with the team, to view or to edit, or makes it private again (the owner only). */
export async function setWatchlistSharing(id: string, sharing: WatchlistSharing): Promise<Watchlist> {
  return WATCHLIST_ROUTES.call("setWatchlistSharing", { params: { id }, body: { sharing } });
}
