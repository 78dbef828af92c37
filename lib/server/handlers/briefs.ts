import "server-only";
/**
 * Scheduled brief routes (the user's own schedules and runs):
 * - GET /api/briefs/schedules → { data: BriefSchedule[] }; POST { watchlistId, time, mode } → { data: BriefSchedule }
 * - PATCH /api/briefs/schedules/[id] { paused?, time? } → { data: BriefSchedule }; DELETE → { data: { id, deleted } }
 * - GET /api/briefs/runs?day=YYYY-MM-DD → { data: BriefRun[] } (today in IST by default)
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { CreateBriefScheduleInput, UpdateBriefScheduleInput } from "@/lib/desk/briefs";
import { listBriefRunsQuerySchema } from "@/lib/desk/briefs";
import type { UserRouteArgs } from "../http/route";
import { readJsonBody } from "../http/route";
import { parseOrThrow } from "../identity/users";
import { createBriefSchedule, deleteBriefSchedule, listBriefRuns, listBriefSchedules, updateBriefSchedule } from "../schedules/briefs";

function idParam(params: UserRouteArgs["params"]): string {
  const id = params.id;
  if (typeof id !== "string" || id === "") throw new AlphaError("not_found", "No such scheduled brief");
  return id;
}

export async function handleListBriefSchedules({ ctx, user }: UserRouteArgs) {
  return { data: await listBriefSchedules({ ctx, user, input: undefined }) };
}

export async function handleCreateBriefSchedule({ ctx, user, request }: UserRouteArgs) {
  return { data: await createBriefSchedule({ ctx, user, input: (await readJsonBody(request, 10_000)) as CreateBriefScheduleInput }) };
}

export async function handleUpdateBriefSchedule({ ctx, user, request, params }: UserRouteArgs) {
  const change = (await readJsonBody(request, 10_000)) as UpdateBriefScheduleInput;
  return { data: await updateBriefSchedule({ ctx, user, input: { id: idParam(params), change } }) };
}

export async function handleDeleteBriefSchedule({ ctx, user, params }: UserRouteArgs) {
  return { data: await deleteBriefSchedule({ ctx, user, input: { id: idParam(params) } }) };
}

export async function handleListBriefRuns({ ctx, user, searchParams }: UserRouteArgs) {
  const query = parseOrThrow(listBriefRunsQuerySchema, { day: searchParams.get("day") ?? undefined });
  return { data: await listBriefRuns({ ctx, user, input: query }) };
}
