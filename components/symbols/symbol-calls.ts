import {
  listAlerts,
  listAnnouncements,
  listBlockDeals,
  listConcalls,
  listEarningsIndex,
  listNews,
  listSymbolMetadata,
  listUpcomingConcalls,
  listUpcomingEarnings,
} from "@/lib/alpha/catalogue-meta";
import { alphaCalls } from "@/lib/query/alpha-core";

/** The Alpha endpoints the symbol page calls (its timeline and profile): the page carries these entries only. */
export const SYMBOL_PAGE_CALLS = /* @__PURE__ */ alphaCalls({
  listEarningsIndex,
  listUpcomingEarnings,
  listUpcomingConcalls,
  listSymbolMetadata,
  listConcalls,
  listAlerts,
  listNews,
  listAnnouncements,
  listBlockDeals,
});

/** The endpoints the symbol page calls. */
export type SymbolPageEndpoint = keyof typeof SYMBOL_PAGE_CALLS.endpoints;
