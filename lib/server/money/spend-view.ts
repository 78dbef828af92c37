import "server-only";
/**
 * The usage page's spend view: the spend log after a sync with the service's ledger, and today's reconciliation of the
 * user's account (desk + outside = debited_today). Everyone's spend (`scope: "all"`) is for admins.
 */
import { toCsv } from "@/lib/alpha/csv";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import { IST_OFFSET_MINUTES } from "@/lib/alpha/time";
import type { DeskSpend, Reconciliation, SpendRange, SpendScope } from "@/lib/desk/usage";
import { spendRows } from "@/lib/desk/spend-rows";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import type { DeskFile } from "../core/reply";
import { withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { knownRpm, LOW_RPM } from "../upstream/background-budget";
import { syncLedger } from "./ledger-sync";
import { getDaySpend, getSpendByToken, getSpendByUser, getSpendSeries, rangeShape } from "../records/spend";
import { forgetUsageSnapshot, getUsageSnapshot } from "./usage";

/**
 * Today's spend of the user's account, reconciled: when the desk's figures and the service's debited_today disagree,
 * the ledger is read again (and the usage with it) before answering, so the page never shows a gap it could close.
 */
export async function reconcileToday({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<Reconciliation> {
  const { accountId } = await withUserKey({ userId: user.id, ctx });
  // debited_today as of now, not the gauge's memo: the two sides are compared at one moment. On a low-rpm account
  // (Sandbox) the desk's budget wins: the shared snapshot and one ledger read, and the page says if it is catching up.
  const rpm = knownRpm({ ctx, accountId });
  const thrifty = rpm !== undefined && rpm < LOW_RPM;
  if (!thrifty) await forgetUsageSnapshot({ ctx, accountId });
  const usage = await getUsageSnapshot({ user, ctx });
  let day = await getDaySpend({ ctx, accountId });
  // The ledger is read only when the two sides disagree: a page view with nothing new costs no ledger call.
  if (day.desk + day.outside !== usage.usage.debited_today) {
    await syncLedger({ ctx, user });
    day = await getDaySpend({ ctx, accountId });
  }
  if (day.desk + day.outside !== usage.usage.debited_today && !thrifty) {
    await syncLedger({ ctx, user, options: { force: true } });
    day = await getDaySpend({ ctx, accountId });
  }
  return { ...day, debitedToday: usage.usage.debited_today, reconciledAt: ctx.now().toISOString() };
}

/** The other accounts desk users hold keys of: their ledgers feed the all-users view (one user's key each). */
async function syncOtherAccounts(ctx: DeskContext, except: string): Promise<void> {
  const rows = await ctx.db.selectFrom("alpha_keys").select(["account_id", (eb) => eb.fn.min("user_id").as("user_id")]).groupBy("account_id").limit(20).execute();
  await Promise.all(
    rows
      .filter((r) => r.account_id !== except)
      .map((r) => syncLedger({ ctx, user: { id: String(r.user_id), email: "", name: "", role: "member" } }).catch(() => undefined)),
  );
}

/** The usage page's spend view, for the route and the page's prefetch alike. */
export async function getDeskSpend({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { range: SpendRange; scope: SpendScope } }): Promise<DeskSpend> {
  const c = ctx;
  const { range, scope } = input;
  if (scope === "all" && user.role !== "admin") throw new AlphaError("forbidden", "Only admins can see everyone's spend");
  let today: Reconciliation | null = null;
  let ledgerError: string | null = null;
  try {
    today = await reconcileToday({ ctx: c, user });
  } catch (error) {
    // The spend the desk logged still shows; the page says why the ledger's part is missing.
    ledgerError = isAlphaError(error) ? error.message : "The service's ledger could not be read now.";
  }
  if (scope === "all") {
    if (today) await syncOtherAccounts(c, (await withUserKey({ userId: user.id, ctx: c })).accountId);
    const [series, byUser, byToken] = await Promise.all([getSpendSeries({ input: { all: true, range }, ctx: c }), getSpendByUser({ range, ctx: c }), getSpendByToken({ range, ctx: c })]);
    return { ...series, scope, byUser, byToken, today, ledgerError };
  }
  return { ...(await getSpendSeries({ input: { userId: user.id, range }, ctx: c })), scope, today, ledgerError };
}

const percent = (share: number) => Math.round(share * 1000) / 10;

/**
 * The spend of a range as a spreadsheet: one row per endpoint and, in the all-users view, one per member and the
 * spend outside the desk; each part ends with its total. Credits are plain numbers (no grouping) for sums.
 */
export async function exportSpend({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { range: SpendRange; scope: SpendScope } }): Promise<DeskFile> {
  const spend = await getDeskSpend({ ctx, user, input });
  const rows: (string | number)[][] = [];
  for (const r of spendRows(spend)) rows.push(["endpoint", r.endpoint, r.label, "", "", r.credits, percent(r.share)]);
  rows.push(["endpoint", "", "Total through the desk", "", "", spend.total, spend.total > 0 ? 100 : 0]);
  if (spend.byUser) {
    const users = [...spend.byUser].sort((a, b) => b.credits - a.credits);
    const outside = spend.outside?.total ?? 0;
    const tokens = spend.byToken ?? [];
    const all = users.reduce((sum, u) => sum + u.credits, 0) + tokens.reduce((sum, t) => sum + t.credits, 0) + outside;
    for (const u of users) rows.push(["member", u.email, u.name, u.calls, u.cachedCalls, u.credits, all > 0 ? percent(u.credits / all) : 0]);
    for (const t of tokens) rows.push(["token", `…${t.last4}`, `${t.name}${t.ownerEmail ? ` (${t.ownerEmail})` : ""}`, t.calls, 0, t.credits, all > 0 ? percent(t.credits / all) : 0]);
    if (outside > 0) rows.push(["member", "", "Outside the desk", "", "", outside, percent(outside / all)]);
    rows.push(["member", "", "Total of every member", users.reduce((n, u) => n + u.calls, 0) + tokens.reduce((n, t) => n + t.calls, 0), users.reduce((n, u) => n + u.cachedCalls, 0), all, all > 0 ? 100 : 0]);
  }
  const body = toCsv(["part", "id", "name", "calls", "calls_from_cache", "credits", "share_percent"], rows);
  return { filename: `desk-spend-${input.scope === "all" ? "everyone" : "mine"}-${input.range}-${ctx.now().toISOString().slice(0, 10)}.csv`, contentType: "text/csv; charset=utf-8", body };
}

const SOURCE_LABELS: Record<string, string> = { desk: "desk call", batch_line: "batch job line", outside: "outside the desk" };

/** Every charge of the range as a spreadsheet reads it: IST time, who, what, credits, and the ledger's request id. */
export async function exportCharges({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { range: SpendRange; scope: SpendScope } }): Promise<DeskFile> {
  if (input.scope === "all" && user.role !== "admin") throw new AlphaError("forbidden", "Only admins can export everyone's charges");
  // The ledger first, so the file holds what the service debited; a ledger that cannot be read leaves the desk's rows.
  await reconcileToday({ ctx, user }).catch(() => undefined);
  let query = ctx.db
    .selectFrom("spend_log")
    .leftJoin("users", "users.id", "spend_log.user_id")
    .select(["spend_log.created_at", "users.email", "spend_log.endpoint", "spend_log.source", "spend_log.credits", "spend_log.cached", "spend_log.request_id", "spend_log.job_id"])
    .where("spend_log.ist_hour", ">=", rangeShape(input.range, ctx.now()).first)
    .orderBy("spend_log.created_at")
    .orderBy("spend_log.id");
  if (input.scope === "me") query = query.where("spend_log.user_id", "=", user.id);
  const rows = await query.execute();
  const offset = IST_OFFSET_MINUTES * 60_000;
  const body = toCsv(
    ["time_ist", "member", "endpoint", "source", "credits", "cached", "request_id", "job_id"],
    rows.map((r) => [
      new Date(new Date(r.created_at).getTime() + offset).toISOString().slice(0, 19).replace("T", " "),
      r.email ?? (r.source === "outside" ? "" : "(removed user)"),
      r.endpoint,
      SOURCE_LABELS[r.source] ?? r.source,
      toNumber(r.credits),
      toNumber(r.cached) ? "yes" : "no",
      r.request_id,
      r.job_id,
    ]),
  );
  const who = input.scope === "all" ? "all" : "mine";
  return { filename: `desk-charges-${who}-${input.range}-${ctx.now().toISOString().slice(0, 10)}.csv`, contentType: "text/csv; charset=utf-8", body };
}
