import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import type { WeeklyReport } from "@/lib/desk/spend-watch";
import { istDayStart, NSE_VIEW } from "@/lib/market/calendar";
import type { RunningServer } from "../core/embedded-service";
import { syncLedger } from "../money/ledger-sync";
import { getUsageSnapshot } from "../money/usage";
import { createWatchlist } from "../portfolio/watchlists";
import { deskRoute } from "../routes";
import { runDueBriefs } from "../schedules/brief-runner";
import { createBriefSchedule } from "../schedules/briefs";
import { mintDeskToken } from "../teams/desk-tokens";
import { callAlpha } from "../upstream/alpha-proxy";
import { saveAlphaKey, saveOrganisationKey } from "../upstream/stored-keys";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, createTestDesk, makeAccount, makeUser, ManualClock, randomName, runBatchJob, startTestService } from "@/test/support/desk";
import { startDeskGatewayServer } from "@/test/support/desk-gateway-server";
import { computeRunway, computeUnusualSpend, getWeeklyReport } from "./spend-watch";
import { runSpendWatch } from "./watch-job";

const ist = (s: string) => new Date(`${s}+05:30`);
const LARGE_CAPS = ["RELIANCE", "HDFCBANK", "BHARTIARTL", "TCS", "ICICIBANK", "SBIN", "INFY", "BAJFINANCE", "HINDUNILVR", "LT", "MARUTI", "ITC"];

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** The real service and a desk on it, both on one clock that stands still until moved. */
async function world(start: string): Promise<{ clock: ManualClock; service: RunningServer; desk: TestDesk }> {
  const clock = new ManualClock(ist(start));
  const service = await startTestService({ clock });
  const desk = await createTestDesk({ config: { alphaBaseUrl: service.url }, now: () => clock.now() });
  closers.push(() => service.close(), () => desk.close());
  return { clock, service, desk };
}

/** The account's debits in the service's own ledger between two instants (its entries as the service wrote them). */
function ledgerDebits(service: RunningServer, accountId: string, fromMs: number, toMs: number): number {
  const rows = service.service.ctx.db.prepare("SELECT amount, created_at FROM ledger WHERE account_id = ? AND entry_type = 'debit'").all(accountId) as { amount: number; created_at: string }[];
  return rows.filter((r) => Date.parse(r.created_at) >= fromMs && Date.parse(r.created_at) < toMs).reduce((sum, r) => sum - r.amount, 0);
}

