/**
 * The hosted client (drishti-sdk 1.0.15) as its documentation describes it, written here as our own table: for each
 * method, the request it sends (path, parameters serialised its way: lists comma-joined, booleans "true"/"false",
 * the Python client's defaults) and the shape it reads back. `hostedClientSuite` runs every row against a base URL:
 * the service itself (service/hosted-client.test.ts), or the desk's `/alpha` base with a desk token
 * (lib/server/upstream/desk-gateway.test.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { openFrames } from "./ws-frames";
import { z } from "zod";
import type { RunningServer } from "../../service/server";
import { startServer } from "../../service/server";
import type { ServiceContext } from "../../service/context";
import { companies } from "../../service/dataset/companies";
import { createRng } from "../../service/dataset/rng";
import { recordSample } from "./service-streams";
import { addCompanies } from "./service-summaries";
import { addAlert, addAnnouncement, addBlockDeal, addConcall, addEarnings, addNews, addUpcomingEarnings, createTestAccount } from "./service";

// ---- The client's documented response types (reference-hosted-sdk.md §3), as it reads them. ----
const paginated = (item: z.ZodType) => z.object({ data: z.array(item), has_next: z.boolean() });
const listItem = z.object({ id: z.string(), symbol: z.string() }).loose();
const indexItem = z.object({ id: z.string(), symbol: z.string(), quarter: z.string().nullish(), date: z.string().nullish() }).strict();
const earningsDetail = z.object({ id: z.string(), symbol: z.string(), summary: z.string(), earnings_table: z.record(z.string(), z.unknown()).nullish() }).loose();
const concallDetail = z.object({ id: z.string(), symbol: z.string(), short_analysis: z.unknown(), expanded_analysis: z.unknown() }).loose();
const attachmentLookup = z.object({
  data: z.array(z.object({ id: z.string(), status: z.enum(["ready", "not_found", "invalid_id", "no_attachment"]), url: z.string().nullish(), expires_in: z.number().nullish() }).loose()),
});
const transcriptBatch = z.object({
  data: z.array(z.object({ symbol: z.string(), quarter: z.string(), status: z.enum(["ready", "not_found", "no_transcript"]) }).loose()),
});
const artifactUrls = z.object({ transcript_url: z.string().nullish(), audio_url: z.string().nullish(), expires_in: z.number().nullish() }).loose();
const categories = z.object({ data: z.object({ important: z.array(z.string()), not_important: z.array(z.string()) }) });
const symbolMetadata = z.object({ data: z.array(z.object({ symbol: z.string(), isin: z.string().nullish(), scrip_code: z.string().nullish() }).loose()) });
const alert = z.object({ id: z.string(), symbol: z.string(), meta: z.object({ primary_drivers: z.array(z.string()) }) }).loose();
const account = z.object({
  data: z
    .object({
      account_id: z.string(),
      status: z.string(),
      balance: z.number().int(),
      products: z.array(z.object({ product: z.string(), enabled: z.boolean() }).loose()),
      websocket_addons: z.array(z.object({ product: z.string(), enabled: z.boolean(), tier: z.string() })),
      live_entitlement: z.record(z.string(), z.unknown()),
      metadata: z.record(z.string(), z.unknown()),
    })
    .loose(),
});
const usage = z.object({
  data: z
    .object({
      account_id: z.string(),
      balance: z.number().int(),
      debited_today: z.number().int(),
      live_usage: z.record(z.string(), z.number()),
      rate_limits: z.record(z.string(), z.record(z.string(), z.number())),
      live_entitlement: z.record(z.string(), z.unknown()),
      reserved: z.number().int(),
    })
    .loose(),
});
const limits = z.object({
  rest: z.record(z.string(), z.record(z.string(), z.number())),
  account: z.record(z.string(), z.record(z.string(), z.number())),
  websocket: z.record(z.string(), z.unknown()),
});
const ledger = z.object({
  data: z.array(
    z
      .object({
        entry_id: z.string(),
        account_id: z.string(),
        api_key: z.string().nullish(),
        entry_type: z.string(),
        amount: z.number().int(),
        balance_after: z.number().int().nullish(),
        reference_id: z.string().nullish(),
        route_id: z.string().nullish(),
        metadata: z.record(z.string(), z.unknown()),
        created_at: z.string(),
      })
      .loose(),
  ),
});
const summaryResponse = z
  .object({
    status: z.enum(["success", "success_no_news", "success_no_signal", "error"]),
    summary: z.string().nullish(),
    details: z.object({ portfolio_size: z.number(), symbols_processed: z.number(), request_id: z.string(), context_window_days: z.number() }).loose(),
  })
  .loose();
const batchJob = z
  .object({
    id: z.string(),
    object: z.string(),
    status: z.string(),
    created_at: z.number(),
    request_counts: z.object({ total: z.number(), completed: z.number(), failed: z.number() }),
    billing: z.object({ submit_credits_charged: z.number().nullish(), total_credits_charged: z.number().nullish() }).loose().nullish(),
  })
  .loose();
const batchList = z.object({ object: z.string(), data: z.array(z.object({ id: z.string(), object: z.string(), status: z.string(), created_at: z.number() }).loose()) });
const batchResultLine = z
  .object({
    id: z.string(),
    custom_id: z.string(),
    status: z.string(),
    response: z.object({ status_code: z.number(), body: z.object({ details: z.object({ context_window_days: z.number() }).loose().nullish() }).loose().nullish() }).nullish(),
  })
  .loose();
const pdfText = z.string().refine((s) => s.startsWith("%PDF-"), "a PDF");

// ---- The client's request and response handling (§2, §6). ----
type Params = Record<string, string | number | boolean | readonly string[] | null | undefined>;

/** Lists comma-joined, booleans as "true"/"false", numbers as decimals, null/undefined and empty lists left out. */
function serializeQuery(params: Params = {}): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out.set(key, value.join(","));
    } else out.set(key, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : "";
}


