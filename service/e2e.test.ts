import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountResponseSchema, usageResponseSchema } from "../lib/alpha/account";
import { alertsResponseSchema } from "../lib/alpha/alerts";
import { announcementCategoriesResponseSchema, announcementsResponseSchema } from "../lib/alpha/announcements";
import { blockDealsResponseSchema } from "../lib/alpha/block-deals";
import type { EndpointId } from "../lib/alpha/catalogue";
import { catalogue } from "../lib/alpha/catalogue";
import {
  concallDetailResponseSchema,
  concallsResponseSchema,
  concallTranscriptsResponseSchema,
  upcomingConcallsResponseSchema,
} from "../lib/alpha/concalls";
import { chargeFor } from "../lib/alpha/costs";
import {
  earningsAttachmentsResponseSchema,
  earningsDetailResponseSchema,
  earningsIndexResponseSchema,
  earningsListResponseSchema,
  upcomingEarningsResponseSchema,
} from "../lib/alpha/earnings";
import { errorBodySchema } from "../lib/alpha/errors";
import { newsResponseSchema } from "../lib/alpha/news";
import { symbolMetadataResponseSchema } from "../lib/alpha/symbols";
import { ManualClock } from "./clock";
import { seedDataset } from "./dataset/seed";
import type { RunningServer } from "./server";
import { startServer } from "./server";
import { openDatabase } from "./store/db";
import { call, createTestAccount, createTestService } from "../test/support/service";

const NOW = new Date("2026-05-15T06:00:00Z");

describe("every read endpoint on a seeded database", () => {
  const clock = new ManualClock(NOW);
  const db = openDatabase(":memory:");
  const report = seedDataset(db, { seed: 424242, now: NOW, scale: 0.25 });
  const service = createTestService({ clock, db });
  const { key } = createTestAccount(service.ctx, { plan: "pro", balance: 100_000 });

  const pick = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;
  const filed = pick<{ id: string; symbol: string; quarter: string; scrip_code: string }>(
    "SELECT e.id, e.symbol, e.quarter, c.scrip_code FROM earnings e JOIN companies c USING (symbol) WHERE e.has_attachment = 1 ORDER BY e.date_ms DESC LIMIT 1",
  );
  const heard = pick<{ symbol: string; quarter: string }>("SELECT symbol, quarter FROM concalls WHERE meeting_ms <= ? AND has_transcript = 1 ORDER BY date_ms DESC LIMIT 1", NOW.getTime());

  const cases: { id: EndpointId; path: string; body?: unknown; schema: { parse(v: unknown): unknown } }[] = [
    { id: "listEarnings", path: "/v1/earnings?limit=50&detailed=true", schema: earningsListResponseSchema },
    { id: "listEarningsIndex", path: "/v1/earnings/index", schema: earningsIndexResponseSchema },
    { id: "listUpcomingEarnings", path: "/v1/earnings/upcoming?limit=50", schema: upcomingEarningsResponseSchema },
    { id: "getEarningsDetail", path: `/v1/earnings/detail?symbol=${encodeURIComponent(filed.symbol)}&quarter=${filed.quarter}&detailed=true`, schema: earningsDetailResponseSchema },
    { id: "listEarningsAttachments", path: `/v1/earnings/attachments?ids=${filed.id}`, schema: earningsAttachmentsResponseSchema },
    { id: "listAlerts", path: "/v1/alerts?limit=50", schema: alertsResponseSchema },
    { id: "listAnnouncementCategories", path: "/v1/announcements/categories", schema: announcementCategoriesResponseSchema },
    { id: "listAnnouncements", path: "/v1/announcements?detailed=true&important=true", schema: announcementsResponseSchema },
    { id: "listNews", path: "/v1/news?limit=50", schema: newsResponseSchema },
    { id: "listBlockDeals", path: "/v1/block-deals", schema: blockDealsResponseSchema },
    { id: "listConcalls", path: "/v1/concalls?detailed=true", schema: concallsResponseSchema },
    { id: "getConcallDetail", path: `/v1/concalls/detail?symbol=${encodeURIComponent(heard.symbol)}&quarter=${heard.quarter}`, schema: concallDetailResponseSchema },
    { id: "lookupConcallTranscripts", path: "/v1/concalls/transcripts", body: { items: [heard] }, schema: concallTranscriptsResponseSchema },
    { id: "listUpcomingConcalls", path: "/v1/concalls/upcoming?detailed=true", schema: upcomingConcallsResponseSchema },
    { id: "listSymbolMetadata", path: `/v1/symbols/metadata?symbols=${encodeURIComponent(filed.symbol)}&scrip_codes=500325`, schema: symbolMetadataResponseSchema },
    { id: "getAccount", path: "/v1/account", schema: accountResponseSchema },
    { id: "getAccountUsage", path: "/v1/account/usage", schema: usageResponseSchema },
  ];

  it("seeded a realistic volume", () => {
    expect(report.companies).toBeGreaterThanOrEqual(150);
    expect(report.news).toBeGreaterThan(500);
  });

  it.each(cases)("$id answers in the contract's shape, charged by chargeFor", async ({ id, path, body, schema }) => {
    const res = await call(service, path, { key, body, method: catalogue[id].method });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const parsed = schema.parse(res.json) as { data: unknown };
    const items = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    expect(items.length, id).toBeGreaterThan(0);
    const input = catalogue[id].body ?? catalogue[id].query;
    const parsedInput = input ? (input.parse(body ?? Object.fromEntries(new URL(path, "http://x").searchParams)) as Record<string, unknown>) : undefined;
    expect(res.charged).toBe(chargeFor(id, parsedInput, res.json));
  });

  it("feeds are newest first and calendars nearest first", async () => {
    const news = newsResponseSchema.parse((await call(service, "/v1/news?limit=50", { key })).json).data;
    const dates = news.map((n) => Date.parse(n.date ?? ""));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    const upcoming = upcomingConcallsResponseSchema.parse((await call(service, "/v1/concalls/upcoming?limit=50", { key })).json).data;
    const meetings = upcoming.map((u) => Date.parse(u.meeting_date ?? ""));
    expect(meetings).toEqual([...meetings].sort((x, y) => x - y));
    expect(meetings.every((m) => m > NOW.getTime())).toBe(true);
    expect(new Set(upcoming.map((u) => u.symbol)).size).toBe(upcoming.length);
    const calendar = upcomingEarningsResponseSchema.parse((await call(service, "/v1/earnings/upcoming?limit=50", { key })).json).data;
    for (const row of calendar) {
      const exists = db.prepare("SELECT 1 FROM earnings WHERE symbol = ? AND quarter = ?").get(row.symbol, row.quarter);
      expect(exists, `${row.symbol} ${row.quarter}`).toBeUndefined();
    }
  });
});

