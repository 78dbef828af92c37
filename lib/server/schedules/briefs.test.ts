import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { NSE_CALENDAR } from "@/lib/market/calendar";
import type { DeskContext } from "../core/context";
import { createDeskContext } from "../core/context";
import { saveCalendar } from "../market/calendar-store";
import { createWatchlist } from "../portfolio/watchlists";
import type { RunningServer } from "@/lib/server/core/embedded-service";
import type { TestDialect } from "@/test/support/desk";
import { makeUser, makeUserWithKey, ManualClock, randomName, startTestService, tempDir, TEST_DATABASE_URL, testDialects } from "@/test/support/desk";
import { runDueBriefs } from "./brief-runner";
import { createBriefSchedule, deleteBriefSchedule, listBriefRuns, listBriefSchedules, updateBriefSchedule } from "./briefs";

const ist = (iso: string) => new Date(`${iso}+05:30`);

const dialects = await testDialects();

let service: RunningServer;
let now = 0;
const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
const contexts: DeskContext[] = [];
let dialect: TestDialect = "sqlite";
const dbPath = join(tempDir("briefs-"), "desk.db");
const pgSchema = `desk_briefs_${randomBytes(6).toString("hex")}`;

/** A desk process on the shared database: a second one is another instance, or the same one after a restart. */
async function deskProcess(): Promise<DeskContext> {
  const where = dialect === "postgres" ? { databaseUrl: process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL, pgSchema } : { sqlitePath: dbPath };
  const ctx = await createDeskContext({ ...where, secrets, config: { alphaBaseUrl: service.url, upstreamTimeoutMs: 10_000 }, now: () => new Date(now) });
  contexts.push(ctx);
  return ctx;
}

beforeAll(async () => {
  // The service's clock stands at a market day's afternoon: at night the IST day's window held no news (a free
  // outcome), so "charging only when generated" failed then; pinned, the seeded dataset is the same on every run.
  service = await startTestService({ clock: new ManualClock("2026-11-25T15:30:00+05:30") });
});
afterAll(async () => {
  const last = contexts.at(-1);
  if (last?.dialect === "postgres") await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(last.db).catch(() => undefined);
  for (const ctx of contexts) await ctx.close();
  await service.close();
});

/** Large caps: a day's window of news over these holds something, so a brief is a paid one. */
const LARGE_CAPS = ["RELIANCE", "HDFCBANK", "BHARTIARTL", "TCS", "ICICIBANK", "SBIN", "INFY", "BAJFINANCE", "HINDUNILVR", "LICI", "LT", "MARUTI", "ITC", "HCLTECH", "KOTAKBANK", "SUNPHARMA", "AXISBANK", "ULTRACEMCO", "TITAN", "NTPC"];

async function userWithWatchlist(ctx: DeskContext, symbols = LARGE_CAPS) {
  const { user, ...account } = await makeUserWithKey({ ctx, service });
  const watchlist = await createWatchlist({ ctx, user, input: { name: randomName("wl"), items: symbols.map((symbol) => ({ symbol })) } });
  return { user, watchlist, account };
}

async function ledgerDebits(key: string): Promise<number> {
  const client = createAlphaClient({ baseUrl: service.url, apiKey: key, retries: 0 });
  const { data } = await client.call("listAccountLedger", { query: { entry_type: ["debit"] } });
  return data.data.reduce((sum, e) => sum + Math.abs(e.amount), 0);
}

async function spendOf(ctx: DeskContext, userId: string): Promise<number> {
  const rows = await ctx.db.selectFrom("spend_log").select("credits").where("user_id", "=", userId).execute();
  return rows.reduce((sum, r) => sum + Number(r.credits), 0);
}

