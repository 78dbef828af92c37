import { describe, expect, it, vi } from "vitest";
import { deskRoute } from "../routes";

import type { RunningServer } from "../core/embedded-service";
import { getAlphaKeyStatus, withUserKey } from "./key-vault";
import { buildContentSecurityPolicy, isSameOriginRequest } from "../http/security";
import { cookieReaderFromHeader, mintSessionCookie, resolveSessionUser } from "./session";
import { authenticate } from "./sign-in";
import { browserRequest, makeAccount, makeUser, randomName, withServiceForDesks } from "@/test/support/desk";
import { setUserDisabled } from "./users";

let service: RunningServer;
/** Every body the desk answered with in this file: none may hold a key. */
const { desk, bodies, keys } = withServiceForDesks((s) => (service = s));

async function call(route: (r: Request, c?: { params?: Record<string, string> }) => Promise<Response>, request: Request, params?: Record<string, string>) {
  const response = await route(request, params ? { params } : undefined);
  const text = await response.text();
  bodies.push(text);
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as { data?: unknown; error?: { code: string; message: string } } };
}

describe("sign-in", () => {
  it("accepts the right password and refuses a wrong one with one sentence for both unknown and wrong", async () => {
    const ctx = await desk();
    const user = await makeUser(ctx);
    await expect(authenticate({ input: { email: user.email.toUpperCase(), password: user.password }, ctx })).resolves.toMatchObject({ id: user.id, role: "member" });
    await expect(authenticate({ input: { email: user.email, password: "nope nope" }, ctx })).rejects.toMatchObject({ code: "invalid_credentials", message: "Wrong email or password." });
    await expect(authenticate({ input: { email: "nobody@example.test", password: "nope nope" }, ctx })).rejects.toMatchObject({ message: "Wrong email or password." });
  });

  it("refuses a disabled user and ends their session at once", async () => {
    const ctx = await desk();
    const admin = await makeUser(ctx, "admin");
    const member = await makeUser(ctx);
    const cookie = await mintSessionCookie({ ctx, user: member });
    expect(await resolveSessionUser({ ctx, read: cookieReaderFromHeader(cookie) })).toMatchObject({ id: member.id });
    await setUserDisabled({ user: admin, userId: member.id, disabled: true, ctx });
    expect(await resolveSessionUser({ ctx, read: cookieReaderFromHeader(cookie) })).toBeNull();
    await expect(authenticate({ input: { email: member.email, password: member.password }, ctx })).rejects.toMatchObject({ code: "user_disabled" });
    // A cookie signed with another secret is nobody.
    const other = await desk();
    expect(await resolveSessionUser({ ctx: other, read: cookieReaderFromHeader(cookie) })).toBeNull();
  });
});

describe("first run and user admin routes", () => {
  it("sets up the first admin once, then answers 409", async () => {
    const ctx = await desk();
    const status = deskRoute("setupStatus", { ctx });
    const setup = deskRoute("setup", { ctx });
    expect((await call(status, await browserRequest(ctx, null, "/api/setup"))).body.data).toEqual({ needsSetup: true });
    const body = JSON.stringify({ email: `${randomName("boss")}@example.test`, name: "Boss", password: "a long password" });
    const first = await call(setup, await browserRequest(ctx, null, "/api/setup", { method: "POST", body }));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ role: "admin" });
    expect(JSON.stringify(first.body)).not.toContain("password");
    const again = await call(setup, await browserRequest(ctx, null, "/api/setup", { method: "POST", body: body.replace("boss", "other") }));
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe("setup_complete");
    const crossSite = await call(setup, await browserRequest(ctx, null, "/api/setup", { method: "POST", body, origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);
  });

  it("lets admins list, add and change users; members get 403", async () => {
    const ctx = await desk();
    const admin = await makeUser(ctx, "admin");
    const member = await makeUser(ctx);
    const list = deskRoute("listUsers", { ctx });
    const create = deskRoute("createUser", { ctx });
    const update = deskRoute("updateUser", { ctx });
    expect((await call(list, await browserRequest(ctx, member, "/api/admin/users"))).status).toBe(403);
    expect((await call(list, await browserRequest(ctx, null, "/api/admin/users"))).status).toBe(401);
    const listed = await call(list, await browserRequest(ctx, admin, "/api/admin/users"));
    expect(listed.status).toBe(200);
    expect((listed.body.data as unknown[]).length).toBe(2);
    expect(JSON.stringify(listed.body)).not.toMatch(/password|argon2/);

    const created = await call(create, await browserRequest(ctx, admin, "/api/admin/users", { method: "POST", body: JSON.stringify({ email: `${randomName("new")}@example.test`, name: "New", password: "long enough pw", role: "member" }) }));
    expect(created.status).toBe(201);
    const id = (created.body.data as { id: string }).id;
    const promoted = await call(update, await browserRequest(ctx, admin, `/api/admin/users/${id}`, { method: "PATCH", body: JSON.stringify({ role: "admin" }) }), { id });
    expect(promoted.body.data).toMatchObject({ id, role: "admin" });
    const self = await call(update, await browserRequest(ctx, admin, `/api/admin/users/${admin.id}`, { method: "PATCH", body: JSON.stringify({ disabled: true }) }), { id: admin.id });
    expect(self.status).toBe(409);
    const byMember = await call(update, await browserRequest(ctx, member, `/api/admin/users/${id}`, { method: "PATCH", body: JSON.stringify({ disabled: true }) }), { id });
    expect(byMember.status).toBe(403);
    const spendAll = deskRoute("getSpend", { ctx });
    expect((await call(spendAll, await browserRequest(ctx, member, "/api/usage/spend?scope=all"))).status).toBe(403);
    const mine = await call(spendAll, await browserRequest(ctx, member, "/api/usage/spend?range=7d"));
    expect(mine.body.data).toMatchObject({ range: "7d", scope: "me", total: 0 });
    const everyone = await call(spendAll, await browserRequest(ctx, admin, "/api/usage/spend?range=30d&scope=all"));
    expect((everyone.body.data as { byUser: unknown[] }).byUser).toHaveLength(3);
    expect((await call(spendAll, await browserRequest(ctx, admin, "/api/usage/spend?range=1y"))).status).toBe(400);
  });
});

