import "server-only";
/**
 * The spend watch as the usage page reads it: the user's account's settings, runway and unusual-spend figure, and for
 * admins the weekly report (after a ledger sync, so it holds every debit) and its spreadsheet.
 */
import { toCsv } from "@/lib/alpha/csv";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import type { PutSpendSettingsInput, Runway, SpendSettings, SpendWatch, WeeklyReport } from "@/lib/desk/spend-watch";
import { RUNWAY_HORIZON_DEFAULT_DAYS, SPEND_FEATURE_LABELS, weekQuerySchema } from "@/lib/desk/spend-watch";
import type { DeskContext } from "../core/context";
import type { DeskFile } from "../core/reply";
import { withUserKey } from "../identity/key-vault";
import { parseOrThrow, type SessionUser } from "../identity/users";
import { activeCalendarView } from "../market/calendar-store";
import { syncLedger } from "../money/ledger-sync";
import { getUsageSnapshot } from "../money/usage";
import { requireAdmin } from "../teams/audit";
import { computeRunway, computeUnusualSpend, getSpendSettings, getWeeklyReport, lastWeekOf, putSpendSettings, rupeesFor } from "./spend-watch";

export async function getSpendWatch({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { week?: string | undefined } }): Promise<SpendWatch> {
  const { week = lastWeekOf(ctx.now()) } = parseOrThrow(weekQuerySchema, input);
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  const [settings, view] = await Promise.all([getSpendSettings({ ctx, input: { accountId } }), activeCalendarView({ ctx })]);
  let runway: Runway | null = null;
  let error: string | null = null;
  try {
    const { usage } = await getUsageSnapshot({ ctx, user });
    runway = await computeRunway({ ctx, input: { accountId, balance: usage.balance, horizonDays: settings.runwayHorizonDays, view } });
  } catch (e) {
    error = isAlphaError(e) ? e.message : "The account's balance could not be read now.";
  }
  let report: WeeklyReport | null = null;
  if (user.role === "admin") {
    await syncLedger({ ctx, user }).catch(() => undefined);
    report = await getWeeklyReport({ ctx, input: { accountId, week } });
  }
  const thisWeek = new Date(Date.parse(`${lastWeekOf(ctx.now())}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return { settings, runway, unusual: await computeUnusualSpend({ ctx, input: { accountId, view } }), report, thisWeek, error };
}

/** The price and horizon of the account the user's key (or the organisation's) spends from. */
export async function getAccountSpendSettings({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<SpendSettings> {
  try {
    const { accountId } = await withUserKey({ ctx, userId: user.id });
    return await getSpendSettings({ ctx, input: { accountId } });
  } catch (error) {
    // No key yet: no account, so no price; the page's figures read in credits.
    if (isAlphaError(error) && error.code === "no_api_key") return { accountId: "", inrPerCredit: null, runwayHorizonDays: RUNWAY_HORIZON_DEFAULT_DAYS, updatedAt: null };
    throw error;
  }
}

/** The settings of the account the admin's key (or the organisation's) spends from: what their usage page shows. */
export async function putAccountSpendSettings({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: PutSpendSettingsInput }): Promise<SpendSettings> {
  requireAdmin(user);
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  return putSpendSettings({ ctx, user, input: { ...input, accountId } });
}

/** One row per member, token, outside and feature, each part ending with its total (the same number). */
export function weeklyReportRows(report: WeeklyReport, inrPerCredit: string | null): (string | number)[][] {
  const rows: (string | number)[][] = [];
  const row = (part: string, id: string, name: string, calls: number | string, credits: number) => [part, id, name, calls, credits, rupeesFor(credits, inrPerCredit) ?? ""];
  for (const m of report.members) rows.push(row("member", m.email, m.name, m.calls, m.credits));
  for (const t of report.tokens) rows.push(row("token", `…${t.last4}`, `${t.name}${t.ownerEmail ? ` (${t.ownerEmail})` : ""}`, t.calls, t.credits));
  if (report.outside.credits > 0 || report.outside.calls > 0) rows.push(row("member", "", "Outside the desk", report.outside.calls, report.outside.credits));
  rows.push(row("member", "", "Total", "", report.total));
  for (const f of report.features) rows.push(row("feature", f.feature, SPEND_FEATURE_LABELS[f.feature], f.calls, f.credits));
  rows.push(row("feature", "", "Total", "", report.total));
  return rows;
}

export async function exportWeeklyReport({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { week?: string | undefined } }): Promise<DeskFile> {
  if (user.role !== "admin") throw new AlphaError("forbidden", "Only admins can export the weekly spend report");
  const { week = lastWeekOf(ctx.now()) } = parseOrThrow(weekQuerySchema, input);
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  await syncLedger({ ctx, user }).catch(() => undefined);
  const [report, settings] = await Promise.all([getWeeklyReport({ ctx, input: { accountId, week } }), getSpendSettings({ ctx, input: { accountId } })]);
  const body = toCsv(["part", "id", "name", "calls", "credits", "rupees"], weeklyReportRows(report, settings.inrPerCredit));
  return { filename: `desk-spend-week-${week}.csv`, contentType: "text/csv; charset=utf-8", body };
}
