import "server-only";
/**
 * Budgets: credits a scope (the account, a member, a feature, a desk token) may spend per IST day, week (from Monday)
 * or month, counted from the spend log the ledger sync reconciles. `runBudgetChecks` alerts each threshold once per
 * period (a claimed row), tells admins when a new period brings spend back under, and climbs the ladder past the limit.
 */
import { sql } from "kysely";
import { AlphaError } from "@/lib/alpha/errors";
import { IST_OFFSET_MINUTES } from "@/lib/alpha/time";
import type { BudgetPeriod, BudgetScope, BudgetView, SaveBudgetInput, UndoLadderInput } from "@/lib/desk/budgets";
import { BUDGET_FEATURE_LABELS, BUDGET_PERIOD_LABELS, DEFAULT_BUDGET_THRESHOLDS, DEFAULT_LADDER_AT, LADDER_STEP_LABELS, saveBudgetInputSchema, undoLadderInputSchema } from "@/lib/desk/budgets";
import { formatIstDateTime } from "@/lib/format/time";
import type { DeskContext } from "../core/context";
import { budgetAsTeamsDb, budgetDb, type BudgetDb, type BudgetsTable } from "../core/budget-tables";
import { toNumber } from "../core/db";
import { newId } from "../core/ids";
import { ORG_KEY_ID } from "../core/teams-tables";
import { withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import { requireAdmin, writeAudit } from "../teams/audit";
import { notifySpend } from "./notify";

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
/** Who the audit log names for a step the desk took by itself. */
const DESK_ACTOR = { id: "desk", email: "the desk (budget ladder)" };

export interface BudgetPeriodWindow {
  key: string;
  /** IST hours since the epoch, as spend_log.ist_hour counts them: [startHour, endHour). */
  startHour: number;
  endHour: number;
  startIso: string;
  resetsAt: string;
}

const isoOfIstDay = (day: number) => new Date(day * DAY_MS - IST_OFFSET_MS).toISOString();

/** The IST period containing `at`: a day, a week starting Monday, or a calendar month. */
export function budgetPeriod(period: BudgetPeriod, at: Date): BudgetPeriodWindow {
  const today = Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS);
  let start = today;
  let end = today + 1;
  if (period === "week") {
    // Day 0 (1970-01-01) was a Thursday: Monday-based weekday is (day + 3) mod 7.
    start = today - ((today + 3) % 7);
    end = start + 7;
  } else if (period === "month") {
    const d = new Date(today * DAY_MS);
    start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
    end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS;
  }
  const label = new Date(start * DAY_MS).toISOString().slice(0, period === "month" ? 7 : 10);
  return { key: `${period[0]}:${label}`, startHour: start * 24, endHour: end * 24, startIso: isoOfIstDay(start), resetsAt: isoOfIstDay(end) };
}

interface StoredBudget {
  id: string;
  accountId: string;
  name: string;
  scope: BudgetScope;
  period: BudgetPeriod;
  limit: number;
  thresholds: number[];
  hardLimit: boolean;
  ladderAt: number[];
}

function numbers(text: string, fallback: readonly number[]): number[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((n): n is number => typeof n === "number") : [...fallback];
  } catch {
    return [...fallback];
  }
}

function scopeOfRow(row: Pick<BudgetsTable, "scope_kind" | "scope_id">): BudgetScope {
  switch (row.scope_kind) {
    case "member":
      return { kind: "member", userId: row.scope_id };
    case "feature":
      return { kind: "feature", feature: row.scope_id as never };
    case "token":
      return { kind: "token", tokenId: row.scope_id };
    default:
      return { kind: "account" };
  }
}

function fromRow(row: BudgetsTable): StoredBudget {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    scope: scopeOfRow(row),
    period: row.period as BudgetPeriod,
    limit: toNumber(row.credit_limit),
    thresholds: numbers(row.thresholds, DEFAULT_BUDGET_THRESHOLDS).sort((a, b) => a - b),
    hardLimit: toNumber(row.hard_limit) === 1,
    ladderAt: numbers(row.ladder_at, DEFAULT_LADDER_AT),
  };
}

function scopeIdOf(scope: BudgetScope): string {
  return scope.kind === "member" ? scope.userId : scope.kind === "feature" ? scope.feature : scope.kind === "token" ? scope.tokenId : "";
}

/**
 * Credits the budget's scope spent in the window. A member's spend includes their desk tokens' (the tokens spend as
 * them); the features count calls through the desk only; scheduled briefs count what each generated run was charged.
 */