describe("the key vault", () => {
  it("saves a key the service accepts, refuses one it rejects, and never shows it", async () => {
    const ctx = await desk();
    const user = await makeUser(ctx);
    const account = makeAccount(service);
    keys.push(account.key);
    const get = deskRoute("getAlphaKey", { ctx });
    const put = deskRoute("putAlphaKey", { ctx });
    const del = deskRoute("deleteAlphaKey", { ctx });
    const logged: string[] = [];
    for (const level of ["log", "info", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));

    expect((await call(get, await browserRequest(ctx, user, "/api/settings/alpha-key"))).body.data).toEqual({ hasKey: false, last4: null, savedAt: null, source: null });
    const wrong = `ak_live_${"x".repeat(32)}`;
    keys.push(wrong);
    const refused = await call(put, await browserRequest(ctx, user, "/api/settings/alpha-key", { method: "PUT", body: JSON.stringify({ key: wrong }) }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "key_rejected" });
    expect(refused.body.error?.message).toMatch(/rejected this key/);
    expect((await getAlphaKeyStatus({ userId: user.id, ctx })).hasKey).toBe(false);

    const saved = await call(put, await browserRequest(ctx, user, "/api/settings/alpha-key", { method: "PUT", body: JSON.stringify({ key: `  ${account.key}\n` }) }));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ hasKey: true, last4: account.key.slice(-4), account: { account_id: account.accountId, plan: "Pro" }, source: "personal" });
    expect(await withUserKey({ userId: user.id, ctx })).toEqual({ apiKey: account.key, accountId: account.accountId, keyId: expect.stringMatching(/^[0-9a-f]{32}$/), source: "personal" });
    const shown = await call(get, await browserRequest(ctx, user, "/api/settings/alpha-key"));
    expect(shown.body.data).toMatchObject({ hasKey: true, last4: account.key.slice(-4) });

    const deleted = await call(del, await browserRequest(ctx, user, "/api/settings/alpha-key", { method: "DELETE" }));
    expect(deleted.body.data).toMatchObject({ hasKey: false });
    await expect(withUserKey({ userId: user.id, ctx })).rejects.toMatchObject({ code: "no_api_key", status: 428 });
    for (const line of logged) for (const key of keys) expect(line).not.toContain(key);
  });

  it("says so when the service cannot be reached, and refuses what is not a key at all", async () => {
    const ctx = await desk({ config: { alphaBaseUrl: "http://127.0.0.1:9" } });
    const user = await makeUser(ctx);
    const put = deskRoute("putAlphaKey", { ctx });
    const key = "ak_live_NobodyCanCheckThis000000000000";
    keys.push(key);
    const unreachable = await call(put, await browserRequest(ctx, user, "/api/settings/alpha-key", { method: "PUT", body: JSON.stringify({ key }) }));
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error?.code).toBe("upstream_unreachable");
    expect(unreachable.body.error?.message).toMatch(/could not be reached; the key was not saved/);
    const junk = await call(put, await browserRequest(ctx, user, "/api/settings/alpha-key", { method: "PUT", body: JSON.stringify({ key: "two words" }) }));
    expect(junk.body.error?.code).toBe("key_rejected");
    const missing = await call(put, await browserRequest(ctx, user, "/api/settings/alpha-key", { method: "PUT", body: JSON.stringify({}) }));
    expect(missing.status).toBe(400);
  });
});

describe("security rules", () => {
  const req = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/api/x", { method: "POST", headers });

  it("accepts the desk's own origin and refuses others", () => {
    expect(isSameOriginRequest(req({ origin: "http://127.0.0.1:3000" }), null)).toBe(true);
    expect(isSameOriginRequest(req({ "sec-fetch-site": "same-origin" }), null)).toBe(true);
    expect(isSameOriginRequest(req({ origin: "https://desk.example.com" }), "https://desk.example.com")).toBe(true);
    expect(isSameOriginRequest(req({ origin: "http://localhost:3000", host: "localhost:3000" }), null)).toBe(true);
    expect(isSameOriginRequest(req({ origin: "https://evil.example" }), null)).toBe(false);
    expect(isSameOriginRequest(req({ origin: "http://127.0.0.1:3000", "sec-fetch-site": "cross-site" }), null)).toBe(false);
    expect(isSameOriginRequest(req({ origin: "null" }), null)).toBe(false);
    expect(isSameOriginRequest(req({}), null)).toBe(false);
    // With the desk's URL configured, a Host (or the address the request came to) is no longer trusted: DNS rebinding.
    expect(isSameOriginRequest(req({ origin: "http://rebound.example:3000", host: "rebound.example:3000" }), null)).toBe(true);
    expect(isSameOriginRequest(req({ origin: "http://rebound.example:3000", host: "rebound.example:3000" }), "https://desk.example.com")).toBe(false);
    expect(isSameOriginRequest(req({ origin: "http://127.0.0.1:3000" }), "https://desk.example.com")).toBe(false);
  });

  it("builds a strict CSP with the nonce and the service origin", () => {
    const csp = buildContentSecurityPolicy({ nonce: "abc", alphaOrigin: "http://127.0.0.1:4010", development: false, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:4010");
    expect(csp).toContain("media-src 'self' blob: http://127.0.0.1:4010");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
});
