import { deskRoute } from "../routes";
import { encode } from "next-auth/jwt";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { DeskContext } from "../core/context";
import { cookieReaderFromHeader, createSession, endUserSessions, mintSessionCookie, resolveSessionUser, sessionCookieName } from "./session";
import { authenticate } from "./sign-in";
import type { TestDesk } from "@/test/support/desk";
import { createTestDesk, makeUser } from "@/test/support/desk";
import { setUserDisabled, setUserRole, type UserSummary } from "./users";

const desks: TestDesk[] = [];
afterAll(async () => {
  await Promise.all(desks.map((d) => d.close()));
});

async function desk(options: Parameters<typeof createTestDesk>[0] = {}): Promise<DeskContext> {
  const d = await createTestDesk(options);
  desks.push(d);
  return d.ctx;
}

/** A member on a fresh desk, signed in twice (two browsers). */
async function memberSignedInTwice() {
  const ctx = await desk();
  const user = await makeUser(ctx);
  return { ctx, user, cookies: [await mintSessionCookie({ ctx, user }), await mintSessionCookie({ ctx, user })] as const };
}

const who = (ctx: DeskContext, cookie: string) => resolveSessionUser({ ctx, read: cookieReaderFromHeader(cookie) });

function request(cookie: string, path: string, init: { method?: string; body?: unknown } = {}): Request {
  return new Request(new URL(path, "http://desk.test"), {
    method: init.method ?? "GET",
    headers: { cookie, origin: "http://desk.test", "content-type": "application/json" },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

describe("sessions end on the server", () => {
  it("signing out ends every session of the user: a replayed cookie is refused", async () => {
    const { ctx, user, cookies: [laptop, phone] } = await memberSignedInTwice();
    expect(await who(ctx, laptop)).toMatchObject({ id: user.id });
    // What next-auth's signOut event runs (lib/server/identity/auth.ts events.signOut).
    await endUserSessions(ctx.db, user.id);
    expect(await who(ctx, laptop)).toBeNull();
    expect(await who(ctx, phone)).toBeNull();
    // Another user's session is untouched.
    const other = await makeUser(ctx);
    const theirs = await mintSessionCookie({ ctx, user: other });
    await endUserSessions(ctx.db, user.id);
    expect(await who(ctx, theirs)).toMatchObject({ id: other.id });
  });

  it("a role change and disabling a user end their sessions at once", async () => {
    const ctx = await desk();
    const admin = await makeUser(ctx, "admin");
    const member = await makeUser(ctx);
    const cookie = await mintSessionCookie({ ctx, user: member });
    await setUserRole({ user: admin, userId: member.id, role: "admin", ctx });
    expect(await who(ctx, cookie)).toBeNull();
    const again = await mintSessionCookie({ ctx, user: { ...member, role: "admin" } });
    await setUserDisabled({ user: admin, userId: member.id, disabled: true, ctx });
    expect(await who(ctx, again)).toBeNull();
  });

  it("a session unused for the idle time ends; one in use stays", async () => {
    let now = Date.now();
    const ctx = await desk({ now: () => new Date(now), config: { sessionIdleMs: 30 * 60_000 } });
    const user = await makeUser(ctx);
    const cookie = await mintSessionCookie({ ctx, user });
    for (let i = 0; i < 6; i++) {
      now += 20 * 60_000;
      expect(await who(ctx, cookie)).toMatchObject({ id: user.id });
    }
    now += 31 * 60_000;
    expect(await who(ctx, cookie)).toBeNull();
    // And it stays ended.
    now -= 31 * 60_000;
    expect(await who(ctx, cookie)).toBeNull();
  });

  it("a cookie whose token has expired is refused, though the same token was read while it was valid", async () => {
    const ctx = await desk({ config: { sessionIdleMs: 24 * 60 * 60_000 } });
    const user = await makeUser(ctx);
    const sid = await createSession({ ctx, userId: user.id });
    const token = await encode({ token: { sub: user.id, sid }, secret: ctx.secrets.authSecret, maxAge: 60 });
    const cookie = `${sessionCookieName(false)}=${token}`;
    expect(await who(ctx, cookie)).toMatchObject({ id: user.id });
    expect(await who(ctx, cookie)).toMatchObject({ id: user.id });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(await who(ctx, cookie)).toBeNull();
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("passwords", () => {
  it("a user changes their password with the current one: old sessions end, this browser gets a fresh one", async () => {
    const { ctx, user, cookies: [other, cookie] } = await memberSignedInTwice();
    const change = deskRoute("changePassword", { ctx });

    const wrong = await change(request(cookie, "/api/account/password", { method: "POST", body: { currentPassword: "not it", newPassword: "a brand new password" } }));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatchObject({ code: "wrong_password" });
    const short = await change(request(cookie, "/api/account/password", { method: "POST", body: { currentPassword: user.password, newPassword: "short" } }));
    expect(short.status).toBe(400);
    expect(await who(ctx, cookie)).toMatchObject({ id: user.id });

    const ok = await change(request(cookie, "/api/account/password", { method: "POST", body: { currentPassword: user.password, newPassword: "a brand new password" } }));
    expect(ok.status).toBe(200);
    expect(JSON.stringify(await ok.json())).not.toContain("brand new");
    const setCookie = ok.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(await who(ctx, cookie)).toBeNull();
    expect(await who(ctx, other)).toBeNull();
    expect(await who(ctx, setCookie.split(";")[0] ?? "")).toMatchObject({ id: user.id });
    await expect(authenticate({ input: { email: user.email, password: user.password, ip: "203.0.113.1" }, ctx })).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(authenticate({ input: { email: user.email, password: "a brand new password", ip: "203.0.113.1" }, ctx })).resolves.toMatchObject({ id: user.id });
  });

  it("an admin issues a temporary password that must be changed at first sign-in", async () => {
    const ctx = await desk();
    const admin = await makeUser(ctx, "admin");
    const member = await makeUser(ctx);
    const oldSession = await mintSessionCookie({ ctx, user: member });
    const adminCookie = await mintSessionCookie({ ctx, user: admin });
    const issue = deskRoute("issueTemporaryPassword", { ctx });

    const byMember = await issue(request(await mintSessionCookie({ ctx, user: member }), `/api/admin/users/${admin.id}/temporary-password`, { method: "POST" }), {
      params: { id: admin.id },
    });
    expect(byMember.status).toBe(403);
    const issued = await issue(request(adminCookie, `/api/admin/users/${member.id}/temporary-password`, { method: "POST" }), { params: { id: member.id } });
    expect(issued.status).toBe(200);
    const { temporaryPassword } = ((await issued.json()) as { data: { temporaryPassword: string } }).data;
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    expect(await who(ctx, oldSession)).toBeNull();
    await expect(authenticate({ input: { email: member.email, password: member.password }, ctx })).rejects.toMatchObject({ code: "invalid_credentials" });

    // Signed in with it, the user can do nothing but change it.
    const signedIn = await authenticate({ input: { email: member.email, password: temporaryPassword }, ctx });
    const tempCookie = await mintSessionCookie({ ctx, user: signedIn });
    expect(await who(ctx, tempCookie)).toMatchObject({ id: member.id, mustChangePassword: true });
    const spend = deskRoute("getSpend", { ctx });
    const blocked = await spend(request(tempCookie, "/api/usage/spend?range=7d"));
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error).toMatchObject({ code: "password_change_required" });
    const list = deskRoute("listUsers", { ctx });
    const listed = ((await (await list(request(adminCookie, "/api/admin/users"))).json()) as { data: UserSummary[] }).data;
    expect(listed.find((u) => u.id === member.id)).toMatchObject({ mustChangePassword: true });

    const change = deskRoute("changePassword", { ctx });
    const changed = await change(request(tempCookie, "/api/account/password", { method: "POST", body: { currentPassword: temporaryPassword, newPassword: "my own new password" } }));
    expect(changed.status).toBe(200);
    const fresh = (changed.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(await who(ctx, fresh)).toEqual({ id: member.id, email: member.email, name: member.name, role: "member" });
    expect((await spend(request(fresh, "/api/usage/spend?range=7d"))).status).toBe(200);
  });

  it("the admin's list shows failed sign-ins, and clearing them lifts the wait", async () => {
    const ctx = await desk();
    const admin = await makeUser(ctx, "admin");
    const member = await makeUser(ctx);
    for (let i = 0; i < 5; i++) await authenticate({ input: { email: member.email, password: `guess ${i}`, ip: "198.51.100.1" }, ctx }).catch(() => undefined);
    const adminCookie = await mintSessionCookie({ ctx, user: admin });
    const list = deskRoute("listUsers", { ctx });
    const users = ((await (await list(request(adminCookie, "/api/admin/users"))).json()) as { data: UserSummary[] }).data;
    expect(users.find((u) => u.id === member.id)?.failedSignIns).toBe(4);
    const clear = deskRoute("clearSignInFailures", { ctx });
    const cleared = await clear(request(adminCookie, `/api/admin/users/${member.id}/sign-in-failures`, { method: "DELETE" }), { params: { id: member.id } });
    expect(await cleared.json()).toEqual({ data: { cleared: 4 } });
    await expect(authenticate({ input: { email: member.email, password: member.password, ip: "198.51.100.1" }, ctx })).resolves.toMatchObject({ id: member.id });
  });
});
