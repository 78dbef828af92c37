import "server-only";
/**
 * Email + password sign-in with throttling (the Credentials provider of lib/server/auth.ts calls `authenticate`).
 * Failures are counted per email and per client IP over 15 minutes: from the 3rd on, every attempt waits 1 s more
 * (capped at 5 s); the 8th within 15 minutes locks the email for 15 minutes ("Too many failed sign-ins. Try again
 * in N minutes."). The per-IP counter uses wider limits (10 and 30) so one address cannot try many emails.
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "./context";
import type { DeskDb } from "./db";
import { getDeskContext } from "./default-context";
import { newId } from "./ids";
import { verifyAgainstNothing, verifyPassword } from "./passwords";
import type { SessionUser } from "./users";

export const SIGN_IN_POLICY = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  email: { slowAfter: 3, lockAfter: 8 },
  ip: { slowAfter: 10, lockAfter: 30 },
} as const;

export interface SignInInput {
  email: string;
  password: string;
  /** Client address when known; no per-IP counting without it. */
  ip?: string | null;
}

type Counter = { column: "email" | "ip"; value: string; slowAfter: number; lockAfter: number };

async function recentFailures(db: DeskDb, counter: Counter, now: Date, limit: number): Promise<number[]> {
  const since = new Date(now.getTime() - SIGN_IN_POLICY.windowMs - SIGN_IN_POLICY.lockMs).toISOString();
  const rows = await db
    .selectFrom("sign_in_failures")
    .select("attempted_at")
    .where(counter.column, "=", counter.value)
    .where("attempted_at", ">=", since)
    .orderBy("attempted_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => Date.parse(r.attempted_at));
}

/** When the counter is locked: `lockAfter` failures within the window, the latest less than lockMs ago. */
function lockedUntil(failures: number[], counter: Counter, now: Date): number | null {
  const latest = failures[0];
  const oldest = failures[counter.lockAfter - 1];
  if (latest === undefined || oldest === undefined) return null;
  if (latest - oldest > SIGN_IN_POLICY.windowMs) return null;
  const until = latest + SIGN_IN_POLICY.lockMs;
  return until > now.getTime() ? until : null;
}

function delayFor(failures: number[], counter: Counter, now: Date, ctx: DeskContext): number {
  const n = failures.filter((t) => t >= now.getTime() - SIGN_IN_POLICY.windowMs).length;
  if (n < counter.slowAfter) return 0;
  return Math.min((n - counter.slowAfter + 1) * ctx.config.signInDelayStepMs, ctx.config.signInDelayMaxMs);
}

function lockedError(until: number, now: Date): AlphaError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AlphaError("too_many_attempts", `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
    retryAfter: seconds,
  });
}

function countersOf(input: SignInInput, email: string): Counter[] {
  const counters: Counter[] = [{ column: "email", value: email, ...SIGN_IN_POLICY.email }];
  const ip = input.ip?.trim();
  if (ip) counters.push({ column: "ip", value: ip.slice(0, 64), ...SIGN_IN_POLICY.ip });
  return counters;
}

/** Checks an email and password; throws invalid_credentials, user_disabled or too_many_attempts. */
export async function authenticate(input: SignInInput, ctx?: DeskContext): Promise<SessionUser> {
  const c = ctx ?? (await getDeskContext());
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const counters = countersOf(input, email);

  const before = c.now();
  let delay = 0;
  for (const counter of counters) {
    const failures = await recentFailures(c.db, counter, before, Math.max(counter.lockAfter, 50));
    const until = lockedUntil(failures, counter, before);
    if (until !== null) throw lockedError(until, before);
    delay = Math.max(delay, delayFor(failures, counter, before, c));
  }
  if (delay > 0) await c.sleep(delay);

  const user = email ? await c.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst() : undefined;
  const ok = user ? await verifyPassword(user.password_hash, input.password) : (await verifyAgainstNothing(input.password), false);
  if (!user || !ok) {
    const now = c.now();
    await c.db
      .insertInto("sign_in_failures")
      .values({ id: newId("sif"), email, ip: counters[1]?.value ?? "", attempted_at: now.toISOString() })
      .execute();
    await c.db.deleteFrom("sign_in_failures").where("attempted_at", "<", new Date(now.getTime() - 86_400_000).toISOString()).execute();
    for (const counter of counters) {
      const until = lockedUntil(await recentFailures(c.db, counter, now, counter.lockAfter), counter, now);
      if (until !== null) throw lockedError(until, now);
    }
    throw new AlphaError("invalid_credentials", "Wrong email or password.");
  }
  if (user.disabled === 1 || String(user.disabled) === "1") {
    throw new AlphaError("user_disabled", "This account is disabled. Ask an admin of this desk to enable it.");
  }
  await c.db.deleteFrom("sign_in_failures").where("email", "=", email).execute();
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
