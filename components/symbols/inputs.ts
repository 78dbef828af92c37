import { callContextInputs } from "@/components/concalls/inputs";

/** Catalogue inputs of the symbol page: the free ones are prefetched on the server, the paid ones run on request. */
export function symbolInputs(symbol: string) {
  const symbols = [symbol];
  return {
    // Shared with the concall page, so moving between the two reuses what is loaded.
    results: callContextInputs(symbol).index,
    upcomingCalls: callContextInputs(symbol).upcoming,
    upcomingResults: { query: { symbols, limit: 10 } },
    metadata: { query: { symbols } },
    calls: { query: { symbols, limit: 8 } },
    alerts: { query: { symbols, limit: 20 } },
    news: { query: { symbols, limit: 20 } },
    announcements: { query: { symbols, limit: 10 } },
    blockDeals: { query: { symbols, limit: 10 } },
  };
}
