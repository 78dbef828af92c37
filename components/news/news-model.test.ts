import { describe, expect, it } from "vitest";
import type { NewsItem } from "@/lib/alpha/news";
import { matchesNewsFilters, mergeNews, newsInput, safeLink, sentimentMix } from "./news-model";

function news(id: string, date: string, sentiment: NewsItem["sentiment"] = "neutral"): NewsItem {
  return { id, date, sentiment, title: id, symbol: "TCS" };
}

describe("news", () => {
  it("counts the sentiment mix per IST day, with empty days between kept", () => {
    const mix = sentimentMix([
      news("a", "2026-05-10T20:00:00Z", "positive"), // 11 May 01:30 IST
      news("b", "2026-05-11T04:00:00Z", "negative"),
      news("c", "2026-05-13T04:00:00Z", "positive"),
      news("d", "2026-05-13T05:00:00Z", null),
    ]);
    expect(mix).toEqual([
      { day: "2026-05-11", positive: 1, negative: 1, neutral: 0 },
      { day: "2026-05-12", positive: 0, negative: 0, neutral: 0 },
      { day: "2026-05-13", positive: 1, negative: 0, neutral: 1 },
    ]);
    expect(sentimentMix([])).toEqual([]);
  });

  it("matches live items by sentiment and IST dates, and builds the paid page's query", () => {
    const item = news("a", "2026-05-12T04:00:00Z", "negative");
    expect(matchesNewsFilters(item, { sentiment: "negative", from: "2026-05-12", to: null })).toBe(true);
    expect(matchesNewsFilters(item, { sentiment: "positive", from: null, to: null })).toBe(false);
    expect(matchesNewsFilters(item, { sentiment: null, from: "2026-05-13", to: null })).toBe(false);
    expect(newsInput({ symbols: ["TCS"], sentiment: "negative", from: null, to: "2026-05-12" }, 1).query).toEqual({ symbols: ["TCS"], sentiment: "negative", to: "2026-05-12", page: 1, limit: 50 });
  });

  it("merges once per id, newest first, and opens only web links", () => {
    expect(mergeNews([news("a", "2026-05-12T04:00:00Z")], [news("b", "2026-05-12T05:00:00Z"), news("a", "2026-05-12T04:00:00Z")]).map((n) => n.id)).toEqual(["b", "a"]);
    expect(safeLink("https://example.com/x")).toBe("https://example.com/x");
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink("not a url")).toBeNull();
  });
});
