import { beforeAll, describe, expect, it } from "vitest";
import { concallDetailResponseSchema, concallsResponseSchema, concallTranscriptsResponseSchema, upcomingConcallsResponseSchema } from "../../lib/alpha/concalls";
import { symbolMetadataResponseSchema } from "../../lib/alpha/symbols";
import type { ConcallRecord } from "../store/writes";
import { addCompany, addConcall, call, createTestAccount, createTestService, DAY, errorOf, serviceWithTwoCompanies, TEST_NOW } from "../../test/support/service";

describe("concall routes", () => {
  const { service, a, b } = serviceWithTwoCompanies(TEST_NOW);
  const calls: Record<string, ConcallRecord> = {};

  beforeAll(() => {
    calls.a3 = addConcall(service.db, { symbol: a.symbol, quarter: "q3_26", date_ms: TEST_NOW - 100 * DAY, meeting_ms: TEST_NOW - 95 * DAY });
    calls.a4 = addConcall(service.db, { symbol: a.symbol, quarter: "q4_26", date_ms: TEST_NOW - 10 * DAY, meeting_ms: TEST_NOW - 5 * DAY, has_recording: false });
    calls.b4 = addConcall(service.db, { symbol: b.symbol, quarter: "q4_26", date_ms: TEST_NOW - 8 * DAY, meeting_ms: TEST_NOW - 2 * DAY, has_transcript: false, has_recording: false });
    // Upcoming: b's first intimation was superseded by a later filing with a new time; a's next call is further out.
    calls.b1old = addConcall(service.db, { symbol: b.symbol, quarter: "q1_27", date_ms: TEST_NOW - 3 * DAY, meeting_ms: TEST_NOW + 1 * DAY, short_analysis: null, sentiment_analysis: null, expanded_analysis: null, has_transcript: false, has_recording: false });
    calls.b1 = addConcall(service.db, { symbol: b.symbol, quarter: "q1_27", date_ms: TEST_NOW - 1 * DAY, meeting_ms: TEST_NOW + 3 * DAY, short_analysis: null, sentiment_analysis: null, expanded_analysis: null, has_transcript: false, has_recording: false });
    calls.a1 = addConcall(service.db, { symbol: a.symbol, quarter: "q1_27", date_ms: TEST_NOW - 1 * DAY, meeting_ms: TEST_NOW + 6 * DAY, short_analysis: null, sentiment_analysis: null, expanded_analysis: null, has_transcript: false, has_recording: false, intimation_attachment: null });
  });

  it("lists calls that have happened, newest first, with a signed transcript_url or null", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/concalls?symbols=${a.symbol},${b.symbol}`, { key });
    const body = concallsResponseSchema.parse(res.json);
    expect(body.data.map((r) => r.id)).toEqual([calls.b4?.id, calls.a4?.id, calls.a3?.id]);
    expect(res.charged).toBe(3);
    const [b4, a4] = body.data;
    expect(b4?.transcript_url).toBeNull();
    expect(a4?.transcript_url).toMatch(new RegExp(`^http://alpha\\.test/v1/assets/transcripts/${a4?.id}\\.txt\\?expires=\\d+&signature=`));
    expect(a4).not.toHaveProperty("audio_url");
    expect(a4).not.toHaveProperty("expanded_analysis");
    expect(a4?.short_analysis).toEqual({ guidance: "Guided 12-14% growth", redflags: "None" });
    expect(a4?.sentiment_analysis?.sentiment?.key_indicators?.positive).toEqual(["Order book"]);

    const detailed = await call(service, `/v1/concalls?symbols=${a.symbol}&detailed=true&limit=1`, { key });
    const dbody = concallsResponseSchema.parse(detailed.json);
    expect(dbody.has_next).toBe(true);
    expect(dbody.data[0]?.expanded_analysis?.sections?.[0]?.heading).toBe("Outlook");
    expect(detailed.charged).toBe(2);
  });

  it("returns one call by symbol or scrip code and quarter, 404 when none has happened", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/concalls/detail?scrip_code=${a.scrip_code}&quarter=q4_26&detailed=true`, { key });
    expect(res.json).not.toHaveProperty("data");
    const data = concallDetailResponseSchema.parse(res.json);
    expect(data.id).toBe(calls.a4?.id);
    expect(data.expanded_analysis).toBeTruthy();
    expect(res.charged).toBe(3);
    const upcoming = await call(service, `/v1/concalls/detail?symbol=${b.symbol}&quarter=q1_27`, { key });
    expect(upcoming.status).toBe(404);
    expect(errorOf(upcoming.json).code).toBe("not_found");
    expect(upcoming.charged).toBe(0);
    expect((await call(service, `/v1/concalls/detail?symbol=${b.symbol}&scrip_code=${b.scrip_code}&quarter=q4_26`, { key })).status).toBe(400);
  });

  it("looks up transcripts per item in request order: ready, no_transcript, not_found; 4 per ready", async () => {
    const { key } = createTestAccount(service.ctx);
    const items = [
      { symbol: a.symbol, quarter: "q3_26" },
      { symbol: b.symbol, quarter: "q4_26" },
      { symbol: "NOPE", quarter: "q4_26" },
      { symbol: a.symbol.toLowerCase(), quarter: "Q4_26" },
      { symbol: b.symbol, quarter: "q1_27" },
    ];
    const res = await call(service, "/v1/concalls/transcripts", { key, body: { items } });
    expect(res.status).toBe(200);
    const data = concallTranscriptsResponseSchema.parse(res.json).data;
    expect(data.map((r) => r.status)).toEqual(["ready", "no_transcript", "not_found", "ready", "no_transcript"]);
    expect(data[0]).toMatchObject({ symbol: a.symbol, quarter: "q3_26", id: calls.a3?.id, expires_in: 900 });
    expect(data[0]).toHaveProperty("audio_url", expect.stringContaining(`/v1/assets/recordings/${calls.a3?.id}.wav?expires=`));
    expect(data[3]).toMatchObject({ id: calls.a4?.id, audio_url: null });
    expect(data[1]).toMatchObject({ id: calls.b4?.id, message: expect.any(String) });
    expect(data[2]).not.toHaveProperty("id");
    expect(data[2]).toMatchObject({ message: expect.any(String) });
    expect(res.charged).toBe(8);

    expect((await call(service, "/v1/concalls/transcripts", { key, body: { items: [] } })).status).toBe(400);
    const tooMany = await call(service, "/v1/concalls/transcripts", { key, body: { items: Array(21).fill(items[0]) } });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany.json)).toMatchObject({ code: "invalid_body", details: { fields: { items: expect.any(Array) } } });
    const badQuarter = await call(service, "/v1/concalls/transcripts", { key, body: { items: [{ symbol: "TCS", quarter: "2026" }] } });
    expect(errorOf(badQuarter.json).details?.fields).toHaveProperty(["items.0.quarter"]);
  });

  it("lists upcoming calls: per symbol the latest filing with a future meeting, nearest first; detailed costs 5 per page", async () => {
    const { key } = createTestAccount(service.ctx);
    const res = await call(service, `/v1/concalls/upcoming?symbols=${a.symbol},${b.symbol}`, { key });
    const body = upcomingConcallsResponseSchema.parse(res.json);
    expect(body.data).toEqual([
      { id: calls.b1?.id, symbol: b.symbol, quarter: "q1_27", meeting_date: calls.b1?.meeting_date },
      { id: calls.a1?.id, symbol: a.symbol, quarter: "q1_27", meeting_date: calls.a1?.meeting_date },
    ]);
    expect(res.charged).toBe(0);
    const detailed = await call(service, `/v1/concalls/upcoming?symbols=${a.symbol},${b.symbol}&detailed=true`, { key });
    const dbody = upcomingConcallsResponseSchema.parse(detailed.json);
    expect(dbody.data[0]?.intimation_attachment).toMatch(/^http:\/\/alpha\.test\/v1\/assets\/intimations\/.+\.pdf\?expires=\d+&signature=/);
    expect(dbody.data[1]?.intimation_attachment).toBeNull();
    expect(detailed.charged).toBe(5);
    const doc = await service.app.request(new URL(dbody.data[0]?.intimation_attachment ?? "").pathname + new URL(dbody.data[0]?.intimation_attachment ?? "").search);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("application/pdf");

    const empty = await call(service, `/v1/concalls/upcoming?symbols=NOSUCH&detailed=true`, { key });
    expect(empty.charged).toBe(0);
  });
});

describe("symbol metadata", () => {
  const service = createTestService();

  it("needs the Symbols scope (403 scope_required) and charges 1 per returned item", async () => {
    const a = addCompany(service.db, { market_cap: 98765.4 });
    const b = addCompany(service.db);
    const without = createTestAccount(service.ctx, { symbolsScope: false });
    const refused = await call(service, `/v1/symbols/metadata?symbols=${a.symbol}`, { key: without.key });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.json).code).toBe("scope_required");

    const { key } = createTestAccount(service.ctx, { symbolsScope: true });
    const res = await call(service, `/v1/symbols/metadata?symbols=${a.symbol},UNKNOWN1&scrip_codes=${b.scrip_code},${a.scrip_code}`, { key });
    const data = symbolMetadataResponseSchema.parse(res.json).data;
    expect(data.map((d) => d.symbol)).toEqual([a.symbol, b.symbol]);
    expect(data[0]).toEqual({
      symbol: a.symbol,
      company_name: a.company_name,
      basic_industry: a.basic_industry,
      industry: a.industry,
      isin: a.isin,
      logo: `http://alpha.test/v1/assets/logos/${a.symbol}.svg`,
      macro_economic_indicator: a.macro_economic_indicator,
      market_cap: 98765.4,
      scrip_code: a.scrip_code,
      sector: a.sector,
    });
    expect(res.charged).toBe(2);
    const none = await call(service, "/v1/symbols/metadata", { key });
    expect(none.status).toBe(400);

    const logo = await service.app.request(`/v1/assets/logos/${a.symbol}.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toContain("image/svg+xml");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await logo.text()).toContain("<svg");
    const again = await service.app.request(`/v1/assets/logos/${a.symbol}.svg`, { headers: { "If-None-Match": logo.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
    expect((await service.app.request("/v1/assets/logos/NOSUCH.svg")).status).toBe(404);
  });
});