describe("the weekly spend report", () => {
  it("by member, token, outside and feature, each part adding up to the ledger's debits of the week to the credit, in rupees too", async () => {
    // The service lays its dataset around its first start: started in the afternoon, the day's window holds news.
    const { clock, service, desk } = await world("2026-12-07T15:30:00");
    const { ctx } = desk;
    clock.set(ist("2026-12-07T08:00:00"));
    const { accountId, key } = makeAccount(service);
    const admin = await makeUser(ctx, "admin");
    const member = await makeUser(ctx);
    await saveOrganisationKey({ ctx, user: admin, input: { key } });
    const watchlist = await createWatchlist({ ctx, user: member, input: { name: randomName("wl"), items: LARGE_CAPS.map((symbol) => ({ symbol })) } });
    await createBriefSchedule({ ctx, user: member, input: { watchlistId: watchlist.id, time: "14:00", mode: "news_context" } });
    const token = await mintDeskToken({ ctx, user: admin, input: { name: "notebook", scopes: ["free", "data"], ownerId: member.id } });
    const gateway = await startDeskGatewayServer(ctx);
    closers.push(() => gateway.close());
    const direct = createAlphaClient({ baseUrl: service.url, apiKey: key });

    // Monday: the scheduled brief, the member's own calls, a batch job, the token's calls, and calls outside the desk.
    clock.set(ist("2026-12-07T14:01:00"));
    expect((await runDueBriefs({ ctx, now: clock.now() })).generated).toBe(1);
    clock.set(ist("2026-12-07T15:00:00"));
    const own: { meta: { creditsCharged: number } }[] = [await callAlpha({ ctx, user: member, id: "listEarnings", input: { query: { limit: 10 } } }), await callAlpha({ ctx, user: admin, id: "listNews", input: { query: { symbols: ["TCS"], limit: 5 } } })];
    // An interactive summary of the member's: a summary, not a brief.
    const summary = await callAlpha({ ctx, user: member, id: "createDailySummary", input: { body: { symbols: ["RELIANCE", "TCS", "INFY"], mode: "news_context" } } });
    const lines = ["TCS", "INFY"].map((symbol, i) => ({ custom_id: `l${i}`, symbols: [symbol], mode: "news_context" as const, context_window_days: 7 }));
    const { status } = await runBatchJob(ctx, member, lines);
    expect(status).toBe("completed");
    const viaToken = await fetch(`${gateway.base}/v1/earnings?limit=5`, { headers: { "X-API-Key": token.secret } });
    expect(viaToken.status).toBe(200);
    const tokenCredits = Number(viaToken.headers.get("x-credits-charged"));
    expect(tokenCredits).toBeGreaterThan(0);
    const outside = await direct.listAnnouncements({ query: { limit: 4 } });
    await syncLedger({ ctx, user: admin, options: { force: true } });
    // Tuesday: more of the same kinds.
    clock.set(ist("2026-12-08T11:00:00"));
    own.push(await callAlpha({ ctx, user: member, id: "listAnnouncements", input: { query: { limit: 6 } } }));
    await direct.listNews({ query: { symbols: ["INFY"], limit: 3 } });
    await syncLedger({ ctx, user: admin, options: { force: true } });
    // The next Monday, before anything is spent.
    clock.set(ist("2026-12-14T09:00:00"));
    await syncLedger({ ctx, user: admin, options: { force: true } });

    const report = await getWeeklyReport({ ctx, input: { accountId, week: "2026-12-07" } });
    const ledger = ledgerDebits(service, accountId, ist("2026-12-07T00:00:00").getTime(), ist("2026-12-14T00:00:00").getTime());
    expect(ledger).toBeGreaterThan(0);
    expect(report.total).toBe(ledger);
    const sum = (parts: { credits: number }[]) => parts.reduce((n, p) => n + p.credits, 0);
    expect(sum(report.members) + sum(report.tokens) + report.outside.credits).toBe(ledger);
    expect(sum(report.features)).toBe(ledger);
    const feature = (f: string) => report.features.find((x) => x.feature === f)!;
    const briefRuns = await ctx.db.withTables<{ brief_runs: { credits: number; status: string } }>().selectFrom("brief_runs").select(["credits", "status"]).execute();
    expect(feature("briefs").credits).toBe(briefRuns.reduce((n, r) => n + Number(r.credits), 0));
    expect(feature("briefs").credits).toBeGreaterThan(0);
    expect(feature("summaries").credits).toBe(summary.meta.creditsCharged);
    expect(feature("batch").credits).toBeGreaterThan(0);
    expect(feature("data").credits).toBe(own.reduce((n, r) => n + r.meta.creditsCharged, 0) + tokenCredits + report.outside.credits);
    expect(report.tokens).toEqual([expect.objectContaining({ tokenId: token.token.id, name: "notebook", ownerEmail: member.email, credits: tokenCredits, calls: 1 })]);
    expect(report.outside.credits).toBeGreaterThan(outside.meta.creditsCharged ?? 0);
    expect(report.members.map((m) => m.email).sort()).toEqual([admin.email, member.email].sort());
    // The watch reads the organisation's account with no member's key, and sends the week's report to the admins once.
    const [watched] = await runSpendWatch({ ctx });
    expect(watched).toMatchObject({ accountId, weekly: true, error: null });
    expect((await runSpendWatch({ ctx }))[0]).toMatchObject({ accountId, weekly: false, error: null });
    const inbox = await ctx.db.withTables<{ inbox_items: { title: string; user_id: string | null } }>().selectFrom("inbox_items").select(["title", "user_id"]).where("title", "like", "Weekly spend%").execute();
    expect(inbox).toEqual([{ title: `Weekly spend 7 Dec 2026: ${ledger} credits`, user_id: admin.id }]);
    // The week after holds none of it.
    expect((await getWeeklyReport({ ctx, input: { accountId, week: "2026-12-14" } })).total).toBe(0);

    // Through the desk's routes: the admin reads the report (the last week by default), a member does not.
    const read = async (who: typeof admin, path: string) => deskRoute(path.includes(".csv") ? "exportWeeklyReport" : "getSpendWatch", { ctx })(await browserRequest(ctx, who, path));
    const answer = await read(admin, "/api/usage/watch");
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { report: WeeklyReport; settings: { inrPerCredit: string | null } } };
    expect(body.data.report.week).toBe("2026-12-07");
    expect(body.data.report.total).toBe(ledger);
    expect(body.data.settings.inrPerCredit).toBeNull();
    const asMember = (await (await read(member, "/api/usage/watch")).json()) as { data: { report: WeeklyReport | null } };
    expect(asMember.data.report).toBeNull();
    expect((await read(member, "/api/usage/report.csv")).status).toBe(403);
    expect((await read(admin, "/api/usage/watch?week=2026-12-08")).status).toBe(400);

    // ₹ per credit: admins only, a positive price with at most four decimals.
    const put = async (who: typeof admin, payload: unknown) =>
      deskRoute("putSpendSettings", { ctx })(await browserRequest(ctx, who, "/api/usage/settings", { method: "PUT", body: JSON.stringify(payload), headers: { "content-type": "application/json" } }));
    for (const bad of ["0", "-1", "0.12345", "abc", "12345"]) expect((await put(admin, { inrPerCredit: bad })).status).toBe(400);
    expect((await put(admin, { inrPerCredit: "0.5", runwayHorizonDays: 0 })).status).toBe(400);
    expect((await put(member, { inrPerCredit: "0.25" })).status).toBe(403);
    const saved = await put(admin, { inrPerCredit: "0.2500", runwayHorizonDays: 3 });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { data: unknown }).data).toMatchObject({ accountId, inrPerCredit: "0.25", runwayHorizonDays: 3 });

    const csv = await read(admin, "/api/usage/report.csv?week=2026-12-07");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = Papa.parse<Record<string, string>>(await csv.text(), { header: true, skipEmptyLines: true }).data;
    const totals = rows.filter((r) => r.name === "Total");
    expect(totals.map((r) => [r.part, Number(r.credits), Number(r.rupees)])).toEqual([
      ["member", ledger, Math.round(ledger * 25) / 100],
      ["feature", ledger, Math.round(ledger * 25) / 100],
    ]);
    for (const r of rows) expect(Number(r.rupees)).toBeCloseTo(Number(r.credits) * 0.25, 2);
    expect(rows.filter((r) => r.part === "member" && r.name !== "Total").reduce((n, r) => n + Number(r.credits), 0)).toBe(ledger - report.tokens[0]!.credits);
  });
});

