import "server-only";
import { getProcessDeskContext } from "../core/default-context";
import { env } from "../core/env";
import { DESK_JOBS, startDeskJobs, type DeskJob } from "../schedules/desk-jobs";
import { briefTickJob } from "../schedules/brief-timer";
import { ensureAlertEngine } from "../alerts/engine";
import { runBudgetChecks, sweepBudgetLadder } from "../budgets/budgets";
import { spendWatchJob } from "../spendwatch/watch-job";

/** Budgets are checked every quarter minute (thresholds, a new period, the ladder); each claim keeps an alert to one. */
const BUDGET_CHECK_JOB: DeskJob = {
  name: "budgets.check",
  everySeconds: 15,
  run: async ({ ctx }) => {
    await runBudgetChecks({ ctx });
    await sweepBudgetLadder({ ctx });
  },
};

/**
 * The desk server's periodic work, started once per process by instrumentation.ts: each period runs on one instance
 * only, and the scheduled-brief tick is one more such job (the brief_runs claim keeps each slot to one generation).
 */
export function startBackgroundWork(): void {
  void getProcessDeskContext()
    .then((ctx) => {
      // Alert rules follow the live streams and deliver on every instance (claims keep each send to one).
      if (env.DESK_ALERTS) ensureAlertEngine({ ctx });
      return ctx;
    })
    .then((ctx) => startDeskJobs({ ctx, input: { jobs: [...DESK_JOBS, BUDGET_CHECK_JOB, spendWatchJob, ...(env.DESK_BRIEF_RUNNER ? [briefTickJob(env.DESK_BRIEF_TICK_SECONDS)] : [])] } }))
    .catch((error: unknown) => console.error(JSON.stringify({ level: "error", msg: "background work did not start", error: error instanceof Error ? error.message : String(error) })));
}
