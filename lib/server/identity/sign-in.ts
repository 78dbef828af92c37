import "server-only";
/**
 * Sign-in with throttling: one account from one source, or one source across accounts, waits longer after each failure;
 * one account across sources is only slowed, never refused, so an attacker cannot lock the owner out.
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import type { DeskDb } from "../core/db";
import { toNumber } from "../core/db";
import { newSequentialId } from "../core/ids";
import { verifyAgainstNothing, verifyPassword } from "./passwords";
import type { SessionUser } from "./users";

export const SIGN_IN_POLICY = {
  windowMs: 24 * 60 * 60_000,
  /** The first wait; it doubles with every further failure. */
  baseDelayMs: 1_000,
  maxWaitMs: 15 * 60_000,
  /** One account from one source. */
  pair: { freeFailures: 3 },
  /** One source, whatever the accounts. */
  source: { freeFailures: 10 },
  /** One account from every source: slowed (ctx.config.signInDelay*), never refused. */
  account: { freeFailures: 5 },
} as const;

/** A password check in progress holds its account-and-source slot at most this long (a crashed instance's slot lapses). */
const IN_FLIGHT_TTL_MS = 30_000;

/** Where an address is unknown (a bare `next start` without DESK_TRUST_PROXY): all such attempts share one source. */
export const UNKNOWN_SOURCE = "unknown";

export interface SignInInput {
  email: string;
  password: string;
  /** Client address as lib/server/core/forwarded.ts's clientAddress found it; null when unknown. */
  ip?: string | null;
}

type Scope = { email?: string; ip?: string };

async function failuresOf(db: DeskDb, scope: Scope, since: string): Promise<number[]> {
  let query = db.selectFrom("sign_in_failures").select("attempted_at").where("attempted_at", ">=", since);
  if (scope.email !== undefined) query = query.where("email", "=", scope.email);
  if (scope.ip !== undefined) query = query.where("ip", "=", scope.ip);
  const rows = await query.orderBy("attempted_at", "desc").limit(64).execute();
  return rows.map((r) => Date.parse(r.attempted_at));
}

/** The wait after `count` failures with `free` of them free: 0, then base, 2·base, 4·base… up to maxWaitMs. */
export function waitAfter(count: number, free: number, base: number = SIGN_IN_POLICY.baseDelayMs, max: number = SIGN_IN_POLICY.maxWaitMs): number {
  if (count <= free) return 0;
  return Math.min(base * 2 ** Math.min(count - free - 1, 30), max);
}

function waitError(untilMs: number, now: number, fromHere: boolean): AlphaError {
  const seconds = Math.max(1, Math.ceil((untilMs - now) / 1000));
  const when = seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
  const where = fromHere ? " from this address" : "";
  return new AlphaError("too_many_attempts", `Too many failed sign-ins${where}. Try again in ${when}.`, { retryAfter: seconds });
}

/** Checks an email and password; throws invalid_credentials, user_disabled or too_many_attempts. */
export async function authenticate({ ctx, input }: { ctx: DeskContext; input: SignInInput }): Promise<SessionUser> {
  const c = ctx;
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const ip = input.ip?.trim().slice(0, 64) || UNKNOWN_SOURCE;
  const now = c.now().getTime();
  const since = new Date(now - SIGN_IN_POLICY.windowMs).toISOString();

  // Refused without looking at the password while this source must wait, for this account or for any.
  for (const [scope, free, fromHere] of [
    [{ email, ip }, SIGN_IN_POLICY.pair.freeFailures, false],
    [{ ip }, SIGN_IN_POLICY.source.freeFailures, true],
  ] as const) {
    const failures = await failuresOf(c.db, scope, since);
    const latest = failures[0];
    const until = latest === undefined ? 0 : latest + waitAfter(failures.length, free);
    if (until > now) throw waitError(until, now, fromHere);
  }
  // One password check at a time per account and source, on whichever instances the attempts land (an atomic counter
  // in ctx.shared): guesses sent in parallel would all pass the checks above before any failure is written.
  const slot = `sign-in:${email}|${ip}`;
  if ((await c.shared.increment(slot, IN_FLIGHT_TTL_MS)) > 1) {
    await c.shared.increment(slot, IN_FLIGHT_TTL_MS, -1);
    throw new AlphaError("too_many_attempts", "A sign-in to this account from this address is already being checked. Try again in a moment.", { retryAfter: 1 });
  }
  try {
    return await checkPassword(c, email, ip, input.password);
  } finally {
    await c.shared.increment(slot, IN_FLIGHT_TTL_MS, -1);
  }
}

async function checkPassword(c: DeskContext, email: string, ip: string, password: string): Promise<SessionUser> {
  const since = new Date(c.now().getTime() - SIGN_IN_POLICY.windowMs).toISOString();
  // The account across sources: slowed, never refused.
  const accountFailures = (await failuresOf(c.db, { email }, since)).length;
  const slow = Math.min(waitAfter(accountFailures, SIGN_IN_POLICY.account.freeFailures, c.config.signInDelayStepMs, c.config.signInDelayMaxMs), c.config.signInDelayMaxMs);
  if (slow > 0) await c.sleep(slow);

  const user = email ? await c.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst() : undefined;
  const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyAgainstNothing(password), false);
  if (!user || !ok) {
    const at = c.now();
    await c.db.insertInto("sign_in_failures").values({ id: newSequentialId("sif", at.getTime()), email, ip, attempted_at: at.toISOString() }).execute();
    await c.db.deleteFrom("sign_in_failures").where("attempted_at", "<", new Date(at.getTime() - 86_400_000).toISOString()).execute();
    throw new AlphaError("invalid_credentials", "Wrong email or password.");
  }
  if (toNumber(user.disabled) === 1) {
    throw new AlphaError("user_disabled", "This account is disabled. Ask an admin of this desk to enable it.");
  }
  await c.db.deleteFrom("sign_in_failures").where("email", "=", email).where("ip", "=", ip).execute();
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** Failed sign-ins of an account in the current window (the admin's user list shows them). */
export async function countRecentFailures({ ctx, email }: { ctx: DeskContext; email: string }): Promise<number> {
  const since = new Date(ctx.now().getTime() - SIGN_IN_POLICY.windowMs).toISOString();
  const row = await ctx.db
    .selectFrom("sign_in_failures")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("email", "=", email)
    .where("attempted_at", ">=", since)
    .executeTakeFirst();
  return toNumber(row?.n);
}

/** An admin lifts every wait on an account: its failures from every source are forgotten. */
export async function clearSignInFailures({ ctx, user: actor, userId }: { ctx: DeskContext; user: SessionUser; userId: string }): Promise<{ cleared: number }> {
  if (actor.role !== "admin") throw new AlphaError("forbidden", "Only admins can clear sign-in locks");
  const c = ctx;
  const user = await c.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AlphaError("not_found", "No such user");
  const result = await c.db.deleteFrom("sign_in_failures").where("email", "=", user.email).executeTakeFirst();
  return { cleared: Number(result.numDeletedRows) };
}
