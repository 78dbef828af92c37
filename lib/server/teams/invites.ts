import "server-only";
/**
 * Invites: a one-time token kept only as its hash, its link's token in the fragment (never in a log or a Referer).
 * Accepting claims it with one conditional UPDATE, so a link signs up exactly one person even when used twice at once.
 */
import { formatIstDateTime } from "@/lib/format/time";
import { createHash, randomBytes } from "node:crypto";
import { AlphaError } from "@/lib/alpha/errors";
import type { AcceptInviteInput, CreateInviteInput, Invite } from "@/lib/desk/teams";
import { acceptInviteInputSchema, createInviteInputSchema, INVITE_TTL_HOURS } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import { newId } from "../core/ids";
import type { SessionUser, UserSummary } from "../identity/users";
import { createUser, parseOrThrow } from "../identity/users";
import { requireAdmin, writeAudit } from "./audit";
import { writeSeat } from "./members";
import { toSeat } from "./seats";
import type { InvitesTable } from "../core/teams-tables";
import { teamsDb } from "../core/teams-tables";

export function inviteTokenHash(token: string): string {
  return createHash("sha256").update(`desk-invite:${token}`).digest("hex");
}

function toInvite(row: InvitesTable & { used_by_email?: string | null }): Invite {
  return {
    id: row.id,
    role: row.role,
    seat: toSeat(row),
    note: row.note,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    usedBy: row.used_by_email ?? null,
    revokedAt: row.revoked_at ?? null,
  };
}

export async function createInvite({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { invite: CreateInviteInput; origin: string } }): Promise<Invite & { url: string }> {
  requireAdmin(user);
  const parsed = parseOrThrow(createInviteInputSchema, input.invite);
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  const row: InvitesTable = {
    id: newId("inv"),
    token_hash: inviteTokenHash(token),
    role: parsed.role,
    daily_allowance: parsed.dailyAllowance,
    actions: JSON.stringify([...new Set(parsed.actions)]),
    note: parsed.note,
    created_by: user.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000).toISOString(),
    used_at: null,
    used_by: null,
    revoked_at: null,
  };
  await teamsDb({ ctx }).transaction().execute(async (trx) => {
    await trx.insertInto("invites").values(row).execute();
    const allowance = parsed.dailyAllowance === null ? "no allowance" : `${parsed.dailyAllowance} credits a day`;
    await writeAudit({ ctx, db: trx, user, input: { action: "invite.created", target: parsed.note || "invite link", change: `${parsed.role}, ${allowance}, expires ${formatIstDateTime(row.expires_at)}` } });
  });
  const origin = (ctx.config.deskUrl ?? input.origin).replace(/\/+$/, "");
  return { ...toInvite(row), url: `${origin}/join#${token}` };
}

export async function listInvites({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<Invite[]> {
  requireAdmin(user);
  const rows = await teamsDb({ ctx })
    .selectFrom("invites")
    .leftJoin("users", "users.id", "invites.used_by")
    .selectAll("invites")
    .select("users.email as used_by_email")
    .orderBy("invites.created_at", "desc")
    .limit(100)
    .execute();
  return rows.map(toInvite);
}

/** Revokes an open invite: its link signs nobody up from now on. A used or unknown one is a 404. */
export async function revokeInvite({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { id: string } }): Promise<Invite> {
  requireAdmin(user);
  const now = ctx.now().toISOString();
  return teamsDb({ ctx }).transaction().execute(async (trx) => {
    const revoked = await trx.updateTable("invites").set({ revoked_at: now }).where("id", "=", input.id).where("used_at", "is", null).where("revoked_at", "is", null).executeTakeFirst();
    const row = await trx.selectFrom("invites").selectAll().where("id", "=", input.id).executeTakeFirst();
    if (!row || (Number(revoked.numUpdatedRows) !== 1 && !row.revoked_at)) throw new AlphaError("not_found", "No open invite with this id: it was used already, or never existed");
    if (Number(revoked.numUpdatedRows) === 1) await writeAudit({ ctx, db: trx, user, input: { action: "invite.revoked", target: row.note || "invite link", change: `${row.role} invite revoked` } });
    return toInvite(row);
  });
}

const INVALID = "This invite link is not valid: it was used already, was revoked, has expired, or was copied incompletely. Ask your admin for a new one.";

export async function acceptInvite({ ctx, input }: { ctx: DeskContext; input: AcceptInviteInput }): Promise<UserSummary> {
  const parsed = parseOrThrow(acceptInviteInputSchema, input);
  const db = teamsDb({ ctx });
  const now = ctx.now().toISOString();
  const hash = inviteTokenHash(parsed.token);
  const claimed = await db
    .updateTable("invites")
    .set({ used_at: now })
    .where("token_hash", "=", hash)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    // An invite acts on its maker's authority at the moment of use: once they are no admin, or disabled, it is void.
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("users").select("users.id").whereRef("users.id", "=", "invites.created_by").where("users.role", "=", "admin").where("users.disabled", "=", 0)),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AlphaError("invite_invalid", INVALID);
  const invite = await db.selectFrom("invites").selectAll().where("token_hash", "=", hash).executeTakeFirstOrThrow();
  const inviter = await db.selectFrom("users").select(["id", "email", "name", "role"]).where("id", "=", invite.created_by).executeTakeFirst();
  let created: UserSummary;
  try {
    // The invite is the admin's act: the user is created on their authority.
    if (!inviter) throw new AlphaError("invite_invalid", INVALID);
    const actor: SessionUser = { ...inviter, role: "admin" };
    created = await createUser({ ctx, user: actor, input: { email: parsed.email, name: parsed.name, password: parsed.password, role: invite.role } });
  } catch (error) {
    // Nobody signed up: the link stays usable (an email already taken, say).
    await db.updateTable("invites").set({ used_at: null }).where("id", "=", invite.id).execute();
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("invites").set({ used_by: created.id }).where("id", "=", invite.id).execute();
    await writeSeat({ ctx, db: trx, input: { userId: created.id, seat: toSeat(invite) } });
    await writeAudit({ ctx, db: trx, user: created, input: { action: "invite.accepted", target: `${created.name} <${created.email}>`, change: `joined as ${invite.role} through an invite` } });
  });
  return created;
}
