import "server-only";
/**
 * The next-auth cookie names a row of `sessions`, and the row is the session: deleting it ends the session at once
 * whatever the cookie says, so a replayed cookie is refused after sign-out, a password or role change, or idling.
 */
import { randomBytes } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import type { DeskContext } from "../core/context";
import type { DeskDb } from "../core/db";
import { toNumber } from "../core/db";
import { precompiled } from "../core/precompiled";
import type { SessionUser } from "./users";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** last_seen_at is written at most this often per session: idle time is measured to within it. */
const TOUCH_EVERY_MS = 60_000;

export function isSecureUrl(url: string | null | undefined): boolean {
  return !!url && url.startsWith("https://");
}

/** next-auth's cookie name: `__Secure-` prefixed when the cookie is Secure. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export type CookieReader = (name: string) => string | undefined;

export function cookieReaderFromHeader(header: string | null): CookieReader {
  const jar = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!jar.has(name)) jar.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return (name) => jar.get(name);
}

/** The token, joined from next-auth's chunks (`name.0`, `name.1`, …) when it was split. */
function readToken(read: CookieReader, name: string): string | undefined {
  const whole = read(name);
  if (whole) return whole;
  let token = "";
  for (let i = 0; ; i++) {
    const chunk = read(`${name}.${i}`);
    if (chunk === undefined) break;
    token += chunk;
  }
  return token || undefined;
}

interface TokenClaims {
  sub: string | null;
  sid: string | null;
}

// Decrypting a token derives its key (HKDF) every time: a token's claims never change, so they are kept until the
// token expires (a refused token for a minute), the least recently used going first. Whether the session still
// exists is asked of the database on every call regardless. One memo per process: each route bundle has its own
// copy of this module.
const REFUSED_TTL_MS = 60_000;
const DECODED_MAX = 10_000;
const DECODED = Symbol.for("alpha-desk.session-claims");
const holder = globalThis as typeof globalThis & { [DECODED]?: WeakMap<DeskContext, Map<string, TokenClaims & { until: number }>> };
const decoded = (holder[DECODED] ??= new WeakMap());

async function claimsOf(ctx: DeskContext, token: string): Promise<TokenClaims> {
  let memo = decoded.get(ctx);
  if (!memo) decoded.set(ctx, (memo = new Map()));
  const now = Date.now();
  const hit = memo.get(token);
  if (hit && hit.until > now) {
    memo.delete(token);
    memo.set(token, hit);
    return hit;
  }
  let claims: TokenClaims = { sub: null, sid: null };
  let until = now + REFUSED_TTL_MS;
  try {
    const payload = await decode({ token, secret: ctx.secrets.authSecret });
    claims = { sub: typeof payload?.sub === "string" ? payload.sub : null, sid: typeof payload?.sid === "string" ? payload.sid : null };
    // next-auth's tokens always carry exp; one without is kept for the minute a refused one is.
    if (typeof payload?.exp === "number") until = payload.exp * 1000;
  } catch {
    // not ours, or tampered with: nobody
  }
  memo.delete(token);
  while (memo.size >= DECODED_MAX) memo.delete(memo.keys().next().value!);
  memo.set(token, { ...claims, until });
  return claims;
}

/** A new session row for a user who just proved who they are; its id goes into the cookie. */
export async function createSession({ ctx, userId }: { ctx: DeskContext; userId: string }): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  const now = ctx.now().toISOString();
  await ctx.db.insertInto("sessions").values({ id, user_id: userId, created_at: now, last_seen_at: now }).execute();
  return id;
}

/** Ends every session of a user at once (sign-out, password change, role change, disabled). */
export async function endUserSessions(db: DeskDb, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

const selectSession = precompiled(2, (db: DeskDb, sid: string, userId: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.name", "users.role", "users.disabled", "users.must_change_password", "sessions.last_seen_at"])
    .where("sessions.id", "=", sid)
    .where("sessions.user_id", "=", userId),
);

/** The active user of a live session, touching it; null (and the row gone) when it ended, idled out or the user is disabled. */
export async function loadSessionUser({ ctx, userId, sid }: { ctx: DeskContext; userId: string; sid: string }): Promise<SessionUser | null> {
  const [row] = await selectSession(ctx.db, sid, userId);
  if (!row || toNumber(row.disabled) === 1) return null;
  const now = ctx.now().getTime();
  const idle = now - Date.parse(row.last_seen_at);
  if (idle > ctx.config.sessionIdleMs) {
    await ctx.db.deleteFrom("sessions").where("id", "=", sid).execute();
    return null;
  }
  if (idle > TOUCH_EVERY_MS) await ctx.db.updateTable("sessions").set({ last_seen_at: new Date(now).toISOString() }).where("id", "=", sid).execute();
  return { id: row.id, email: row.email, name: row.name, role: row.role, ...(toNumber(row.must_change_password) === 1 ? { mustChangePassword: true } : {}) };
}

/** The session named by a cookie, or nulls. */
export async function readSessionCookie({ ctx, read }: { ctx: DeskContext; read: CookieReader }): Promise<TokenClaims> {
  const token = readToken(read, sessionCookieName(isSecureUrl(ctx.config.deskUrl)));
  return token ? claimsOf(ctx, token) : { sub: null, sid: null };
}

export async function resolveSessionUser({ ctx, read }: { ctx: DeskContext; read: CookieReader }): Promise<SessionUser | null> {
  const { sub, sid } = await readSessionCookie({ ctx, read });
  // A cookie without a session id (or of a session that ended) is nobody.
  return sub && sid ? loadSessionUser({ ctx, userId: sub, sid }) : null;
}

/** A session and its cookie for a user, as next-auth would set it; for scripts, tests, the bench and a password change. */
export async function mintSessionCookie({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<string> {
  const sid = await createSession({ ctx, userId: user.id });
  const token = await encode({
    token: { sub: user.id, sid, name: user.name, email: user.email, role: user.role },
    secret: ctx.secrets.authSecret,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return `${sessionCookieName(isSecureUrl(ctx.config.deskUrl))}=${token}`;
}
