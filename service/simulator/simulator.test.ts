import { afterEach, describe, expect, it } from "vitest";
import { alertSchema } from "../../lib/alpha/alerts";
import { announcementDetailSchema } from "../../lib/alpha/announcements";
import { concallSchema } from "../../lib/alpha/concalls";
import { earningsStreamRowSchema } from "../../lib/alpha/earnings";
import { newsItemSchema } from "../../lib/alpha/news";
import { ManualClock } from "../clock";
import { seedDataset } from "../dataset/seed";
import { EventBus } from "../events";
import type { StoredEvent } from "../events";
import { openDatabase } from "../store/db";
import { auditWire } from "../store/wire";
import type { Db } from "../store/db";
import { ManualScheduler } from "../streams/scheduler";
import type { StreamStack } from "../../test/support/service-streams";
import { startStreamStack, TestClient, waitFor } from "../../test/support/service-streams";
import { addConcall, createTestAccount } from "../../test/support/service";
import { expectedPerDay, ratesAt } from "./rates";
import { MarketSimulator } from "./simulator";

const TUESDAY_1130_IST = "2026-05-12T06:00:00Z";

describe("rates", () => {
  it("follow Indian market hours", () => {
    const at = (iso: string) => ratesAt(Date.parse(iso));
    expect(at("2026-05-12T11:30:00+05:30").alerts).toBeGreaterThan(0);
    expect(at("2026-05-12T11:30:00+05:30").blockDeals).toBe(0);
    expect(at("2026-05-12T14:10:00+05:30").blockDeals).toBeGreaterThan(0);
    expect(at("2026-05-12T08:50:00+05:30").blockDeals).toBeGreaterThan(0);
    expect(at("2026-05-12T21:00:00+05:30")).toMatchObject({ alerts: 0, blockDeals: 0 });
    expect(at("2026-05-12T21:00:00+05:30").news).toBeLessThan(at("2026-05-12T11:30:00+05:30").news);
    const sundayNight = at("2026-05-10T03:00:00+05:30");
    expect(sundayNight).toMatchObject({ alerts: 0, blockDeals: 0, announcements: 0 });
    expect(expectedPerDay("alerts")).toBeCloseTo(58.25, 1);
    expect(expectedPerDay("alerts", true)).toBe(0);
  });
});

