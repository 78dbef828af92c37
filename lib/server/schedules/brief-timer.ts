import "server-only";
/**
 * The brief runner as one of the desk's periodic jobs: one instance runs each tick, and the claimed brief_runs rows keep
 * each slot to one generation even when a tick runs twice.
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
