import "server-only";
/**
 * Desk users: the first admin, admins' management, password changes. Never the last active admin demoted or disabled,
 * never the actor; a role change, disabling or a password change ends every session of that user.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { z } from "zod";
import { AlphaError, fieldErrorsFromZod } from "@/lib/alpha/errors";
import type { ChangePasswordInput, CreateUserInput, NewUserInput, UpdateUserInput } from "@/lib/desk/users";
import { changePasswordInputSchema, createUserInputSchema, newUserInputSchema, updateUserInputSchema } from "@/lib/desk/users";
import type { DeskContext } from "../core/context";
import type { UserRole, UsersTable } from "../core/db";
import { toNumber } from "../core/db";
import { newId } from "../core/ids";
import { hashPassword, verifyPassword } from "./passwords";
import { reply, type DeskReply } from "../core/reply";
import { endUserSessions, isSecureUrl, mintSessionCookie, SESSION_MAX_AGE_SECONDS } from "./session";
import { SIGN_IN_POLICY } from "./sign-in";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  /** Signed in with a temporary password: nothing but the password change until a new one is set. */
  mustChangePassword?: boolean;
}

export interface UserSummary extends SessionUser {
  disabled: boolean;
  createdAt: string;
  /** Whether the user has stored an Alpha key (never the key). */
  hasKey: boolean;
  /** Failed sign-ins on this account still remembered (lib/server/identity/sign-in.ts); an admin can clear them. */
  failedSignIns: number;
  /** Holds a temporary password an admin issued, not yet changed. */
  mustChangePassword: boolean;
}

export const USER_ROLES = ["admin", "member"] as const satisfies readonly UserRole[];
export { PASSWORD_MIN_LENGTH } from "@/lib/desk/users";

// The bodies' schemas are the desk's contract (lib/desk/users.ts): the browser's forms check with the same ones.
export { changePasswordInputSchema, createUserInputSchema, newUserInputSchema, updateUserInputSchema } from "@/lib/desk/users";
export type { ChangePasswordInput, CreateUserInput, NewUserInput, UpdateUserInput } from "@/lib/desk/users";

const FIRST_ADMIN_MARK = "first_admin_user_id";

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = fieldErrorsFromZod(parsed.error);
  const first = Object.entries(fields)[0];
  throw new AlphaError("invalid_body", first ? `'${first[0]}' ${first[1][0]}` : "Invalid request body", { details: { fields } });
}

type UserRow = Pick<UsersTable, "id" | "email" | "name" | "role" | "disabled" | "created_at" | "must_change_password"> & {
  has_key?: unknown;
  failed_sign_ins?: unknown;
};

function toSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: toNumber(row.disabled) === 1,
    createdAt: row.created_at,
    hasKey: toNumber(row.has_key) > 0,
    failedSignIns: toNumber(row.failed_sign_ins),
    mustChangePassword: toNumber(row.must_change_password) === 1,
  };
}

function selectUsers(ctx: DeskContext) {
  const since = new Date(ctx.now().getTime() - SIGN_IN_POLICY.windowMs).toISOString();
  return ctx.db
    .selectFrom("users")
    .leftJoin("alpha_keys", "alpha_keys.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.role", "users.disabled", "users.created_at", "users.must_change_password"])
    .select(sql<number>`CASE WHEN alpha_keys.user_id IS NULL THEN 0 ELSE 1 END`.as("has_key"))
    .select((eb) =>
      eb
        .selectFrom("sign_in_failures")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("sign_in_failures.email", "=", "users.email")
        .where("sign_in_failures.attempted_at", ">=", since)
        .as("failed_sign_ins"),
    );
}

function requireAdminActor(actor: SessionUser): void {
  if (actor.role !== "admin") throw new AlphaError("forbidden", "Only admins can manage users");
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint/i.test(String(e?.message));
}

export async function countUsers({ ctx }: { ctx: DeskContext }): Promise<number> {
  const c = ctx;
  const row = await c.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toNumber(row?.n);
}

