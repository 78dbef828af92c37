import { describe, expect, it, vi } from "vitest";
import type { EndpointId } from "./catalogue";
import type { CallInput } from "./client";
import { createAlphaClient } from "./client";
import { AlphaError } from "./errors";

const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
const syms = (n: number) => many(n, (i) => `SYM${i}`);

// One row per limit of the interface: [what, endpoint, input]. Each must be refused before any request is sent.
const overLimit: [string, EndpointId, unknown][] = [
  ["21 symbols on earnings", "listEarnings", { query: { symbols: syms(21) } }],
  ["21 ids on earnings", "listEarnings", { query: { ids: many(21, (i) => `id${i}`) } }],
  ["21 scrip codes on news (comma list)", "listNews", { query: { scrip_codes: many(21, (i) => String(500000 + i)).join(",") } }],
  ["21 symbols on alerts", "listAlerts", { query: { symbols: syms(21) } }],
  ["11 types on alerts", "listAlerts", { query: { type: many(11, () => "price_alert") } }],
  ["unknown alert type", "listAlerts", { query: { type: ["moonshot"] } }],
  ["alerts limit 51", "listAlerts", { query: { limit: 51 } }],
  ["block deals limit 51", "listBlockDeals", { query: { limit: 51 } }],
  ["block deals bad exchange", "listBlockDeals", { query: { exchange: "LSE" } }],
  ["upcoming earnings limit 51", "listUpcomingEarnings", { query: { limit: 51 } }],
  ["upcoming concalls limit 51", "listUpcomingConcalls", { query: { limit: 51 } }],
  ["limit 0", "listNews", { query: { limit: 0 } }],
  ["page 0", "listNews", { query: { page: 0 } }],
  ["bad sentiment", "listNews", { query: { sentiment: "bullish" } }],
  ["bad quarter key", "listEarnings", { query: { quarter: "2026Q4" } }],
  ["bad from", "listNews", { query: { from: "yesterday" } }],
  ["from after to", "listNews", { query: { from: "2026-05-02", to: "2026-05-01" } }],
  ["symbol and scrip_code together", "getEarningsDetail", { query: { symbol: "TCS", scrip_code: "532540", quarter: "q2_27" } }],
  ["neither symbol nor scrip_code", "getConcallDetail", { query: { quarter: "q2_27" } }],
  ["detail without quarter", "getEarningsDetail", { query: { symbol: "TCS" } }],
  ["21 transcript items", "lookupConcallTranscripts", { body: { items: many(21, (i) => `S${i}`).map((symbol) => ({ symbol, quarter: "q1_27" })) } }],
  ["no transcript items", "lookupConcallTranscripts", { body: { items: [] } }],
  ["21 symbols on metadata", "listSymbolMetadata", { query: { symbols: syms(21) } }],
  ["metadata with no symbols", "listSymbolMetadata", { query: {} }],
  ["summary with two inputs", "createDailySummary", { body: { symbols: ["TCS"], items: [{ symbol: "INFY" }] } }],
  ["summary with no input", "createDailySummary", { body: { mode: "exposure" } }],
  ["context window 8", "createDailySummary", { body: { symbols: ["TCS"], mode: "news_context", context_window_days: 8 } }],
  ["context window 0", "createDailySummary", { body: { symbols: ["TCS"], mode: "intraday_movements", context_window_days: 0 } }],
  ["context window 8 with exposure", "createDailySummary", { body: { symbols: ["TCS"], mode: "exposure", context_window_days: 8 } }],
  ["context window 0 without mode", "createDailySummary", { body: { symbols: ["TCS"], context_window_days: 0 } }],
  ["unknown summary mode", "createDailySummary", { body: { symbols: ["TCS"], mode: "vibes" } }],
  ["negative exposure", "createDailySummary", { body: { items: [{ symbol: "TCS", exposure: -1 }] } }],
  ["51 summary symbols", "createDailySummary", { body: { symbols: syms(51) } }],
  ["batch metadata not an object", "createBatchJob", { body: { file: "x", metadata: "nope" } }],
  ["empty batch job id", "getBatchJob", { path: { job_id: "" } }],
];

describe("every limit is enforced before a request is sent", () => {
  it.each(overLimit)("%s", async (_name, id, input) => {
    const fetchSpy = vi.fn<typeof fetch>();
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:1", apiKey: "ak_test", fetch: fetchSpy });
    const error = await client.call(id, input as CallInput<typeof id>).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AlphaError);
    expect((error as AlphaError).status).toBe(400);
    expect((error as AlphaError).details).toHaveProperty("fields");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("accepts the values right at each limit", async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => Response.json({ data: [], has_next: false }));
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:1", apiKey: "ak_test", fetch: fetchSpy });
    await client.listEarnings({ query: { symbols: syms(20), ids: many(20, (i) => `id${i}`), limit: 50 } });
    await client.listAlerts({ query: { type: many(10, () => "52w_high_60"), limit: 50 } });
    await client.listNews({ query: { from: "2026-05-01", to: "2026-05-01" } });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });
});