describe("the runway", () => {
  it("is measured over market hours only: a weekend does not burn it, and it ends inside a session", async () => {
    const { clock, service, desk } = await world("2026-12-07T10:00:00");
    const { ctx } = desk;
    const { accountId, key } = makeAccount(service, { balance: 3_000 });
    const user = await makeUser(ctx);
    await saveAlphaKey({ ctx, userId: user.id, key });
    const queries = [{ limit: 20 }, { limit: 15 }, { limit: 25 }, { limit: 10 }, { limit: 20 }];
    for (let day = 0; day < 5; day++) {
      clock.set(new Date(ist("2026-12-07T10:00:00").getTime() + day * 86_400_000));
      await callAlpha({ ctx, user, id: "listAnnouncements", input: { query: queries[day]! } });
      await syncLedger({ ctx, user, options: { force: true } });
    }
    const spent = ledgerDebits(service, accountId, 0, Date.now() * 2);
    expect(spent).toBeGreaterThan(20);

    clock.set(ist("2026-12-11T16:00:00"));
    const balance = (await getUsageSnapshot({ ctx, user })).usage.balance;
    expect(balance).toBe(3_000 - spent);
    const friday = await computeRunway({ ctx, input: { accountId, balance, horizonDays: 2 } });
    expect(friday.perMarketHour).toBeCloseTo(spent / (5 * 6.25), 2);
    clock.set(ist("2026-12-12T12:00:00"));
    const saturday = await computeRunway({ ctx, input: { accountId, balance, horizonDays: 2 } });
    clock.set(ist("2026-12-13T23:00:00"));
    const sunday = await computeRunway({ ctx, input: { accountId, balance, horizonDays: 2 } });
    expect(saturday).toEqual(friday);
    expect(sunday).toEqual(friday);
    const end = Date.parse(friday.runsOutAt!);
    const session = NSE_VIEW.normalSession(end)!;
    expect(end).toBeGreaterThan(session.fromMs);
    expect(end).toBeLessThanOrEqual(session.toMs);
    expect(friday.marketHoursLeft).toBeCloseTo(balance / (spent / (5 * 6.25)), 0);
    expect(friday.belowHorizon).toBe(friday.marketHoursLeft! < 2 * 6.25);
    // Monday's open burns it again: an hour in, with nothing more spent, an hour's pace is gone from the same end.
    clock.set(ist("2026-12-14T10:15:00"));
    const monday = await computeRunway({ ctx, input: { accountId, balance, horizonDays: 2 } });
    expect(monday.marketHoursLeft!).toBeGreaterThan(friday.marketHoursLeft!);

    // The route answers the same figure from the account's balance.
    clock.set(ist("2026-12-12T12:00:00"));
    const answer = await deskRoute("getSpendWatch", { ctx })(await browserRequest(ctx, user, "/api/usage/watch"));
    expect(((await answer.json()) as { data: { runway: unknown } }).data.runway).toEqual(friday);
    // The account's price as every panel reads it; a user with no key yet has no account and no price.
    const price = async (who: typeof user) => (await (await deskRoute("getSpendSettings", { ctx })(await browserRequest(ctx, who, "/api/usage/settings"))).json()) as { data: { accountId: string; inrPerCredit: string | null } };
    expect((await price(user)).data).toMatchObject({ accountId, inrPerCredit: null });
    expect((await price(await makeUser(ctx))).data).toMatchObject({ accountId: "", inrPerCredit: null });
  });
});

