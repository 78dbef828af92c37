import "server-only";
/** Members' role and seat as admins change them, through the users' rules (never the last admin, never oneself), audited. */
import { AlphaError } from "@/lib/alpha/errors";
import type { Seat, UpdateMemberInput } from "@/lib/desk/teams";
import { PAID_ACTION_LABELS, updateMemberInputSchema } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import type { SessionUser, UserSummary } from "../identity/users";
import { createUser, getUserById, parseOrThrow, updateUser } from "../identity/users";
import type { CreateUserInput } from "@/lib/desk/users";
import { createUserInputSchema } from "@/lib/desk/users";
import { requireAdmin, writeAudit } from "./audit";
import { getSeat, toSeat } from "./seats";
import type { TeamsDb } from "../core/teams-tables";
import { teamsDb } from "../core/teams-tables";

export async function writeSeat({ ctx, db, input }: { ctx: DeskContext; db?: TeamsDb; input: { userId: string; seat: Seat } }): Promise<void> {
  const row = { user_id: input.userId, daily_allowance: input.seat.dailyAllowance, actions: JSON.stringify(input.seat.actions), updated_at: ctx.now().toISOString() };
  await (db ?? teamsDb({ ctx }))
    .insertInto("seats")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ daily_allowance: row.daily_allowance, actions: row.actions, updated_at: row.updated_at }))
    .execute();
}

/**
 * Add user, with what an invite carries: the role, the seat (allowance and paid actions), and a temporary password the
 * user must change at their first sign-in.
 */
export async function addMember({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: CreateUserInput }): Promise<UserSummary> {
  requireAdmin(user);
  const parsed = parseOrThrow(createUserInputSchema, input);
  const created = await createUser({ ctx, user, input: parsed, temporaryPassword: parsed.temporaryPassword });
  const seat: Seat = { dailyAllowance: parsed.dailyAllowance, actions: parsed.actions };
  await teamsDb({ ctx }).transaction().execute(async (trx) => {
    await writeSeat({ ctx, db: trx, input: { userId: created.id, seat } });
    await writeAudit({ ctx, db: trx, user, input: { action: "member.added", target: `${created.name} <${created.email}>`, change: `added as ${parsed.role}, ${allowanceWords(seat.dailyAllowance)}, ${actionWords(seat.actions)}` } });
  });
  return created;
}

function allowanceWords(value: number | null): string {
  return value === null ? "no allowance" : `${value} credits a day`;
}

function actionWords(actions: readonly string[]): string {
  return actions.length === 0 ? "no paid actions" : actions.map((a) => PAID_ACTION_LABELS[a as keyof typeof PAID_ACTION_LABELS] ?? a).join("; ");
}

export async function updateMember({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { userId: string; change: UpdateMemberInput } }): Promise<{ user: UserSummary; seat: Seat }> {
  requireAdmin(user);
  const change = parseOrThrow(updateMemberInputSchema, input.change);
  const target = await getUserById({ ctx, id: input.userId });
  if (!target) throw new AlphaError("not_found", "No such user");
  const label = `${target.name} <${target.email}>`;
  if (change.role !== undefined || change.disabled !== undefined) {
    await updateUser({ ctx, user, userId: input.userId, input: { ...(change.role !== undefined ? { role: change.role } : {}), ...(change.disabled !== undefined ? { disabled: change.disabled } : {}) } });
    if (change.role !== undefined && change.role !== target.role) {
      await writeAudit({ ctx, user, input: { action: "member.role", target: label, change: `role ${target.role} → ${change.role}` } });
    }
    if (change.disabled !== undefined && change.disabled !== target.disabled) {
      await writeAudit({ ctx, user, input: { action: change.disabled ? "member.disabled" : "member.enabled", target: label, change: change.disabled ? "disabled" : "enabled" } });
    }
  }
  if (change.dailyAllowance !== undefined || change.actions !== undefined) {
    await teamsDb({ ctx }).transaction().execute(async (trx) => {
      const before = toSeat(await trx.selectFrom("seats").select(["daily_allowance", "actions"]).where("user_id", "=", input.userId).executeTakeFirst());
      const after: Seat = { dailyAllowance: change.dailyAllowance !== undefined ? change.dailyAllowance : before.dailyAllowance, actions: change.actions ? [...new Set(change.actions)] : before.actions };
      await writeSeat({ ctx, db: trx, input: { userId: input.userId, seat: after } });
      if (after.dailyAllowance !== before.dailyAllowance) {
        await writeAudit({ ctx, db: trx, user, input: { action: "member.allowance", target: label, change: `daily allowance ${allowanceWords(before.dailyAllowance)} → ${allowanceWords(after.dailyAllowance)}` } });
      }
      if (after.actions.join(",") !== before.actions.join(",")) {
        await writeAudit({ ctx, db: trx, user, input: { action: "member.actions", target: label, change: `paid actions: ${actionWords(before.actions)} → ${actionWords(after.actions)}` } });
      }
    });
  }
  const updated = await getUserById({ ctx, id: input.userId });
  if (!updated) throw new AlphaError("not_found", "No such user");
  return { user: updated, seat: await getSeat({ ctx, input: { userId: input.userId } }) };
}