export async function budgetSpend({ ctx, input }: { ctx: Pick<DeskContext, "db">; input: { budget: Pick<StoredBudget, "accountId" | "scope">; window: BudgetPeriodWindow } }): Promise<number> {
  const db = budgetDb({ ctx });
  const { budget, window } = input;
  if (budget.scope.kind === "feature" && budget.scope.feature === "scheduled_briefs") {
    const row = await db
      .selectFrom("brief_runs")
      .select((eb) => eb.fn.sum<number>("credits").as("credits"))
      .where("status", "=", "generated")
      .where("finished_at", ">=", window.startIso)
      .where("finished_at", "<", window.resetsAt)
      .executeTakeFirst();
    return toNumber(row?.credits ?? 0);
  }
  let query = db
    .selectFrom("spend_log")
    .select((eb) => eb.fn.sum<number>("credits").as("credits"))
    .where("account_id", "=", budget.accountId)
    .where("ist_hour", ">=", window.startHour)
    .where("ist_hour", "<", window.endHour);
  const scope = budget.scope;
  if (scope.kind === "member") query = query.where("user_id", "=", scope.userId);
  else if (scope.kind === "token") query = query.where("token_id", "=", scope.tokenId);
  else if (scope.kind === "feature") {
    query = query.where("source", "!=", "outside");
    if (scope.feature === "batch_jobs") query = query.where((eb) => eb.or([eb("job_id", "is not", null), eb("source", "=", "batch_line")]));
    else if (scope.feature === "summaries") query = query.where("endpoint", "=", "createDailySummary").where("job_id", "is", null);
    else query = query.where("source", "=", "desk").where("job_id", "is", null).where("endpoint", "not in", ["createDailySummary", "createBatchJob"]);
  }
  const row = await query.executeTakeFirst();
  return toNumber(row?.credits ?? 0);
}

async function scopeLabels(db: BudgetDb, budgets: StoredBudget[]): Promise<Map<string, string>> {
  const userIds = budgets.flatMap((b) => (b.scope.kind === "member" ? [b.scope.userId] : []));
  const tokenIds = budgets.flatMap((b) => (b.scope.kind === "token" ? [b.scope.tokenId] : []));
  const [users, tokens] = await Promise.all([
    userIds.length ? db.selectFrom("users").select(["id", "email"]).where("id", "in", userIds).execute() : [],
    tokenIds.length ? db.selectFrom("desk_tokens").select(["id", "name", "last4"]).where("id", "in", tokenIds).execute() : [],
  ]);
  const out = new Map<string, string>();
  for (const b of budgets) {
    const s = b.scope;
    out.set(
      b.id,
      s.kind === "account"
        ? "Whole account"
        : s.kind === "feature"
          ? BUDGET_FEATURE_LABELS[s.feature]
          : s.kind === "member"
            ? `Member ${users.find((u) => u.id === s.userId)?.email ?? "(removed)"}`
            : `Token ${(() => {
                const t = tokens.find((x) => x.id === s.tokenId);
                return t ? `${t.name} …${t.last4}` : "(removed)";
              })()}`,
    );
  }
  return out;
}

async function viewsOf(ctx: DeskContext, budgets: StoredBudget[]): Promise<BudgetView[]> {
  const db = budgetDb({ ctx });
  const labels = await scopeLabels(db, budgets);
  const now = ctx.now();
  return Promise.all(
    budgets.map(async (b) => {
      const window = budgetPeriod(b.period, now);
      const [spent, crossed, ladder] = await Promise.all([
        budgetSpend({ ctx, input: { budget: b, window } }),
        db.selectFrom("budget_crossings").select("percent").where("budget_id", "=", b.id).where("period_key", "=", window.key).execute(),
        db.selectFrom("budget_ladder").select(["step", "undone_through", "updated_at"]).where("budget_id", "=", b.id).where("period_key", "=", window.key).executeTakeFirst(),
      ]);
      return {
        id: b.id,
        name: b.name,
        scope: b.scope,
        scopeLabel: labels.get(b.id) ?? "",
        accountId: b.accountId,
        period: b.period,
        limit: b.limit,
        thresholds: b.thresholds,
        hardLimit: b.hardLimit,
        ladderAt: b.ladderAt,
        spent,
        periodKey: window.key,
        periodStart: window.startIso,
        resetsAt: window.resetsAt,
        crossed: crossed.map((c) => toNumber(c.percent)).sort((x, y) => x - y),
        ladder: { step: ladder ? toNumber(ladder.step) : 0, undoneThrough: ladder ? toNumber(ladder.undone_through) : 0, updatedAt: ladder?.updated_at ?? window.startIso },
      };
    }),
  );
}

