import "server-only";
/**
 * The spend watch's figures for one upstream account, from the spend log as ledger-sync leaves it (every debit of the
 * account is a row): the runway at the market's pace, today's spend against the same hour of recent sessions, and a
 * week's spend by member, token, outside the desk and feature, each part adding up to the ledger's debits.
 */
import { endpointMeta } from "@/lib/alpha/catalogue-meta";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { AlphaError } from "@/lib/alpha/errors";
import { toIstIso } from "@/lib/alpha/time";
import type { PutSpendSettingsInput, Runway, SpendFeature, SpendSettings, UnusualSpend, WeeklyReport } from "@/lib/desk/spend-watch";
import { putSpendSettingsInputSchema, RUNWAY_HORIZON_DEFAULT_DAYS, SPEND_FEATURES } from "@/lib/desk/spend-watch";
import { istDate, istDayStart, type MarketCalendarView } from "@/lib/market/calendar";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { spendWatchDb, type SpendWatchTables } from "../core/spend-watch-tables";
import { teamsDb } from "../core/teams-tables";
import { parseOrThrow, type SessionUser } from "../identity/users";
import { activeCalendarView } from "../market/calendar-store";
import { BATCH_LINE_ROUTE } from "../money/ledger-sync";
import { istHourOf } from "../records/spend";
import { requireAdmin, writeAudit } from "../teams/audit";
import { scopeOf } from "../teams/desk-tokens";
import { HOUR_MS, isUnusual, marketMsBetween, median, runwayOf, sessionsWindowStart } from "./market-pace";

const DAY_MS = 86_400_000;
/** Trading days the runway's pace is measured over (the current one, if trading, among them). */
export const RUNWAY_PACE_SESSIONS = 5;
/** Sessions the unusual-spend rule compares with. */
export const UNUSUAL_SESSIONS = 7;

export async function getSpendSettings({ ctx, input }: { ctx: DeskContext; input: { accountId: string } }): Promise<SpendSettings> {
  const row = await spendWatchDb({ ctx }).selectFrom("account_spend_settings").selectAll().where("account_id", "=", input.accountId).executeTakeFirst();
  return {
    accountId: input.accountId,
    inrPerCredit: row?.inr_per_credit ?? null,
    runwayHorizonDays: row ? toNumber(row.runway_horizon_days) : RUNWAY_HORIZON_DEFAULT_DAYS,
    updatedAt: row?.updated_at ?? null,
  };
}

