import { queryOptions } from "@tanstack/react-query";
import { deskCaller } from "@/lib/desk/desk-caller";
import type { deskRouteMeta } from "@/lib/desk/route-meta";
import { deskKeys } from "@/lib/query/desk-keys";
import type { SymbolSearchResult } from "@/lib/symbols/directory";

// Types only: the directory's schemas are the routes' (lib/desk/routes.ts); browser code reaches them through the contract alone.
export type * from "@/lib/symbols/directory";
export { symbolFromSegment, symbolHref } from "@/lib/symbols/symbol-href";

/** The desk routes the symbol search calls, as lib/desk/route-meta.ts has them: the page carries these, not the whole table. */
export const SYMBOL_ROUTES = /* @__PURE__ */ deskCaller({
  searchSymbols: { method: "GET", path: "/api/symbols/search", access: "user" },
  buySymbolCatalogue: { method: "POST", path: "/api/symbols/catalogue", access: "user" },
} as const satisfies Partial<typeof deskRouteMeta>);

/** GET /api/symbols/search: typeahead matches (free; the account's catalogue once bought). */
export function symbolSearchQueryOptions(q: string, limit: number = 8) {
  return queryOptions({
    queryKey: deskKeys.symbols.search(q, limit),
    queryFn: ({ signal }): Promise<SymbolSearchResult> => SYMBOL_ROUTES.call("searchSymbols", { query: { q: q.trim(), limit: String(limit) }, signal }),
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/symbols/catalogue: buys the symbol catalogue once for the account, within `spendUpTo`. */
export async function buySymbolCatalogue(spendUpTo: number) {
  return SYMBOL_ROUTES.call("buySymbolCatalogue", { body: { spendUpTo } });
}
