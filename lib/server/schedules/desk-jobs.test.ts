import { describe, expect, it } from "vitest";
import type { TestDesk } from "@/test/support/desk";
import { makeUser, withDesk } from "@/test/support/desk";
import { DESK_JOBS, startDeskJobs, sweepExpiredRows } from "./desk-jobs";

let desk: TestDesk;
withDesk((d) => (desk = d));

describe("the desk's periodic work", () => {
  it("the sweep drops answers past the cache's keep, failures out of the window and ended sessions, and nothing else", async () => {
    const { ctx } = desk;
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const user = await makeUser(ctx);
    const answer = (key: string, fetchedAt: string) => ({ cache_key: key, account_id: "acc_x", endpoint: "listNews", body: "{}", fetched_at: fetchedAt });
    await ctx.db.insertInto("response_cache").values([answer("old", ago(26 * 3_600_000)), answer("new", ago(60_000))]).execute();
    await ctx.db
      .insertInto("sign_in_failures")
      .values([
        { id: "sif_old", email: "a@example.test", ip: "1.2.3.4", attempted_at: ago(25 * 3_600_000) },
        { id: "sif_new", email: "a@example.test", ip: "1.2.3.4", attempted_at: ago(60_000) },
      ])
      .execute();
    await ctx.db
      .insertInto("sessions")
      .values([
        { id: "ses_idle", user_id: user.id, created_at: ago(3_600_000), last_seen_at: ago(ctx.config.sessionIdleMs + 60_000) },
        { id: "ses_old", user_id: user.id, created_at: ago(8 * 86_400_000), last_seen_at: ago(60_000) },
        { id: "ses_live", user_id: user.id, created_at: ago(3_600_000), last_seen_at: ago(60_000) },
      ])
      .execute();
    expect(await sweepExpiredRows({ ctx, now })).toEqual({ answers: 1, failures: 1, sessions: 2 });
    expect((await ctx.db.selectFrom("response_cache").select("cache_key").execute()).map((r) => r.cache_key)).toEqual(["new"]);
    expect((await ctx.db.selectFrom("sign_in_failures").select("id").execute()).map((r) => r.id)).toEqual(["sif_new"]);
    expect((await ctx.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).map((r) => r.id)).toEqual(["ses_live"]);
  });

  it("registers every job on the context's queue, each run getting the context and the time", async () => {
    expect(DESK_JOBS.map((j) => j.name)).toContain("desk.sweep");
    const runs: Date[] = [];
    await startDeskJobs({ ctx: desk.ctx, input: { jobs: [{ name: "test.tick", everySeconds: 0.05, run: async ({ ctx, now }) => void (ctx === desk.ctx && runs.push(now)) }] } });
    const deadline = Date.now() + 5_000;
    while (runs.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(runs.length).toBeGreaterThanOrEqual(2);
  });
});
