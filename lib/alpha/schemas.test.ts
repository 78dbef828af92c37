import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { accountProfileSchema, usageSnapshotSchema } from "./account";
import { alertSchema } from "./alerts";
import { announcementCategoriesSchema, announcementDetailSchema, announcementRowSchema } from "./announcements";
import { batchJobSchema, batchResultLineSchema, checkBatchFile } from "./batch";
import { batchJobCost as maxBatchCost } from "./costs";
import { blockDealSchema } from "./block-deals";
import { concallAssetResultSchema, concallSchema, upcomingConcallSchema } from "./concalls";
import { earningsDetailSchema, earningsIndexRowSchema, earningsRowSchema, earningsStreamRowSchema, upcomingEarningsRowSchema } from "./earnings";
import { newsItemSchema } from "./news";
import { listEnvelope } from "./primitives";
import { dailySummaryRequestSchema, dailySummaryResponseSchema } from "./summaries";
import { symbolMetadataSchema } from "./symbols";

// [resource, schema, a record with every field the interface lists for it]
const samples: [string, z.ZodType, Record<string, unknown>][] = [
  ["earnings row", earningsRowSchema, { id: "e1", symbol: "TCS", scrip_code: "532540", company_name: "Tata Consultancy Services Ltd.", image: "https://x/logo.svg", quarter: "q2_27", date: "2026-10-09T18:30:00+05:30", summary: "Revenue up 7%", earnings_table: { unit: "₹ crore", periods: ["Q2 FY27"], rows: [{ label: "Revenue", values: [65000] }] } }],
  ["earnings index row", earningsIndexRowSchema, { id: "e1", symbol: "TCS", quarter: "q2_27", date: "2026-10-09T18:30:00+05:30" }],
  ["earnings detail", earningsDetailSchema, { id: "e1", symbol: "TCS", scrip_code: "532540", company_name: "TCS", image: "i", quarter: "q2_27", date: "d", summary: "s", earnings_significant: true }],
  ["earnings stream row", earningsStreamRowSchema, { id: "e1", symbol: "TCS", attachment_url: "https://x/a.pdf?sig=1" }],
  ["upcoming earnings row", upcomingEarningsRowSchema, { id: "u1", event_id: "ev1", symbol: "INFY", company: "Infosys Ltd.", purpose: "Financial Results", title: "Board Meeting", bm_desc: "To consider Financial Results", body: "b", date: "2026-12-01", quarter: "q3_27" }],
  ["alert", alertSchema, { id: "a1", symbol: "TCS", type: "price_alert", reason: "Up 4.2%", timestamp: "2026-11-20T05:01:00Z", price: { value: 4123.5, change_percent: 4.2, as_of: "2026-11-20T04:58:00Z" }, meta: { primary_drivers: ["Brokerage upgrade"] } }],
  ["announcement categories", announcementCategoriesSchema, { important: ["Dividend"], not_important: ["Others"] }],
  ["announcement row", announcementRowSchema, { id: "an1", symbol: "TCS", company_name: "TCS", image: "i", date: "d", summary: "s", category: "Dividend" }],
  ["announcement detail", announcementDetailSchema, { id: "an1", symbol: "TCS", long_summary: "l", related_categories: ["Outcome of Board Meeting"], important: true }],
  ["news item", newsItemSchema, { id: "n1", title: "t", specific_title: "st", summary: "s", long_summary: "l", company: "TCS", symbol: "TCS", sentiment: "positive", source: "Mint", article_type: "news", link: "https://www.livemint.com/x", scrip_code: "532540", date: "d" }],
  ["block deal", blockDealSchema, { id: "b1", symbol: "TCS", company: "TCS", exchange: "NSE/BSE", trade_value_cr: 512.4, shares: 1250000, price: 4099.2, date: "d" }],
  ["conference call", concallSchema, { id: "c1", symbol: "TCS", quarter: "q2_27", date: "2026-10-10T19:00:00", short_analysis: { guidance: "g", redflags: "r" }, sentiment_analysis: { sentiment: { key_indicators: { positive: ["p"], negative: ["n"] } } }, transcript_url: "https://x/t?sig", expanded_analysis: { sections: [{ heading: "h", paragraphs: ["p"] }] } }],
  ["asset ready", concallAssetResultSchema, { status: "ready", symbol: "TCS", quarter: "q2_27", id: "c1", transcript_url: "t", audio_url: "a", expires_in: 900 }],
  ["asset no transcript", concallAssetResultSchema, { status: "no_transcript", symbol: "TCS", quarter: "q2_27", id: "c1", message: "m" }],
  ["asset not found", concallAssetResultSchema, { status: "not_found", symbol: "TCS", quarter: "q2_27", message: "m" }],
  ["upcoming concall", upcomingConcallSchema, { id: "c2", symbol: "TCS", quarter: "q3_27", meeting_date: "2026-12-01T10:30:00Z", intimation_attachment: "https://x/i.pdf" }],
  ["symbol metadata", symbolMetadataSchema, { basic_industry: "b", company_name: "c", industry: "i", isin: "INE467B01029", logo: "l", macro_economic_indicator: "m", market_cap: 1500000, scrip_code: "532540", sector: "s", symbol: "TCS" }],
  ["account profile", accountProfileSchema, { account_id: "acc", name: "n", status: "active", balance: 10, created_at: "c", updated_at: "u", metadata: { crm_id: "x", plan_daily: 1000, plan_rpm: 10, subscription_plan_id: "sandbox", subscription_plan_name: "Sandbox" }, products: [{ product: "news", enabled: true }], websocket_addons: [{ product: "news", tier: "pro_1000", enabled: true }] }],
  ["usage snapshot", usageSnapshotSchema, { account_id: "acc", balance: 10, debited_today: 3, reserved: 0, live_usage: { requests_today: 4 }, rate_limits: { overall: { daily: 1000, rpm: 10 } } }],
  ["daily summary response", dailySummaryResponseSchema, { status: "success", summary: "# s", details: { context_window_days: 1, input_type: "watchlist", mode: "exposure", portfolio_size: 2, request_id: "r", submitted_symbol_count: 2, symbols_processed: 2 }, error: null }],
  ["batch job", batchJobSchema, { id: "b", object: "batch", status: "in_progress", created_at: 1, in_progress_at: 2, display_name: "d", metadata: { a: 1 }, request_counts: { completed: 0, failed: 0, total: 3 } }],
  ["batch result line", batchResultLineSchema, { id: "r", custom_id: "c", response: { status_code: 200, body: { summary: "s" } }, error: null }],
];

