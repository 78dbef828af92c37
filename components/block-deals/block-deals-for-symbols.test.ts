import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { blockDealsInput } from "./block-deal-model";
import { BlockDealsForSymbols } from "./block-deals-for-symbols";

// 2026-05-12 is a trading day; "now" is after its afternoon window.
const NOW = Date.parse("2026-05-12T15:00:00+05:30");
const deal = (id: string, symbol: string, date: string): BlockDeal => ({ id, symbol, company: symbol, exchange: "NSE", trade_value_cr: 120, shares: 400_000, price: 3000, date });

function render(client: QueryClient, symbols: string[]) {
  const panel = createElement(BlockDealsForSymbols, { symbols, now: NOW });
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(TooltipProvider, null, panel)));
}

describe("the Today panel of block deals", () => {
  it("offers today's page at its price and shows nothing bought yet", () => {
    const html = render(new QueryClient(), ["TCS", "INFY"]);
    expect(html).toContain("Block deals today");
    expect(html).toContain("In your 2 symbols");
    expect(html).toContain("None yet today.");
    expect(html).toContain("up to 20 credits");
  });

  it("shows today's deals of the user's symbols already bought anywhere, at no cost", () => {
    const client = new QueryClient();
    // A page bought elsewhere (the block deals page, without symbols): today's TCS deal and others that do not belong.
    const bought = [
      deal("today-tcs", "TCS", "2026-05-12T14:07:00+05:30"),
      deal("today-other", "ITC", "2026-05-12T14:08:00+05:30"),
      deal("yesterday-tcs", "TCS", "2026-05-11T08:50:00+05:30"),
    ];
    client.setQueryData(alphaQueryOptions("listBlockDeals", blockDealsInput({ symbols: [], exchange: null, from: null, to: null }, 1)).queryKey, {
      items: bought,
      hasNext: false,
      meta: { creditsCharged: 3, cached: false } as never,
    });
    const html = render(client, ["TCS"]);
    expect(html).toContain('data-deal-id="today-tcs"');
    expect(html).not.toContain("today-other");
    expect(html).not.toContain("yesterday-tcs");
    expect(html).toContain("Afternoon · 14:07");
    expect(html).toContain("₹120 cr");
    expect(html).toMatch(/1 deals? from pages you already loaded match these filters · 0 credits/);
  });
});
