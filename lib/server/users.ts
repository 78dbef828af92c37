import "server-only";
/**
 * Desk users (interface for pages and route handlers; every function takes an optional trailing DeskContext):
 * - countUsers() → number
 * - createFirstAdmin({ email, name, password }) → UserSummary; only on a fresh install, atomically (409 setup_complete)
 * - createUser(actor, { email, name, password, role? }) → UserSummary; admins only (409 email_taken)
 * - listUsers(actor) → UserSummary[]; admins only
 * - setUserRole(actor, userId, role) / setUserDisabled(actor, userId, disabled) → UserSummary; admins only; never
 *   demotes or disables the last active admin (409 last_admin) nor the actor (409 cannot_change_self)
 * - getUserById(id) → UserSummary | null
 */
import { sql } from "kysely";
import { z } from "zod";
import { AlphaError, fieldErrorsFromZod } from "@/lib/alpha/errors";
import type { DeskContext } from "./context";
import type { UserRole, UsersTable } from "./db";
import { toNumber } from "./db";
import { getDeskContext } from "./default-context";
import { newId } from "./ids";
import { precompiled } from "./precompiled";
import { hashPassword } from "./passwords";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
}

export interface UserSummary extends SessionUser {
  disabled: boolean;
  createdAt: string;
  /** Whether the user has stored an Alpha key (never the key). */
  hasKey: boolean;
}

export const USER_ROLES = ["admin", "member"] as const satisfies readonly UserRole[];
export const PASSWORD_MIN_LENGTH = 8;

export const newUserInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ message: "must be an email address" })).pipe(z.string().max(254)),
  name: z.string().trim().min(1, { message: "is required" }).max(100),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(256, { message: "must be at most 256 characters" }),
});
export type NewUserInput = z.input<typeof newUserInputSchema>;
export const createUserInputSchema = newUserInputSchema.extend({ role: z.enum(USER_ROLES).default("member") });
export type CreateUserInput = z.input<typeof createUserInputSchema>;
export const updateUserInputSchema = z
  .object({ role: z.enum(USER_ROLES).optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: "give role or disabled" });
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

const FIRST_ADMIN_MARK = "first_admin_user_id";

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = fieldErrorsFromZod(parsed.error);
  const first = Object.entries(fields)[0];
  throw new AlphaError("invalid_body", first ? `'${first[0]}' ${first[1][0]}` : "Invalid request body", { details: { fields } });
}

type UserRow = Pick<UsersTable, "id" | "email" | "name" | "role" | "disabled" | "created_at"> & { has_key?: unknown };

function toSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: toNumber(row.disabled) === 1,
    createdAt: row.created_at,
    hasKey: toNumber(row.has_key) > 0,
  };
}

function selectUsers(ctx: DeskContext) {
  return ctx.db
    .selectFrom("users")
    .leftJoin("alpha_keys", "alpha_keys.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.role", "users.disabled", "users.created_at"])
    .select(sql<number>`CASE WHEN alpha_keys.user_id IS NULL THEN 0 ELSE 1 END`.as("has_key"));
}

function requireAdminActor(actor: SessionUser): void {
  if (actor.role !== "admin") throw new AlphaError("forbidden", "Only admins can manage users");
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint/i.test(String(e?.message));
}

export async function countUsers(ctx?: DeskContext): Promise<number> {
  const c = ctx ?? (await getDeskContext());
  const row = await c.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toNumber(row?.n);
}

export async function getUserById(id: string, ctx?: DeskContext): Promise<UserSummary | null> {
  const c = ctx ?? (await getDeskContext());
  const row = await selectUsers(c).where("users.id", "=", id).executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function listUsers(actor: SessionUser, ctx?: DeskContext): Promise<UserSummary[]> {
  requireAdminActor(actor);
  const c = ctx ?? (await getDeskContext());
  const rows = await selectUsers(c).orderBy("users.created_at").orderBy("users.email").execute();
  return rows.map(toSummary);
}

function newUserRow(ctx: DeskContext, input: z.output<typeof createUserInputSchema>, passwordHash: string): UsersTable {
  const now = ctx.now().toISOString();
  const id = newId("usr");
  return { id, email: input.email, name: input.name, password_hash: passwordHash, role: input.role, disabled: 0, created_at: now, updated_at: now };
}

/**
 * The first user of a fresh install becomes admin. Atomic: the transaction claims a one-row mark first, so of two
 * concurrent sign-ups exactly one commits and the other gets 409 setup_complete.
 */
export async function createFirstAdmin(input: NewUserInput, ctx?: DeskContext): Promise<UserSummary> {
  const c = ctx ?? (await getDeskContext());
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

export async function createUser(actor: SessionUser, input: CreateUserInput, ctx?: DeskContext): Promise<UserSummary> {
  requireAdminActor(actor);
  const c = ctx ?? (await getDeskContext());
  const parsed = parseOrThrow(createUserInputSchema, input);
  const row = newUserRow(c, parsed, await hashPassword(parsed.password));
  try {
    await c.db.insertInto("users").values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlphaError("email_taken", `A user with the email ${parsed.email} already exists`);
    throw error;
  }
  return toSummary({ ...row, has_key: 0 });
}

/** Role and/or disabled flag of one user, in one transaction that keeps at least one active admin. */
export async function updateUser(actor: SessionUser, userId: string, input: UpdateUserInput, ctx?: DeskContext): Promise<UserSummary> {
  requireAdminActor(actor);
  const c = ctx ?? (await getDeskContext());
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
  });
  const updated = await getUserById(userId, c);
  if (!updated) throw new AlphaError("not_found", "No such user");
  return updated;
}

export function setUserRole(actor: SessionUser, userId: string, role: UserRole, ctx?: DeskContext): Promise<UserSummary> {
  return updateUser(actor, userId, { role }, ctx);
}

export function setUserDisabled(actor: SessionUser, userId: string, disabled: boolean, ctx?: DeskContext): Promise<UserSummary> {
  return updateUser(actor, userId, { disabled }, ctx);
}

const selectSessionUser = precompiled(1, (db: DeskContext["db"], id: string) =>
  db.selectFrom("users").select(["id", "email", "name", "role", "disabled"]).where("id", "=", id),
);

/** The active user behind a session, with their current role; null when unknown or disabled. */
export async function loadActiveUser(ctx: DeskContext, id: string): Promise<SessionUser | null> {
  const [row] = await selectSessionUser(ctx.db, id);
  if (!row || toNumber(row.disabled) === 1) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}
