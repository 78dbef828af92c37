import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { DeskContext } from "../core/context";
import { createDeskContext } from "../core/context";
import { inboxDb } from "../core/inbox-tables";
import type { RunningServer } from "../core/embedded-service";
import { callAlpha } from "../upstream/alpha-proxy";
import { saveAlphaKey } from "../upstream/stored-keys";
import { makeAccount, makeUser, ManualClock, postgresAvailable, startTestService, tempDir, TEST_DATABASE_URL } from "@/test/support/desk";
import { putSpendSettings } from "./spend-watch";
import { runSpendWatch } from "./watch-job";

const ist = (s: string) => new Date(`${s}+05:30`);
const pgUrl = process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL;
const pgUp = await postgresAvailable(pgUrl);
type Where = { sqlitePath: string } | { databaseUrl: string; pgSchema: string };
const places: [string, () => Where][] = [["a shared SQLite file", () => ({ sqlitePath: join(tempDir(), "desk.db") })]];
if (pgUp) places.push(["PostgreSQL", () => ({ databaseUrl: pgUrl, pgSchema: `desk_i44b_${randomBytes(6).toString("hex")}` })]);

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

/** The service on a clock that stands still, and a maker of desk instances on one database and the same clock. */
async function world(start: string, where: Where) {
  const clock = new ManualClock(ist(start));
  const service: RunningServer = await startTestService({ clock });
  closers.push(() => service.close());
  const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
  const instance = async (): Promise<DeskContext> => {
    const ctx = await createDeskContext({ ...where, secrets, config: { alphaBaseUrl: service.url, upstreamTimeoutMs: 10_000 }, now: () => clock.now() });
    closers.push(async () => {
      if ("pgSchema" in where) await sql`DROP SCHEMA IF EXISTS ${sql.id(where.pgSchema)} CASCADE`.execute(ctx.db).catch(() => undefined);
      await ctx.close();
    });
    return ctx;
  };
  return { clock, service, instance };
}

/** Runs the ticks at once on PostgreSQL; two SQLite connections in one process wait on each other, so there in turn. */
async function both<T>(where: Where, calls: (() => Promise<T>)[]): Promise<T[]> {
  if ("pgSchema" in where) return Promise.all(calls.map((c) => c()));
  const out: T[] = [];
  for (const call of calls) out.push(await call());
  return out;
}

async function notices(ctx: DeskContext, accountId: string, userId: string, kind: string): Promise<{ title: string; body: string }[]> {
  return inboxDb({ ctx }).selectFrom("inbox_items").select(["title", "body"]).where("user_id", "=", userId).where("dedupe_key", "like", `spend:${accountId}:${kind}:%`).orderBy("created_at").execute();
}

