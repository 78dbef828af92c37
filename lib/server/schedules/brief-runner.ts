import "server-only";
/**
 * The brief runner's tick: each due (schedule, slot) is claimed by its unique brief_runs row before anything is sent,
 * so no slot runs twice; a day without a market or a slot missed too long ago is recorded as skipped, with why.
 */
import { isAlphaError } from "@/lib/alpha/errors";
import { briefRequest } from "@/lib/desk/briefs";
import type { SummaryMode } from "@/lib/alpha/summaries";
import { istDate } from "@/lib/market/calendar";
import { formatIstTime } from "@/lib/format/time";
import type { DeskContext } from "../core/context";
import { newId } from "../core/ids";
import { getUserById } from "../identity/users";
import { withUserKey } from "../identity/key-vault";
import { briefsPausedBy } from "../teams/budget-guard";
import { activeCalendarView } from "../market/calendar-store";
import { findWatchlist } from "../portfolio/watchlists";
import { callAlpha } from "../upstream/alpha-proxy";
import { BRIEF_LATE_MS, closedDayReason, relevantUntil, slotTime } from "./brief-slots";
import type { BriefSchedulesTable } from "../core/schedule-tables";
import { scheduleDb } from "../core/schedule-tables";

/** A run still `running` this long after its claim was cut off by a stop: it is closed, never retried. */
export const BRIEF_INTERRUPTED_AFTER_MS = 10 * 60_000;

export interface BriefTickReport {
  generated: number;
  skipped: number;
  failed: number;
  /** Due slots another tick or instance had already claimed. */
  alreadyClaimed: number;
  /** Due slots held back by a budget's ladder (not claimed). */
  paused: number;
}

async function pausedByBudget(ctx: DeskContext, userId: string): Promise<boolean> {
  const key = await withUserKey({ ctx, userId }).catch(() => null);
  return key !== null && (await briefsPausedBy({ ctx, input: { accountId: key.accountId, userId } })) !== null;
}

type Outcome = { status: "generated" | "skipped" | "failed"; reason: string | null; summaryId?: string | null; credits?: number };

/** Inserts the slot's row; false when another tick or instance holds it already. */
async function claim(ctx: DeskContext, s: BriefSchedulesTable, slot: string, dueMs: number, now: Date, first: Outcome | null): Promise<string | null> {
  const id = newId("brn");
  try {
    await scheduleDb({ ctx })
      .insertInto("brief_runs")
      .values({
        id,
        schedule_id: s.id,
        user_id: s.user_id,
        slot,
        due_at: new Date(dueMs).toISOString(),
        status: first?.status ?? "running",
        reason: first?.reason ?? null,
        summary_id: null,
        credits: 0,
        claimed_at: now.toISOString(),
        finished_at: first ? now.toISOString() : null,
      })
      .execute();
    return id;
  } catch (error) {
    const held = await scheduleDb({ ctx }).selectFrom("brief_runs").select("id").where("schedule_id", "=", s.id).where("slot", "=", slot).executeTakeFirst();
    if (held) return null;
    throw error;
  }
}

function failureText(error: unknown): string {
  if (isAlphaError(error)) {
    if (error.code === "insufficient_credits") return "Not generated: the balance was too low (nothing was charged).";
    if (error.code === "no_api_key" || error.code === "invalid_api_key") return "Not generated: no working Alpha key is stored in Settings.";
    return `Not generated: ${error.message}`;
  }
  return "Not generated: something went wrong in the desk.";
}

async function generate(ctx: DeskContext, s: BriefSchedulesTable, late: string | null): Promise<Outcome> {
  const user = await getUserById({ ctx, id: s.user_id });
  if (!user || user.disabled) return { status: "failed", reason: "Not generated: the schedule's owner cannot sign in." };
  const watchlist = await findWatchlist({ ctx, user, id: s.watchlist_id });
  if (!watchlist) return { status: "failed", reason: "Not generated: the watchlist was deleted." };
  if (watchlist.items.length === 0) return { status: "skipped", reason: "Skipped: the watchlist has no symbols." };
  try {
    const { meta } = await callAlpha({ ctx, user, id: "createDailySummary", input: { body: briefRequest(watchlist.items, s.mode as SummaryMode) }, options: { label: `Scheduled brief: watchlist “${watchlist.name}”` } });
    return { status: "generated", reason: late, summaryId: meta.recordId, credits: meta.creditsCharged };
  } catch (error) {
    return { status: "failed", reason: failureText(error) };
  }
}

export async function runDueBriefs({ ctx, now }: { ctx: DeskContext; now: Date }): Promise<BriefTickReport> {
  const report: BriefTickReport = { generated: 0, skipped: 0, failed: 0, alreadyClaimed: 0, paused: 0 };
  const db = scheduleDb({ ctx });
  const nowMs = now.getTime();
  await db
    .updateTable("brief_runs")
    .set({
      status: "failed",
      reason: "Interrupted while generating (the desk stopped); not retried, so it is never charged twice. If it was generated, it is in the summary history.",
      finished_at: now.toISOString(),
    })
    .where("status", "=", "running")
    .where("claimed_at", "<", new Date(nowMs - BRIEF_INTERRUPTED_AFTER_MS).toISOString())
    .execute();

  const view = await activeCalendarView({ ctx });
  const slot = istDate(nowMs);
  const schedules = await db.selectFrom("brief_schedules").selectAll().where("paused", "=", 0).execute();
  const claimed = new Set((await db.selectFrom("brief_runs").select("schedule_id").where("slot", "=", slot).execute()).map((r) => r.schedule_id));
  for (const s of schedules) {
    if (claimed.has(s.id)) continue;
    const dueMs = slotTime(nowMs, s.time_ist);
    // Not due yet, or due before the schedule existed (or resumed, or moved): not this schedule's slot.
    if (dueMs > nowMs || dueMs < Date.parse(s.updated_at)) continue;
    const closed = closedDayReason(view, nowMs);
    let first: Outcome | null = null;
    if (closed) first = { status: "skipped", reason: closed };
    else if (nowMs >= relevantUntil(view, dueMs)) {
      first = {
        status: "skipped",
        reason: `Missed: the desk was not running at ${formatIstTime(dueMs)}, and by ${formatIstTime(nowMs)} the brief was no longer timely (the market had opened or the day was over).`,
      };
    }
    // A budget's ladder pauses scheduled briefs: the slot stays unclaimed, so it runs if the step is undone in time.
    if (!first && (await pausedByBudget(ctx, s.user_id))) {
      report.paused += 1;
      continue;
    }
    const runId = await claim(ctx, s, slot, dueMs, now, first);
    if (runId === null) {
      report.alreadyClaimed += 1;
      continue;
    }
    const late = nowMs - dueMs > BRIEF_LATE_MS ? `Ran late at ${formatIstTime(nowMs)}: the desk was not running at ${formatIstTime(dueMs)}.` : null;
    const outcome = first ?? (await generate(ctx, s, late));
    if (!first) {
      await db
        .updateTable("brief_runs")
        .set({ status: outcome.status, reason: outcome.reason, summary_id: outcome.summaryId ?? null, credits: outcome.credits ?? 0, finished_at: ctx.now().toISOString() })
        .where("id", "=", runId)
        .execute();
    }
    report[outcome.status] += 1;
  }
  return report;
}
