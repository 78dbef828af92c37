import { afterEach, describe, expect, it, vi } from "vitest";
import { AlphaError } from "@/lib/alpha/alpha-error";
import { acceptInviteInputSchema, accountRoutes, changePasswordInputSchema, formProblems, newUserInputSchema } from "./account";
import { accountCall } from "./account-client";
import { deskCall, loadDeskContract } from "./client";
import * as api from "./route-meta";
import { deskRoutes } from "./routes";

/** The browser's fetch answering one JSON body with a status; records what was asked. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const user = { id: "u1", email: "a@b.co", name: "A", role: "admin" };

describe("the signed-out pages' calls (accountCall) parse the contract's answer like deskCall", () => {
  it("returns the parsed answer of a well-formed reply", async () => {
    const fetchMock = answer(200, { data: user });
    await expect(accountCall("setup", { body: { email: "a@b.co", name: "A", password: "long enough" } })).resolves.toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/setup");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
  });

  it("rejects a malformed answer instead of passing it on", async () => {
    answer(200, { data: { ...user, role: "owner" } });
    await expect(accountCall("setup", { body: {} })).rejects.toThrow(/role/);
    answer(200, { data: { needsSetup: "yes" } });
    await expect(accountCall("setupStatus")).rejects.toThrow();
    answer(200, { data: { changed: false } });
    await expect(accountCall("changePassword", { body: {} })).rejects.toThrow();
    answer(200, {});
    await expect(accountCall("joinTeam", { body: {} })).rejects.toThrow();
  });

  it("turns the desk's error body into an AlphaError with its code", async () => {
    answer(409, { error: { code: "setup_complete", message: "The desk is set up already." } });
    const error = await accountCall("setup", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect(error).toMatchObject({ code: "setup_complete", status: 409, message: "The desk is set up already." });
  });

  it("deskCall rejects a malformed answer of an account route and of any other route alike", async () => {
    answer(200, { data: { ...user, id: 7 } });
    await expect(deskCall(api.joinTeam, { body: {} as never })).rejects.toThrow();
    answer(200, { data: [{ ...user, disabled: false, createdAt: "x", hasKey: false, failedSignIns: -1, mustChangePassword: false }] });
    await expect(deskCall(api.listUsers)).rejects.toThrow();
  });

  it("the contract's table holds the account routes themselves (one entry each, same definition)", () => {
    for (const [id, def] of Object.entries(accountRoutes)) expect(deskRoutes[id as keyof typeof deskRoutes]).toBe(def);
  });
});

describe("the account forms' schemas check the form with their own words", () => {
  it("trims and lower-cases the email, and names each problem", () => {
    expect(newUserInputSchema.parse({ email: "  Ann@Example.COM ", name: " Ann ", password: "12345678" })).toEqual({ email: "ann@example.com", name: "Ann", password: "12345678" });
    expect(formProblems(newUserInputSchema, { email: "nope", name: " ", password: "short" })).toEqual({
      email: "must be an email address",
      name: "is required",
      password: "must be at least 8 characters",
    });
    expect(Object.keys(formProblems(newUserInputSchema, { email: `${"a".repeat(250)}@b.co`, name: "n".repeat(101), password: "p".repeat(257) }))).toEqual(["email", "name", "password"]);
  });

  it("checks the password change and the invite token", () => {
    expect(formProblems(changePasswordInputSchema, { currentPassword: "", newPassword: "1234567" })).toEqual({
      currentPassword: "is required",
      newPassword: "must be at least 8 characters",
    });
    expect(formProblems(acceptInviteInputSchema, { token: "bad token", email: "a@b.co", name: "A", password: "12345678" })).toEqual({
      token: "is not an invite link of this desk",
    });
  });
});

describe("deskCall loads the contract's schemas on demand and still parses every answer with them", () => {
  it("rejects a malformed answer of a shell route through the lazy loader, and returns a well-formed one", async () => {
    answer(200, { data: [{ id: "w1", name: "Core", items: "none" }] });
    await expect(deskCall(api.listWatchlists)).rejects.toThrow();
    answer(200, { data: { exchange: "NSE" } });
    await expect(deskCall(api.getMarketCalendar)).rejects.toThrow();
    const { deskRoutes: loaded } = await loadDeskContract();
    expect(loaded).toBe(deskRoutes);
    answer(200, { data: { needsSetup: true } });
    await expect(deskCall(api.setupStatus)).resolves.toEqual({ needsSetup: true });
  });

  it("turns an error answer into an AlphaError without waiting on, or being masked by, the schemas", async () => {
    answer(404, { error: { code: "not_found", message: "No such watchlist" } });
    await expect(deskCall(api.getWatchlist, { params: { id: "nope" } })).rejects.toMatchObject({ code: "not_found", status: 404 });
  });
});