describe("the HTTP server with signed asset links", () => {
  const dir = mkdtempSync(join(tmpdir(), "alpha-e2e-"));
  const clock = new ManualClock(NOW);
  let running: RunningServer;
  let key: string;

  beforeAll(async () => {
    running = await startServer({ databasePath: join(dir, "service.db"), port: 0, assetUrlTtlSeconds: 120 }, { clock, seedScale: 0.25 });
    key = createTestAccount(running.service.ctx, { plan: "starter" }).key;
  });
  afterAll(async () => {
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the API on 127.0.0.1 with its headers", async () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${running.url}/v1/news?limit=5`, { headers: { "X-API-Key": key } });
    expect(res.status).toBe(200);
    expect(newsResponseSchema.parse(await res.json()).data).toHaveLength(5);
    expect(res.headers.get("x-credits-charged")).toBe("1");
    expect(res.headers.get("x-credits-balance")).toBe("9999");
    expect(res.headers.get("x-ratelimit-limit")).toBe("60");
    const doc = await fetch(`${running.url}/v1/openapi.json`);
    expect(((await doc.json()) as { servers: { url: string }[] }).servers[0]?.url).toBe(running.url);
  });

  it("serves transcripts and recordings from signed links until they expire; refuses tampered links", async () => {
    const ready = await fetch(`${running.url}/v1/concalls/transcripts`, {
      method: "POST",
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      body: JSON.stringify({
        items: [running.service.ctx.db.prepare("SELECT symbol, quarter FROM concalls WHERE has_recording = 1 AND meeting_ms <= ? LIMIT 1").get(NOW.getTime())],
      }),
    });
    const item = concallTranscriptsResponseSchema.parse(await ready.json()).data[0];
    expect(item?.status).toBe("ready");
    expect(ready.headers.get("x-credits-charged")).toBe("4");
    const transcriptUrl = String(item?.transcript_url);
    const audioUrl = String(item?.audio_url);
    expect(transcriptUrl.startsWith(running.url)).toBe(true);

    const transcript = await fetch(transcriptUrl);
    expect(transcript.status).toBe(200);
    expect(transcript.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await transcript.text();
    expect(text.split(/\s+/).length).toBeGreaterThan(1000);
    const audio = await fetch(audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(Buffer.from(await audio.arrayBuffer()).subarray(0, 4).toString()).toBe("RIFF");

    const tampered = await fetch(transcriptUrl.replace(/signature=(.)/, (_m, ch: string) => `signature=${ch === "A" ? "B" : "A"}`));
    expect(tampered.status).toBe(403);
    expect(errorBodySchema.parse(await tampered.json()).error.code).toBe("invalid_signature");
    const otherPath = await fetch(transcriptUrl.replace(/transcripts\/([^.]+)\.txt/, "transcripts/cc_0000000000000000.txt"));
    expect(otherPath.status).toBe(403);
    const unsigned = await fetch(transcriptUrl.split("?")[0] ?? "");
    expect(unsigned.status).toBe(403);

    clock.advance(121_000);
    const expired = await fetch(transcriptUrl);
    expect(expired.status).toBe(410);
    expect(errorBodySchema.parse(await expired.json()).error.code).toBe("url_expired");
    expect((await fetch(audioUrl)).status).toBe(410);
  });
});
