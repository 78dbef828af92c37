import "server-only";
/**
 * Symbol directory routes (signed-in users):
 * - GET /api/symbols/search?q=infos&limit=8 → { data: SymbolSearchResult } (free; the account's catalogue when held)
 * - POST /api/symbols/catalogue { spendUpTo } → { data: { catalogue, charged } } (bought once per account, with consent)
 */
import type { UserRouteArgs } from "../http/route";
import { readJsonBody } from "../http/route";
import { buySymbolCatalogue, searchSymbols } from "../symbols/symbol-directory";

export async function handleSearchSymbols({ ctx, user, searchParams }: UserRouteArgs) {
  const input = { q: searchParams.get("q") ?? "", ...(searchParams.has("limit") ? { limit: searchParams.get("limit") } : {}) };
  return { data: await searchSymbols({ ctx, user, input }) };
}

export async function handleBuySymbolCatalogue({ ctx, user, request }: UserRouteArgs) {
  return { data: await buySymbolCatalogue({ ctx, user, input: await readJsonBody(request, 1_000) }) };
}
