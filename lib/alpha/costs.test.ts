import { describe, expect, it } from "vitest";
import type { EndpointId } from "./catalogue";
import { catalogue, endpointIds } from "./catalogue";
import { chargeFor, estimateCost, priceInputOf, priceRequest } from "./costs";

const items = (n: number, extra: Record<string, unknown> = {}) => Array.from({ length: n }, (_, i) => ({ id: `x${i}`, symbol: "TCS", ...extra }));
const page = (n: number) => ({ data: items(n), has_next: false });

/** Parse an input the way the client and the service do, so cost rules read normalised values. */
function parsed(id: EndpointId, input: unknown): Record<string, unknown> | undefined {
  const def = catalogue[id];
  const schema = def.query ?? def.body;
  return schema ? (schema.parse(input ?? {}) as Record<string, unknown>) : undefined;
}

// One row per line of the interface's cost table: [endpoint, input, response, exact charge, estimate].
const rows: [string, EndpointId, unknown, unknown, number, number][] = [
  ["earnings: 1 per item", "listEarnings", { limit: 10 }, page(7), 7, 10],
  ["earnings: 2 per item detailed", "listEarnings", { limit: 10, detailed: true }, page(7), 14, 20],
  ["earnings: empty page free", "listEarnings", {}, page(0), 0, 20],
  ["earnings: ids bound the estimate", "listEarnings", { ids: ["a", "b"] }, page(2), 2, 2],
  ["earnings index: free", "listEarningsIndex", {}, page(50), 0, 0],
  ["upcoming earnings: free", "listUpcomingEarnings", {}, page(20), 0, 0],
  ["earnings detail: 3 per success", "getEarningsDetail", { symbol: "TCS", quarter: "q2_27" }, { id: "e", symbol: "TCS" }, 3, 3],
  ["earnings detail detailed: still 3", "getEarningsDetail", { symbol: "TCS", quarter: "q2_27", detailed: true }, { id: "e", symbol: "TCS" }, 3, 3],
  ["earnings attachments: 1 per ready URL", "listEarningsAttachments", { ids: "a,b,c" }, { data: [{ id: "a", status: "ready", url: "u" }, { id: "b", status: "not_found" }, { id: "c", status: "ready", url: "u" }] }, 2, 3],
  ["alerts: 5 per page with results", "listAlerts", { limit: 50 }, page(50), 5, 5],
  ["alerts: empty page free", "listAlerts", {}, page(0), 0, 5],
  ["categories: free", "listAnnouncementCategories", undefined, { data: { important: [], not_important: [] } }, 0, 0],
  ["announcements: 1 per item", "listAnnouncements", { limit: 5 }, page(5), 5, 5],
  ["announcements: 2 per item detailed", "listAnnouncements", { limit: 5, detailed: "true" }, page(3), 6, 10],
  ["news: 1 per page with results", "listNews", { limit: 50 }, page(50), 1, 1],
  ["news: empty page free", "listNews", {}, page(0), 0, 1],
  ["block deals: 1 per item", "listBlockDeals", { limit: 20 }, page(4), 4, 20],
  ["block deals: empty page free", "listBlockDeals", {}, page(0), 0, 20],
  ["concalls: 1 per item", "listConcalls", { limit: 3 }, page(3), 3, 3],
  ["concalls: 2 per item detailed", "listConcalls", { limit: 3, detailed: true }, page(3), 6, 6],
  ["concall detail: 3 per success", "getConcallDetail", { scrip_code: "532540", quarter: "q2_27" }, { id: "c", symbol: "TCS" }, 3, 3],
  [
    "transcripts: 4 per ready item",
    "lookupConcallTranscripts",
    { items: [{ symbol: "TCS", quarter: "q2_27" }, { symbol: "INFY", quarter: "q2_27" }, { symbol: "ZZZ", quarter: "q2_27" }] },
    {
      data: [
        { status: "ready", symbol: "TCS", quarter: "q2_27", id: "1", transcript_url: "t", audio_url: "a", expires_in: 900 },
        { status: "no_transcript", symbol: "INFY", quarter: "q2_27", id: "2", message: "none" },
        { status: "not_found", symbol: "ZZZ", quarter: "q2_27", message: "none" },
      ],
    },
    4,
    12,
  ],
  ["upcoming concalls: free when not detailed", "listUpcomingConcalls", {}, page(20), 0, 0],
  ["upcoming concalls: 5 per page detailed", "listUpcomingConcalls", { detailed: true }, page(20), 5, 5],
  ["upcoming concalls: empty detailed page free", "listUpcomingConcalls", { detailed: true }, page(0), 0, 5],
  ["metadata: 1 per item", "listSymbolMetadata", { symbols: "TCS,INFY,WIPRO" }, { data: items(2) }, 2, 3],
  ["daily summary: 5 when generated", "createDailySummary", { symbols: ["TCS"] }, { status: "success", summary: "# ..." }, 5, 5],
  ["daily summary: no news free", "createDailySummary", { symbols: ["TCS"] }, { status: "success_no_news" }, 0, 5],
  ["daily summary: no signal free", "createDailySummary", { symbols: ["TCS"] }, { status: "success_no_signal" }, 0, 5],
  ["daily summary: error free", "createDailySummary", { symbols: ["TCS"] }, { status: "error", error: "x" }, 0, 5],
  [
    "batch: 50 per accepted job (+5 per line at most)",
    "createBatchJob",
    { file: '{"custom_id":"a","symbols":["TCS"]}\n{"custom_id":"b","symbols":["INFY"]}\n' },
    { id: "b", status: "pending", created_at: 1, request_counts: { total: 2, completed: 0, failed: 0 } },
    50,
    60,
  ],
  ["batch list: free", "listBatchJobs", {}, { object: "list", data: [] }, 0, 0],
  ["batch status: free", "getBatchJob", undefined, {}, 0, 0],
  ["batch results: free", "getBatchJobResults", undefined, "", 0, 0],
  ["batch cancel: free", "cancelBatchJob", undefined, { id: "b", status: "cancelled" }, 0, 0],
  ["account: free", "getAccount", undefined, {}, 0, 0],
  ["usage: free", "getAccountUsage", undefined, {}, 0, 0],
  ["ledger: free", "listAccountLedger", {}, { data: [], has_next: false }, 0, 0],
  ["limits: free", "getAccountLimits", undefined, { rest: {}, account: {}, websocket: {} }, 0, 0],
  ["concalls index: free", "listConcallsIndex", {}, page(50), 0, 0],
  ["transcript (GET): 4 when found", "getConcallTranscript", { symbol: "TCS", quarter: "q4_26" }, { transcript_url: "t", expires_in: 900 }, 4, 4],
  ["announcement attachments: 1 per ready URL", "listAnnouncementAttachments", { ids: "a,b" }, { data: [{ id: "a", status: "ready", url: "u" }, { id: "b", status: "not_found" }] }, 1, 2],
  ["symbol catalogue: 50", "listSymbols", { format: "csv" }, "symbol,company_name\n", 50, 50],
  ["announcement citation: 1", "getAnnouncementCitationPdf", undefined, new Uint8Array([37]), 1, 1],
  ["earnings citation: 1", "getEarningsCitationPdf", { page: "2" }, new Uint8Array([37]), 1, 1],
  ["earnings citation page: 1", "getEarningsCitationPage", undefined, new Uint8Array([37]), 1, 1],
  ["concall citation: 1", "getConcallCitationPdf", undefined, new Uint8Array([37]), 1, 1],
];

