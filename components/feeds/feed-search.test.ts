import { describe, expect, it } from "vitest";
import { parseAlertsSearch } from "@/components/alerts/search-params";
import { parseAnnouncementsSearch } from "@/components/announcements/search-params";
import { parseNewsSearch } from "@/components/news/search-params";

describe("feed pages read their URL on the server", () => {
  it("normalises the shared fields and drops malformed values", () => {
    const raw = { symbols: "tcs, infy", watchlist: ["w1", "w2"], from: "2026-11-01", to: "yesterday" };
    expect(parseNewsSearch({ ...raw, sentiment: "bullish" })).toEqual({
      symbols: ["TCS", "INFY"],
      watchlist: "w1",
      from: "2026-11-01",
      to: null,
      sentiment: null,
    });
  });

  it("keeps each page's own filters", () => {
    expect(parseAlertsSearch({ type: "price_alert,52w_high_60", important: "true" })).toMatchObject({ important: true, symbols: [] });
    expect(parseAlertsSearch({ type: "price_alert" }).types).toContain("price_alert");
    expect(parseAnnouncementsSearch({ important: "maybe" })).toMatchObject({ important: false, categories: [], watchlist: null });
    expect(parseNewsSearch({ sentiment: "negative" }).sentiment).toBe("negative");
  });
});