describe("schemas hold the interface's field lists", () => {
  it.each(samples)("%s parses with every listed field and keeps unknown ones", (_name, schema, sample) => {
    const parsed = schema.parse({ ...sample, future_field: { kept: true } }) as Record<string, unknown>;
    for (const [key, value] of Object.entries(sample)) expect(parsed[key]).toEqual(value);
    expect(parsed.future_field).toEqual({ kept: true });
  });

  it("keeps unknown enum values instead of rejecting them", () => {
    expect(batchJobSchema.parse({ id: "b", status: "succeeded", created_at: 1, request_counts: { total: 1, completed: 1, failed: 0 } }).status).toBe("succeeded");
    expect(alertSchema.parse({ id: "a", symbol: "X", type: "brand_new_type" }).type).toBe("brand_new_type");
    expect(concallAssetResultSchema.parse({ status: "processing", symbol: "X", quarter: "q1_27" }).status).toBe("processing");
  });

  it("requires the identifying fields", () => {
    expect(alertSchema.safeParse({ symbol: "X" }).success).toBe(false);
    expect(concallAssetResultSchema.safeParse({ status: "ready", quarter: "q1_27" }).success).toBe(false);
    expect(listEnvelope(newsItemSchema).safeParse({ data: [] }).success).toBe(false);
  });

  it("defaults an alert's drivers to an empty list", () => {
    expect(alertSchema.parse({ id: "a", symbol: "X" }).meta.primary_drivers).toEqual([]);
  });
});

describe("daily summary request", () => {
  it("normalises symbols and accepts each input form", () => {
    expect(dailySummaryRequestSchema.parse({ symbols: [" tcs "] }).symbols).toEqual(["TCS"]);
    expect(dailySummaryRequestSchema.parse({ portfolio: [{ symbol: "infy", exposure: 0.4, label: "Core" }] }).portfolio?.[0]?.symbol).toBe("INFY");
    expect(dailySummaryRequestSchema.parse({ items: [{ symbol: "M&M" }], mode: "news_context", context_window_days: 7 }).context_window_days).toBe(7);
    // The hosted Python client always sends a window, whatever the mode: accepted, and ignored by exposure.
    expect(dailySummaryRequestSchema.parse({ symbols: ["TCS"], mode: "exposure", context_window_days: 1 }).context_window_days).toBe(1);
    expect(dailySummaryRequestSchema.parse({ symbols: ["TCS"], context_window_days: 1 }).context_window_days).toBe(1);
  });
});