describe.each(dialects)("scheduled briefs on %s", (d) => {
  beforeAll(() => {
    dialect = d;
  });

  it("runs a due slot once under two concurrent ticks and again after a restart, charging only when generated", async () => {
    now = ist("2026-11-25T08:00:00").getTime(); // a Wednesday, a market day
    const a = await deskProcess();
    const { user, watchlist, account } = await userWithWatchlist(a);
    const schedule = await createBriefSchedule({ ctx: a, user, input: { watchlistId: watchlist.id, time: "08:30", mode: "news_context" } });
    expect(schedule.nextRunAt).toBe(ist("2026-11-25T08:30:00").toISOString());
    expect(await spendOf(a, user.id)).toBe(0);
    expect(await ledgerDebits(account.key)).toBe(0);

    // Before its time: nothing.
    expect((await runDueBriefs({ ctx: a, now: new Date(now) })).generated).toBe(0);

    now = ist("2026-11-25T08:30:05").getTime();
    const b = await deskProcess();
    const reports = await Promise.all([runDueBriefs({ ctx: a, now: new Date(now) }), runDueBriefs({ ctx: b, now: new Date(now) })]);
    expect(reports.reduce((n, r) => n + r.generated, 0)).toBe(1);

    const runs = await listBriefRuns({ ctx: a, user, input: { day: "2026-11-25" } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "generated", scheduleId: schedule.id, watchlistName: watchlist.name, reason: null });
    expect(runs[0]!.summaryId).toBeTruthy();
    expect(runs[0]!.credits).toBeGreaterThan(0);

    // The spend the desk recorded is what the service's ledger debited: once.
    expect(await spendOf(a, user.id)).toBe(runs[0]!.credits);
    expect(await ledgerDebits(account.key)).toBe(runs[0]!.credits);
    const history = await a.db.withTables<{ summary_history: { id: string; source: string | null; user_id: string } }>().selectFrom("summary_history").selectAll().where("user_id", "=", user.id).execute();
    expect(history.map((h) => h.id)).toEqual([runs[0]!.summaryId]);
    expect(history[0]!.source).toContain(watchlist.name);

    // A restart: a new context on the same database, later the same day; the slot is not run again.
    now = ist("2026-11-25T08:45:00").getTime();
    const restarted = await deskProcess();
    expect(await runDueBriefs({ ctx: restarted, now: new Date(now) })).toMatchObject({ generated: 0, failed: 0, skipped: 0 });
    expect(await ledgerDebits(account.key)).toBe(runs[0]!.credits);

    const [listed] = await listBriefSchedules({ ctx: a, user, input: undefined });
    expect(listed?.lastRun?.status).toBe("generated");
    expect(listed?.nextRunAt).toBe(ist("2026-11-26T08:30:00").toISOString());
    await deleteBriefSchedule({ ctx: a, user, input: { id: schedule.id } });
  });

  it("skips market holidays and weekends with a reason, and charges nothing", async () => {
    now = ist("2026-11-23T20:00:00").getTime();
    const ctx = await deskProcess();
    const { user, watchlist, account } = await userWithWatchlist(ctx);
    const schedule = await createBriefSchedule({ ctx, user, input: { watchlistId: watchlist.id, time: "08:30", mode: "exposure" } });
    // 24 Nov 2026 is a market holiday: the next run is the day after.
    expect(schedule.nextRunAt).toBe(ist("2026-11-25T08:30:00").toISOString());
    now = ist("2026-11-24T08:31:00").getTime();
    await runDueBriefs({ ctx, now: new Date(now) });
    const runs = await listBriefRuns({ ctx, user, input: { day: "2026-11-24" } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "skipped", credits: 0, summaryId: null });
    expect(runs[0]!.reason).toMatch(/Market holiday \(Prakash Gurpurb/);
    now = ist("2026-11-28T09:00:00").getTime(); // a Saturday
    await runDueBriefs({ ctx, now: new Date(now) });
    expect((await listBriefRuns({ ctx, user, input: { day: "2026-11-28" } }))[0]?.reason).toMatch(/Weekend/);
    expect(await spendOf(ctx, user.id)).toBe(0);
    expect(await ledgerDebits(account.key)).toBe(0);
    await deleteBriefSchedule({ ctx, user, input: { id: schedule.id } });
  });

  it("catches up a missed slot while it is still timely, and says when one was skipped as too late", async () => {
    now = ist("2026-11-26T06:00:00").getTime(); // Thursday
    const ctx = await deskProcess();
    const { user, watchlist } = await userWithWatchlist(ctx);
    const early = await createBriefSchedule({ ctx, user, input: { watchlistId: watchlist.id, time: "07:00", mode: "news_context" } });
    const late = await createBriefSchedule({ ctx, user, input: { watchlistId: watchlist.id, time: "08:45", mode: "news_context" } });
    // The desk was down from 06:00 to 09:05: both slots passed; the open (09:15) has not.
    now = ist("2026-11-26T09:05:00").getTime();
    await runDueBriefs({ ctx, now: new Date(now) });
    let runs = await listBriefRuns({ ctx, user, input: {} });
    expect(runs.map((r) => [r.scheduleId, r.status])).toEqual(
      expect.arrayContaining([
        [early.id, "generated"],
        [late.id, "generated"],
      ]),
    );
    expect(runs.find((r) => r.scheduleId === early.id)?.reason).toMatch(/Ran late at 09:05 IST/);
    expect(runs.find((r) => r.scheduleId === late.id)?.reason).toMatch(/Ran late at 09:05 IST/);

    // Next day the desk is down past the open: a before-the-open brief is no longer timely.
    now = ist("2026-11-27T09:40:00").getTime();
    await runDueBriefs({ ctx, now: new Date(now) });
    runs = await listBriefRuns({ ctx, user, input: {} });
    expect(runs.find((r) => r.scheduleId === early.id)).toMatchObject({ status: "skipped", credits: 0 });
    expect(runs.find((r) => r.scheduleId === early.id)?.reason).toMatch(/Missed: the desk was not running at 07:00 IST/);
  });

  it("pauses, moves and refuses what it cannot run", async () => {
    now = ist("2026-11-30T07:00:00").getTime(); // Monday
    const ctx = await deskProcess();
    const { user, watchlist } = await userWithWatchlist(ctx);
    const other = await makeUser(ctx);
    const schedule = await createBriefSchedule({ ctx, user, input: { watchlistId: watchlist.id, time: "16:15", mode: "intraday_movements" } });
    await expect(createBriefSchedule({ ctx, user, input: { watchlistId: watchlist.id, time: "16:15", mode: "news_context" } })).rejects.toThrow(/already has a brief/);
    await expect(createBriefSchedule({ ctx, user, input: { watchlistId: watchlist.id, time: "25:00", mode: "news_context" } })).rejects.toThrow(/HH:MM/);
    await expect(createBriefSchedule({ ctx, user: other, input: { watchlistId: watchlist.id, time: "08:00", mode: "news_context" } })).rejects.toMatchObject({ code: "not_found" });
    await expect(updateBriefSchedule({ ctx, user: other, input: { id: schedule.id, change: { paused: true } } })).rejects.toMatchObject({ code: "not_found" });
    const paused = await updateBriefSchedule({ ctx, user, input: { id: schedule.id, change: { paused: true } } });
    expect(paused).toMatchObject({ paused: true, nextRunAt: null });
    now = ist("2026-11-30T16:20:00").getTime();
    expect((await runDueBriefs({ ctx, now: new Date(now) })).generated).toBe(0);
    // Resumed after its time: today's slot is not caught up; tomorrow's is next.
    const resumed = await updateBriefSchedule({ ctx, user, input: { id: schedule.id, change: { paused: false } } });
    expect(resumed.nextRunAt).toBe(ist("2026-12-01T16:15:00").toISOString());
    expect((await runDueBriefs({ ctx, now: new Date(now) })).generated).toBe(0);
  });

  it("follows the calendar an admin saved: a new holiday skips the day", async () => {
    now = ist("2026-12-01T07:00:00").getTime(); // Tuesday
    const ctx = await deskProcess();
    const admin = await makeUser(ctx, "admin");
    const { user, watchlist } = await userWithWatchlist(ctx);
    await createBriefSchedule({ ctx, user, input: { watchlistId: watchlist.id, time: "08:00", mode: "news_context" } });
    await saveCalendar({ ctx, user: admin, input: { calendar: { ...NSE_CALENDAR, holidays: [...NSE_CALENDAR.holidays, { date: "2026-12-01", name: "Exchange closure" }] }, note: "test" } });
    now = ist("2026-12-01T08:01:00").getTime();
    await runDueBriefs({ ctx, now: new Date(now) });
    const runs = await listBriefRuns({ ctx, user, input: {} });
    expect(runs[0]).toMatchObject({ status: "skipped" });
    expect(runs[0]?.reason).toMatch(/Exchange closure/);
    // Put the built-in calendar back for the other tests sharing this database.
    await saveCalendar({ ctx, user: admin, input: { calendar: NSE_CALENDAR } });
  });
});