describe("unusual spend", () => {
  it("is spend by this IST hour above twice the median of the last seven sessions at the same hour, on trading days", async () => {
    const { clock, service, desk } = await world("2026-12-01T10:30:00");
    const { ctx } = desk;
    const { accountId, key } = makeAccount(service);
    const user = await makeUser(ctx);
    await saveAlphaKey({ ctx, userId: user.id, key });
    // Seven sessions (1–9 December) of a little spend at 10:30, and some after 12:00 that the 10 o'clock hour leaves out.
    const sessions = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-07", "2026-12-08", "2026-12-09"];
    const usual: number[] = [];
    for (const [i, day] of sessions.entries()) {
      clock.set(ist(`${day}T10:30:00`));
      usual.push((await callAlpha({ ctx, user, id: "listEarnings", input: { query: { limit: 2 + (i % 3) } } })).meta.creditsCharged);
      clock.set(ist(`${day}T13:00:00`));
      await callAlpha({ ctx, user, id: "listAnnouncements", input: { query: { limit: 30 } } });
      await syncLedger({ ctx, user, options: { force: true } });
    }
    const median = [...usual].sort((a, b) => a - b)[3]!;
    expect(median).toBeGreaterThan(0);

    clock.set(ist("2026-12-10T10:40:00"));
    const quiet = await computeUnusualSpend({ ctx, input: { accountId } });
    expect(quiet).toEqual({ session: "2026-12-10", hour: 10, spentByHour: 0, median, unusual: false });
    const big = await callAlpha({ ctx, user, id: "listAnnouncements", input: { query: { limit: Math.max(12, 2 * median + 2) } } });
    expect(big.meta.creditsCharged).toBeGreaterThan(2 * median);
    const loud = await computeUnusualSpend({ ctx, input: { accountId } });
    expect(loud).toEqual({ session: "2026-12-10", hour: 10, spentByHour: big.meta.creditsCharged, median, unusual: true });
    // The weekend is no session.
    clock.set(ist("2026-12-12T10:40:00"));
    expect(await computeUnusualSpend({ ctx, input: { accountId } })).toMatchObject({ session: null, unusual: false });
    // A desk that has not seen seven sessions of the account says nothing.
    const fresh = makeAccount(service);
    expect(await computeUnusualSpend({ ctx, input: { accountId: fresh.accountId } })).toMatchObject({ median: null, unusual: false });
    expect(istDayStart(clock.now().getTime())).toBe(ist("2026-12-12T00:00:00").getTime());
  });
});
