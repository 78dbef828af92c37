import { readFixtures } from "./support/fixtures";
import { makeAccount } from "./support/service";
import { untilHydrated } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { adminOf, testOnOwnDesk as test } from "./support/fresh-desk";
import { expect } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

const origin = (url: string) => ({ Origin: new URL(url).origin });

// The organisation key is desk-wide: this spec runs on a desk of its own.
test.describe.serial("members of a team on the organisation's key", () => {
  test.setTimeout(180_000);

  test("Add user gives what an invite gives: allowance, paid actions, a password to change, the right words", async ({ browser, ownDesk }, testInfo) => {
    const admin = await adminOf(browser, ownDesk);
    const team = await makeAccount();
    const saved = await admin.page.request.put("/api/team/org-key", { data: { key: team.key }, headers: origin(ownDesk.url) });
    expect(saved.status(), await saved.text()).toBe(200);

    await admin.page.goto("/admin");
    const add = admin.page.getByRole("button", { name: "Add user" });
    await untilHydrated(add);
    await add.click();
    const dialog = admin.page.getByRole("dialog", { name: "Add a user" });
    await expect(dialog.getByTestId("add-user-note")).toContainText("They use the organisation's Alpha key");
    await expect(dialog.getByTestId("add-user-note")).not.toContainText("They add their own Alpha key");
    const login = { name: `Seat ${randomSuffix()}`, email: `e2e-seat-${randomSuffix()}@example.com`, password: `pw-${randomSuffix()}-${randomSuffix()}` };
    await dialog.getByLabel("Name").fill(login.name);
    await dialog.getByLabel("Email").fill(login.email);
    await dialog.getByLabel("Temporary password").fill(login.password);
    await dialog.getByLabel("Daily allowance (credits)").fill("25");
    await dialog.getByLabel("Batch jobs").uncheck();
    await checkWidthsAndThemes(admin.page, testInfo, "add-user-dialog", '[role="dialog"]', { scopeAxe: true });
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog).toHaveCount(0);

    // The member signs in with the temporary password and must choose their own first.
    const context = await browser.newContext({ baseURL: ownDesk.url });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(login.email);
    await page.getByLabel("Password").fill(login.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel("Temporary password").fill(login.password);
    const fresh = `pw-${randomSuffix()}-${randomSuffix()}`;
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Repeat the new password").fill(fresh);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/today$/, { timeout: 30_000 });

    // Their header shows their allowance, not the firm's balance.
    await page.goto("/today");
    const allowance = page.getByTestId("usage-gauge").getByTestId("gauge-allowance");
    await expect(allowance).toHaveAttribute("data-limit", "25");
    await expect(allowance).toHaveAttribute("data-value", "25");
    await expect(page.getByTestId("usage-gauge").getByTestId("gauge-balance")).toHaveCount(0);

    // "Spent today" is theirs: the firm spends with the key outside the desk, the member buys a page of news.
    const outside = await fetch(`${readFixtures().serviceUrl}/v1/news?symbols=TCS&limit=7`, { headers: { "X-API-Key": team.key } });
    expect(Number(outside.headers.get("x-credits-charged"))).toBeGreaterThan(0);
    const bought = await page.request.get("/api/alpha/v1/news?symbols=INFY&limit=3", { headers: origin(ownDesk.url) });
    expect(bought.status(), await bought.text()).toBe(200);
    const mine = ((await bought.json()) as { meta: { creditsCharged: number } }).meta.creditsCharged;
    expect(mine).toBeGreaterThan(0);
    await page.goto("/today");
    const today = page.getByTestId("usage-gauge").getByTestId("gauge-today");
    await expect(today).toContainText("You spent today");
    await expect(today).toHaveAttribute("data-value", String(mine));
    await checkWidthsAndThemes(page, testInfo, "member-gauge", "header");

    // Batch jobs are not in their seat: said before anything is built or priced.
    await page.goto("/batches");
    await expect(page.getByTestId("batch-not-in-seat")).toContainText("Not in your seat");
    await expect(page.getByRole("tab", { name: "Build from watchlists" })).toHaveCount(0);
    await checkWidthsAndThemes(page, testInfo, "batches-not-in-seat", '[data-testid="batch-not-in-seat"]');
    await context.close();
    await admin.context.close();
  });

  test("an invited member lands on Today", async ({ browser, ownDesk }) => {
    const admin = await adminOf(browser, ownDesk);
    const made = await admin.page.request.post("/api/team/invites", { data: { role: "member", note: "lands on today" }, headers: origin(ownDesk.url) });
    expect(made.status(), await made.text()).toBe(201);
    const link = ((await made.json()) as { data: { url: string } }).data.url;
    const context = await browser.newContext({ baseURL: ownDesk.url });
    const page = await context.newPage();
    await page.goto(link);
    const password = `pw-${randomSuffix()}-${randomSuffix()}`;
    await page.getByLabel("Your name").fill("Invited to today");
    await page.getByLabel("Email").fill(`e2e-today-${randomSuffix()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Repeat the password").fill(password);
    await page.getByRole("button", { name: "Join the desk" }).click();
    await expect(page).toHaveURL(/\/today$/, { timeout: 30_000 });
    await context.close();
    await admin.context.close();
  });
});
