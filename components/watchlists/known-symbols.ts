import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/watchlists";
import type { SymbolCheck } from "@/lib/desk/watchlists";
import { deskQuery } from "@/lib/query/desk";

/** Which symbols the service knows (free; the desk keeps the answer a day). Nothing is asked for no symbols. */
export async function fetchKnownSymbols(symbols: readonly string[], signal?: AbortSignal): Promise<SymbolCheck> {
  if (symbols.length === 0) return { known: [], unknown: [], unchecked: [], note: null, instruments: [], renamed: [] };
  return deskCall(api.checkSymbols, { body: { symbols: [...symbols] }, ...(signal ? { signal } : {}) });
}

/** The same check as a query, keyed by the sorted symbols. */
export function knownSymbolsQuery(symbols: readonly string[]) {
  return { ...deskQuery(api.checkSymbols, { body: { symbols: [...symbols].sort() } }), enabled: symbols.length > 0 };
}