async function allBudgets(ctx: DeskContext): Promise<StoredBudget[]> {
  return (await budgetDb({ ctx }).selectFrom("budgets").selectAll().orderBy("created_at").execute()).map(fromRow);
}

export async function listBudgets({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<BudgetView[]> {
  requireAdmin(user);
  return viewsOf(ctx, await allBudgets(ctx));
}

async function findBudget(ctx: DeskContext, id: string): Promise<StoredBudget> {
  const row = await budgetDb({ ctx }).selectFrom("budgets").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such budget");
  return fromRow(row);
}

async function checkScope(ctx: DeskContext, scope: BudgetScope): Promise<void> {
  const db = budgetDb({ ctx });
  if (scope.kind === "member" && !(await db.selectFrom("users").select("id").where("id", "=", scope.userId).executeTakeFirst())) {
    throw new AlphaError("invalid_body", "Budget: no such member", { details: { fields: { "scope.userId": ["no such member"] } } });
  }
  if (scope.kind === "token" && !(await db.selectFrom("desk_tokens").select("id").where("id", "=", scope.tokenId).executeTakeFirst())) {
    throw new AlphaError("invalid_body", "Budget: no such desk token", { details: { fields: { "scope.tokenId": ["no such desk token"] } } });
  }
}

function describe(b: Pick<StoredBudget, "limit" | "period" | "thresholds" | "hardLimit">): string {
  return `${b.limit} credits per ${BUDGET_PERIOD_LABELS[b.period]}, alerts at ${b.thresholds.join("/")}%${b.hardLimit ? ", ladder past the limit" : ""}`;
}

/** Creates a budget (no id) or replaces one; its account is the organisation key's, else the admin's own key's. */
export async function saveBudget({ ctx, user, id, input }: { ctx: DeskContext; user: SessionUser; id?: string; input: SaveBudgetInput }): Promise<BudgetView> {
  requireAdmin(user);
  const parsed = parseOrThrow(saveBudgetInputSchema, input);
  await checkScope(ctx, parsed.scope);
  const thresholds = [...new Set(parsed.thresholds)].sort((a, b) => a - b);
  const db = budgetDb({ ctx });
  const now = ctx.now().toISOString();
  const values = {
    name: parsed.name,
    scope_kind: parsed.scope.kind,
    scope_id: scopeIdOf(parsed.scope),
    period: parsed.period,
    credit_limit: parsed.limit,
    thresholds: JSON.stringify(thresholds),
    hard_limit: parsed.hardLimit ? 1 : 0,
    ladder_at: JSON.stringify(parsed.ladderAt),
    updated_at: now,
  };
  let budgetId = id;
  if (budgetId) {
    const before = await findBudget(ctx, budgetId);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("budgets").set(values).where("id", "=", budgetId as string).execute();
      // A new limit or scope starts the period's alerts and ladder afresh: crossings are counted against it again.
      const window = budgetPeriod(parsed.period, ctx.now());
      if (before.limit !== parsed.limit || scopeIdOf(before.scope) !== values.scope_id || before.period !== parsed.period) {
        await trx.deleteFrom("budget_crossings").where("budget_id", "=", budgetId as string).where("period_key", "=", window.key).execute();
        await trx.deleteFrom("budget_ladder").where("budget_id", "=", budgetId as string).execute();
      } else {
        await trx.updateTable("budget_ladder").set({ budget_name: parsed.name }).where("budget_id", "=", budgetId as string).execute();
      }
      await writeAudit({ ctx, db: budgetAsTeamsDb(trx), user, input: { action: "budget.saved", target: `budget ${parsed.name}`, change: `${describe(before)} → ${describe({ ...parsed, thresholds })}` } });
    });
  } else {
    budgetId = newId("bud");
    // The organisation's account when the desk has its key (what the team spends), else the admin's own.
    const org = await db.selectFrom("org_key").select("account_id").where("id", "=", ORG_KEY_ID).executeTakeFirst();
    const accountId = org?.account_id ?? (await withUserKey({ ctx, userId: user.id })).accountId;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("budgets").values({ id: budgetId as string, account_id: accountId, created_by: user.id, created_at: now, ...values }).execute();
      await writeAudit({ ctx, db: budgetAsTeamsDb(trx), user, input: { action: "budget.saved", target: `budget ${parsed.name}`, change: `new: ${describe({ ...parsed, thresholds })}` } });
    });
  }
  await runBudgetChecks({ ctx });
  const [view] = await viewsOf(ctx, [await findBudget(ctx, budgetId)]);
  return view as BudgetView;
}

