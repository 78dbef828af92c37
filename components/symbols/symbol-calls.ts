import type { endpointMeta } from "@/lib/alpha/catalogue-meta";
import { alphaCalls } from "@/lib/query/alpha-core";

/**
 * The Alpha endpoints the symbol page calls (its timeline and profile), as lib/alpha/catalogue-meta.ts has them (the `satisfies` holds
 * each entry to the catalogue's; lib/alpha/endpoint-tables.test.ts too): the page carries these, not the whole catalogue.
 */
export const SYMBOL_PAGE_CALLS = /* @__PURE__ */ alphaCalls({
  listEarningsIndex: { method: "GET", path: "/v1/earnings/index", product: "earnings", cost: { kind: "free" }, queryDefaults: { page: 1, limit: 50 }, maxLimit: 100 },
  listUpcomingEarnings: { method: "GET", path: "/v1/earnings/upcoming", product: "earnings", cost: { kind: "free" }, queryDefaults: { page: 1, limit: 20 }, maxLimit: 50 },
  listUpcomingConcalls: { method: "GET", path: "/v1/concalls/upcoming", product: "concalls", cost: { kind: "per_page_with_results", credits: 5, onlyWhenDetailed: true }, freshnessSeconds: 900, queryDefaults: { page: 1, limit: 20, detailed: false }, maxLimit: 50 },
  listSymbolMetadata: { method: "GET", path: "/v1/symbols/metadata", product: "symbols", cost: { kind: "per_item", credits: 1, detailedCredits: 1 }, freshnessSeconds: 86400, queryDefaults: {} },
  listConcalls: { method: "GET", path: "/v1/concalls", product: "concalls", cost: { kind: "per_item", credits: 1, detailedCredits: 2 }, freshnessSeconds: 900, queryDefaults: { page: 1, limit: 20, detailed: false }, maxLimit: 50 },
  listAlerts: { method: "GET", path: "/v1/alerts", product: "alerts", cost: { kind: "per_page_with_results", credits: 5, onlyWhenDetailed: false }, freshnessSeconds: 60, queryDefaults: { important: false, page: 1, limit: 20 }, maxLimit: 50 },
  listNews: { method: "GET", path: "/v1/news", product: "news", cost: { kind: "per_page_with_results", credits: 1, onlyWhenDetailed: false }, freshnessSeconds: 60, queryDefaults: { page: 1, limit: 20 }, maxLimit: 50 },
  listAnnouncements: { method: "GET", path: "/v1/announcements", product: "announcements", cost: { kind: "per_item", credits: 1, detailedCredits: 2 }, freshnessSeconds: 60, queryDefaults: { detailed: false, page: 1, limit: 20 }, maxLimit: 50 },
  listBlockDeals: { method: "GET", path: "/v1/block-deals", product: "block_deals", cost: { kind: "per_item", credits: 1, detailedCredits: 1 }, freshnessSeconds: 60, queryDefaults: { page: 1, limit: 20 }, maxLimit: 50 },
} as const satisfies Partial<typeof endpointMeta>);

/** The endpoints the symbol page calls. */
export type SymbolPageEndpoint = keyof typeof SYMBOL_PAGE_CALLS.endpoints;
