import "server-only";
/**
 * Sign-in: next-auth's credentials provider over the desk's users and sessions, whose refusal is a sentence the form
 * shows as it is; requireUser and requireAdmin guard pages (a member gets the 404 page on an admin's).
 */
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { isAlphaError } from "@/lib/alpha/errors";
import { getDeskContext, getDeskSecrets, getDeskUrl, getForwardedTrust } from "../core/default-context";
import { clientAddress } from "../core/forwarded";
import { createSession, endUserSessions, isSecureUrl, loadSessionUser, resolveSessionUser, SESSION_MAX_AGE_SECONDS, sessionCookieName } from "./session";
import { authenticate } from "./sign-in";
import type { SessionUser } from "./users";

export type { SessionUser } from "./users";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
  }
  interface User {
    role?: SessionUser["role"];
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: SessionUser["role"];
    /** The `sessions` row this cookie stands for (lib/server/identity/session.ts). */
    sid?: string;
  }
}

/** The sign-in's source address: the socket's peer, or what a trusted proxy says (DESK_TRUST_PROXY); never a client's claim. */
function clientIp(headers: Record<string, unknown> | undefined): string | null {
  return clientAddress((name) => {
    const value = headers?.[name];
    return typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : null;
  }, getForwardedTrust());
}

const secure = () => isSecureUrl(getDeskUrl());

export const authOptions: AuthOptions = {
  // Read when a request needs it, so `next build` never touches the data folder.
  get secret() {
    return getDeskSecrets().authSecret;
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  get useSecureCookies() {
    return secure();
  },
  get cookies() {
    return {
      sessionToken: {
        name: sessionCookieName(secure()),
        options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure: secure() },
      },
    };
  },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, req) {
        try {
          const user = await authenticate({
            ctx: await getDeskContext(),
            input: { email: String(credentials?.email ?? ""), password: String(credentials?.password ?? ""), ip: clientIp(req.headers) },
          });
          return { id: user.id, email: user.email, name: user.name, role: user.role };
        } catch (error) {
          // next-auth hands the message to the sign-in page as `error`: only our sentences, never internals.
          throw new Error(isAlphaError(error) ? error.message : "Sign-in failed; try again.");
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        // A successful sign-in opens a server-side session; the cookie only names it.
        token.sub = user.id;
        token.role = user.role;
        token.sid = await createSession({ ctx: await getDeskContext(), userId: user.id });
        return token;
      }
      // A session read through next-auth (useSession) ends as soon as its row is gone, idle, or the user disabled.
      const active = token.sub && token.sid ? await loadSessionUser({ ctx: await getDeskContext(), userId: token.sub, sid: token.sid }) : null;
      if (!active) throw new Error("session ended");
      return { ...token, name: active.name, email: active.email, role: active.role };
    },
    async session({ session, token }) {
      session.user = { id: token.sub ?? "", email: token.email ?? "", name: token.name ?? "", role: token.role ?? "member" };
      return session;
    },
  },
  events: {
    // Signing out ends every session of the user, on every browser: a copied cookie is refused from then on.
    async signOut({ token }) {
      if (token?.sub) await endUserSessions((await getDeskContext()).db, token.sub);
    },
  },
  logger: {
    error(code) {
      if (code !== "JWT_SESSION_ERROR") console.error(JSON.stringify({ level: "error", msg: "next-auth", code }));
    },
    warn(code) {
      console.warn(JSON.stringify({ level: "warn", msg: "next-auth", code }));
    },
    debug() {},
  },
};

/** The signed-in, active user of this request, or null. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const ctx = await getDeskContext();
  const jar = await cookies();
  return resolveSessionUser({ ctx, read: (name) => jar.get(name)?.value });
});

/** The signed-in user; one holding a temporary password is sent to change it first. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  if (user.mustChangePassword) redirect("/change-password");
  return user;
}

/** The signed-in user, temporary password or not (the password change page). */
export async function requireSignedIn(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  return user;
}

export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "admin") notFound();
  return user;
}
