import type { BriefRun } from "@/lib/desk/briefs";
import { formatIstDateTime } from "@/lib/format/time";

/** A brief's last run in words (its own module: Today's briefs need it without the schedules' editor). */
export function runWords(run: BriefRun): string {
  switch (run.status) {
    case "generated":
      return `Generated ${formatIstDateTime(run.finishedAt ?? run.dueAt)}${run.reason ? ` · ${run.reason}` : ""}`;
    case "running":
      return "Generating now…";
    default:
      return run.reason ?? (run.status === "skipped" ? "Skipped." : "Not generated.");
  }
}
