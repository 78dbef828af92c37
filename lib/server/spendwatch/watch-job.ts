import "server-only";
/**
 * The spend watch as one of the desk's periodic jobs: for every upstream account the desk holds a key of, sync its
 * ledger, then send the runway notice once per fall under the horizon, the unusual-spend notice once per session and
 * the weekly report once a week (Monday from 08:00 IST). Each notice goes through notifySpend, once per dedupe key.
 */
import { isAlphaError } from "@/lib/alpha/errors";
import { SPEND_FEATURE_LABELS, type Runway, type UnusualSpend, type WeeklyReport } from "@/lib/desk/spend-watch";
import { formatCredits, formatInr } from "@/lib/format/number";
import { formatIstDate, formatIstTime } from "@/lib/format/time";
import { istDayStart, type MarketCalendarView } from "@/lib/market/calendar";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { spendWatchDb } from "../core/spend-watch-tables";
import { ORG_KEY_ID } from "../core/teams-tables";
import type { SessionUser } from "../identity/users";
import { activeCalendarView } from "../market/calendar-store";
import { syncLedger } from "../money/ledger-sync";
import { getUsageSnapshot } from "../money/usage";
import { notifySpend } from "../budgets/notify";
import type { DeskJob } from "../schedules/desk-jobs";
import { computeRunway, computeUnusualSpend, getSpendSettings, getWeeklyReport, lastWeekOf, rupeesFor } from "./spend-watch";

export const SPEND_WATCH_EVERY_SECONDS = 300;
/** The weekly report goes out from this IST time on Monday (before the market opens). */
export const WEEKLY_REPORT_AT_MINUTES = 8 * 60;
/** No user has this id: withUserKey gives it the organisation's key (free reads of the account only). */
const ORG_READER_ID = "spend-watch-org-reader";

export interface WatchOutcome {
  accountId: string;
  runway: boolean;
  unusual: boolean;
  weekly: boolean;
  error: string | null;
}

const money = (credits: number, inrPerCredit: string | null) => {
  const rupees = rupeesFor(credits, inrPerCredit);
  return rupees === null ? formatCredits(credits) : `${formatCredits(credits)} (${formatInr(rupees, { paise: rupees < 100 })})`;
};

function runwayText(r: Runway, inr: string | null): { title: string; body: string } {
  const until = r.runsOutAt ? `${formatIstDate(r.runsOutAt, { weekday: true })}, ${formatIstTime(r.runsOutAt)}` : "soon";
  return {
    title: `Credits run out ${until} at this pace`,
    body:
      `At this pace the balance of ${money(r.balance, inr)} lasts until ${until}: ${r.marketHoursLeft ?? 0} hours of open market, under the ` +
      `${r.horizonDays}-trading-day horizon. The pace is ${money(r.perMarketHour, inr)} an hour of open market over the last ${r.sessions} sessions; nights, weekends and holidays spend nothing.`,
  };
}

function unusualText(u: UnusualSpend, inr: string | null): { title: string; body: string } {
  const hour = `${String(u.hour).padStart(2, "0")}:59 IST`;
  return {
    title: `Unusual spend today: ${formatCredits(u.spentByHour)} by ${hour}`,
    body: `Today's spend by ${hour} is ${money(u.spentByHour, inr)}, more than twice the usual ${money(u.median ?? 0, inr)} (the median of the last seven sessions by the same hour).`,
  };
}

function weeklyText(r: WeeklyReport, inr: string | null): { title: string; body: string } {
  const who = [
    ...r.members.slice(0, 5).map((m) => `${m.name || m.email}: ${money(m.credits, inr)}`),
    ...r.tokens.slice(0, 5).map((t) => `token ${t.name} (…${t.last4}): ${money(t.credits, inr)}`),
    ...(r.outside.credits > 0 ? [`outside the desk: ${money(r.outside.credits, inr)}`] : []),
  ];
  const features = r.features.filter((f) => f.credits > 0).map((f) => `${SPEND_FEATURE_LABELS[f.feature]}: ${money(f.credits, inr)}`);
  return {
    title: `Weekly spend ${formatIstDate(`${r.week}T00:00:00+05:30`)}: ${formatCredits(r.total)}`,
    body: `The week from Monday ${formatIstDate(`${r.week}T00:00:00+05:30`)} spent ${money(r.total, inr)}, as the ledger has it. By whom: ${who.join("; ") || "nobody"}. By feature: ${features.join("; ") || "nothing"}.`,
  };
}

/** The accounts the desk holds a key of, each with a reader whose key reaches it. */
async function watchedAccounts(ctx: DeskContext): Promise<{ accountId: string; reader: SessionUser }[]> {
  const db = spendWatchDb({ ctx });
  const [personal, org] = await Promise.all([
    db.selectFrom("alpha_keys").select(["account_id", (eb) => eb.fn.min("user_id").as("user_id")]).groupBy("account_id").execute(),
    db.selectFrom("org_key").select("account_id").where("id", "=", ORG_KEY_ID).executeTakeFirst(),
  ]);
  const out = new Map<string, SessionUser>();
  if (org) out.set(org.account_id, { id: ORG_READER_ID, email: "", name: "", role: "admin" });
  for (const p of personal) if (!out.has(p.account_id)) out.set(p.account_id, { id: String(p.user_id), email: "", name: "", role: "member" });
  return [...out].map(([accountId, reader]) => ({ accountId, reader }));
}

