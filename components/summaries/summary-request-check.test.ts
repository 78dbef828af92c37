import { describe, expect, it } from "vitest";
import { type DailySummaryRequest, dailySummaryRequestSchema } from "@/lib/alpha/summaries";
import { checkSummaryRequest, symbolOf } from "./summary-request-check";

const fifty = Array.from({ length: 50 }, (_, i) => `S${i}`);

/** Requests the form can build and some it must never send: the form's check and the contract's schema agree. */
const requests: [string, DailySummaryRequest][] = [
  ["typed symbols", { symbols: ["TCS", "INFY"], mode: "news_context", context_window_days: 3 }],
  ["symbols read as the contract reads them", { symbols: [" tcs ", "m&m"], mode: "exposure" }],
  ["a watchlist's items", { items: [{ symbol: "TCS", exposure: 1_000_000, label: " core " }, { symbol: "INFY" }], mode: "intraday_movements", context_window_days: 7 }],
  ["a portfolio", { portfolio: [{ symbol: "HDFCBANK", exposure: 0 }] }],
  ["fifty symbols", { symbols: fifty }],
  ["fifty-one symbols", { symbols: [...fifty, "TCS"] }],
  ["fifty-one items", { items: [...fifty, "TCS"].map((symbol) => ({ symbol })) }],
  ["no symbols", { symbols: [] }],
  ["no items", { items: [] }],
  ["nothing to summarise", { mode: "exposure" }],
  ["symbols and items", { symbols: ["TCS"], items: [{ symbol: "INFY" }] }],
  ["a bad symbol", { symbols: ["TCS", "bad one!"] }],
  ["a bad item", { items: [{ symbol: "TCS", exposure: -1 }] }],
  ["a label too long", { items: [{ symbol: "TCS", label: "x".repeat(81) }] }],
  ["an unknown mode", { symbols: ["TCS"], mode: "vibes" as DailySummaryRequest["mode"] }],
  ["a window of 0 days", { symbols: ["TCS"], context_window_days: 0 }],
  ["a window of 8 days", { symbols: ["TCS"], context_window_days: 8 }],
  ["a window of 1.5 days", { symbols: ["TCS"], context_window_days: 1.5 }],
];

describe("the summary form's check and the contract's request schema", () => {
  it.each(requests)("agree on %s", (_, request) => {
    const schema = dailySummaryRequestSchema.safeParse(request);
    const check = checkSummaryRequest(request);
    expect(check.ok).toBe(schema.success);
    if (check.ok && schema.success) expect(check.value).toEqual(schema.data);
    if (!check.ok) expect(check.problems.length).toBeGreaterThan(0);
  });

  it("says what is wrong in the contract's words", () => {
    expect(checkSummaryRequest({ symbols: ["TCS", "bad one!"] })).toEqual({ ok: false, problems: ["bad one!: must be an exchange symbol such as RELIANCE or M&M"] });
    expect(checkSummaryRequest({ symbols: [...fifty, "TCS"] })).toEqual({ ok: false, problems: ["at most 50 symbols"] });
    expect(checkSummaryRequest({ items: [] })).toEqual({ ok: false, problems: ["at least one holding is required"] });
    expect(symbolOf(" m&m ")).toBe("M&M");
    expect(symbolOf("")).toBeNull();
  });
});
