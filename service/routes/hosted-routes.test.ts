import { beforeAll, describe, expect, it } from "vitest";
import { accountLimitsResponseSchema } from "../../lib/alpha/account";
import { announcementAttachmentsResponseSchema } from "../../lib/alpha/announcements";
import { concallArtifactUrlsResponseSchema, concallsIndexResponseSchema } from "../../lib/alpha/concalls";
import { pdfPageCount, pdfText } from "../../test/support/pdf-text";
import { SYMBOL_CSV_COLUMNS, symbolMetadataResponseSchema } from "../../lib/alpha/symbols";
import { addAnnouncement, addConcall, addEarnings, call, createTestAccount, createTestService, DAY, errorOf, serviceWithTwoCompanies, TEST_NOW } from "../../test/support/service";

async function getBytes(service: ReturnType<typeof createTestService>, path: string, key?: string) {
  const res = await service.app.request(path, { headers: key ? { "X-API-Key": key } : {} });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("routes the hosted client calls beyond the interface", () => {
  const { service, a, b } = serviceWithTwoCompanies(TEST_NOW);
  const ids: Record<string, string> = {};

  beforeAll(() => {
    ids.e4 = addEarnings(service.db, { symbol: a.symbol, quarter: "q4_26", date_ms: TEST_NOW - 5 * DAY, summary: "Revenue grew on strong Zanzibar orders." }).id;
    ids.eNoTable = addEarnings(service.db, { symbol: b.symbol, quarter: "q4_26", date_ms: TEST_NOW - 4 * DAY, earnings_table: null }).id;
    ids.c3 = addConcall(service.db, { symbol: a.symbol, quarter: "q3_26", date_ms: TEST_NOW - 100 * DAY, meeting_ms: TEST_NOW - 99 * DAY }).id;
    ids.c4 = addConcall(service.db, { symbol: a.symbol, quarter: "q4_26", date_ms: TEST_NOW - 6 * DAY, meeting_ms: TEST_NOW - 4 * DAY, has_recording: false }).id;
    ids.cNo = addConcall(service.db, { symbol: b.symbol, quarter: "q4_26", date_ms: TEST_NOW - 7 * DAY, meeting_ms: TEST_NOW - 4 * DAY, has_transcript: false, has_recording: false }).id;
    ids.cAhead = addConcall(service.db, { symbol: b.symbol, quarter: "q1_27", date_ms: TEST_NOW - DAY, meeting_ms: TEST_NOW + 3 * DAY }).id;
    ids.ann = addAnnouncement(service.db, { symbol: a.symbol, date_ms: TEST_NOW - DAY, category: "Dividend", long_summary: "The board recommended a Quetzal dividend." }).id;
  });

  it("GET /v1/account/limits answers {rest, account, websocket} with the plan's limits, caps, tiers and symbol allowances, free", async () => {
    const pro = createTestAccount(service.ctx, { plan: "pro", balance: 777 });
    const res = await call(service, "/v1/account/limits", { key: pro.key });
    expect(res.status).toBe(200);
    expect(res.charged).toBe(0);
    const body = accountLimitsResponseSchema.parse(res.json);
    expect(body.rest.overall).toEqual({ rpm: 180, daily: 180000 });
    expect(body.rest.news).toEqual({ rpm: 180, daily: 180000 });
    expect(body.rest.caps).toMatchObject({ max_list_values: 20, max_page: 10000 });
    expect(body.account.credits).toMatchObject({ balance: 777 });
    expect(body.account.requests).toMatchObject({ rpm: 180, requests_last_minute: 1 });
    expect(body.websocket).toMatchObject({ enabled: true, connections_per_account: 10, products: { news: { enabled: true, tier: "pro_1000", symbols_per_subscription: 1000, full_feed: true } } });

    const sandbox = createTestAccount(service.ctx, { plan: "sandbox" });
    const none = accountLimitsResponseSchema.parse((await call(service, "/v1/account/limits", { key: sandbox.key })).json);
    expect(none.rest.overall).toEqual({ rpm: 10, daily: 1000 });
    expect(none.websocket).toMatchObject({ enabled: false, connections_per_account: 0 });
    expect((await call(service, "/v1/account/limits")).status).toBe(401);
  });

  it("GET /v1/concalls/index lists held calls like the earnings index, free", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/concalls/index?symbols=${a.symbol},${b.symbol}`, { key });
    expect(res.status).toBe(200);
    expect(res.charged).toBe(0);
    const body = concallsIndexResponseSchema.parse(res.json);
    expect(body.data.map((r) => r.id)).toEqual([ids.c4, ids.cNo, ids.c3]);
    expect(body.data[0]).toEqual({ id: ids.c4, symbol: a.symbol, quarter: "q4_26", date: expect.any(String) });
    const q3 = concallsIndexResponseSchema.parse((await call(service, `/v1/concalls/index?scrip_codes=${a.scrip_code}&quarter=q3_26`, { key })).json);
    expect(q3.data.map((r) => r.id)).toEqual([ids.c3]);
    const paged = concallsIndexResponseSchema.parse((await call(service, `/v1/concalls/index?symbols=${a.symbol},${b.symbol}&limit=2`, { key })).json);
    expect(paged).toMatchObject({ has_next: true });
    expect((await call(service, `/v1/concalls/index?limit=0`, { key })).status).toBe(400);
  });

  it("GET /v1/concalls/transcript answers one call's signed links for 4 credits; 404 free without a transcript", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/concalls/transcript?symbol=${a.symbol}&quarter=q4_26`, { key });
    expect(res.status).toBe(200);
    expect(res.charged).toBe(4);
    const body = concallArtifactUrlsResponseSchema.parse(res.json);
    expect(body).toMatchObject({ id: ids.c4, audio_url: null, expires_in: expect.any(Number) });
    const transcript = await service.app.request(body.transcript_url!.replace("http://alpha.test", ""));
    expect(transcript.status).toBe(200);
    expect(await transcript.text()).toContain(a.company_name);

    const byScrip = await call(service, `/v1/concalls/transcript?scrip_code=${a.scrip_code}&quarter=q3_26`, { key });
    expect(concallArtifactUrlsResponseSchema.parse(byScrip.json).audio_url).toMatch(/\/v1\/assets\/recordings\//);
    for (const q of [`symbol=${b.symbol}&quarter=q4_26`, `symbol=${b.symbol}&quarter=q1_27`, `symbol=${a.symbol}&quarter=q1_20`]) {
      const miss = await call(service, `/v1/concalls/transcript?${q}`, { key });
      expect(miss.status, q).toBe(404);
      expect(errorOf(miss.json).code).toBe("not_found");
      expect(miss.charged).toBe(0);
    }
    expect((await call(service, `/v1/concalls/transcript?symbol=${a.symbol}`, { key })).status).toBe(400);
    expect((await call(service, `/v1/concalls/transcript?symbol=${a.symbol}&scrip_code=${a.scrip_code}&quarter=q4_26`, { key })).status).toBe(400);
  });

  it("GET /v1/announcements/attachments answers like the earnings form, 1 credit per ready link serving the announcement's PDF", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/announcements/attachments?ids=${ids.ann},ann_missing,bad!id`, { key });
    expect(res.status).toBe(200);
    expect(res.charged).toBe(1);
    const body = announcementAttachmentsResponseSchema.parse(res.json);
    expect(body.data.map((d) => [d.id, d.status])).toEqual([
      [ids.ann, "ready"],
      ["ann_missing", "not_found"],
      ["bad!id", "invalid_id"],
    ]);
    const link = body.data[0]?.url ?? "";
    const pdf = await getBytes(service, link.replace("http://alpha.test", ""));
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(pdf.bytes)).toContain("Quetzal");
    const tampered = await service.app.request(link.replace("http://alpha.test", "").replace(/signature=[^&]+/, "signature=AAAA"));
    expect(tampered.status).toBe(403);
    expect((await call(service, "/v1/announcements/attachments", { key })).status).toBe(400);
  });

  it("GET /v1/symbols answers the whole catalogue as CSV (default) or JSON for 50 credits, with the Symbols scope", async () => {
    const { key } = createTestAccount(service.ctx, { balance: 200 });
    const csv = await call(service, "/v1/symbols", { key });
    expect(csv.status).toBe(200);
    expect(csv.charged).toBe(50);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe(SYMBOL_CSV_COLUMNS.join(","));
    const count = (service.db.prepare("SELECT COUNT(*) AS n FROM companies").get() as { n: number }).n;
    expect(lines).toHaveLength(count + 1);
    expect(lines.some((l) => l.startsWith(`${a.symbol},"${a.company_name}"`) || l.startsWith(`${a.symbol},${a.company_name},`))).toBe(true);

    const json = await call(service, "/v1/symbols?format=json", { key });
    expect(json.charged).toBe(50);
    const body = symbolMetadataResponseSchema.parse(json.json);
    expect(body.data).toHaveLength(count);
    expect(body.data.find((d) => d.symbol === a.symbol)).toMatchObject({ scrip_code: a.scrip_code, isin: a.isin });

    expect((await call(service, "/v1/symbols?format=xml", { key })).status).toBe(400);
    const broke = await call(service, "/v1/symbols", { key: createTestAccount(service.ctx, { balance: 49 }).key });
    expect(broke.status).toBe(402);
    expect(broke.text).not.toContain(a.symbol);
    const noScope = await call(service, "/v1/symbols", { key: createTestAccount(service.ctx, { symbolsScope: false }).key });
    expect(noScope.status).toBe(403);
    expect(errorOf(noScope.json).code).toBe("scope_required");
  });

  it("citation PDFs: real documents from the stored record, 1 credit each; earnings by page too; unknown ids 404 free", async () => {
    const { key } = createTestAccount(service.ctx);
    const earnings = await getBytes(service, `/v1/earnings/citations/${ids.e4}/pdf`, key);
    expect(earnings.res.status).toBe(200);
    expect(earnings.res.headers.get("content-type")).toBe("application/pdf");
    expect(earnings.res.headers.get("x-credits-charged")).toBe("1");
    expect(Buffer.from(earnings.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(Buffer.from(earnings.bytes.subarray(-6)).toString()).toMatch(/%%EOF/);
    expect(pdfPageCount(earnings.bytes)).toBe(2);
    const text = pdfText(earnings.bytes);
    expect(text).toContain(a.company_name);
    expect(text).toContain("Zanzibar");
    expect(text).toContain("Statement of results");

    const page2 = await getBytes(service, `/v1/earnings/citations/${ids.e4}/pdf?page=2`, key);
    expect(pdfPageCount(page2.bytes)).toBe(1);
    expect(pdfText(page2.bytes)).toContain("Statement of results");
    expect(pdfText(page2.bytes)).not.toContain("Zanzibar");
    const viaPath = await getBytes(service, `/v1/earnings/citations/${ids.e4}/page/1`, key);
    expect(viaPath.res.headers.get("x-credits-charged")).toBe("1");
    expect(pdfText(viaPath.bytes)).toContain("Zanzibar");
    expect(pdfPageCount((await getBytes(service, `/v1/earnings/citations/${ids.eNoTable}/pdf`, key)).bytes)).toBe(1);

    const beyond = await call(service, `/v1/earnings/citations/${ids.e4}/page/3`, { key });
    expect(beyond.status).toBe(404);
    expect(beyond.charged).toBe(0);
    expect((await call(service, `/v1/earnings/citations/${ids.e4}/page/0`, { key })).status).toBe(400);

    const ann = await getBytes(service, `/v1/announcements/citations/${ids.ann}/pdf`, key);
    expect(ann.res.headers.get("x-credits-charged")).toBe("1");
    expect(pdfText(ann.bytes)).toContain("Announcement: Dividend");

    const concall = await getBytes(service, `/v1/concalls/citations/${ids.c4}/pdf`, key);
    expect(concall.res.status).toBe(200);
    const callText = pdfText(concall.bytes);
    expect(callText).toContain("Guided 12-14% growth");
    expect(callText).toContain("Transcript");

    for (const path of [`/v1/earnings/citations/nope/pdf`, `/v1/announcements/citations/nope/pdf`, `/v1/concalls/citations/${ids.cAhead}/pdf`]) {
      const miss = await call(service, path, { key });
      expect(miss.status, path).toBe(404);
      expect(miss.charged).toBe(0);
      expect(errorOf(miss.json).code).toBe("not_found");
    }
    const noProduct = await call(service, `/v1/concalls/citations/${ids.c4}/pdf`, { key: createTestAccount(service.ctx, { products: ["news"] }).key });
    expect(noProduct.status).toBe(403);
  });
});

describe("the OpenAPI document", () => {
  it("lists the hosted client's routes with their costs, the retention header, and the batch status difference", async () => {
    const service = createTestService();
    const res = await service.app.request("/v1/openapi.json");
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { "x-alpha-cost": string; description: string; parameters: { name: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
      "x-alpha-decisions": { batch_jobs: { hosted_client: string; cancelled_results: string } };
    };
    expect(doc.paths["/v1/account/ledger"]?.get?.["x-alpha-cost"]).toBe("Free.");
    expect(doc.paths["/v1/symbols"]?.get?.["x-alpha-cost"]).toBe("50 credits, only when it arrives.");
    expect(doc.paths["/v1/earnings/citations/{earnings_id}/page/{page}"]?.get?.["x-alpha-cost"]).toBe("1 credit, only when it arrives.");
    expect(doc.paths["/v1/concalls/transcript"]?.get?.["x-alpha-cost"]).toBe("4 credits, only when it arrives.");
    const summary = doc.paths["/v1/daily-summary/"]?.post;
    expect(summary?.parameters.map((p) => p.name)).toContain("X-Alpha-Content-Retention");
    expect(summary?.responses["200"]?.headers).toHaveProperty("X-Alpha-Content-Retention-Applied");
    expect(doc["x-alpha-decisions"].batch_jobs.hosted_client).toContain("terminalStatuses");
    expect(doc.paths["/v1/batch/jobs/{job_id}/results"]?.get?.description).toContain("cancelled");
  });
});
