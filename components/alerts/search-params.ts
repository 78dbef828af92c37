import { parseAsArrayOf, parseAsBoolean, parseAsString } from "nuqs/server";
import { z } from "zod";
import { effectiveSymbols, normalizeSymbols, symbolFilterParsers } from "@/components/earnings/search-params";
import type { AlertFilterType } from "./alert-model";
import { normalizeAlertTypes } from "./alert-model";

/** The alerts page's URL: symbols and watchlist (shared with the other pages), types, important only, dates. */
export const alertsParsers = {
  ...symbolFilterParsers,
  type: parseAsArrayOf(parseAsString, ",").withDefault([]),
  important: parseAsBoolean.withDefault(false),
  from: parseAsString,
  to: parseAsString,
};

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DAY_RE).optional().catch(undefined);
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface AlertsSearch {
  symbols: string[];
  watchlist: string | null;
  types: AlertFilterType[];
  important: boolean;
  from: string | null;
  to: string | null;
}

/** The server's reading of the same URL (zod), normalised like the browser's. */
export function parseAlertsSearch(raw: Record<string, string | string[] | undefined>): AlertsSearch {
  const p = z
    .object({
      symbols: z.string().optional().catch(undefined),
      watchlist: z.string().trim().min(1).max(64).optional().catch(undefined),
      type: z.string().optional().catch(undefined),
      important: z.enum(["true", "false"]).optional().catch(undefined),
      from: day,
      to: day,
    })
    .parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)])));
  return {
    symbols: normalizeSymbols(p.symbols ? [p.symbols] : []),
    watchlist: p.watchlist ?? null,
    types: normalizeAlertTypes(p.type?.split(",")),
    important: p.important === "true",
    from: p.from ?? null,
    to: p.to ?? null,
  };
}

export { effectiveSymbols, normalizeSymbols };
