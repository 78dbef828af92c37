import { describe, expect, it } from "vitest";
import { liveQuerySchema, liveUrl } from "@/lib/query/live";
import { union } from "./live-hub";

describe("one stream per tab", () => {
  it("carries the union of what the tab's components follow", () => {
    expect(union([
      { products: ["alerts"], symbols: ["TCS"], important: false, pollAll: false },
      { products: ["news"], symbols: ["INFY", "TCS"], important: false, pollAll: false },
    ])).toEqual({ products: ["alerts", "news"], symbols: ["TCS", "INFY"], important: false, pollAll: false });
    // One component wanting every symbol widens the stream to every symbol.
    expect(union([
      { products: ["alerts"], symbols: ["TCS"], important: true, pollAll: false },
      { products: ["alerts"], symbols: [], important: false, pollAll: false },
    ])).toMatchObject({ symbols: [], important: false });
  });

  it("names a subscription by one stable URL the relay parses back", () => {
    const url = liveUrl({ products: ["news", "alerts"], symbols: ["infy", "TCS", "INFY"], important: true });
    expect(url).toBe("/api/live?products=alerts%2Cnews&symbols=INFY%2CTCS&important=1");
    const params = new URL(url, "http://desk").searchParams;
    expect(liveQuerySchema.parse(Object.fromEntries(params))).toEqual({ products: ["alerts", "news"], symbols: ["INFY", "TCS"], important: true, detailed: true, poll_all: false });
  });
});
