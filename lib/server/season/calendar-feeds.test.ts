import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodeIcal, { type VEvent } from "node-ical";
import { issuedCalendarFeedSchema } from "@/lib/desk/calendar-feeds";
import { ledgerResponseSchema } from "@/lib/alpha/account";
import { resultsDeadlineMs, trackableSeasons } from "@/lib/market/season";
import { istDate } from "@/lib/market/calendar-view";
import { quarterLabel } from "@/lib/alpha/quarters";
import type { RunningServer } from "../core/embedded-service";
import { deskRoute } from "../routes";
import { forgetAccountMemo } from "../upstream/alpha-proxy";
import { createWatchlist } from "../portfolio/watchlists";
import { addCompany, addConcall, addUpcomingEarnings } from "@/test/support/service";
import { browserRequest, createTestDesk, makeUser, makeUserWithKey, randomName, startTestService, type TestDesk } from "@/test/support/desk";

const DAY = 86_400_000;
let service: RunningServer;
let desk: TestDesk;

beforeAll(async () => {
  service = await startTestService();
  desk = await createTestDesk({ config: { alphaBaseUrl: service.url } });
});
afterAll(async () => {
  await desk?.close();
  await service?.close();
});

/** A feed URL's path as the calendar app requests it: no cookie, no origin. */
async function fetchFeed(url: string): Promise<{ status: number; text: string; type: string | null }> {
  const res = await deskRoute("calendarFeed", { ctx: desk.ctx })(new Request(url));
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

function events(text: string): Map<string, VEvent> {
  const parsed = nodeIcal.sync.parseICS(text);
  return new Map(Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT").map((e) => [e.uid, e]));
}

async function ledgerDebits(key: string): Promise<number> {
  const res = await fetch(`${service.url}/v1/account/ledger?limit=100`, { headers: { "X-API-Key": key } });
  const body = ledgerResponseSchema.parse(await res.json());
  return body.data.filter((e) => e.entry_type === "debit").reduce((sum, e) => sum - e.amount, 0);
}

async function setup() {
  const ctx = desk.ctx;
  const { user, ...account } = await makeUserWithKey({ ctx, service });
  const db = service.service.ctx.db;
  const quarter = trackableSeasons(Date.now()).at(-1)!;
  const [a, b, c] = [addCompany(db), addCompany(db), addCompany(db)];
  const now = Date.now();
  // Board meetings at 15:00 IST in 5 and 8 days, a call at 16:30 IST in 6 days.
  const at = (days: number, hhmm: string) => Date.parse(`${istDate(now + days * DAY)}T${hhmm}:00+05:30`);
  const meetingA = addUpcomingEarnings(db, { symbol: a.symbol, date_ms: at(5, "15:00"), quarter });
  const meetingB = addUpcomingEarnings(db, { symbol: b.symbol, date_ms: at(8, "15:00"), quarter });
  addConcall(db, { symbol: c.symbol, date_ms: now - DAY, meeting_ms: at(6, "16:30"), quarter });
  const list = await createWatchlist({ ctx, user, input: { name: randomName("cal"), items: [a, b, c].map((x) => ({ symbol: x.symbol })) } });
  const create = await deskRoute("createCalendarFeed", { ctx })(await browserRequest(ctx, user, "/api/calendar/feeds", { method: "POST", body: JSON.stringify({ watchlistId: list.id }), headers: { "content-type": "application/json" } }));
  expect(create.status).toBe(201);
  const feed = issuedCalendarFeedSchema.parse(((await create.json()) as { data: unknown }).data);
  return { ctx, user, account, db, quarter, a, b, c, meetingA, meetingB, at, list, feed };
}

describe("the holdings calendar feed", () => {
  it("answers meetings, calls, deadlines and market days in IST with 08:30 IST reminders, from free calls only", async () => {
    const { feed, account, quarter, a, c, at } = await setup();
    const debitsBefore = await ledgerDebits(account.key);
    expect(feed.url).toMatch(/\/api\/ical\/adcal_[A-Za-z0-9_-]{43}$/);

    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.type).toContain("text/calendar");
    expect(res.text).toContain("X-WR-TIMEZONE:Asia/Kolkata");
    const all = events(res.text);

    const meeting = all.get(`results-${a.symbol.toLowerCase()}-${quarter}@alpha-desk`);
    expect(meeting?.summary).toBe(`${a.symbol} · ${quarterLabel(quarter)} results board meeting`);
    expect(meeting?.start.toISOString()).toBe(new Date(at(5, "15:00")).toISOString());
    expect(meeting?.description).toContain("15:00 IST");
    expect(Number(meeting?.sequence)).toBe(0);
    const alarm = meeting?.alarms?.[0] as unknown as { trigger: string } | undefined;
    // The reminder: 08:30 IST on the meeting's IST day, written as a UTC date-time.
    const day = istDate(at(5, "15:00")).replaceAll("-", "");
    expect(res.text).toContain(`TRIGGER;VALUE=DATE-TIME:${day}T030000Z`);
    expect(alarm).toBeDefined();

    const call = all.get(`concall-${c.symbol.toLowerCase()}-${quarter}@alpha-desk`);
    expect(call?.start.toISOString()).toBe(new Date(at(6, "16:30")).toISOString());

    const deadline = all.get(`deadline-${a.symbol.toLowerCase()}-${quarter}@alpha-desk`);
    expect(deadline?.datetype).toBe("date");
    const dueDay = istDate(resultsDeadlineMs(quarter) - 1);
    expect(res.text).toContain(`DTSTART;VALUE=DATE:${dueDay.replaceAll("-", "")}`);

    const holidays = [...all.values()].filter((e) => e.uid.startsWith("holiday-"));
    expect(holidays.length).toBeGreaterThan(0);
    expect(holidays.every((h) => h.datetype === "date" && String(h.summary).startsWith("NSE holiday: "))).toBe(true);

    await fetchFeed(feed.url);
    expect(await ledgerDebits(account.key)).toBe(debitsBefore);
    const spent = await desk.ctx.db.selectFrom("spend_log").select((eb) => eb.fn.sum<number>("credits").as("n")).where("account_id", "=", account.accountId).executeTakeFirst();
    expect(Number(spent?.n ?? 0)).toBe(0);
  });

  it("raises a moved meeting's sequence and says where from; cancels a withdrawn one; stays stable in between", async () => {
    const { feed, db, account, quarter, a, b, meetingA, meetingB, at } = await setup();
    await fetchFeed(feed.url);
    const movedTo = at(7, "11:00");
    db.prepare("UPDATE upcoming_earnings SET date = ?, date_ms = ? WHERE id = ?").run(new Date(movedTo).toISOString(), movedTo, meetingA.id);
    db.prepare("DELETE FROM upcoming_earnings WHERE id = ?").run(meetingB.id);
    // The desk shares an account's free answers a few minutes; the next poll after that reads the service afresh.
    await forgetAccountMemo({ ctx: desk.ctx, accountId: account.accountId });

    const after = events((await fetchFeed(feed.url)).text);
    const moved = after.get(`results-${a.symbol.toLowerCase()}-${quarter}@alpha-desk`)!;
    expect(Number(moved.sequence)).toBe(1);
    expect(moved.start.toISOString()).toBe(new Date(movedTo).toISOString());
    expect(moved.description).toContain(`Moved from `);
    expect(moved.description).toContain("15:00 IST to ");
    expect(moved.description).toContain("11:00 IST");

    const gone = after.get(`results-${b.symbol.toLowerCase()}-${quarter}@alpha-desk`)!;
    expect(gone.status).toBe("CANCELLED");
    expect(Number(gone.sequence)).toBe(1);
    expect(gone.start.toISOString()).toBe(new Date(at(8, "15:00")).toISOString());
    expect(gone.alarms ?? []).toHaveLength(0);

    const again = events((await fetchFeed(feed.url)).text);
    expect(Number(again.get(moved.uid)!.sequence)).toBe(1);
    expect(again.get(gone.uid)!.status).toBe("CANCELLED");
    expect(Number(again.get(gone.uid)!.sequence)).toBe(1);
  });

  it("refuses a rotated or revoked address with a 404 that names nothing; the new address keeps the feed's history", async () => {
    const { ctx, user, feed, db, account, quarter, a, meetingA, at } = await setup();
    await fetchFeed(feed.url);
    const movedTo = at(9, "10:00");
    db.prepare("UPDATE upcoming_earnings SET date = ?, date_ms = ? WHERE id = ?").run(new Date(movedTo).toISOString(), movedTo, meetingA.id);
    await forgetAccountMemo({ ctx, accountId: account.accountId });

    const rotate = await deskRoute("rotateCalendarFeed", { ctx })(await browserRequest(ctx, user, `/api/calendar/feeds/${feed.id}/rotate`, { method: "POST" }));
    expect(rotate.status).toBe(200);
    const rotated = issuedCalendarFeedSchema.parse(((await rotate.json()) as { data: unknown }).data);
    expect(rotated.url).not.toBe(feed.url);

    const old = await fetchFeed(feed.url);
    expect(old.status).toBe(404);
    expect(old.text).not.toContain(feed.url.split("/").at(-1));
    expect(JSON.parse(old.text)).toMatchObject({ error: { code: "not_found", message: "No such calendar" } });
    const fresh = events((await fetchFeed(rotated.url)).text);
    expect(Number(fresh.get(`results-${a.symbol.toLowerCase()}-${quarter}@alpha-desk`)!.sequence)).toBe(1);

    expect((await fetchFeed(feed.url.replace(/adcal_.*/, "adcal_short"))).status).toBe(404);
    // Another user cannot rotate or revoke it.
    const other = await makeUser(ctx);
    expect((await deskRoute("revokeCalendarFeed", { ctx })(await browserRequest(ctx, other, `/api/calendar/feeds/${feed.id}`, { method: "DELETE" }))).status).toBe(404);
    const revoke = await deskRoute("revokeCalendarFeed", { ctx })(await browserRequest(ctx, user, `/api/calendar/feeds/${feed.id}`, { method: "DELETE" }));
    expect(revoke.status).toBe(200);
    expect((await fetchFeed(rotated.url)).status).toBe(404);
    const stored = await ctx.db.withTables<{ calendar_feeds: { token_hash: string; user_id: string } }>().selectFrom("calendar_feeds").select("token_hash").where("user_id", "=", user.id).execute();
    expect(stored).toHaveLength(0);
  });

  it("keeps only the token's hash, and one feed of all watchlists follows every list the user owns", async () => {
    const { ctx, user, b, c, quarter } = await setup();
    const create = await deskRoute("createCalendarFeed", { ctx })(await browserRequest(ctx, user, "/api/calendar/feeds", { method: "POST", body: JSON.stringify({ watchlistId: null }), headers: { "content-type": "application/json" } }));
    const feed = issuedCalendarFeedSchema.parse(((await create.json()) as { data: unknown }).data);
    const token = feed.url.split("/").at(-1)!;
    const rows = await ctx.db.withTables<{ calendar_feeds: { token_hash: string; user_id: string } }>().selectFrom("calendar_feeds").select("token_hash").where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.token_hash).not.toContain(token);
    const all = events((await fetchFeed(feed.url)).text);
    expect(all.get(`deadline-${b.symbol.toLowerCase()}-${quarter}@alpha-desk`)).toBeDefined();
    expect(all.get(`concall-${c.symbol.toLowerCase()}-${quarter}@alpha-desk`)).toBeDefined();
    const list = await deskRoute("listCalendarFeeds", { ctx })(await browserRequest(ctx, user, "/api/calendar/feeds"));
    const body = (await list.json()) as { data: { watchlistId: string | null; url?: string }[] };
    expect(body.data.map((f) => f.watchlistId === null)).toContain(true);
    expect(JSON.stringify(body)).not.toContain("adcal_");
  });
});