describe("cost rules follow the interface's cost table", () => {
  it.each(rows)("%s", (_name, id, input, response, charge, estimate) => {
    const p = parsed(id, input);
    expect(chargeFor(id, p, response)).toBe(charge);
    expect(estimateCost(id, p)).toBe(estimate);
    expect(estimateCost(id, p)).toBeGreaterThanOrEqual(charge);
  });

  it("covers every endpoint of the catalogue", () => {
    const covered = new Set(rows.map((r) => r[1]));
    expect(endpointIds.filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe("the schema-free price input (priceInputOf: what a price tag reads at first render, without zod)", () => {
  it.each(rows)("prices %s as the schema's parse does", (_name, id, input) => {
    expect(priceRequest(id, priceInputOf(id, input))).toEqual(priceRequest(id, parsed(id, input)));
  });

  it("agrees on inputs spelled every way the schemas take them", () => {
    const inputs: [EndpointId, unknown][] = [
      ["listEarnings", { limit: "7", detailed: "1" }],
      ["listEarnings", { limit: 50, ids: "a, b,,c" }],
      ["listEarnings", { ids: ["a", "b"], limit: 1 }],
      ["listAnnouncements", { detailed: "false", limit: " 12 " }],
      ["listConcalls", { detailed: false }],
      ["listUpcomingConcalls", { detailed: "true" }],
      ["listSymbolMetadata", { symbols: ["TCS", "INFY"], scrip_codes: "532540" }],
      ["listEarningsAttachments", { ids: ["a"] }],
      ["listBlockDeals", { limit: undefined, symbols: undefined }],
    ];
    for (const [id, input] of inputs) expect(priceRequest(id, priceInputOf(id, input)), JSON.stringify(input)).toEqual(priceRequest(id, parsed(id, input)));
  });

  it("prices a limit the schema refuses as a refused parse does (nothing per item)", () => {
    for (const limit of [0, 51, "x", 2.5]) {
      expect(catalogue.listEarnings.query.safeParse({ limit }).success).toBe(false);
      expect(priceRequest("listEarnings", priceInputOf("listEarnings", { limit })).credits).toBe(0);
    }
  });
});
