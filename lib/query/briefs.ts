import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";

/** GET /api/briefs/schedules: the user's scheduled briefs with their next and last runs. */
export function briefSchedulesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.briefs.schedules(),
    queryFn: ({ signal }) => deskCall("listBriefSchedules", { signal }),
    refetchInterval: 60_000,
  });
}

/** GET /api/briefs/runs: one IST day's runs (`today` asks the server for its today). */
export function briefRunsQueryOptions(day: string | "today") {
  return queryOptions({
    queryKey: queryKeys.briefs.runs(day),
    queryFn: ({ signal }) => deskCall("listBriefRuns", { signal, query: day === "today" ? {} : { day } }),
    refetchInterval: 60_000,
  });
}
