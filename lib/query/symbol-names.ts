"use client";
/**
 * Company names for a set of symbols, from one place: the names the desk holds for the account (the bought
 * catalogue, else the free directory), under the names the page already carries (`carried`: calendar rows, bought
 * earnings rows). Free; never buys anything.
 */
import { useQuery } from "@tanstack/react-query";
import * as api from "@/lib/desk/route-meta/symbols";
import { deskQuery } from "./desk";

/** Symbols asked about in one GET: a season of the whole market, in a URL well under the header limits. */
const MAX_ASKED = 400;

export function useSymbolNames(symbols: readonly string[], options: { carried?: ReadonlyMap<string, string>; enabled?: boolean } = {}) {
  const asked = [...new Set(symbols.map((s) => s.toUpperCase()))].sort().slice(0, MAX_ASKED);
  const held = useQuery({
    ...deskQuery(api.getSymbolNames, { query: { symbols: asked } }),
    enabled: (options.enabled ?? true) && asked.length > 0,
    // Names already shown stay while a changed set of symbols is asked for (no flash of "—").
    placeholderData: (previous) => previous,
  });
  const names = new Map(Object.entries(held.data?.names ?? {}));
  for (const [symbol, name] of options.carried ?? []) names.set(symbol, name);
  return { names, catalogue: held.data?.catalogue ?? false, settled: asked.length === 0 || !held.isPending };
}