describe("checkBatchFile", () => {
  it("reports every bad line with its number and reason", () => {
    const text = [
      '{"custom_id":"a","symbols":["TCS"]}',
      "not json",
      '{"custom_id":"b"}',
      "",
      '{"custom_id":"a","symbols":["INFY"]}',
      '{"custom_id":"c","symbols":["TCS"],"mode":"exposure","context_window_days":9}',
      '{"custom_id":"d","symbols":["NOPE"]}',
      "[1,2]",
    ].join("\n");
    const { lines, errors } = checkBatchFile(text, { knownSymbols: new Set(["TCS", "INFY"]) });
    expect(lines.map((l) => l.custom_id)).toEqual(["a"]);
    expect(errors.map((e) => e.line)).toEqual([2, 3, 5, 6, 7, 8]);
    expect(errors.find((e) => e.line === 5)?.message).toMatch(/repeats line 1/);
    expect(errors.find((e) => e.line === 6)?.message).toMatch(/context_window_days/);
    expect(errors.find((e) => e.line === 7)?.message).toBe("symbols: unknown symbols: NOPE");
    // Only line 7's fault is a symbol: it alone may be skipped.
    expect(errors.filter((e) => e.unknownSymbols).map((e) => e.line)).toEqual([7]);
  });

  it("says what an unknown symbol is instead when it can: an ETF, or a symbol retired by a demerger", () => {
    const text = ['{"custom_id":"a","symbols":["TCS","NIFTYBEES"]}', '{"custom_id":"b","symbols":["TATAMOTORS"]}'].join("\n");
    const { errors } = checkBatchFile(text, { knownSymbols: new Set(["TCS"]) });
    expect(errors.map((e) => e.message)).toEqual([
      "symbols: unknown symbols: NIFTYBEES (an ETF, not a company)",
      "symbols: unknown symbols: TATAMOTORS (did you mean TMPV or TMCV?)",
    ]);
    expect(errors.map((e) => e.unknownSymbols)).toEqual([["NIFTYBEES"], ["TATAMOTORS"]]);
  });

  it("unwraps lines in the common batch format, and says exactly why it cannot", () => {
    const wrapped = (line: object) => JSON.stringify(line);
    const text = [
      wrapped({ custom_id: "x", method: "POST", url: "/v1/daily-summary/", body: { symbols: ["TCS"], mode: "news_context", context_window_days: 3 } }),
      wrapped({ custom_id: "y", body: { items: [{ symbol: "INFY", exposure: 10 }] } }),
      wrapped({ custom_id: "z", url: "https://api.example.test/v1/daily-summary", body: { symbols: ["TCS"] } }),
      wrapped({ custom_id: "u", method: "POST", url: "/v1/chat/completions", body: { symbols: ["TCS"] } }),
      wrapped({ custom_id: "m", method: "GET", body: { symbols: ["TCS"] } }),
      wrapped({ custom_id: "b", body: ["TCS"] }),
      wrapped({ custom_id: "t", symbols: ["TCS"], body: { symbols: ["TCS"] } }),
      wrapped({ custom_id: "e", body: { symbol: ["TCS"] } }),
      wrapped({ body: { symbols: ["TCS"] } }),
    ].join("\n");
    const { lines, errors } = checkBatchFile(text);
    expect(lines).toEqual([
      { custom_id: "x", symbols: ["TCS"], mode: "news_context", context_window_days: 3 },
      { custom_id: "y", items: [{ symbol: "INFY", exposure: 10 }] },
      { custom_id: "z", symbols: ["TCS"] },
    ]);
    expect(errors).toEqual([
      { line: 4, message: 'url: must be /v1/daily-summary/, the only endpoint a batch job runs; found "/v1/chat/completions"' },
      { line: 5, message: 'method: must be POST, the method of /v1/daily-summary/; found "GET"' },
      { line: 6, message: "body: must be a JSON object holding the summary request (symbols, items or portfolio)" },
      { line: 7, message: "symbols: put the request inside body or at the top level, not both" },
      { line: 8, message: "body.symbols: provide exactly one of portfolio, symbols, items" },
      { line: 9, message: expect.stringMatching(/^custom_id: /) },
    ]);
  });

  it("refuses an empty file and prices a full one", () => {
    expect(checkBatchFile("\n\n").errors[0]?.message).toMatch(/no requests/);
    expect(maxBatchCost(3)).toBe(65);
  });
});
