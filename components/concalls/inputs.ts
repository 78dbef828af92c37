/** Catalogue inputs the concall pages prefetch on the server and read in the browser: one definition, same keys. */

/** The free context of a call page: which quarters have results, and whether a call is still to come. */
export function callContextInputs(symbol: string) {
  return {
    // The very request the desk's symbol check makes (lib/server/portfolio/watchlists.ts): one free call serves both.
    index: { query: { symbols: [symbol], limit: 100 } },
    upcoming: { query: { symbols: [symbol], limit: 5 } },
  };
}