export async function deleteBudget({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<{ deleted: true }> {
  requireAdmin(user);
  const budget = await findBudget(ctx, id);
  await budgetDb({ ctx })
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("budget_ladder").where("budget_id", "=", id).execute();
      await trx.deleteFrom("budget_crossings").where("budget_id", "=", id).execute();
      await trx.deleteFrom("budgets").where("id", "=", id).execute();
      await writeAudit({ ctx, db: budgetAsTeamsDb(trx), user, input: { action: "budget.deleted", target: `budget ${budget.name}`, change: `deleted (${describe(budget)})` } });
    });
  return { deleted: true };
}

/** An admin takes the ladder back to `toStep` for the rest of the period: the steps undone do not engage again. */
export async function undoLadder({ ctx, user, id, input }: { ctx: DeskContext; user: SessionUser; id: string; input: UndoLadderInput }): Promise<BudgetView> {
  requireAdmin(user);
  const { toStep } = parseOrThrow(undoLadderInputSchema, input);
  const budget = await findBudget(ctx, id);
  const window = budgetPeriod(budget.period, ctx.now());
  const db = budgetDb({ ctx });
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("budget_ladder").select(["step", "undone_through"]).where("budget_id", "=", id).where("period_key", "=", window.key).executeTakeFirst();
    const step = row ? toNumber(row.step) : 0;
    if (step <= toStep) throw new AlphaError("invalid_body", `The ladder of “${budget.name}” is at step ${step}: nothing to undo`);
    const changed = await trx
      .updateTable("budget_ladder")
      .set({ step: toStep, undone_through: Math.max(step, toNumber(row?.undone_through)), updated_at: ctx.now().toISOString() })
      .where("budget_id", "=", id)
      .where("period_key", "=", window.key)
      .where("step", "=", step)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new AlphaError("conflict", "The ladder moved meanwhile; look again");
    await writeAudit({ ctx, db: budgetAsTeamsDb(trx), user, input: { action: "ladder.undone", target: `budget ${budget.name}`, change: `${LADDER_STEP_LABELS[step]} → ${LADDER_STEP_LABELS[toStep]} until ${formatIstDateTime(window.resetsAt)}` } });
  });
  const [view] = await viewsOf(ctx, [budget]);
  return view as BudgetView;
}

const credits = (n: number) => `${Math.round(n).toLocaleString("en-IN")} credit${Math.round(n) === 1 ? "" : "s"}`;

/** Admins hear of every budget; a member's budget tells the member too. */
async function tell(ctx: DeskContext, budget: StoredBudget, notice: Omit<Parameters<typeof notifySpend>[0]["input"], "accountId" | "audience">): Promise<void> {
  await notifySpend({ ctx, input: { ...notice, accountId: budget.accountId, audience: "admins" } });
  if (budget.scope.kind === "member") await notifySpend({ ctx, input: { ...notice, accountId: budget.accountId, audience: { userId: budget.scope.userId }, dedupeKey: `${notice.dedupeKey}:member` } });
}

