import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";
import type { SymbolSearchResult } from "@/lib/symbols/directory";

// Types only: the directory's schemas are the routes' (lib/desk/routes.ts); browser code reaches them through the contract alone.
export type * from "@/lib/symbols/directory";
export { symbolFromSegment, symbolHref } from "@/lib/symbols/symbol-href";

/** GET /api/symbols/search: typeahead matches (free; the account's catalogue once bought). */
export function symbolSearchQueryOptions(q: string, limit: number = 8) {
  return queryOptions({
    queryKey: queryKeys.symbols.search(q, limit),
    queryFn: ({ signal }): Promise<SymbolSearchResult> => deskCall("searchSymbols", { query: { q: q.trim(), limit: String(limit) }, signal }),
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/symbols/catalogue: buys the symbol catalogue once for the account, within `spendUpTo`. */
export async function buySymbolCatalogue(spendUpTo: number) {
  return deskCall("buySymbolCatalogue", { body: { spendUpTo } });
}