/** An admin sets the account's contract price and the runway's horizon; logged in the audit log. */
export async function putSpendSettings({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: PutSpendSettingsInput & { accountId: string } }): Promise<SpendSettings> {
  requireAdmin(user);
  const parsed = parseOrThrow(putSpendSettingsInputSchema, input);
  // "0.2500" and "0.25" are one price: kept in its shortest form.
  const price = parsed.inrPerCredit === null ? null : String(Number(parsed.inrPerCredit));
  const now = ctx.now().toISOString();
  await teamsDb({ ctx }).transaction().execute(async (trx) => {
    await trx
      .withTables<SpendWatchTables>()
      .insertInto("account_spend_settings")
      .values({
        account_id: input.accountId,
        inr_per_credit: price,
        runway_horizon_days: parsed.runwayHorizonDays,
        runway_below: 0,
        runway_crossings: 0,
        runway_notified: 0,
        unusual_sent_for: null,
        weekly_sent_for: null,
        updated_by: user.id,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("account_id").doUpdateSet({ inr_per_credit: price, runway_horizon_days: parsed.runwayHorizonDays, updated_by: user.id, updated_at: now }))
      .execute();
    await writeAudit({
      ctx,
      db: trx,
      user,
      input: { action: "spend.settings", target: `account ${input.accountId}`, change: `₹ per credit ${price ?? "not set"}; runway alert under ${parsed.runwayHorizonDays} trading days` },
    });
  });
  return getSpendSettings({ ctx, input: { accountId: input.accountId } });
}

async function creditsBetween(ctx: DeskContext, accountId: string, fromMs: number, toMs: number): Promise<number> {
  const row = await ctx.db
    .selectFrom("spend_log")
    .select((eb) => eb.fn.sum<number>("credits").as("credits"))
    .where("account_id", "=", accountId)
    // The hour bounds let the (account_id, ist_hour) index find the rows; created_at cuts to the millisecond.
    .where("ist_hour", ">=", istHourOf(new Date(fromMs)))
    .where("ist_hour", "<=", istHourOf(new Date(toMs)))
    .where("created_at", ">=", new Date(fromMs).toISOString())
    .where("created_at", "<", new Date(toMs).toISOString())
    .executeTakeFirst();
  return toNumber(row?.credits ?? 0);
}

/**
 * The balance's runway: the spend of the last few trading days over their open-market time is the pace, and the
 * balance is spent forward at it through the calendar's sessions only. Spend outside market hours counts in the pace.
 */
export async function computeRunway({ ctx, input }: { ctx: DeskContext; input: { accountId: string; balance: number; horizonDays: number; view?: MarketCalendarView } }): Promise<Runway> {
  const view = input.view ?? (await activeCalendarView({ ctx }));
  const nowMs = ctx.now().getTime();
  const from = sessionsWindowStart(view, nowMs, RUNWAY_PACE_SESSIONS);
  const spent = await creditsBetween(ctx, input.accountId, from, nowMs + 1);
  const marketMs = marketMsBetween(view, from, nowMs);
  const figure = runwayOf(view, { nowMs, balance: input.balance, spent, marketMs, horizonDays: input.horizonDays });
  return {
    balance: input.balance,
    perMarketHour: Math.round(figure.perMarketHour * 100) / 100,
    sessions: RUNWAY_PACE_SESSIONS,
    runsOutAt: figure.runsOutAtMs === null ? null : toIstIso(new Date(figure.runsOutAtMs)),
    marketHoursLeft: figure.marketHoursLeft === null ? null : Math.round(figure.marketHoursLeft * 10) / 10,
    horizonDays: input.horizonDays,
    belowHorizon: figure.belowHorizon,
  };
}

/**
 * Today's spend since IST midnight through this hour against the same span of each of the last seven sessions; only
 * on trading days, and only once the desk has seen the account spend before the oldest of them.
 */
export async function computeUnusualSpend({ ctx, input }: { ctx: DeskContext; input: { accountId: string; view?: MarketCalendarView } }): Promise<UnusualSpend> {
  const view = input.view ?? (await activeCalendarView({ ctx }));
  const now = ctx.now();
  const nowMs = now.getTime();
  if (!view.isTradingDay(nowMs)) return { session: null, hour: null, spentByHour: 0, median: null, unusual: false };
  const today = istDayStart(nowMs);
  const hour = Math.floor((nowMs - today) / HOUR_MS);
  const days: number[] = [];
  for (let d = today, i = 0; i < UNUSUAL_SESSIONS; i++) days.push((d = view.previousTradingDay(d)));
  const oldest = days[days.length - 1]!;
  const [rows, first] = await Promise.all([
    ctx.db
      .selectFrom("spend_log")
      .select(["ist_hour", (eb) => eb.fn.sum<number>("credits").as("credits")])
      .where("account_id", "=", input.accountId)
      .where("ist_hour", ">=", istHourOf(new Date(oldest)))
      .where("ist_hour", "<=", istHourOf(now))
      .groupBy("ist_hour")
      .execute(),
    ctx.db.selectFrom("spend_log").select((eb) => eb.fn.min("created_at").as("first")).where("account_id", "=", input.accountId).executeTakeFirst(),
  ]);
  const byHour = new Map(rows.map((r) => [toNumber(r.ist_hour), toNumber(r.credits)]));
  const byThisHour = (dayMs: number) => {
    const start = istHourOf(new Date(dayMs));
    let sum = 0;
    for (let h = start; h <= start + hour; h++) sum += byHour.get(h) ?? 0;
    return sum;
  };
  const spentByHour = byThisHour(today);
  const seen = typeof first?.first === "string" && Date.parse(first.first) < oldest + DAY_MS;
  const previous = days.map(byThisHour);
  return {
    session: istDate(nowMs),
    hour,
    spentByHour,
    median: seen ? median(previous) : null,
    unusual: seen && isUnusual(spentByHour, previous),
  };
}

/** The feature a debit of `endpoint` paid for (a summary is a scheduled brief when a brief run made it; see below). */
export function featureOfEndpoint(endpoint: string): SpendFeature {
  if (endpoint === BATCH_LINE_ROUTE) return "batch";
  if (!(endpoint in endpointMeta)) return "other";
  const scope = scopeOf(endpoint as EndpointId);
  return scope === "batch" ? "batch" : scope === "summaries" ? "summaries" : scope === "data" ? "data" : "other";
}

/** The Monday (IST date) of the last whole week before `now`. */
export function lastWeekOf(now: Date): string {
  const today = istDayStart(now.getTime());
  const weekday = new Date(today + 330 * 60_000).getUTCDay();
  const thisMonday = today - ((weekday + 6) % 7) * DAY_MS;
  return istDate(thisMonday - 7 * DAY_MS);
}

/**
 * A week's (Monday to Monday, IST) spend of the account by member, desk token, outside the desk and feature, from the
 * spend log as the usage page attributes it: every row falls in one of each, so each part sums to the same total.
 */
export async function getWeeklyReport({ ctx, input }: { ctx: DeskContext; input: { accountId: string; week: string } }): Promise<WeeklyReport> {
  const db = spendWatchDb({ ctx });
  const startMs = Date.parse(`${input.week}T00:00:00+05:30`);
  if (Number.isNaN(startMs) || new Date(startMs + 330 * 60_000).getUTCDay() !== 1) throw new AlphaError("invalid_parameter", "week must be a Monday, YYYY-MM-DD", { details: { week: ["must be a Monday"] } });
  const endMs = startMs + 7 * DAY_MS;
  const firstHour = istHourOf(new Date(startMs));
  const inWeek = db.selectFrom("spend_log").where("spend_log.account_id", "=", input.accountId).where("spend_log.ist_hour", ">=", firstHour).where("spend_log.ist_hour", "<", firstHour + 168);
  const [groups, summaryRows, runs, users, tokens] = await Promise.all([
    inWeek
      .select(["user_id", "token_id", "endpoint", "source", (eb) => eb.fn.sum<number>("credits").as("credits"), (eb) => eb.fn.countAll<number>().as("calls")])
      .groupBy(["user_id", "token_id", "endpoint", "source"])
      .execute(),
    inWeek.select(["user_id", "created_at", "credits"]).where("endpoint", "=", "createDailySummary").where("token_id", "is", null).where("source", "=", "desk").execute(),
    db
      .selectFrom("brief_runs")
      .select(["user_id", "claimed_at", "finished_at"])
      .where("claimed_at", ">=", new Date(startMs - DAY_MS).toISOString())
      .where("claimed_at", "<", new Date(endMs).toISOString())
      .where("summary_id", "is not", null)
      .execute(),
    db.selectFrom("users").select(["id", "email", "name"]).execute(),
    db.selectFrom("desk_tokens").leftJoin("users", "users.id", "desk_tokens.owner_id").select(["desk_tokens.id", "desk_tokens.name", "desk_tokens.last4", "users.email"]).execute(),
  ]);
  const features = new Map<SpendFeature, { credits: number; calls: number }>(SPEND_FEATURES.map((f) => [f, { credits: 0, calls: 0 }]));
  const members = new Map<string, { credits: number; calls: number }>();
  const byToken = new Map<string, { credits: number; calls: number }>();
  const outside = { credits: 0, calls: 0 };
  const add = (into: { credits: number; calls: number }, credits: number, calls: number) => {
    into.credits += credits;
    into.calls += calls;
  };
  let total = 0;
  for (const g of groups) {
    const credits = toNumber(g.credits);
    const calls = toNumber(g.calls);
    total += credits;
    if (g.source === "outside") add(outside, credits, calls);
    else if (g.token_id) add(byToken.get(g.token_id) ?? byToken.set(g.token_id, { credits: 0, calls: 0 }).get(g.token_id)!, credits, calls);
    else add(members.get(g.user_id) ?? members.set(g.user_id, { credits: 0, calls: 0 }).get(g.user_id)!, credits, calls);
    add(features.get(featureOfEndpoint(g.endpoint))!, credits, calls);
  }
  // A member's summary made while one of their brief runs was generating is that brief's: moved from summaries.
  for (const row of summaryRows) {
    const at = Date.parse(row.created_at);
    const brief = runs.some((r) => r.user_id === row.user_id && Date.parse(r.claimed_at) <= at && r.finished_at !== null && at <= Date.parse(r.finished_at));
    if (!brief) continue;
    const credits = toNumber(row.credits);
    add(features.get("summaries")!, -credits, -1);
    add(features.get("briefs")!, credits, 1);
  }
  const userOf = new Map(users.map((u) => [u.id, u]));
  const tokenOf = new Map(tokens.map((t) => [t.id, t]));
  return {
    accountId: input.accountId,
    week: input.week,
    until: istDate(endMs),
    members: [...members]
      .map(([userId, v]) => ({ userId, email: userOf.get(userId)?.email ?? "(removed user)", name: userOf.get(userId)?.name ?? "", ...v }))
      .sort((a, b) => b.credits - a.credits || a.email.localeCompare(b.email)),
    tokens: [...byToken]
      .map(([tokenId, v]) => ({ tokenId, name: tokenOf.get(tokenId)?.name ?? "(deleted token)", last4: tokenOf.get(tokenId)?.last4 ?? "", ownerEmail: tokenOf.get(tokenId)?.email ?? null, ...v }))
      .sort((a, b) => b.credits - a.credits || a.name.localeCompare(b.name)),
    outside,
    features: SPEND_FEATURES.map((feature) => ({ feature, ...features.get(feature)! })),
    total,
  };
}

/** Rupees for credits at the account's price, to the paisa; null without a price. */
export function rupeesFor(credits: number, inrPerCredit: string | null): number | null {
  if (inrPerCredit === null) return null;
  return Math.round(credits * Number(inrPerCredit) * 100) / 100;
}