describe.each(places)("the spend watch's notices on %s", (_name, place) => {
  it("the runway notice goes out once per fall under the horizon, from two instances and after a restart; the weekly report once on Monday morning", async () => {
    const where = place();
    const { clock, service, instance } = await world("2026-12-07T10:00:00", where);
    const a = await instance();
    const b = await instance();
    const { accountId, key } = makeAccount(service, { balance: 200 });
    const admin = await makeUser(a, "admin");
    await saveAlphaKey({ ctx: a, userId: admin.id, key });
    let spent = 0;
    for (let day = 0; day < 4; day++) {
      clock.set(new Date(ist("2026-12-07T10:00:00").getTime() + day * 86_400_000));
      spent += (await callAlpha({ ctx: a, user: admin, id: "listAnnouncements", input: { query: { limit: 25 } } })).meta.creditsCharged;
    }
    expect(spent).toBeGreaterThan(40);
    clock.set(ist("2026-12-10T16:00:00"));
    // The pace is over five sessions (Friday 4 December spent nothing): the balance left lasts this many market hours.
    const hoursLeft = (200 - spent) / (spent / (5 * 6.25));
    const over = Math.ceil(hoursLeft / 6.25) + 1;
    expect(over).toBeLessThanOrEqual(20);
    await putSpendSettings({ ctx: a, user: admin, input: { accountId, inrPerCredit: "0.5", runwayHorizonDays: over } });

    const first = (await both(where, [() => runSpendWatch({ ctx: a }), () => runSpendWatch({ ctx: b }), () => runSpendWatch({ ctx: a })])).flat();
    expect(first.map((o) => o.error)).toEqual([null, null, null]);
    expect(first.filter((o) => o.runway)).toHaveLength(1);
    const restarted = await instance();
    expect((await runSpendWatch({ ctx: restarted })).some((o) => o.runway)).toBe(false);
    let runway = await notices(a, accountId, admin.id, "runway");
    expect(runway).toHaveLength(1);
    expect(runway[0]!.title).toMatch(/^Credits run out (Mon|Tue|Wed|Thu|Fri), \d{1,2} \w{3} 2026, \d{2}:\d{2} IST at this pace$/);
    expect(runway[0]!.body).toContain(`${over}-trading-day horizon`);
    expect(runway[0]!.body).toContain("₹");

    // Back above the horizon re-arms it; the next fall under is a new crossing with a notice of its own.
    await putSpendSettings({ ctx: a, user: admin, input: { accountId, inrPerCredit: "0.5", runwayHorizonDays: 1 } });
    await runSpendWatch({ ctx: b });
    await putSpendSettings({ ctx: a, user: admin, input: { accountId, inrPerCredit: "0.5", runwayHorizonDays: over } });
    expect((await runSpendWatch({ ctx: restarted })).filter((o) => o.runway)).toHaveLength(1);
    await runSpendWatch({ ctx: a });
    runway = await notices(a, accountId, admin.id, "runway");
    expect(runway).toHaveLength(2);

    // The weekly report: nothing before Monday 08:00 IST, then once.
    clock.set(ist("2026-12-14T07:59:00"));
    expect((await runSpendWatch({ ctx: a })).some((o) => o.weekly)).toBe(false);
    clock.set(ist("2026-12-14T08:05:00"));
    const weekly = (await both(where, [() => runSpendWatch({ ctx: b }), () => runSpendWatch({ ctx: a }), () => runSpendWatch({ ctx: restarted })])).flat();
    expect(weekly.filter((o) => o.weekly)).toHaveLength(1);
    const reports = await notices(a, accountId, admin.id, "weekly");
    expect(reports).toHaveLength(1);
    expect(reports[0]!.title).toBe(`Weekly spend 7 Dec 2026: ${spent} credits`);
    expect(reports[0]!.body).toContain(`spent ${spent} credits (₹${(spent * 0.5).toFixed(2)})`);
    expect(reports[0]!.body).toContain(`Paid data: ${spent} credits`);
  });

  it("the unusual-spend notice goes out once per session, from two instances and after a restart", async () => {
    const where = place();
    const { clock, service, instance } = await world("2026-12-01T10:30:00", where);
    const a = await instance();
    const b = await instance();
    const { accountId, key } = makeAccount(service);
    const admin = await makeUser(a, "admin");
    await saveAlphaKey({ ctx: a, userId: admin.id, key });
    for (const day of ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-07", "2026-12-08", "2026-12-09"]) {
      clock.set(ist(`${day}T10:30:00`));
      await callAlpha({ ctx: a, user: admin, id: "listEarnings", input: { query: { limit: 3 } } });
    }
    clock.set(ist("2026-12-10T10:30:00"));
    await runSpendWatch({ ctx: a });
    expect(await notices(a, accountId, admin.id, "unusual")).toHaveLength(0);
    await callAlpha({ ctx: a, user: admin, id: "listAnnouncements", input: { query: { limit: 30 } } });
    clock.set(ist("2026-12-10T10:40:00"));
    const ticks = (await both(where, [() => runSpendWatch({ ctx: a }), () => runSpendWatch({ ctx: b })])).flat();
    expect(ticks.filter((o) => o.unusual)).toHaveLength(1);
    // More of it later the same session: still the one notice.
    await callAlpha({ ctx: a, user: admin, id: "listAnnouncements", input: { query: { limit: 40 } } });
    clock.set(ist("2026-12-10T11:40:00"));
    const restarted = await instance();
    expect([await runSpendWatch({ ctx: restarted }), await runSpendWatch({ ctx: b })].flat().some((o) => o.unusual)).toBe(false);
    const sent = await notices(a, accountId, admin.id, "unusual");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toMatch(/^Unusual spend today: \d+ credits by 10:59 IST$/);
    expect(sent[0]!.body).toContain("the median of the last seven sessions");
    // The next session's own burst is a notice of its own.
    clock.set(ist("2026-12-11T10:20:00"));
    await callAlpha({ ctx: a, user: admin, id: "listAnnouncements", input: { query: { limit: 45 } } });
    expect((await runSpendWatch({ ctx: b })).some((o) => o.unusual)).toBe(true);
    expect(await notices(a, accountId, admin.id, "unusual")).toHaveLength(2);
  });
});
