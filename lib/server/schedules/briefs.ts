import "server-only";
/**
 * Scheduled briefs, the user's own: a watchlist's summary at a time in IST on market days (the active calendar's),
 * listed with its next and last runs. Scheduling charges nothing; the runner (brief-runner.ts) makes the runs.
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { SummaryMode } from "@/lib/alpha/summaries";
import type { BriefRun, BriefSchedule, CreateBriefScheduleInput, UpdateBriefScheduleInput } from "@/lib/desk/briefs";
import { createBriefScheduleInputSchema, updateBriefScheduleInputSchema } from "@/lib/desk/briefs";
import { istDate } from "@/lib/market/calendar";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { newId } from "../core/ids";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import { activeCalendarView } from "../market/calendar-store";
import { findWatchlist, getWatchlist } from "../portfolio/watchlists";
import { nextSlotAt } from "./brief-slots";
import type { BriefRunsTable, BriefSchedulesTable } from "../core/schedule-tables";
import { scheduleDb } from "../core/schedule-tables";

/** At most this many schedules per user. */
export const MAX_BRIEF_SCHEDULES = 20;

interface Args<I = undefined> {
  ctx: DeskContext;
  user: SessionUser;
  input: I;
}

function preview(summary: string | null): string | null {
  if (!summary) return null;
  const text = summary.replace(/^#+\s.*$/gm, "").replace(/[*_`>|#-]/g, " ").replace(/\s+/g, " ").trim();
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}

async function runViews(ctx: DeskContext, rows: BriefRunsTable[], names: Map<string, string>): Promise<BriefRun[]> {
  const ids = rows.map((r) => r.summary_id).filter((id): id is string => id !== null);
  const summaries = ids.length
    ? await scheduleDb({ ctx }).selectFrom("summary_history").select(["id", "summary"]).where("id", "in", ids).execute()
    : [];
  const text = new Map(summaries.map((s) => [s.id, s.summary]));
  return rows.map((r) => ({
    id: r.id,
    scheduleId: r.schedule_id,
    watchlistName: names.get(r.schedule_id) ?? "A deleted schedule",
    slot: r.slot,
    dueAt: r.due_at,
    status: r.status as BriefRun["status"],
    reason: r.reason,
    summaryId: r.summary_id,
    credits: toNumber(r.credits),
    preview: r.summary_id ? preview(text.get(r.summary_id) ?? null) : null,
    finishedAt: r.finished_at,
  }));
}

async function scheduleNames(ctx: DeskContext, user: SessionUser): Promise<Map<string, string>> {
  const rows = await scheduleDb({ ctx })
    .selectFrom("brief_schedules")
    .leftJoin("watchlists", "watchlists.id", "brief_schedules.watchlist_id")
    .select(["brief_schedules.id as id", "watchlists.name as name"])
    .where("brief_schedules.user_id", "=", user.id)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name ?? "A deleted watchlist"]));
}

async function toSchedules(ctx: DeskContext, user: SessionUser, rows: BriefSchedulesTable[]): Promise<BriefSchedule[]> {
  if (rows.length === 0) return [];
  const view = await activeCalendarView({ ctx });
  const nowMs = ctx.now().getTime();
  const today = istDate(nowMs);
  const names = await scheduleNames(ctx, user);
  const runRows = await scheduleDb({ ctx })
    .selectFrom("brief_runs")
    .selectAll()
    .where("schedule_id", "in", rows.map((r) => r.id))
    .orderBy("due_at", "desc")
    .execute();
  const lastRows = new Map<string, BriefRunsTable>();
  for (const r of runRows) if (!lastRows.has(r.schedule_id)) lastRows.set(r.schedule_id, r);
  const lastRuns = new Map((await runViews(ctx, [...lastRows.values()], names)).map((r) => [r.scheduleId, r]));
  const out: BriefSchedule[] = [];
  for (const row of rows) {
    const watchlist = await findWatchlist({ ctx, user, id: row.watchlist_id });
    const ranToday = lastRows.get(row.id)?.slot === today;
    // Today's slot counts until it has run (a due one waits for the next tick, within seconds), unless it was due
    // before the schedule was made, moved or resumed.
    const from = ranToday ? nowMs + 1 : Math.max(Date.parse(row.updated_at), nowMs - 60_000);
    const next = row.paused ? null : nextSlotAt(view, row.time_ist, from);
    out.push({
      id: row.id,
      watchlistId: row.watchlist_id,
      watchlistName: watchlist?.name ?? "A deleted watchlist",
      symbolCount: watchlist?.items.length ?? 0,
      time: row.time_ist,
      mode: row.mode as SummaryMode,
      paused: toNumber(row.paused) === 1,
      nextRunAt: next === null ? null : new Date(next).toISOString(),
      lastRun: lastRuns.get(row.id) ?? null,
      createdAt: row.created_at,
    });
  }
  return out;
}

