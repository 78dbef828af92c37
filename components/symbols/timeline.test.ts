import { describe, expect, it } from "vitest";
import { buildTimeline, parseKinds } from "./timeline";

const NOW = Date.parse("2026-11-22T06:00:00Z");

describe("buildTimeline", () => {
  it("puts what is ahead first, nearest first, and the rest newest first", () => {
    const t = buildTimeline(
      {
        results: [
          { id: "e1", symbol: "TCS", quarter: "q2_27", date: "2026-10-09T16:30:00+05:30" },
          { id: "e0", symbol: "TCS", quarter: "q1_27", date: "2026-07-10T16:30:00+05:30" },
        ],
        upcomingResults: [{ id: "u1", symbol: "TCS", quarter: "q3_27", date: "2027-01-12T15:00:00+05:30" }],
        upcomingCalls: [
          { id: "c9", symbol: "TCS", quarter: "q3_27", meeting_date: "2027-01-12T13:30:00Z" },
          { id: "c8", symbol: "TCS", quarter: "q3_27", meeting_date: "2026-11-25T11:30:00Z" },
        ],
        alerts: [{ id: "a1", symbol: "TCS", type: "52w_high", timestamp: "2026-11-20T04:00:00Z", meta: { primary_drivers: [] } }],
        news: [{ id: "n1", title: "TCS wins deal", date: "2026-11-21T10:00:00+05:30" }],
        blockDeals: [{ id: "b1", symbol: "TCS", exchange: "NSE", trade_value_cr: 412.5, shares: 1_250_000, price: 3300, date: "2026-11-20T14:07:00+05:30" }],
      },
      NOW,
    );
    expect(t.upcoming.map((e) => e.id)).toEqual(["upcoming-call:c8", "upcoming-results:u1", "upcoming-call:c9"]);
    expect(t.past.map((e) => e.id)).toEqual(["news:n1", "block-deal:b1", "alert:a1", "results:e1", "results:e0"]);
  });

  it("reads call filing dates without an offset as IST and skips rows without a time", () => {
    const t = buildTimeline(
      {
        calls: [
          { id: "k1", symbol: "TCS", quarter: "q2_27", date: "2026-10-10T20:20:00" },
          { id: "k2", symbol: "TCS", quarter: "q1_27", date: null },
        ],
      },
      NOW,
    );
    expect(t.past).toHaveLength(1);
    expect(t.past[0]?.at).toBe(Date.parse("2026-10-10T14:50:00Z"));
  });

  it("shows a call once when it appears both scheduled and held", () => {
    const t = buildTimeline(
      {
        upcomingCalls: [{ id: "k1", symbol: "TCS", quarter: "q2_27", meeting_date: "2026-11-23T11:30:00Z" }],
        calls: [{ id: "k1", symbol: "TCS", quarter: "q2_27", date: "2026-11-23T20:00:00" }],
      },
      NOW,
    );
    expect([...t.upcoming, ...t.past].map((e) => e.id)).toEqual(["call:k1"]);
  });

  it("moves a scheduled event whose time has passed among the past events", () => {
    const t = buildTimeline({ upcomingResults: [{ id: "u1", symbol: "TCS", quarter: "q2_27", date: "2026-11-22" }] }, NOW);
    expect(t.upcoming).toHaveLength(0);
    expect(t.past.map((e) => e.id)).toEqual(["upcoming-results:u1"]);
  });
});

describe("parseKinds", () => {
  it("keeps known kinds once and falls back to all", () => {
    expect(parseKinds(["news", "news", "bogus"])).toEqual(["news"]);
    expect(parseKinds(["block-deals"])).toEqual(["block-deals"]);
    expect(parseKinds([])).toHaveLength(6);
    expect(parseKinds(null)).toHaveLength(6);
  });
});