describe("simulator through the service", () => {
  let stack: StreamStack | undefined;
  afterEach(async () => {
    await stack?.close();
  });

  it("stores rows that REST lists and WebSocket subscribers receive, and files due results", async () => {
    stack = await startStreamStack({ now: TUESDAY_1130_IST, seedScale: 0.05 });
    const s = stack;
    const { key } = createTestAccount(s.service.ctx);
    const client = await TestClient.connect(s.wsUrl, key);
    for (const product of ["alerts", "news", "announcements", "earnings", "concalls"]) {
      client.subscribe(product, [], true);
      await client.next((f) => f.status === "subscribed" && f.product === product);
    }
    const published: StoredEvent[] = [];
    s.service.ctx.bus.on((e) => published.push(e));
    const dueBefore = s.service.db
      .prepare(
        `SELECT u.symbol, u.quarter FROM upcoming_earnings u WHERE u.purpose LIKE '%Financial Results%' AND u.date_ms <= ?
           AND NOT EXISTS (SELECT 1 FROM earnings e WHERE e.symbol = u.symbol AND e.quarter = u.quarter)`,
      )
      .all(s.clock.now().getTime() + 30 * 3_600_000) as { symbol: string; quarter: string }[];
    expect(dueBefore.length).toBeGreaterThan(0);

    // Speed 1800: a minute of real time is thirty hours of calendar; the session's alert rate gives ~270 alerts.
    const sim = new MarketSimulator(s.service.ctx, { seed: 7, speed: 1_800, scheduler: s.scheduler, tickMs: 1_000 }).start();
    s.scheduler.advance(60_000);
    sim.stop();

    expect(sim.counts.alerts).toBeGreaterThan(30);
    expect(sim.counts.news).toBeGreaterThan(5);
    expect(sim.counts.announcements).toBeGreaterThan(5);
    expect(sim.counts.results).toBeGreaterThanOrEqual(dueBefore.length);
    expect(published.length).toBeGreaterThan(0);
    // Every row the simulator stored carries its wire JSON, as the mapper makes it from the row.
    expect(auditWire(s.service.db)).toEqual([]);

    // Every published row reaches the full-feed subscriber, in order, in the REST shapes.
    const expected = published.filter((e) => e.product !== "block-deals");
    await waitFor(() => (client.frames.filter((f) => "channel" in f).length >= expected.length ? true : undefined), "every simulated row on the socket");
    const frames = client.frames.filter((f) => "channel" in f);
    expect(frames.map((f) => `${String(f.channel)}:${(f.data as { id: string }).id}`)).toEqual(expected.map((e) => `${e.product}:${e.id}`));
    const schemas = { alerts: alertSchema, news: newsItemSchema, announcements: announcementDetailSchema, earnings: earningsStreamRowSchema, concalls: concallSchema };
    for (const f of frames) schemas[f.channel as keyof typeof schemas].parse(f.data);

    // REST shows the same rows: the newest alerts are the simulator's, the results are filed and off the calendar.
    const headers = { "X-API-Key": key };
    const alerts = (await (await fetch(`${s.baseUrl}/v1/alerts?limit=50`, { headers })).json()) as { data: { id: string }[] };
    const simulatedAlerts = new Set(published.filter((e) => e.product === "alerts").map((e) => e.id));
    expect(alerts.data.filter((a) => simulatedAlerts.has(a.id)).length).toBeGreaterThan(0);
    const filed = published.filter((e) => e.product === "earnings");
    const earnings = (await (await fetch(`${s.baseUrl}/v1/earnings?ids=${filed.map((e) => e.id).slice(0, 20).join(",")}`, { headers })).json()) as {
      data: { id: string }[];
    };
    expect(earnings.data.map((e) => e.id).sort()).toEqual(filed.map((e) => e.id).slice(0, 20).sort());
    const upcoming = (await (await fetch(`${s.baseUrl}/v1/earnings/upcoming?limit=50`, { headers })).json()) as { data: { symbol: string; quarter: string }[] };
    for (const d of dueBefore) expect(upcoming.data).not.toContainEqual(expect.objectContaining({ symbol: d.symbol, quarter: d.quarter }));
    client.close();
  });

  it("analyses calls whose meeting has passed and publishes them again", async () => {
    stack = await startStreamStack({ now: TUESDAY_1130_IST, seedScale: 0.2 });
    const s = stack;
    const within = s.clock.now().getTime() + 3_600_000;
    const bareNow = () => s.service.db.prepare("SELECT id FROM concalls WHERE short_analysis IS NULL AND meeting_ms <= ?").all(within) as { id: string }[];
    // The seeded day may hold no call in the hour: a company that has filed books one, as the simulator would.
    if (bareNow().length === 0) {
      const filed = s.service.db.prepare("SELECT symbol, quarter FROM earnings ORDER BY date_ms DESC LIMIT 1").get() as { symbol: string; quarter: string };
      const meeting = s.clock.now().getTime() + 30 * 60_000;
      addConcall(s.service.db, { ...filed, date_ms: meeting - 86_400_000, meeting_ms: meeting, short_analysis: null, sentiment_analysis: null, expanded_analysis: null, has_transcript: false, has_recording: false });
    }
    const bare = bareNow();
    expect(bare.length).toBeGreaterThan(0);
    const sim = new MarketSimulator(s.service.ctx, { seed: 1, speed: 60, scheduler: s.scheduler }).start();
    s.scheduler.advance(120_000);
    sim.stop();
    // The rewritten calls (analysis in, transcripts and recordings flagged later) carry their new JSON.
    expect(auditWire(s.service.db)).toEqual([]);
    const { key } = createTestAccount(s.service.ctx);
    for (const { id } of bare) {
      const row = s.service.db.prepare("SELECT symbol, quarter, short_analysis FROM concalls WHERE id = ?").get(id) as { symbol: string; quarter: string; short_analysis: string | null };
      expect(row.short_analysis).not.toBeNull();
      const res = await fetch(`${s.baseUrl}/v1/concalls/detail?symbol=${row.symbol}&quarter=${row.quarter}`, { headers: { "X-API-Key": key } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { short_analysis?: { guidance?: string } };
      expect(body.short_analysis?.guidance).toBeTruthy();
    }
  });
});

describe("determinism and quiet hours", () => {
  function world(now: string): { db: Db; clock: ManualClock; scheduler: ManualScheduler; bus: EventBus } {
    const db = openDatabase(":memory:");
    const clock = new ManualClock(now);
    seedDataset(db, { seed: 99, now: clock.now(), scale: 0.05 });
    return { db, clock, scheduler: new ManualScheduler(clock), bus: new EventBus() };
  }
  const dump = (db: Db) =>
    ["alerts", "news", "announcements", "block_deals", "earnings", "concalls", "upcoming_earnings"].map((t) =>
      db.prepare(`SELECT * FROM ${t} ORDER BY id`).all(),
    );

  it("gives the same rows for the same seed, start and steps", () => {
    const runs = [world(TUESDAY_1130_IST), world(TUESDAY_1130_IST)].map((w) => {
      const sim = new MarketSimulator(w, { seed: 5, speed: 120, scheduler: w.scheduler }).start();
      w.scheduler.advance(30_000);
      sim.stop();
      const out = { counts: { ...sim.counts }, rows: dump(w.db) };
      w.db.close();
      return out;
    });
    expect(runs[0]?.counts.alerts).toBeGreaterThan(0);
    expect(runs[1]).toEqual(runs[0]);
  });

  it("adds no alerts or block deals on a Sunday night", () => {
    const w = world("2026-05-09T21:30:00Z"); // Sunday 03:00 IST
    const sim = new MarketSimulator(w, { seed: 5, speed: 1, scheduler: w.scheduler, tickMs: 10_000 }).start();
    w.scheduler.advance(3_600_000);
    sim.stop();
    expect(sim.counts).toMatchObject({ alerts: 0, blockDeals: 0 });
    w.db.close();
  });
});
