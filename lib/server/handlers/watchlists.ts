import "server-only";
/**
 * Watchlist routes (signed-in users, their own watchlists only):
 * - GET /api/watchlists → { data: Watchlist[] }; POST { name, items? } → 201 { data: Watchlist } (409 name_taken)
 * - GET|PATCH { name }|DELETE /api/watchlists/[id] → { data }
 * - POST /api/watchlists/[id]/items { items, mode? } → { data: Watchlist } (all or nothing)
 * - PATCH { exposure?, label? } | DELETE /api/watchlists/[id]/items/[symbol] → { data: Watchlist }
 * - GET /api/watchlists/known-symbols?symbols=A,B or POST { symbols } → { data: SymbolCheck } (free)
 * - POST /api/watchlists/isins { isins, spendUpTo? } → { data: IsinResolution } (priced first; paid only when agreed)
 */
import { z } from "zod";
import { AlphaError } from "@/lib/alpha/errors";
import type { UserRouteArgs } from "../http/route";
import { jsonResponse, readJsonBody } from "../http/route";
import { parseOrThrow } from "../identity/users";
import {
  addWatchlistItems,
  checkSymbols,
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlists,
  MAX_SYMBOL_CHECK,
  removeWatchlistItem,
  renameWatchlist,
  resolveIsins,
  updateWatchlistItem,
} from "../portfolio/watchlists";
import type { AddWatchlistItemsInput, CreateWatchlistInput, ResolveIsinsInput, UpdateWatchlistItemInput } from "@/lib/query/watchlist-schema";

function param(params: UserRouteArgs["params"], name: string): string {
  const v = params[name];
  if (typeof v !== "string" || v === "") throw new AlphaError("not_found", "No such watchlist");
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

export async function handleListWatchlists({ ctx, user }: UserRouteArgs) {
  return { data: await listWatchlists({ user, ctx }) };
}

export async function handleCreateWatchlist({ ctx, user, request }: UserRouteArgs) {
  const created = await createWatchlist({ user, input: (await readJsonBody(request, 200000)) as CreateWatchlistInput, ctx });
  return jsonResponse({ data: created }, { status: 201 });
}

export async function handleGetWatchlist({ ctx, user, params }: UserRouteArgs) {
  return { data: await getWatchlist({ user, id: param(params, "id"), ctx }) };
}

export async function handleRenameWatchlist({ ctx, user, params, request }: UserRouteArgs) {
  return { data: await renameWatchlist({ user, id: param(params, "id"), input: (await readJsonBody(request, 10000)) as { name: string }, ctx }) };
}

export async function handleDeleteWatchlist({ ctx, user, params }: UserRouteArgs) {
  return { data: await deleteWatchlist({ user, id: param(params, "id"), ctx }) };
}

export async function handleAddWatchlistItems({ ctx, user, params, request }: UserRouteArgs) {
  return { data: await addWatchlistItems({ user, id: param(params, "id"), input: (await readJsonBody(request, 200000)) as AddWatchlistItemsInput, ctx }) };
}

export async function handleUpdateWatchlistItem({ ctx, user, params, request }: UserRouteArgs) {
  const body = (await readJsonBody(request, 10_000)) as UpdateWatchlistItemInput;
  return { data: await updateWatchlistItem({ user, id: param(params, "id"), symbol: param(params, "symbol"), input: body, ctx }) };
}

export async function handleRemoveWatchlistItem({ ctx, user, params }: UserRouteArgs) {
  return { data: await removeWatchlistItem({ user, id: param(params, "id"), symbol: param(params, "symbol"), ctx }) };
}

const symbolListSchema = z.object({ symbols: z.array(z.string().max(40)).max(MAX_SYMBOL_CHECK) });

export async function handleKnownSymbols({ ctx, user, request, searchParams }: UserRouteArgs) {
  let symbols: string[];
  if (request.method === "POST") {
    symbols = parseOrThrow(symbolListSchema, await readJsonBody(request, 100_000)).symbols;
  } else {
    symbols = searchParams.getAll("symbols").flatMap((v) => v.split(",")).map((s) => s.trim()).filter(Boolean);
    parseOrThrow(symbolListSchema, { symbols });
  }
  return { data: await checkSymbols({ user, symbols, ctx }) };
}

export async function handleResolveIsins({ ctx, user, request }: UserRouteArgs) {
  return { data: await resolveIsins({ user, input: (await readJsonBody(request, 20000)) as ResolveIsinsInput, ctx }) };
}
