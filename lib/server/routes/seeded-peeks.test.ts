import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { usePaidCallWith } from "@/components/paid/paid-call-core";
import type { CallInput } from "@/lib/alpha/request";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { alphaPeekOptions } from "@/lib/query/alpha-core";
import { makeQueryClient } from "@/lib/query/query-client";
import { symbolInputs } from "@/components/symbols/inputs";
import { SYMBOL_PAGE_CALLS, type SymbolPageEndpoint } from "@/components/symbols/symbol-calls";

/**
 * The symbol page prefetches its paid sections' peeks on the server (alphaPeekOptions, app/(desk)/symbols/[symbol])
 * so the browser asks the desk nothing on load. This renders the browser's own hook against a cache holding those
 * keys: if the keys drift apart, the hook is back to "checking" and would peek from the browser.
 */
const inputs = symbolInputs("TCS");
const PAID: { [K in SymbolPageEndpoint]?: CallInput<K> } = {
  listSymbolMetadata: inputs.metadata,
  listConcalls: inputs.calls,
  listAlerts: inputs.alerts,
  listNews: inputs.news,
  listAnnouncements: inputs.announcements,
  listBlockDeals: inputs.blockDeals,
};

function render<K extends SymbolPageEndpoint>(id: K, input: CallInput<K>, seed: (client: ReturnType<typeof makeQueryClient>) => void): string {
  const client = makeQueryClient();
  seed(client);
  function Probe() {
    const call = usePaidCallWith(SYMBOL_PAGE_CALLS, id, input);
    return createElement("p", null, `requested=${call.requested} checking=${call.checking} loaded=${call.loaded}`);
  }
  return renderToString(createElement(QueryClientProvider, { client }, createElement(Probe)));
}

describe("the symbol page's seeded peeks", () => {
  for (const [id, input] of Object.entries(PAID) as [SymbolPageEndpoint, CallInput<SymbolPageEndpoint>][]) {
    it(`${id}: unseeded the section is checking (a browser peek); seeded, it shows its price or the held answer`, () => {
      expect(render(id, input, () => {})).toContain("requested=false checking=true loaded=false");
      expect(render(id, input, (c) => c.setQueryData(alphaPeekOptions(SYMBOL_PAGE_CALLS, id, input).queryKey, false))).toContain("requested=false checking=false loaded=false");
      const held = { items: [], hasNext: false, meta: { endpoint: id, creditsCharged: 0, balance: null, cached: true, ageSeconds: 0, fetchedAt: "2026-01-01T00:00:00.000Z", rateLimit: null, recordId: null } };
      const seeded = render(id, input, (c) => {
        c.setQueryData(alphaQueryOptions(id, input).queryKey, held);
        c.setQueryData(alphaPeekOptions(SYMBOL_PAGE_CALLS, id, input).queryKey, true);
      });
      expect(seeded).toContain("requested=true checking=false loaded=true");
    });
  }
});
