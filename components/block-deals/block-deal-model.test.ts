import { describe, expect, it } from "vitest";
import type { AnnouncementRow } from "@/lib/alpha/announcements";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import { parseBlockDealsSearch } from "./search-params";
import {
  blockDealsInput,
  blockDealWindow,
  dealValueCr,
  explainingAnnouncements,
  explainsDeal,
  formatCapShare,
  formatDealValue,
  formatShares,
  marketCapShare,
  matchesBlockDealFilters,
  mergeBlockDeals,
} from "./block-deal-model";

// 2026-05-12 is a Tuesday and a trading day.
const deal = (extra: Partial<BlockDeal> = {}): BlockDeal => ({
  id: "blk_1",
  symbol: "TCS",
  company: "Tata Consultancy Services",
  exchange: "NSE",
  trade_value_cr: 412.5,
  shares: 1_250_000,
  price: 3300,
  date: "2026-05-12T14:07:30+05:30",
  ...extra,
});
const filing = (id: string, extra: Partial<AnnouncementRow> = {}): AnnouncementRow => ({ id, symbol: "TCS", date: "2026-05-12T18:30:00+05:30", category: "Company Update", ...extra });

describe("a block deal's window", () => {
  it("is the morning or afternoon window from its IST time, or none", () => {
    expect(blockDealWindow(deal({ date: "2026-05-12T08:50:00+05:30" }))).toBe("morning");
    expect(blockDealWindow(deal({ date: "2026-05-12T03:20:00Z" }))).toBe("morning"); // 08:50 IST given in UTC
    expect(blockDealWindow(deal())).toBe("afternoon");
    expect(blockDealWindow(deal({ date: "2026-05-12T09:00:00+05:30" }))).toBeNull(); // the window ends at 09:00
    expect(blockDealWindow(deal({ date: "2026-05-12T11:00:00+05:30" }))).toBeNull();
    expect(blockDealWindow(deal({ date: "2026-05-16T14:10:00+05:30" }))).toBeNull(); // a Saturday
    expect(blockDealWindow(deal({ date: null }))).toBeNull();
  });
});

describe("a block deal's value and size", () => {
  it("reads in ₹ crore, from the service's figure or shares × price", () => {
    expect(formatDealValue(deal())).toBe("₹413 cr");
    expect(formatDealValue(deal({ trade_value_cr: 1234.4 }))).toBe("₹1,234 cr");
    expect(formatDealValue(deal({ trade_value_cr: 27.456 }))).toBe("₹27.46 cr");
    expect(dealValueCr(deal({ trade_value_cr: null, shares: 1_000_000, price: 250.5 }))).toBe(25.05);
    expect(formatDealValue(deal({ trade_value_cr: null, shares: null }))).toBe("—");
    expect(formatShares(12_50_000)).toBe("12,50,000 shares");
  });

  it("is a share of market cap only when the cap is held", () => {
    expect(marketCapShare(deal(), 1_375_000)).toBeCloseTo(0.03, 6);
    expect(formatCapShare(marketCapShare(deal(), 1_375_000) ?? 0)).toBe("0.030% of market cap");
    expect(formatCapShare(2.5)).toBe("2.50% of market cap");
    expect(formatCapShare(0.004)).toBe("0.0040% of market cap");
    expect(marketCapShare(deal(), undefined)).toBeNull();
    expect(marketCapShare(deal(), 0)).toBeNull();
  });
});

describe("filings that explain a deal", () => {
  it("match by category or by the words of the summary", () => {
    expect(explainsDeal(filing("a", { category: "Offer for Sale (OFS)" }))).toBe("Offer for Sale (OFS)");
    expect(explainsDeal(filing("b", { category: "Company Update", related_categories: ["Reduction of Stake"] } as Partial<AnnouncementRow>))).toBe("Reduction of Stake");
    expect(explainsDeal(filing("c", { summary: "Promoter group entity sold 2% stake in the company through the exchange." }))).toMatch(/sold/);
    expect(explainsDeal(filing("d", { summary: "Disclosure under SAST Regulation 29 received from an investor." }))).toBe("SAST");
    expect(explainsDeal(filing("e", { category: "Dividend", summary: "Board recommends a final dividend of ₹10." }))).toBeNull();
  });

  it("are the same company's, on the deal's IST day", () => {
    const held = [
      filing("same-day", { category: "Acquisition" }),
      filing("other-company", { symbol: "INFY", category: "Acquisition" }),
      filing("next-day", { category: "Acquisition", date: "2026-05-13T09:00:00+05:30" }),
      // 19:00 UTC on the 11th is 00:30 IST on the 12th: the deal's day.
      filing("utc-evening", { category: "Reduction of Stake", date: "2026-05-11T19:00:00Z" }),
      filing("unrelated", { category: "Dividend" }),
      filing("same-day", { category: "Acquisition" }),
    ];
    expect(explainingAnnouncements(deal(), held).map((f) => f.announcement.id)).toEqual(["same-day", "utc-evening"]);
    expect(explainingAnnouncements(deal({ date: null }), held)).toEqual([]);
  });
});

describe("the feed's filters", () => {
  it("narrow by exchange exactly, symbols and dates, and build the priced page's query", () => {
    const f = { symbols: [], exchange: "BSE" as const, from: null, to: null };
    expect(matchesBlockDealFilters(deal(), f)).toBe(false);
    expect(matchesBlockDealFilters(deal({ exchange: "BSE" }), f)).toBe(true);
    expect(matchesBlockDealFilters(deal({ exchange: "NSE/BSE" }), f)).toBe(false);
    expect(matchesBlockDealFilters(deal(), { ...f, exchange: null, symbols: ["INFY"] })).toBe(false);
    expect(matchesBlockDealFilters(deal(), { ...f, exchange: null, from: "2026-05-13" })).toBe(false);
    expect(blockDealsInput({ symbols: ["TCS"], exchange: "NSE", from: "2026-05-01", to: null }, 2).query).toEqual({ symbols: ["TCS"], exchange: "NSE", from: "2026-05-01", page: 2, limit: 20 });
    expect(parseBlockDealsSearch({ exchange: "NSE/BSE", symbols: "tcs" })).toMatchObject({ exchange: "NSE/BSE", symbols: ["TCS"] });
    expect(parseBlockDealsSearch({ exchange: "LSE" }).exchange).toBeNull();
  });

  it("merge stream and page rows once each, newest first", () => {
    const early = deal({ id: "a", date: "2026-05-12T08:50:00+05:30" });
    const late = deal({ id: "b" });
    expect(mergeBlockDeals([early], [late, early]).map((d) => d.id)).toEqual(["b", "a"]);
  });
});
