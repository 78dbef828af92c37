import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { join } from "node:path";
import { createAlphaClient } from "@/lib/alpha/client";
import { AlphaError } from "@/lib/alpha/errors";
import type { BudgetView, SaveBudgetInput } from "@/lib/desk/budgets";
import type { DeskContext } from "../core/context";
import { createDeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { budgetDb } from "../core/budget-tables";
import { listInbox } from "../inbox/inbox";
import type { SessionUser } from "../identity/users";
import { deskRoute } from "../routes";
import { saveOrganisationKey } from "../upstream/stored-keys";
import { callAlpha } from "../upstream/alpha-proxy";
import { listAudit } from "../teams/audit";
import { browserRequest, makeAccount, makeUser, postgresAvailable, randomName, tempDir, TEST_DATABASE_URL, withService } from "@/test/support/desk";
import { budgetPeriod, runBudgetChecks } from "./budgets";

let service: RunningServer;
withService((started) => (service = started));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

const pgUp = await postgresAvailable(process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL);
type Where = { sqlitePath: string } | { databaseUrl: string; pgSchema: string };
const places: [string, () => Where][] = [["SQLite (one file, two instances)", () => ({ sqlitePath: join(tempDir(), "desk.db") })]];
if (pgUp) places.push(["PostgreSQL (two instances)", () => ({ databaseUrl: process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL, pgSchema: `desk_i44a_${randomName("b").replace(/\W/g, "")}`.slice(0, 40) })]);

function open(where: Where): Promise<DeskContext> {
  return createDeskContext({ ...where, secrets: { authSecret: "s".repeat(43), encryptionKey: Buffer.alloc(32, 9) }, config: { alphaBaseUrl: service.url, signInDelayStepMs: 0, signInDelayMaxMs: 0 } });
}

type Answer = { status: number; body: { data?: unknown; meta?: { creditsCharged: number; cached: boolean; heldBecause?: string }; error?: { code: string; message: string; details?: Record<string, unknown> } } };

async function alpha(ctx: DeskContext, user: SessionUser, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await deskRoute(init.method === "POST" ? "alphaPost" : "alphaGet", { ctx })(await browserRequest(ctx, user, `/api/alpha${path}`, init));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function desk<T>(ctx: DeskContext, user: SessionUser, id: Parameters<typeof deskRoute>[0], path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await deskRoute(id, { ctx })(await browserRequest(ctx, user, path, { ...init, ...(init.body ? { headers: { "Content-Type": "application/json" } } : {}) }));
  const json = (await response.json()) as { data?: T };
  // The desk's routes answer { data } (or { error }).
  return { status: response.status, body: (response.ok ? json.data : json) as T };
}

const summary = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ symbols: ["TCS", "INFY"], mode: "news_context", context_window_days: 7 }) };

async function ledger(key: string) {
  return (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccountUsage({})).data.data;
}

describe("IST periods", () => {
  it("a day, a week from Monday and a month, each starting at midnight IST", () => {
    // Sunday 29 Nov 2026, 23:59 IST (18:29 UTC).
    const at = new Date("2026-11-29T18:29:00Z");
    expect(budgetPeriod("day", at)).toMatchObject({ key: "d:2026-11-29", startIso: "2026-11-28T18:30:00.000Z", resetsAt: "2026-11-29T18:30:00.000Z" });
    expect(budgetPeriod("week", at)).toMatchObject({ key: "w:2026-11-23", startIso: "2026-11-22T18:30:00.000Z", resetsAt: "2026-11-29T18:30:00.000Z" });
    expect(budgetPeriod("month", at)).toMatchObject({ key: "m:2026-11", startIso: "2026-10-31T18:30:00.000Z", resetsAt: "2026-11-30T18:30:00.000Z" });
    // A minute later it is Monday 30 Nov in India: a new day and week, the same month.
    const next = new Date("2026-11-29T18:30:00Z");
    expect(budgetPeriod("week", next).key).toBe("w:2026-11-30");
    expect(budgetPeriod("month", next).key).toBe("m:2026-11");
    expect(budgetPeriod("month", new Date("2026-11-30T18:30:00Z")).key).toBe("m:2026-12");
    expect(budgetPeriod("day", next).startHour).toBe(budgetPeriod("day", at).endHour);
  });
});