export async function getUserById({ ctx, id }: { ctx: DeskContext; id: string }): Promise<UserSummary | null> {
  const c = ctx;
  const row = await selectUsers(c).where("users.id", "=", id).executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function listUsers({ ctx, user: actor }: { ctx: DeskContext; user: SessionUser }): Promise<UserSummary[]> {
  requireAdminActor(actor);
  const c = ctx;
  const rows = await selectUsers(c).orderBy("users.created_at").orderBy("users.email").execute();
  return rows.map(toSummary);
}

function newUserRow(ctx: DeskContext, input: Pick<z.output<typeof createUserInputSchema>, "email" | "name" | "role">, passwordHash: string, temporary = false): UsersTable {
  const now = ctx.now().toISOString();
  const id = newId("usr");
  return { id, email: input.email, name: input.name, password_hash: passwordHash, role: input.role, disabled: 0, created_at: now, updated_at: now, must_change_password: temporary ? 1 : 0, confirm_threshold: null };
}

/**
 * The first user of a fresh install becomes admin. Atomic: the transaction claims a one-row mark first, so of two
 * concurrent sign-ups exactly one commits and the other gets 409 setup_complete.
 */
export async function createFirstAdmin({ ctx, input }: { ctx: DeskContext; input: NewUserInput }): Promise<UserSummary> {
  const c = ctx;
  const parsed = parseOrThrow(newUserInputSchema, input);
  const passwordHash = await hashPassword(parsed.password);
  const row = newUserRow(c, { ...parsed, role: "admin" }, passwordHash);
  const done = () => new AlphaError("setup_complete", "This desk is already set up; ask an admin to add you");
  try {
    await c.db.transaction().execute(async (trx) => {
      await trx.insertInto("desk_meta").values({ key: FIRST_ADMIN_MARK, value: row.id }).execute();
      const existing = await trx.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      if (toNumber(existing?.n) > 0) throw done();
      await trx.insertInto("users").values(row).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw done();
    throw error;
  }
  return toSummary({ ...row, has_key: 0 });
}

/** A user an admin adds; with `temporaryPassword` (the admin typed it) they must choose their own at first sign-in. */
export async function createUser({ ctx, user: actor, input, temporaryPassword = false }: { ctx: DeskContext; user: SessionUser; input: CreateUserInput; temporaryPassword?: boolean }): Promise<UserSummary> {
  requireAdminActor(actor);
  const c = ctx;
  const parsed = parseOrThrow(createUserInputSchema, input);
  const row = newUserRow(c, parsed, await hashPassword(parsed.password), temporaryPassword);
  try {
    await c.db.insertInto("users").values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlphaError("email_taken", `A user with the email ${parsed.email} already exists`);
    throw error;
  }
  return toSummary({ ...row, has_key: 0 });
}

/** Role and/or disabled flag of one user, in one transaction that keeps at least one active admin. */
export async function updateUser({ ctx, user: actor, userId, input }: { ctx: DeskContext; user: SessionUser; userId: string; input: UpdateUserInput }): Promise<UserSummary> {
  requireAdminActor(actor);
  const c = ctx;
  const change = parseOrThrow(updateUserInputSchema, input);
  if (userId === actor.id && (change.role === "member" || change.disabled === true)) {
    throw new AlphaError("cannot_change_self", "You cannot demote or disable yourself; ask another admin");
  }
  await c.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom("users").select(["id", "role", "disabled"]).where("id", "=", userId).executeTakeFirst();
    if (!target) throw new AlphaError("not_found", "No such user");
    const staysActiveAdmin = (change.role ?? target.role) === "admin" && !(change.disabled ?? toNumber(target.disabled) === 1);
    const isActiveAdmin = target.role === "admin" && toNumber(target.disabled) === 0;
    if (isActiveAdmin && !staysActiveAdmin) {
      const others = await trx
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("role", "=", "admin")
        .where("disabled", "=", 0)
        .where("id", "!=", userId)
        .executeTakeFirst();
      if (toNumber(others?.n) === 0) throw new AlphaError("last_admin", "The desk needs at least one active admin; promote someone else first");
    }
    await trx
      .updateTable("users")
      .set({
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.disabled !== undefined ? { disabled: change.disabled ? 1 : 0 } : {}),
        updated_at: c.now().toISOString(),
      })
      .where("id", "=", userId)
      .execute();
    // A new role or a disabled account applies to every open session at once: they end.
    if ((change.role !== undefined && change.role !== target.role) || change.disabled === true) await endUserSessions(trx, userId);
  });
  const updated = await getUserById({ id: userId, ctx: c });
  if (!updated) throw new AlphaError("not_found", "No such user");
  return updated;
}