async function ownSchedule(ctx: DeskContext, user: SessionUser, id: string): Promise<BriefSchedulesTable> {
  const row = await scheduleDb({ ctx }).selectFrom("brief_schedules").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such scheduled brief");
  return row;
}

async function one(ctx: DeskContext, user: SessionUser, row: BriefSchedulesTable): Promise<BriefSchedule> {
  const [view] = await toSchedules(ctx, user, [row]);
  if (!view) throw new AlphaError("not_found", "No such scheduled brief");
  return view;
}

export async function createBriefSchedule({ ctx, user, input }: Args<CreateBriefScheduleInput>): Promise<BriefSchedule> {
  const parsed = parseOrThrow(createBriefScheduleInputSchema, input);
  const watchlist = await getWatchlist({ ctx, user, id: parsed.watchlistId });
  if (watchlist.items.length === 0) throw new AlphaError("invalid_body", "This watchlist has no symbols yet: add some before scheduling its brief.");
  const db = scheduleDb({ ctx });
  const count = await db.selectFrom("brief_schedules").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", user.id).executeTakeFirst();
  if (toNumber(count?.n) >= MAX_BRIEF_SCHEDULES) throw new AlphaError("invalid_body", `At most ${MAX_BRIEF_SCHEDULES} scheduled briefs; delete one first.`);
  const duplicate = await db
    .selectFrom("brief_schedules")
    .select("id")
    .where("user_id", "=", user.id)
    .where("watchlist_id", "=", watchlist.id)
    .where("time_ist", "=", parsed.time)
    .executeTakeFirst();
  if (duplicate) throw new AlphaError("invalid_body", "This watchlist already has a brief at that time.");
  const now = ctx.now().toISOString();
  const row: BriefSchedulesTable = { id: newId("brf"), user_id: user.id, watchlist_id: watchlist.id, time_ist: parsed.time, mode: parsed.mode, paused: 0, created_at: now, updated_at: now };
  await db.insertInto("brief_schedules").values(row).execute();
  return one(ctx, user, row);
}

export async function listBriefSchedules({ ctx, user }: Args): Promise<BriefSchedule[]> {
  const rows = await scheduleDb({ ctx }).selectFrom("brief_schedules").selectAll().where("user_id", "=", user.id).orderBy("time_ist").orderBy("created_at").execute();
  return toSchedules(ctx, user, rows);
}

export async function updateBriefSchedule({ ctx, user, input }: Args<{ id: string; change: UpdateBriefScheduleInput }>): Promise<BriefSchedule> {
  const change = parseOrThrow(updateBriefScheduleInputSchema, input.change);
  const row = await ownSchedule(ctx, user, input.id);
  const next: BriefSchedulesTable = {
    ...row,
    paused: change.paused === undefined ? row.paused : change.paused ? 1 : 0,
    time_ist: change.time ?? row.time_ist,
    // A resumed or moved schedule starts afresh: slots due before now are not caught up.
    updated_at: ctx.now().toISOString(),
  };
  await scheduleDb({ ctx }).updateTable("brief_schedules").set({ paused: next.paused, time_ist: next.time_ist, updated_at: next.updated_at }).where("id", "=", row.id).execute();
  return one(ctx, user, next);
}

export async function deleteBriefSchedule({ ctx, user, input }: Args<{ id: string }>): Promise<{ id: string; deleted: true }> {
  const row = await ownSchedule(ctx, user, input.id);
  await scheduleDb({ ctx }).deleteFrom("brief_schedules").where("id", "=", row.id).execute();
  return { id: row.id, deleted: true };
}

export async function listBriefRuns({ ctx, user, input }: Args<{ day?: string | undefined }>): Promise<BriefRun[]> {
  const day = input.day ?? istDate(ctx.now().getTime());
  const rows = await scheduleDb({ ctx }).selectFrom("brief_runs").selectAll().where("user_id", "=", user.id).where("slot", "=", day).orderBy("due_at", "desc").execute();
  return runViews(ctx, rows, await scheduleNames(ctx, user));
}
