import "server-only";
/**
 * The brief runner as one of the desk's periodic jobs (desk-jobs.ts): every `everySeconds` one instance runs a
 * `runDueBriefs` tick through ctx.jobs (pg-boss on PostgreSQL, this process's timers otherwise). Across instances and
 * restarts the claimed `brief_runs` rows keep each (schedule, slot) to one generation, so a tick that runs twice (a
 * queue retry, a second instance) spends nothing twice; the first tick after a restart catches up a missed slot.
 */
import type { DeskJob } from "./desk-jobs";
import { runDueBriefs } from "./brief-runner";

export function briefTickJob(everySeconds: number): DeskJob {
  return {
    name: "briefs.tick",
    everySeconds,
    run: async ({ ctx, now }) => {
      try {
        const report = await runDueBriefs({ ctx, now });
        if (report.generated + report.skipped + report.failed > 0) console.log(JSON.stringify({ level: "info", msg: "scheduled briefs", ...report }));
      } catch (error) {
        console.error(JSON.stringify({ level: "error", msg: "brief runner tick failed", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
      }
    },
  };
}
