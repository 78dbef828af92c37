import "server-only";
/**
 * The desk's periodic work, run once per period across all instances through ctx.jobs (pg-boss on PostgreSQL, this
 * process's timers otherwise). startDeskJobs runs with the process-wide context (lib/server/core/default-context.ts).
 * To add one, add a line to DESK_JOBS: `{ name, everySeconds, run: ({ ctx, now }) => ... }`.
 */
import type { DeskContext } from "../core/context";
import { SETTLE_EVERY_SECONDS, settlePendingSpend } from "../money/settle-spend";
import { KEPT_ENDPOINTS, RESPONSE_CACHE_KEEP_MS } from "../upstream/response-cache";
import { SIGN_IN_POLICY } from "../identity/sign-in";
import { SESSION_MAX_AGE_SECONDS } from "../identity/session";

export interface DeskJob {
  /** Lower-case words with dots: the queue's name. */
  name: string;
  everySeconds: number;
  run(args: { ctx: DeskContext; now: Date }): Promise<void>;
}

/** Rows past their use: answers older than the cache keeps, sign-in failures out of the window, ended sessions. */
export async function sweepExpiredRows({ ctx, now }: { ctx: DeskContext; now: Date }): Promise<{ answers: number; failures: number; sessions: number }> {
  const at = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const answers = await ctx.db
    .deleteFrom("response_cache")
    .where("fetched_at", "<", iso(at - RESPONSE_CACHE_KEEP_MS))
    .where("endpoint", "not in", [...KEPT_ENDPOINTS])
    .executeTakeFirst();
  const failures = await ctx.db.deleteFrom("sign_in_failures").where("attempted_at", "<", iso(at - SIGN_IN_POLICY.windowMs)).executeTakeFirst();
  const sessions = await ctx.db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("last_seen_at", "<", iso(at - ctx.config.sessionIdleMs)), eb("created_at", "<", iso(at - SESSION_MAX_AGE_SECONDS * 1000))]))
    .executeTakeFirst();
  return { answers: Number(answers.numDeletedRows), failures: Number(failures.numDeletedRows), sessions: Number(sessions.numDeletedRows) };
}

export const DESK_JOBS: DeskJob[] = [
  { name: "desk.sweep", everySeconds: 600, run: async (args) => void (await sweepExpiredRows(args)) },
  { name: "desk.spend.settle", everySeconds: SETTLE_EVERY_SECONDS, run: async (args) => void (await settlePendingSpend(args)) },
];

/** Registers every periodic job on this instance: each period's run happens on one instance only. */
export async function startDeskJobs({ ctx, input = {} }: { ctx: DeskContext; input?: { jobs?: readonly DeskJob[] } }): Promise<void> {
  for (const job of input.jobs ?? DESK_JOBS) {
    await ctx.jobs.every(job.name, job.everySeconds, async () => {
      await job.run({ ctx, now: ctx.now() });
    });
  }
}