describe.each(places)("budgets on %s", (_name, where) => {
  async function team() {
    const place = where();
    const a = await open(place);
    const b = await open(place);
    const state = { a, b };
    cleanups.push(async () => {
      if ("pgSchema" in place) await sql`DROP SCHEMA IF EXISTS ${sql.id(place.pgSchema)} CASCADE`.execute(state.a.db).catch(() => undefined);
      await state.b.close().catch(() => undefined);
      await state.a.close().catch(() => undefined);
    });
    const { key, accountId } = makeAccount(service);
    const admin = await makeUser(a, "admin");
    const member = await makeUser(a, "member");
    await saveOrganisationKey({ ctx: a, user: admin, input: { key } });
    // SQLite's two connections in one process wait on each other synchronously: there the instances take turns.
    const both = async (run: (ctx: DeskContext) => Promise<unknown>) => ("pgSchema" in place ? Promise.all([run(state.a), run(state.b), run(state.a), run(state.b)]) : [await run(state.a), await run(state.b)]);
    const restart = async () => {
      await state.b.close();
      await state.a.close();
      state.a = await open(place);
      state.b = await open(place);
    };
    return { state, key, accountId, admin, member, both, restart };
  }

  it("a threshold crossing alerts once across two instances and after a restart", async () => {
    const { state, key, admin, member, both, restart } = await team();
    const first = await alpha(state.a, member, "/v1/news?limit=5&fresh=1");
    const second = await alpha(state.b, member, "/v1/daily-summary/", summary);
    expect([first.status, second.status]).toEqual([200, 200]);
    const spent = (first.body.meta?.creditsCharged ?? 0) + (second.body.meta?.creditsCharged ?? 0);
    expect(spent).toBeGreaterThan(0);
    expect((await ledger(key)).debited_today).toBe(spent);

    // A limit the spend stands at 80% of (rounded so it lies between 75% and 90%).
    const limit = Math.ceil(spent / 0.8);
    const input: SaveBudgetInput = { name: "Team month", scope: { kind: "account" }, period: "month", limit, thresholds: [50, 75, 90] };
    const created = await desk<BudgetView>(state.a, admin, "createBudget", "/api/budgets", { method: "POST", body: JSON.stringify(input) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ spent, limit, crossed: [50, 75], period: "month" });
    await both((ctx) => runBudgetChecks({ ctx }));
    await restart();
    await both((ctx) => runBudgetChecks({ ctx }));

    const items = (await listInbox({ ctx: state.a, user: admin, input: { show: "all" } })).items;
    expect(items.map((i) => i.title)).toEqual(["Team month: 75% of the month's budget spent"]);
    expect(items[0]?.body).toContain(`of ${limit.toLocaleString("en-IN")} credits`);
    expect((await listInbox({ ctx: state.a, user: member, input: { show: "all" } })).items).toEqual([]);
    const notices = await budgetDb({ ctx: state.b }).selectFrom("spend_notices").select(["dedupe_key"]).execute();
    expect(notices.map((n) => n.dedupe_key)).toEqual([`budget:${created.body.id}:${created.body.periodKey}:75`]);

    // A member's budget tells the member as well as the admins; the desk's API lists both budgets.
    await desk(state.b, admin, "createBudget", "/api/budgets", { method: "POST", body: JSON.stringify({ name: "Member day", scope: { kind: "member", userId: member.id }, period: "day", limit: 1, thresholds: [100] }) });
    await both((ctx) => runBudgetChecks({ ctx }));
    expect((await listInbox({ ctx: state.a, user: member, input: { show: "all" } })).items.map((i) => i.title)).toEqual(["Member day: 100% of the day's budget spent"]);
    const listed = await desk<BudgetView[]>(state.a, admin, "listBudgets", "/api/budgets");
    expect(listed.body.map((b) => [b.name, b.scopeLabel, b.spent])).toEqual([
      ["Team month", "Whole account", spent],
      ["Member day", `Member ${member.email}`, spent],
    ]);
    expect((await desk(state.a, member, "listBudgets", "/api/budgets")).status).toBe(403);
  });

  it("each ladder step shows through the desk's API, holds calls before any charge, and an admin undoes it", async () => {
    const { state, key, admin, member, both } = await team();
    // Spend something and keep a paid page of news in the desk's cache.
    const cachedPage = "/v1/news?limit=3";
    expect((await alpha(state.a, member, cachedPage)).status).toBe(200);
    expect((await alpha(state.a, member, "/v1/daily-summary/", summary)).status).toBe(200);
    const spent = (await ledger(key)).debited_today;
    const save = (ladderAt: number[]) => ({ name: "Hard month", scope: { kind: "account" }, period: "month", limit: spent, thresholds: [100], hardLimit: true, ladderAt });
    const created = await desk<BudgetView>(state.a, admin, "createBudget", "/api/budgets", { method: "POST", body: JSON.stringify(save([100, 200, 300])) });
    const id = created.body.id;
    const ladderOf = async () => (await desk<BudgetView[]>(state.b, admin, "listBudgets", "/api/budgets")).body.find((b) => b.id === id)?.ladder;
    await both((ctx) => runBudgetChecks({ ctx }));
    expect(await ladderOf()).toMatchObject({ step: 1, undoneThrough: 0 });

    // Step 1: a new batch job is refused before it is sent (nothing charged); reads and summaries go on.
    const before = await ledger(key);
    const batch = await callAlpha({ ctx: state.b, user: member, id: "createBatchJob", input: { body: { file: '{"symbols":["TCS"],"mode":"news_context"}\n' } } }).catch((error: unknown) => error as AlphaError);
    expect(batch).toBeInstanceOf(AlphaError);
    expect(batch).toMatchObject({ status: 402, code: "budget_exceeded", details: { budget: { id, name: "Hard month" }, step: 1, resetsAt: created.body.resetsAt } });
    expect((batch as AlphaError).message).toMatch(/“Hard month”.*Nothing was charged\. It resets 1 \w+ 20\d\d, 00:00 IST/);
    expect((await ledger(key)).debited_today).toBe(before.debited_today);

    const undone = await desk<BudgetView>(state.a, admin, "undoBudgetLadder", `/api/budgets/${id}/ladder/undo`, { method: "POST", body: "{}" });
    expect(undone.body.ladder).toMatchObject({ step: 0, undoneThrough: 1 });
    await both((ctx) => runBudgetChecks({ ctx }));
    expect((await ladderOf())?.step).toBe(0);

    // Step 2 (its threshold moved under the spend): paid reads come from the cache at 0 credits, or are refused.
    await desk(state.a, admin, "updateBudget", `/api/budgets/${id}`, { method: "PUT", body: JSON.stringify(save([50, 100, 300])) });
    expect(await ladderOf()).toMatchObject({ step: 2, undoneThrough: 1 });
    const held = await alpha(state.b, member, cachedPage);
    expect(held.status).toBe(200);
    expect(held.body.meta).toMatchObject({ creditsCharged: 0, cached: true, heldBecause: "budget" });
    const uncached = await alpha(state.a, member, "/v1/news?limit=4&fresh=1");
    expect(uncached.status).toBe(402);
    expect(uncached.body.error?.details).toMatchObject({ step: 2, budget: { name: "Hard month" } });
    expect((await ledger(key)).debited_today).toBe(before.debited_today);
    await desk(state.a, admin, "undoBudgetLadder", `/api/budgets/${id}/ladder/undo`, { method: "POST", body: "{}" });
    expect(await ladderOf()).toMatchObject({ step: 0, undoneThrough: 2 });

    // Step 3: a member's paid call is refused (0 charged); an admin's goes through.
    await desk(state.a, admin, "updateBudget", `/api/budgets/${id}`, { method: "PUT", body: JSON.stringify(save([20, 50, 100])) });
    expect((await ladderOf())?.step).toBe(3);
    // (A summary the desk already holds would still open at 0 credits: a new one is asked for.)
    const refused = await alpha(state.a, member, "/v1/daily-summary/", { ...summary, body: JSON.stringify({ symbols: ["HDFCBANK"], mode: "news_context", context_window_days: 7 }) });
    expect(refused.status).toBe(402);
    expect(refused.body.error?.details).toMatchObject({ step: 3, budget: { id }, resetsAt: created.body.resetsAt });
    expect((await ledger(key)).debited_today).toBe(before.debited_today);
    const byAdmin = await alpha(state.b, admin, "/v1/daily-summary/", { ...summary, body: JSON.stringify({ symbols: ["WIPRO"], mode: "news_context", context_window_days: 7 }) });
    expect(byAdmin.status).toBe(200);
    await desk(state.b, admin, "undoBudgetLadder", `/api/budgets/${id}/ladder/undo`, { method: "POST", body: "{}" });
    expect((await ladderOf())?.step).toBe(0);
    expect((await alpha(state.a, member, "/v1/news?limit=4&fresh=1")).status).toBe(200);

    // Every step the desk took and every undo is in the audit log; each step alerted the admins once.
    const audit = await listAudit({ ctx: state.a, user: admin, input: {} });
    const ladderEntries = audit.entries.filter((e) => e.action.startsWith("ladder.")).map((e) => e.action).reverse();
    expect(ladderEntries).toEqual(["ladder.step", "ladder.undone", "ladder.step", "ladder.undone", "ladder.step", "ladder.undone"]);
    const titles = (await listInbox({ ctx: state.a, user: admin, input: { show: "all" } })).items.map((i) => i.title).reverse();
    expect(titles.filter((t) => t.includes("Step"))).toEqual(["Hard month: Step 1: scheduled briefs and new batch jobs paused", "Hard month: Step 2: paid panels from the desk's cache, free data only", "Hard month: Step 3: paid calls refused for everyone but admins"]);
  });

  it("a paid answer through the desk has the budgets checked within seconds, without waiting for the periodic job", async () => {
    const { state, admin, member } = await team();
    const created = await desk<BudgetView>(state.a, admin, "createBudget", "/api/budgets", { method: "POST", body: JSON.stringify({ name: "Tiny day", scope: { kind: "member", userId: member.id }, period: "day", limit: 1, thresholds: [100], hardLimit: true, ladderAt: [10, 20, 30] }) });
    expect(created.body.ladder.step).toBe(0);
    expect((await alpha(state.a, member, "/v1/news?limit=5&fresh=1")).status).toBe(200);
    await expect.poll(async () => (await desk<BudgetView[]>(state.b, admin, "listBudgets", "/api/budgets")).body[0]?.ladder.step, { timeout: 5_000 }).toBe(3);
    const refused = await alpha(state.b, member, "/v1/news?limit=6&fresh=1");
    expect(refused.body.error?.details).toMatchObject({ budget: { name: "Tiny day" } });
    // The admin is not under the member's budget.
    expect((await alpha(state.b, admin, "/v1/news?limit=6&fresh=1")).status).toBe(200);
  });

  it("refuses bad budgets with a clear message", async () => {
    const { state, admin } = await team();
    const bad = await desk<{ error: { code: string; message: string } }>(state.a, admin, "createBudget", "/api/budgets", { method: "POST", body: JSON.stringify({ name: "x", scope: { kind: "member", userId: "usr_nobody" }, period: "month", limit: 10 }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/no such member/);
    const zero = await desk<{ error: { message: string } }>(state.a, admin, "createBudget", "/api/budgets", { method: "POST", body: JSON.stringify({ name: "x", scope: { kind: "account" }, period: "year", limit: 0 }) });
    expect(zero.status).toBe(400);
    const none = await desk<{ error: { message: string } }>(state.a, admin, "undoBudgetLadder", "/api/budgets/bud_x/ladder/undo", { method: "POST", body: "{}" });
    expect(none.status).toBe(404);
  });
});