/** The service the table runs against, with the records its rows name (their ids in `ids`), and two keys. */
export async function startHostedClientService(): Promise<{ running: RunningServer; ids: Record<string, string>; key: string; sandboxKey: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "alpha-hosted-client-"));
  const running = await startServer({ databasePath: join(dir, "service.db"), port: 0, simulator: false }, { seed: false, streams: { heartbeatMs: 200 } });
  const ctx: ServiceContext = running.service.ctx;
  const db = ctx.db;
  const now = Date.now();
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const ids: Record<string, string> = {};
  addCompanies(db, ["TCS", "INFY"]);
  ids.earnings = addEarnings(db, { symbol: "TCS", quarter: "q4_26", date_ms: now - 5 * DAY }).id;
  addUpcomingEarnings(db, { symbol: "INFY", date_ms: now + 5 * DAY });
  ids.concall = addConcall(db, { symbol: "TCS", quarter: "q4_26", date_ms: now - 6 * DAY, meeting_ms: now - 4 * DAY }).id;
  addConcall(db, { symbol: "INFY", quarter: "q1_27", date_ms: now - DAY, meeting_ms: now + 3 * DAY });
  ids.announcement = addAnnouncement(db, { symbol: "TCS", date_ms: now - DAY }).id;
  addAlert(db, { symbol: "TCS", ts_ms: now - HOUR / 2 });
  addNews(db, { symbol: "TCS", date_ms: now - HOUR, sentiment: "positive", title: "TCS wins a deal" });
  addBlockDeal(db, { symbol: "TCS", date_ms: now - 2 * HOUR });
  const key = createTestAccount(ctx, { plan: "pro", balance: 10_000 }).key;
  const sandboxKey = createTestAccount(ctx, { plan: "sandbox", balance: 1_000 }).key;
  return {
    running,
    ids,
    key,
    sandboxKey,
    close: async () => {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Where the table runs: read when the tests run (after the caller's beforeAll). */
export interface HostedClientTarget {
  /** The base URL the client is pointed at: the service's, or the desk's `/alpha`. */
  baseUrl(): string;
  /** A key with every product (or a desk token with every scope). */
  key(): string;
  /** A key whose subscribe to news answers a `forbidden` frame (a Sandbox key, or a token without the streams scope). */
  limitedKey(): string;
  /** The service behind it (its records, its stream samples). */
  service(): RunningServer;
  ids(): Record<string, string>;
}

export function hostedClientSuite(target: HostedClientTarget): void {
  const ids = new Proxy({} as Record<string, string>, { get: (_t, name: string) => target.ids()[name] });
  /** One call as the client makes it: X-API-Key last, Accept JSON; JSON parsed only when the answer says JSON; non-2xx throws. */
  async function send(method: string, path: string, options: { params?: Params; json?: unknown; form?: FormData; headers?: Record<string, string>; apiKey?: string } = {}) {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers, "X-API-Key": options.apiKey ?? target.key() };
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const res = await fetch(`${target.baseUrl()}${path}${serializeQuery(options.params)}`, { method, headers, body });
    if (res.status === 204) return { res, body: null as unknown };
    const text = await res.text();
    const parsed: unknown = (res.headers.get("content-type") ?? "").includes("application/json") ? (text ? JSON.parse(text) : null) : text === "" ? null : text;
    if (res.status < 200 || res.status >= 300) throw new Error(`Drishti API error ${res.status}: ${text}`);
    return { res, body: parsed };
  }

  /** The client's wait helper, called as our README says: terminalStatuses ['completed', 'cancelled'], case-insensitive. */
  async function waitForBatchJobCompletion(id: string, terminalStatuses = ["completed", "cancelled"], timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = batchJob.parse((await send("GET", `/v1/batch/jobs/${encodeURIComponent(id)}`)).body);
      if (terminalStatuses.includes(job.status.toLowerCase())) return job;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for batch job ${id} to complete`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  interface Row {
    method: string;
    http: "GET" | "POST" | "DELETE";
    path: () => string;
    params?: Params;
    json?: unknown;
    headers?: Record<string, string>;
    shape: z.ZodType;
    check?: (body: never, res: Response) => void;
  }

  const TCS = ["TCS"];
  const rows: Row[] = [
    { method: "getAnnouncements", http: "GET", path: () => "/v1/announcements", params: { symbols: TCS, scrip_codes: [], categories: ["Dividend"], from: "2020-01-01", to: "2099-12-31", detailed: true, important: true, page: 1, limit: 20 }, shape: paginated(listItem.extend({ long_summary: z.string() })) },
    { method: "getAnnouncementCategories", http: "GET", path: () => "/v1/announcements/categories", shape: categories },
    { method: "getAnnouncementAttachments", http: "GET", path: () => "/v1/announcements/attachments", params: { ids: ["ANN_PLACEHOLDER"] }, shape: attachmentLookup },
    { method: "getAnnouncementCitationPdf", http: "GET", path: () => `/v1/announcements/citations/${encodeURIComponent(ids.announcement!)}/pdf`, shape: pdfText },
    { method: "getEarnings", http: "GET", path: () => "/v1/earnings", params: { ids: [], symbols: TCS, from: "2020-01-01", to: "2099-12-31T23:59:59Z", quarter: "q4_26", detailed: false, page: 1, limit: 50 }, shape: paginated(listItem.extend({ summary: z.string() })) },
    { method: "getEarningsIndex", http: "GET", path: () => "/v1/earnings/index", params: { symbols: TCS, quarter: "q4_26", page: 1, limit: 50 }, shape: paginated(indexItem) },
    {
      method: "getEarningsDetail",
      http: "GET",
      path: () => "/v1/earnings/detail",
      params: { symbol: "TCS", quarter: "q4_26", detailed: true },
      shape: earningsDetail,
      check: (body: z.infer<typeof earningsDetail>) => expect(body.earnings_table).toBeTruthy(),
    },
    { method: "getUpcomingEarnings", http: "GET", path: () => "/v1/earnings/upcoming", params: { symbols: ["INFY"], page: 1, limit: 20 }, shape: paginated(z.object({ id: z.string(), symbol: z.string(), purpose: z.string().nullish() }).loose()) },
    { method: "getEarningsAttachments", http: "GET", path: () => "/v1/earnings/attachments", params: { ids: ["EARN_PLACEHOLDER"] }, shape: attachmentLookup },
    { method: "getEarningsCitationPdf", http: "GET", path: () => `/v1/earnings/citations/${encodeURIComponent(ids.earnings!)}/pdf`, params: { page: 1 }, shape: pdfText },
    { method: "getEarningsCitationPage", http: "GET", path: () => `/v1/earnings/citations/${encodeURIComponent(ids.earnings!)}/page/2`, shape: pdfText },
    { method: "getConcalls", http: "GET", path: () => "/v1/concalls", params: { symbols: TCS, from: "2020-01-01", detailed: true, page: 1, limit: 20 }, shape: paginated(listItem.extend({ expanded_analysis: z.unknown() })) },
    { method: "getConcallsIndex", http: "GET", path: () => "/v1/concalls/index", params: { symbols: TCS, quarter: "q4_26", page: 1, limit: 50 }, shape: paginated(indexItem) },
    { method: "getConcallDetail", http: "GET", path: () => "/v1/concalls/detail", params: { scrip_code: "532540", quarter: "q4_26", detailed: true }, shape: concallDetail },
    { method: "getConcallTranscript", http: "GET", path: () => "/v1/concalls/transcript", params: { symbol: "TCS", quarter: "q4_26" }, shape: artifactUrls, check: (body: z.infer<typeof artifactUrls>) => expect(body.transcript_url).toMatch(/^http/) },
    { method: "getConcallTranscripts", http: "POST", path: () => "/v1/concalls/transcripts", json: { items: [{ symbol: "TCS", quarter: "q4_26" }, { symbol: "INFY", quarter: "q1_27" }] }, shape: transcriptBatch },
    { method: "getUpcomingConcalls", http: "GET", path: () => "/v1/concalls/upcoming", params: { symbols: ["INFY"], detailed: true, page: 1, limit: 20 }, shape: paginated(z.object({ id: z.string(), symbol: z.string(), meeting_date: z.string().nullish() }).loose()) },
    { method: "getConcallCitationPdf", http: "GET", path: () => `/v1/concalls/citations/${encodeURIComponent(ids.concall!)}/pdf`, shape: pdfText },
    { method: "getAlerts", http: "GET", path: () => "/v1/alerts", params: { symbols: TCS, type: ["price_alert", "earnings"], from: "2020-01-01", important: false, page: 1, limit: 20 }, shape: paginated(alert) },
    { method: "getNews", http: "GET", path: () => "/v1/news", params: { symbols: TCS, sentiment: "positive", from: "2020-01-01", to: "2099-12-31", page: 1, limit: 20 }, shape: paginated(z.object({ id: z.string(), sentiment: z.string().nullish() }).loose()) },
    { method: "getBlockDeals", http: "GET", path: () => "/v1/block-deals", params: { symbols: TCS, exchange: "NSE", from: "2020-01-01", page: 1, limit: 20 }, shape: paginated(z.object({ id: z.string(), trade_value_cr: z.number().nullish() }).loose()) },
    { method: "getSymbolMetadata", http: "GET", path: () => "/v1/symbols/metadata", params: { symbols: ["TCS", "INFY"], scrip_codes: [] }, shape: symbolMetadata },
    { method: "getSymbols (Python default csv)", http: "GET", path: () => "/v1/symbols", params: { format: "csv" }, shape: z.string().regex(/^symbol,company_name,/) },
    { method: "getSymbols (json)", http: "GET", path: () => "/v1/symbols", params: { format: "json" }, shape: symbolMetadata },
    { method: "getAccount", http: "GET", path: () => "/v1/account", shape: account },
    { method: "getAccountUsage", http: "GET", path: () => "/v1/account/usage", shape: usage },
    { method: "getAccountLimits", http: "GET", path: () => "/v1/account/limits", shape: limits },
    { method: "getAccountLedger", http: "GET", path: () => "/v1/account/ledger", params: { limit: 50 }, shape: ledger },
    {
      method: "createDailySummary (Python: context_window_days 1 with exposure, retention opt-out)",
      http: "POST",
      path: () => "/v1/daily-summary/",
      json: { mode: "exposure", portfolio: [{ symbol: "TCS", exposure: 0.0 }], context_window_days: 1 },
      headers: { "X-Alpha-Content-Retention": "none" },
      shape: summaryResponse,
      check: (body: z.infer<typeof summaryResponse>, res) => {
        expect(body.details.context_window_days).toBe(2);
        expect(res.headers.get("x-alpha-content-retention-applied")).toMatch(/^retain/);
      },
    },
    { method: "createDailySummary (no mode, window 1)", http: "POST", path: () => "/v1/daily-summary/", json: { symbols: ["TCS"], context_window_days: 1 }, shape: summaryResponse },
    { method: "createDailySummary (news_context, window 3)", http: "POST", path: () => "/v1/daily-summary/", json: { symbols: ["TCS"], mode: "news_context", context_window_days: 3 }, shape: summaryResponse },
    { method: "createDailySummary (early JS: no trailing slash)", http: "POST", path: () => "/v1/daily-summary", json: { symbols: ["TCS"] }, shape: summaryResponse },
    { method: "listBatchJobs", http: "GET", path: () => "/v1/batch/jobs", params: { limit: 10 }, shape: batchList },
  ];

  describe("the hosted client's REST methods against the service", () => {
    it.each(rows.map((r) => [r.method, r] as const))("%s", async (_name, row) => {
      const params = row.params && Object.fromEntries(Object.entries(row.params).map(([k, v]) => [k, Array.isArray(v) ? v.map((x: string) => (x === "ANN_PLACEHOLDER" ? ids.announcement! : x === "EARN_PLACEHOLDER" ? ids.earnings! : x)) : v]));
      const { res, body } = await send(row.http, row.path(), { params, json: row.json, headers: row.headers });
      const parsed = row.shape.safeParse(body);
      expect(parsed.success, `${row.method}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues).slice(0, 500)}`).toBe(true);
      row.check?.(parsed.data as never, res);
    });

    it("refuses none of the parameters the client sends, and every paid call says what it cost", async () => {
      const { res } = await send("GET", "/v1/news", { params: { symbols: TCS, page: 1, limit: 20 } });
      expect(res.headers.get("x-credits-charged")).toBe("1");
    });
  });

  describe("the hosted client's batch methods", () => {
    it("submits a multipart JSONL upload (Python style), waits with terminalStatuses, reads JSONL results, lists, cancels", async () => {
      const lines = [
        { custom_id: "a", mode: "exposure", portfolio: [{ symbol: "TCS", exposure: 0.0 }], context_window_days: 1 },
        { custom_id: "b", symbols: ["TCS"], mode: "news_context", context_window_days: 2 },
      ];
      const form = new FormData();
      form.set("file", new Blob([`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`], { type: "application/jsonl" }), "batch.jsonl");
      form.set("display_name", "hosted client");
      form.set("metadata", JSON.stringify({ source: "sdk" }));
      const created = batchJob.parse((await send("POST", "/v1/batch/jobs", { form, headers: { "X-Alpha-Content-Retention": "none" } })).body);
      expect(created.request_counts.total).toBe(2);

      const done = await waitForBatchJobCompletion(created.id);
      expect(done.status).toBe("completed");
      const { res, body } = await send("GET", `/v1/batch/jobs/${created.id}/results`);
      expect(res.headers.get("content-type")).not.toContain("application/json");
      const results = String(body)
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => batchResultLine.parse(JSON.parse(l)));
      expect(results.map((r) => [r.custom_id, r.response?.body?.details?.context_window_days])).toEqual([
        ["a", 2],
        ["b", 2],
      ]);

      const list = batchList.parse((await send("GET", "/v1/batch/jobs", { params: { limit: 10 } })).body);
      expect(list.data.map((j) => j.id)).toContain(created.id);

      const big = new FormData();
      big.set("file", new Blob([Array.from({ length: 300 }, (_, i) => JSON.stringify({ custom_id: `l${i}`, symbols: ["TCS"] })).join("\n")], { type: "application/jsonl" }), "big.jsonl");
      const running2 = batchJob.parse((await send("POST", "/v1/batch/jobs", { form: big })).body);
      const cancelled = z.object({ id: z.string(), status: z.literal("cancelled") }).loose().parse((await send("DELETE", `/v1/batch/jobs/${running2.id}`)).body);
      expect(cancelled.id).toBe(running2.id);
      expect((await waitForBatchJobCompletion(running2.id)).status).toBe("cancelled");
      const cancelledResults = String((await send("GET", `/v1/batch/jobs/${running2.id}/results`)).body).trim().split("\n");
      expect(cancelledResults).toHaveLength(300);
    });
  });

  describe("the hosted client's WebSocket session", () => {
    const wsBase = () => `${target.baseUrl().replace(/^http/, "ws")}/v1/ws`;

    it("JS: key in the query and the header; subscribe block-deals (wire name) gets an ack, data frames and heartbeats", async () => {
      const s = openFrames(`${wsBase()}?api_key=${encodeURIComponent(target.key())}`, { "X-API-Key": target.key() });
      await s.opened;
      s.ws.send(JSON.stringify({ op: "subscribe", product: "block-deals", symbols: ["TCS"], detailed: true }));
      const ack = await s.next((f) => f.status === "subscribed");
      expect(ack).toMatchObject({ product: "block-deals", tier: expect.any(String), full_feed: expect.any(Boolean), symbols: ["TCS"], detailed: true });
      const tcs = companies.find((c) => c.symbol === "TCS")!;
      const row = recordSample(target.service().service.ctx, "block-deals", createRng("hosted-client"), tcs, Date.now());
      const data = await s.next((f) => f.channel === "block-deals");
      expect(data).toMatchObject({ channel: "block-deals", data: { id: row.id } });
      const beat = await s.next((f) => f.type === "heartbeat");
      expect(typeof beat.sent_at).toBe("string");
      s.ws.close();
    });

    it("Python: key in the header only; a product the key lacks is an {error, code: forbidden} frame, not a close", async () => {
      const s = openFrames(wsBase(), { "X-API-Key": target.limitedKey() });
      await s.opened;
      s.ws.send(JSON.stringify({ op: "subscribe", product: "news", symbols: ["TCS"], detailed: true }));
      const error = await s.next((f) => "error" in f);
      expect(error).toMatchObject({ code: "forbidden", error: expect.stringContaining("news") });
      expect(s.ws.readyState).toBe(WebSocket.OPEN);
      s.ws.close();
    });
  });

}
