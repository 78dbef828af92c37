import { createDeskUser, screenshotBothThemes, signInThroughPage } from "./support/desk";
import { ADMIN_STATE, MEMBER_STATE } from "./support/fixtures";
import { expect, test } from "./support/test";

test.describe("signing in and out", () => {
  // Signing out ends every session of the user, so this test signs out a user of its own, not the shared member.
  test("the sign-in page explains a wrong password, signs in, and signs out for real", async ({ page, browser, baseURL }) => {
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const member = await createDeskUser(admin.request, baseURL ?? "", "member");
    await admin.close();
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    // Demo credentials show in demo mode, which the e2e desk runs in (scripts/e2e-server.ts: DESK_DEMO_MODE).
    await expect(page.getByTestId("demo-credentials")).toHaveCount(1);
    await screenshotBothThemes(page, "sign-in");

    const alert = page.getByRole("alert").filter({ hasText: "Could not sign you in" });
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toContainText("Enter your email and password.");

    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toContainText("Wrong email or password.");
    await expect(page).toHaveURL(/\/sign-in/);

    await signInThroughPage(page, member.email, member.password);
    await expect(page).toHaveURL(/\/today$/);

    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.includes("session-token"))).toBe(true);
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    // The cookie from before signing out, replayed from another browser: refused.
    const replay = await browser.newContext();
    await replay.addCookies(cookies);
    expect((await replay.request.get("/api/usage")).status()).toBe(401);
    const replayed = await replay.newPage();
    await replayed.goto("/settings");
    await expect(replayed).toHaveURL(/\/sign-in/);
    await replay.close();
    // Signed out for real: a desk page sends the browser back to sign in.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/sign-in/);
    const api = await page.request.get("/api/usage");
    expect(api.status()).toBe(401);
  });

  test("a signed-in visitor of the sign-in page goes straight to the desk", async ({ browser }) => {
    const context = await browser.newContext({ storageState: MEMBER_STATE });
    const page = await context.newPage();
    await page.goto("/sign-in?callbackUrl=%2Fsettings");
    await expect(page).toHaveURL(/\/settings$/);
    // Another site is never a redirect target.
    await page.goto("/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/today$/);
    await context.close();
  });
});

test.describe("a member", () => {
  test.use({ storageState: MEMBER_STATE });

  test("cannot open the admin pages and does not see them in the navigation", async ({ page }) => {
    await page.goto("/usage");
    const nav = page.getByRole("navigation", { name: "Desk" }).first();
    await expect(nav.getByRole("link", { name: "Usage" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);

    const response = await page.goto("/admin");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Admin pages are for admins only.")).toBeVisible();
    await expect(page.getByTestId("users-card")).toHaveCount(0);
    await screenshotBothThemes(page, "admin-as-member");

    const api = await page.request.get("/api/admin/users");
    expect(api.status()).toBe(403);
    const spend = await page.request.get("/api/usage/spend?range=24h&scope=all");
    expect(spend.status()).toBe(403);
  });
});

test.describe("passwords", () => {
  test("an admin's temporary password must be changed at first sign-in; the old sessions end", async ({ browser, baseURL }) => {
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const user = await createDeskUser(admin.request, baseURL ?? "", "member");
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughPage(page, user.email, user.password);

    const list = (await (await admin.request.get("/api/admin/users")).json()) as { data: { id: string; email: string }[] };
    const id = list.data.find((u) => u.email === user.email)?.id ?? "";
    const issued = await admin.request.post(`/api/admin/users/${id}/temporary-password`, { headers: { Origin: new URL(baseURL ?? "").origin } });
    expect(issued.status()).toBe(200);
    const { temporaryPassword } = ((await issued.json()) as { data: { temporaryPassword: string } }).data;
    await admin.close();

    // The session opened before is over.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/sign-in/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(temporaryPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible({ timeout: 30_000 });
    // Nothing else opens until it is changed.
    await page.goto("/usage");
    await expect(page).toHaveURL(/\/change-password$/);
    expect((await page.request.get("/api/usage/spend?range=7d")).status()).toBe(403);

    await page.getByLabel("Temporary password").fill(temporaryPassword);
    await page.getByLabel("New password", { exact: true }).fill("my own new password");
    await page.getByLabel("Repeat the new password").fill("my own new password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("navigation", { name: "Desk" }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/today$/);
    expect((await page.request.get("/api/usage/spend?range=7d")).status()).toBe(200);
    await context.close();
  });
});
