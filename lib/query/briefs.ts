import { queryOptions } from "@tanstack/react-query";
import { deskCaller } from "@/lib/desk/desk-caller";
import type { deskRouteMeta } from "@/lib/desk/route-meta";
import type { SummaryMode } from "@/lib/alpha/summaries";
import { deskKeys } from "@/lib/query/desk-keys";

/** The desk routes scheduled briefs call, as lib/desk/route-meta.ts has them: the page carries these, not the whole table. */
export const BRIEF_ROUTES = /* @__PURE__ */ deskCaller({
  listBriefSchedules: { method: "GET", path: "/api/briefs/schedules", access: "user" },
  listBriefRuns: { method: "GET", path: "/api/briefs/runs", access: "user" },
  createBriefSchedule: { method: "POST", path: "/api/briefs/schedules", access: "user" },
  updateBriefSchedule: { method: "PATCH", path: "/api/briefs/schedules/[id]", access: "user" },
  deleteBriefSchedule: { method: "DELETE", path: "/api/briefs/schedules/[id]", access: "user" },
} as const satisfies Partial<typeof deskRouteMeta>);

/** GET /api/briefs/schedules: the user's scheduled briefs with their next and last runs. */
export function briefSchedulesQueryOptions() {
  return queryOptions({
    queryKey: deskKeys.briefs.schedules(),
    queryFn: ({ signal }) => BRIEF_ROUTES.call("listBriefSchedules", { signal }),
    refetchInterval: 60_000,
  });
}

/** GET /api/briefs/runs: one IST day's runs (`today` asks the server for its today). */
export function briefRunsQueryOptions(day: string | "today") {
  return queryOptions({
    queryKey: deskKeys.briefs.runs(day),
    queryFn: ({ signal }) => BRIEF_ROUTES.call("listBriefRuns", { signal, query: day === "today" ? {} : { day } }),
    refetchInterval: 60_000,
  });
}

/** Schedules a watchlist's brief at a time in IST on market days (charged only when one is generated). */
export async function createBriefSchedule(body: { watchlistId: string; time: string; mode: SummaryMode }) {
  return BRIEF_ROUTES.call("createBriefSchedule", { body });
}

export async function setBriefSchedulePaused(id: string, paused: boolean) {
  return BRIEF_ROUTES.call("updateBriefSchedule", { params: { id }, body: { paused } });
}

export async function deleteBriefSchedule(id: string) {
  return BRIEF_ROUTES.call("deleteBriefSchedule", { params: { id } });
}
