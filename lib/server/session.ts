import "server-only";
/**
 * Reads the next-auth session cookie (an encrypted JWT) and returns the active user behind it. Works on a Request
 * (route handlers, tests, bench) and on next/headers cookies (server components) alike; the user row is looked up
 * on every call, so a disabled user's session stops working at once and role changes apply immediately.
 */
import { decode, encode } from "next-auth/jwt";
import type { DeskContext } from "./context";
import type { SessionUser } from "./users";
import { loadActiveUser } from "./users";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

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

// Decrypting a token derives its key (HKDF) every time: remember recent tokens' subjects for a minute.
const DECODED_TTL_MS = 60_000;
const DECODED_MAX = 2_000;
const decoded = new WeakMap<DeskContext, Map<string, { sub: string | null; until: number }>>();

async function subjectOf(ctx: DeskContext, token: string): Promise<string | null> {
  let memo = decoded.get(ctx);
  if (!memo) decoded.set(ctx, (memo = new Map()));
  const now = Date.now();
  const hit = memo.get(token);
  if (hit && hit.until > now) return hit.sub;
  let sub: string | null = null;
  let until = now + DECODED_TTL_MS;
  try {
    const payload = await decode({ token, secret: ctx.secrets.authSecret });
    sub = typeof payload?.sub === "string" ? payload.sub : null;
    if (typeof payload?.exp === "number") until = Math.min(until, payload.exp * 1000);
  } catch {
    sub = null;
  }
  if (memo.size >= DECODED_MAX) memo.clear();
  memo.set(token, { sub, until });
  return sub;
}

export async function resolveSessionUser(ctx: DeskContext, read: CookieReader): Promise<SessionUser | null> {
  const token = readToken(read, sessionCookieName(isSecureUrl(ctx.config.deskUrl)));
  if (!token) return null;
  const id = await subjectOf(ctx, token);
  // The user row is read every time: disabling a user or changing a role applies at once.
  return id ? loadActiveUser(ctx, id) : null;
}

/** A session cookie for a user, as next-auth would set it; for scripts, tests and the bench. */
export async function mintSessionCookie(ctx: DeskContext, user: SessionUser): Promise<string> {
  const token = await encode({
    token: { sub: user.id, name: user.name, email: user.email, role: user.role },
    secret: ctx.secrets.authSecret,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return `${sessionCookieName(isSecureUrl(ctx.config.deskUrl))}=${token}`;
}