export function setUserRole({ ctx, user, userId, role }: { ctx: DeskContext; user: SessionUser; userId: string; role: UserRole }): Promise<UserSummary> {
  return updateUser({ ctx, user, userId, input: { role } });
}

export function setUserDisabled({ ctx, user, userId, disabled }: { ctx: DeskContext; user: SessionUser; userId: string; disabled: boolean }): Promise<UserSummary> {
  return updateUser({ ctx, user, userId, input: { disabled } });
}


/** A user sets a new password, proving the current one; every session of theirs ends (the caller may open a fresh one). */
export async function changeOwnPassword({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ChangePasswordInput }): Promise<void> {
  const c = ctx;
  const parsed = parseOrThrow(changePasswordInputSchema, input);
  const row = await c.db.selectFrom("users").select(["password_hash", "disabled"]).where("id", "=", user.id).executeTakeFirst();
  if (!row || toNumber(row.disabled) === 1) throw new AlphaError("not_signed_in", "Sign in to continue");
  if (!(await verifyPassword(row.password_hash, parsed.currentPassword))) {
    throw new AlphaError("wrong_password", "The current password is not right.", { details: { fields: { currentPassword: ["is not right"] } } });
  }
  if (parsed.newPassword === parsed.currentPassword) {
    throw new AlphaError("invalid_body", "'newPassword' must differ from the current one", { details: { fields: { newPassword: ["must differ from the current one"] } } });
  }
  const hash = await hashPassword(parsed.newPassword);
  await c.db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash, must_change_password: 0, updated_at: c.now().toISOString() }).where("id", "=", user.id).execute();
    await endUserSessions(trx, user.id);
  });
}

/** The password change as the user asks for it: every session ends and this browser gets a fresh one. */
export async function changePassword({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ChangePasswordInput }): Promise<DeskReply<{ changed: true }>> {
  await changeOwnPassword({ ctx, user, input });
  const cookie = await mintSessionCookie({ ctx, user });
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${SESSION_MAX_AGE_SECONDS}`, ...(isSecureUrl(ctx.config.deskUrl) ? ["Secure"] : [])];
  return reply({ changed: true as const }, { headers: { "Set-Cookie": `${cookie}; ${attributes.join("; ")}` } });
}

/**
 * An admin gives a user a temporary password (shown once, to the admin): the old one stops working, every session
 * of the user ends, failed sign-ins are forgotten, and the user must choose a new password at first sign-in.
 */
export async function issueTemporaryPassword({ ctx, user: actor, userId }: { ctx: DeskContext; user: SessionUser; userId: string }): Promise<{ temporaryPassword: string }> {
  requireAdminActor(actor);
  const c = ctx;
  const target = await c.db.selectFrom("users").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!target) throw new AlphaError("not_found", "No such user");
  if (target.id === actor.id) throw new AlphaError("cannot_change_self", "Change your own password under Settings instead");
  const temporaryPassword = randomBytes(12).toString("base64url");
  const hash = await hashPassword(temporaryPassword);
  await c.db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash, must_change_password: 1, updated_at: c.now().toISOString() }).where("id", "=", userId).execute();
    await endUserSessions(trx, userId);
    await trx.deleteFrom("sign_in_failures").where("email", "=", target.email).execute();
  });
  return { temporaryPassword };
}
