import "server-only";
/**
 * The budget ladder at a paid call: the engaged step of every budget that covers the call (its account, the member,
 * the feature, the token), read from the database on each call so every instance acts on the same state. Refusals
 * happen before anything is sent upstream: nothing is charged.
 */
import type { EndpointId } from "@/lib/alpha/catalogue";
import { isPaid } from "@/lib/alpha/costs";
import { AlphaError } from "@/lib/alpha/errors";
import { LADDER_STEP_LABELS, type BudgetFeature } from "@/lib/desk/budgets";
import { formatIstDateTime } from "@/lib/format/time";
import type { DeskContext } from "../core/context";
import { budgetDb } from "../core/budget-tables";
import { toNumber } from "../core/db";
import type { SessionUser } from "../identity/users";
import { scopeOf } from "./desk-tokens";

export interface LadderHold {
  budgetId: string;
  budgetName: string;
  step: number;
  resetsAt: string;
}

/** The budget feature a paid endpoint spends in (a scheduled brief is a summary too). */
export function featureOf(id: EndpointId): BudgetFeature | null {
  const scope = scopeOf(id);
  if (scope === "batch") return "batch_jobs";
  if (scope === "summaries") return "summaries";
  return isPaid(id) ? "paid_data" : null;
}

/** The highest engaged step among the budgets covering a call of `userId` (and `tokenId`) in these features. */
export async function ladderHold({ ctx, input }: { ctx: Pick<DeskContext, "db" | "now">; input: { accountId: string; userId: string; tokenId: string | null; features: readonly BudgetFeature[] } }): Promise<LadderHold | null> {
  const rows = await budgetDb({ ctx })
    .selectFrom("budget_ladder")
    .select(["budget_id", "budget_name", "step", "resets_at"])
    .where("account_id", "=", input.accountId)
    .where("step", ">", 0)
    .where("resets_at", ">", ctx.now().toISOString())
    .where((eb) =>
      eb.or([
        eb("scope_kind", "=", "account"),
        eb.and([eb("scope_kind", "=", "member"), eb("scope_id", "=", input.userId)]),
        ...(input.features.length ? [eb.and([eb("scope_kind", "=", "feature"), eb("scope_id", "in", [...input.features])])] : []),
        ...(input.tokenId ? [eb.and([eb("scope_kind", "=", "token"), eb("scope_id", "=", input.tokenId)])] : []),
      ]),
    )
    .execute();
  let top: LadderHold | null = null;
  for (const r of rows) {
    const step = toNumber(r.step);
    if (!top || step > top.step) top = { budgetId: r.budget_id, budgetName: r.budget_name, step, resetsAt: r.resets_at };
  }
  return top;
}

/** The desk's answer to a call the ladder stops: which budget, which step, and when it resets. */
export function ladderRefusal(hold: LadderHold): AlphaError {
  return new AlphaError(
    "budget_exceeded",
    `The budget “${hold.budgetName}” is past its limit (${LADDER_STEP_LABELS[hold.step]?.toLowerCase() ?? `step ${hold.step}`}). Nothing was charged. It resets ${formatIstDateTime(hold.resetsAt)}, or when an admin undoes the step on the Usage page.`,
    { details: { budget: { id: hold.budgetId, name: hold.budgetName }, step: hold.step, resetsAt: hold.resetsAt } },
  );
}

/**
 * What a paid call may still do under a hold: `pass`, or `cache_only` (the desk's cached answer of any age, else the
 * refusal). Step 1 stops new batch jobs; step 2 paid reads beyond the cache; step 3 every paid call but an admin's.
 */
export function ladderVerdict(hold: LadderHold | null, user: Pick<SessionUser, "role">, id: EndpointId, method: string): "pass" | "cache_only" {
  if (!hold || !isPaid(id)) return "pass";
  if (hold.step >= 1 && id === "createBatchJob") return "cache_only";
  if (hold.step >= 3 && user.role !== "admin") return "cache_only";
  if (hold.step >= 2 && method === "GET") return "cache_only";
  return "pass";
}

/** Whether scheduled briefs of this user on this account are paused by a budget's ladder (step 1 or higher). */
export async function briefsPausedBy({ ctx, input }: { ctx: Pick<DeskContext, "db" | "now">; input: { accountId: string; userId: string } }): Promise<LadderHold | null> {
  return ladderHold({ ctx, input: { ...input, tokenId: null, features: ["scheduled_briefs", "summaries"] } });
}