async function checkOne(ctx: DeskContext, budget: StoredBudget): Promise<void> {
  const db = budgetDb({ ctx });
  const now = ctx.now();
  const window = budgetPeriod(budget.period, now);
  const spent = await budgetSpend({ ctx, input: { budget, window } });
  const percent = (spent / budget.limit) * 100;

  // A new period: if the last one crossed a threshold, spend is back under and any ladder is lifted.
  const previous = budgetPeriod(budget.period, new Date(Date.parse(window.startIso) - 1));
  const lastCrossed = await db.selectFrom("budget_crossings").select("percent").where("budget_id", "=", budget.id).where("period_key", "=", previous.key).orderBy("percent", "desc").executeTakeFirst();
  if (lastCrossed && percent < toNumber(lastCrossed.percent)) {
    await tell(ctx, budget, {
      kind: "budget_recovered",
      dedupeKey: `budget:${budget.id}:${window.key}:recovered`,
      title: `${budget.name}: a new ${budget.period} began, spend is back under`,
      body: `Last ${budget.period} reached ${toNumber(lastCrossed.percent)}% of ${credits(budget.limit)}. This ${budget.period} has spent ${credits(spent)} so far; any ladder step is lifted.`,
      link: "/usage",
    });
  }

  const crossedNow = budget.thresholds.filter((t) => percent >= t);
  const fresh: number[] = [];
  for (const t of crossedNow) {
    const inserted = await db
      .insertInto("budget_crossings")
      .values({ budget_id: budget.id, period_key: window.key, percent: t, crossed_at: now.toISOString() })
      .onConflict((oc) => oc.columns(["budget_id", "period_key", "percent"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) fresh.push(t);
  }
  const top = fresh.at(-1);
  if (top !== undefined) {
    await tell(ctx, budget, {
      kind: "budget_threshold",
      dedupeKey: `budget:${budget.id}:${window.key}:${top}`,
      title: `${budget.name}: ${top}% of the ${budget.period}'s budget spent`,
      body: `${credits(spent)} of ${credits(budget.limit)} this ${BUDGET_PERIOD_LABELS[budget.period]}. It resets ${formatIstDateTime(window.resetsAt)}.`,
      link: "/usage",
    });
  }

  if (!budget.hardLimit) return;
  const target = budget.ladderAt.filter((at) => percent >= at).length;
  if (target === 0) return;
  await db
    .insertInto("budget_ladder")
    .values({ budget_id: budget.id, period_key: window.key, account_id: budget.accountId, scope_kind: budget.scope.kind, scope_id: scopeIdOf(budget.scope), budget_name: budget.name, step: 0, undone_through: 0, resets_at: window.resetsAt, updated_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["budget_id", "period_key"]).doNothing())
    .execute();
  // One conditional update: of all instances checking at once, one moves the step and logs it.
  const moved = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("budget_ladder")
      .set({ step: target, updated_at: now.toISOString() })
      .where("budget_id", "=", budget.id)
      .where("period_key", "=", window.key)
      .where("step", "<", target)
      .where("undone_through", "<", target)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await writeAudit({ ctx, db: budgetAsTeamsDb(trx), user: DESK_ACTOR, input: { action: "ladder.step", target: `budget ${budget.name}`, change: `${LADDER_STEP_LABELS[target]} at ${Math.floor(percent)}% (${credits(spent)} of ${credits(budget.limit)})` } });
    return true;
  });
  if (moved) {
    await tell(ctx, budget, {
      kind: "budget_ladder",
      dedupeKey: `budget:${budget.id}:${window.key}:step${target}`,
      title: `${budget.name}: ${LADDER_STEP_LABELS[target]}`,
      body: `Spend reached ${Math.floor(percent)}% of ${credits(budget.limit)}. It lifts when the ${budget.period} ends (${formatIstDateTime(window.resetsAt)}) or when an admin undoes it on the Usage page.`,
      link: "/usage",
    });
  }
}

/** Checks every budget now: thresholds, the new period's notice, the ladder. Safe to run on every instance at once. */
export async function runBudgetChecks({ ctx }: { ctx: DeskContext }): Promise<void> {
  for (const budget of await allBudgets(ctx)) {
    try {
      await checkOne(ctx, budget);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "budget check", budget: budget.id, error: error instanceof Error ? error.message : String(error) }));
    }
  }
}

const NUDGE_DELAY_MS = 1_000;
const nudges = new WeakSet<DeskContext>();

/**
 * After a paid answer: this process checks the budgets within a second instead of at the next quarter-minute job,
 * so a hard limit's ladder follows the spend closely. Best effort (the job is the guarantee), one pending per process.
 */
export function nudgeBudgetChecks({ ctx }: { ctx: DeskContext }): void {
  if (nudges.has(ctx)) return;
  nudges.add(ctx);
  const timer = setTimeout(() => {
    void runBudgetChecks({ ctx })
      .catch(() => undefined)
      .finally(() => nudges.delete(ctx));
  }, NUDGE_DELAY_MS);
  timer.unref?.();
}

/** Passes an answer of the desk's Alpha routes on, nudging the budget checks when it was charged for. */
export function afterPaidAnswer({ ctx, response }: { ctx: DeskContext; response: Response }): Response {
  if (Number(response.headers.get("x-credits-charged") ?? "0") > 0) nudgeBudgetChecks({ ctx });
  return response;
}

/** Ladder rows of periods that ended: the guard ignores them already; the sweep keeps the table small. */
export async function sweepBudgetLadder({ ctx }: { ctx: DeskContext }): Promise<number> {
  const result = await budgetDb({ ctx }).deleteFrom("budget_ladder").where("resets_at", "<", sql<string>`${new Date(ctx.now().getTime() - 40 * DAY_MS).toISOString()}`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