async function stateRow(ctx: DeskContext, accountId: string) {
  const db = spendWatchDb({ ctx });
  await db
    .insertInto("account_spend_settings")
    .values({ account_id: accountId, inr_per_credit: null, runway_horizon_days: 2, runway_below: 0, runway_crossings: 0, runway_notified: 0, unusual_sent_for: null, weekly_sent_for: null, updated_by: null, updated_at: null })
    .onConflict((oc) => oc.column("account_id").doNothing())
    .execute();
  return db.selectFrom("account_spend_settings").selectAll().where("account_id", "=", accountId).executeTakeFirstOrThrow();
}

/** One account's watch: each notice claimed by its dedupe key, and the state moved on only after it went out. */
export async function watchAccountSpend({ ctx, input }: { ctx: DeskContext; input: { accountId: string; reader: SessionUser; view?: MarketCalendarView } }): Promise<WatchOutcome> {
  const { accountId, reader } = input;
  const db = spendWatchDb({ ctx });
  const view = input.view ?? (await activeCalendarView({ ctx }));
  const outcome: WatchOutcome = { accountId, runway: false, unusual: false, weekly: false, error: null };
  await syncLedger({ ctx, user: reader });
  const [settings, state] = await Promise.all([getSpendSettings({ ctx, input: { accountId } }), stateRow(ctx, accountId)]);
  const inr = settings.inrPerCredit;

  const { usage } = await getUsageSnapshot({ ctx, user: reader });
  const runway = await computeRunway({ ctx, input: { accountId, balance: usage.balance, horizonDays: settings.runwayHorizonDays, view } });
  if (runway.belowHorizon) {
    // A fall under the horizon is one crossing: only the instance whose update finds it above counts it.
    await db.updateTable("account_spend_settings").set((eb) => ({ runway_below: 1, runway_crossings: eb("runway_crossings", "+", 1) })).where("account_id", "=", accountId).where("runway_below", "=", 0).execute();
    const now = await db.selectFrom("account_spend_settings").select(["runway_crossings", "runway_notified"]).where("account_id", "=", accountId).executeTakeFirstOrThrow();
    const crossing = toNumber(now.runway_crossings);
    if (toNumber(now.runway_notified) < crossing) {
      const sent = await notifySpend({ ctx, input: { accountId, kind: "runway", dedupeKey: `runway:${crossing}`, ...runwayText(runway, inr), link: "/usage", audience: "admins" } });
      outcome.runway = sent.delivered;
      await db.updateTable("account_spend_settings").set({ runway_notified: crossing }).where("account_id", "=", accountId).where("runway_notified", "<", crossing).execute();
    }
  } else if (toNumber(state.runway_below) === 1) {
    await db.updateTable("account_spend_settings").set({ runway_below: 0 }).where("account_id", "=", accountId).execute();
  }

  const unusual = await computeUnusualSpend({ ctx, input: { accountId, view } });
  if (unusual.unusual && unusual.session && state.unusual_sent_for !== unusual.session) {
    const sent = await notifySpend({ ctx, input: { accountId, kind: "unusual_spend", dedupeKey: `unusual:${unusual.session}`, ...unusualText(unusual, inr), link: "/usage", audience: "admins" } });
    outcome.unusual = sent.delivered;
    await db.updateTable("account_spend_settings").set({ unusual_sent_for: unusual.session }).where("account_id", "=", accountId).execute();
  }

  const nowMs = ctx.now().getTime();
  const week = lastWeekOf(ctx.now());
  const sendFrom = istDayStart(Date.parse(`${week}T00:00:00+05:30`) + 7 * 86_400_000) + WEEKLY_REPORT_AT_MINUTES * 60_000;
  if (nowMs >= sendFrom && state.weekly_sent_for !== week) {
    const report = await getWeeklyReport({ ctx, input: { accountId, week } });
    if (report.total > 0 || report.members.length > 0) {
      const sent = await notifySpend({ ctx, input: { accountId, kind: "weekly_report", dedupeKey: `weekly:${week}`, ...weeklyText(report, inr), link: `/usage?week=${week}`, audience: "admins" } });
      outcome.weekly = sent.delivered;
    }
    await db.updateTable("account_spend_settings").set({ weekly_sent_for: week }).where("account_id", "=", accountId).execute();
  }
  return outcome;
}

/** Every watched account in turn; one that cannot be read (a revoked key, the service down) does not stop the others. */
export async function runSpendWatch({ ctx }: { ctx: DeskContext }): Promise<WatchOutcome[]> {
  const view = await activeCalendarView({ ctx });
  const out: WatchOutcome[] = [];
  for (const { accountId, reader } of await watchedAccounts(ctx)) {
    try {
      out.push(await watchAccountSpend({ ctx, input: { accountId, reader, view } }));
    } catch (error) {
      out.push({ accountId, runway: false, unusual: false, weekly: false, error: isAlphaError(error) ? error.message : error instanceof Error ? error.message : String(error) });
    }
  }
  return out;
}

export const spendWatchJob: DeskJob = {
  name: "spend.watch",
  everySeconds: SPEND_WATCH_EVERY_SECONDS,
  run: async ({ ctx }) => {
    const outcomes = await runSpendWatch({ ctx });
    for (const o of outcomes) {
      if (o.error) console.error(JSON.stringify({ level: "warn", msg: "spend watch could not read an account", accountId: o.accountId, error: o.error }));
      else if (o.runway || o.unusual || o.weekly) console.log(JSON.stringify({ level: "info", msg: "spend notices sent", ...o }));
    }
  },
};

