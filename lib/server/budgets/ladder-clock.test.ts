import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeskContext } from "../core/context";
import { createDeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { budgetDb } from "../core/budget-tables";
import { listInbox } from "../inbox/inbox";
import { createWatchlist } from "../portfolio/watchlists";
import { runDueBriefs } from "../schedules/brief-runner";
import { createBriefSchedule, listBriefRuns } from "../schedules/briefs";
import { ladderHold } from "../teams/budget-guard";
import { callAlpha } from "../upstream/alpha-proxy";
import { saveAlphaKey } from "../upstream/stored-keys";
import { makeAccount, makeUser, ManualClock, startTestService, tempDir } from "@/test/support/desk";
import { listBudgets, runBudgetChecks, saveBudget, undoLadder } from "./budgets";

const ist = (iso: string) => new Date(`${iso}+05:30`);
let service: RunningServer;
let now = 0;
const contexts: DeskContext[] = [];

beforeAll(async () => {
  // A market day's afternoon on the service: a day's news holds something, so a brief is a paid one.
  service = await startTestService({ clock: new ManualClock("2026-11-25T15:30:00+05:30") });
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await service.close();
});

describe("the ladder over time", () => {
  it("step 1 holds a due scheduled brief unclaimed until an admin undoes it; the next IST day lifts the ladder and says spend is back under, once", async () => {
    now = ist("2026-11-25T08:00:00").getTime();
    const ctx = await createDeskContext({ sqlitePath: join(tempDir("ladder-"), "desk.db"), secrets: { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) }, config: { alphaBaseUrl: service.url, upstreamTimeoutMs: 10_000 }, now: () => new Date(now) });
    contexts.push(ctx);
    const account = makeAccount(service);
    const admin = await makeUser(ctx, "admin");
    await saveAlphaKey({ ctx, userId: admin.id, key: account.key });
    const watchlist = await createWatchlist({ ctx, user: admin, input: { name: "Large caps", items: ["RELIANCE", "TCS", "INFY", "HDFCBANK", "ICICIBANK", "SBIN"].map((symbol) => ({ symbol })) } });
    await createBriefSchedule({ ctx, user: admin, input: { watchlistId: watchlist.id, time: "08:30", mode: "news_context" } });

    const paid = await callAlpha({ ctx, user: admin, id: "listNews", input: { query: { limit: 5 } }, options: { fresh: true } });
    const spent = paid.meta.creditsCharged;
    expect(spent).toBeGreaterThan(0);
    const budget = await saveBudget({ ctx, user: admin, input: { name: "Day cap", scope: { kind: "account" }, period: "day", limit: spent, thresholds: [100], hardLimit: true } });
    expect(budget.ladder.step).toBe(1);

    now = ist("2026-11-25T08:30:05").getTime();
    expect(await runDueBriefs({ ctx, now: new Date(now) })).toMatchObject({ generated: 0, paused: 1 });
    expect(await listBriefRuns({ ctx, user: admin, input: { day: "2026-11-25" } })).toEqual([]);

    await undoLadder({ ctx, user: admin, id: budget.id, input: {} });
    now = ist("2026-11-25T08:31:00").getTime();
    expect(await runDueBriefs({ ctx, now: new Date(now) })).toMatchObject({ generated: 1, paused: 0 });

    // The brief's charge takes spend past step 3's mark: the steps above the one undone engage; step 1 alone would not.
    await runBudgetChecks({ ctx });
    const [after] = await listBudgets({ ctx, user: admin });
    expect(after!.spent).toBeGreaterThan(spent * 1.2);
    expect(after!.ladder).toMatchObject({ step: 3, undoneThrough: 1 });

    // Midnight IST: a new day. The ladder's row no longer holds anything, and admins hear spend is back under once.
    now = ist("2026-11-26T00:00:30").getTime();
    await runBudgetChecks({ ctx });
    await runBudgetChecks({ ctx });
    const items = (await listInbox({ ctx, user: admin, input: { show: "all" } })).items.map((i) => i.title);
    expect(items.filter((t) => t.includes("back under"))).toEqual(["Day cap: a new day began, spend is back under"]);
    expect(items.filter((t) => t.includes("100%"))).toHaveLength(1);
    expect(await ladderHold({ ctx, input: { accountId: account.accountId, userId: admin.id, tokenId: null, features: ["paid_data"] } })).toBeNull();
    const [view] = await listBudgets({ ctx, user: admin });
    expect(view).toMatchObject({ spent: 0, periodKey: "d:2026-11-26", crossed: [], ladder: { step: 0, undoneThrough: 0 } });
    expect(await budgetDb({ ctx }).selectFrom("spend_notices").select("kind").orderBy("id").execute()).toEqual([{ kind: "budget_threshold" }, { kind: "budget_ladder" }, { kind: "budget_ladder" }, { kind: "budget_recovered" }]);
  });
});
