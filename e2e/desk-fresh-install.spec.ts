import { join } from "node:path";
import Database from "better-sqlite3";
import { screenshotBothThemes } from "./support/desk";
import { randomSuffix, readFixtures } from "./support/fixtures";
import { type FreshDesk, startFreshDesk } from "./support/fresh-desk";
import { expect, test } from "./support/test";

/** A desk nobody has used yet: its first visitor sets it up and becomes its admin. Runs on a private desk. */
test.describe("a fresh install", () => {
  test.describe.configure({ mode: "serial" });
  let desk: FreshDesk;
  const admin = { name: "Priya Nair", email: `first-${randomSuffix()}@example.com`, password: `first-${randomSuffix()}-pw` };

  test.beforeAll(async () => {
    desk = await startFreshDesk(readFixtures().serviceUrl);
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  test("first-run sign-up makes the first user an admin", async ({ page }) => {
    await page.goto(`${desk.url}/sign-in`);
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { level: 1, name: "Set up your desk" })).toBeVisible();
    await screenshotBothThemes(page, "setup");

    await page.getByRole("button", { name: "Create the admin account" }).click();
    await expect(page.getByText("Enter your name.")).toBeVisible();

    await page.getByLabel("Your name").fill(admin.name);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByLabel("Repeat the password").fill(admin.password);
    await page.getByRole("button", { name: "Create the admin account" }).click();

    // Signed in, sent to add a key; the admin's page is in the navigation and lists them as admin.
    await expect(page).toHaveURL(/\/settings/, { timeout: 30_000 });
    await expect(page.getByTestId("alpha-key-card")).toBeVisible();
    await page.getByRole("link", { name: "Admin" }).first().click();
    const row = page.getByTestId("user-row").filter({ hasText: admin.email });
    await expect(row).toBeVisible();
    await expect(row.getByRole("combobox", { name: `Role of ${admin.name}` })).toHaveValue("admin");

    // Set-up happens once: the page now sends people to sign in, and the route refuses a second admin.
    const again = await page.request.post(`${desk.url}/api/setup`, {
      data: { email: `x-${randomSuffix()}@example.com`, name: "X", password: "another-password" },
      headers: { Origin: desk.url },
    });
    expect(again.status()).toBe(409);
  });

  // Issue 15 replaced the 15-minute lock with a growing wait per address: the wait is explained, and once it has
  // passed the right password signs in.
  test("a wrong password is explained, and repeated failures make the sign-in wait a growing while", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${desk.url}/sign-in`);
    await expect(page).toHaveURL(/\/sign-in/);
    await page.getByLabel("Email").fill(admin.email);
    const alert = page.getByRole("alert").filter({ hasText: "Could not sign you in" });
    let message = "";
    for (let attempt = 1; attempt <= 10 && !/Too many/i.test(message); attempt++) {
      await page.getByLabel("Password").fill(`wrong-${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled({ timeout: 15_000 });
      await expect(alert).toBeVisible();
      message = (await alert.textContent()) ?? "";
      if (attempt === 1) expect(message).toContain("Wrong email or password.");
    }
    expect(message).toMatch(/Too many failed sign-ins\. Try again in \d+ (seconds?|minutes)\./);

    // Not a lockout: once the wait has passed, the right password signs in.
    await expect(async () => {
      await page.getByLabel("Password").fill(admin.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("navigation", { name: "Desk" }).first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await context.close();
  });

  // Last of this serial group: it leaves this private desk's one source waiting.
  test("a forged X-Forwarded-For does not escape the per-source limit", async ({ page }) => {
    const attempt = async (n: number) => {
      const csrf = (await (await page.request.get(`${desk.url}/api/auth/csrf`)).json()) as { csrfToken: string };
      const res = await page.request.post(`${desk.url}/api/auth/callback/credentials`, {
        form: { email: `nobody-${n}-${randomSuffix()}@example.com`, password: "guess guess", csrfToken: csrf.csrfToken, json: "true" },
        headers: { "X-Forwarded-For": `198.51.100.${n}`, "X-Real-IP": `203.0.113.${n}` },
        maxRedirects: 0,
      });
      return decodeURIComponent(await res.text()).replace(/\+/g, " ");
    };
    const answers: string[] = [];
    for (let n = 1; n <= 14 && !answers.some((a) => a.includes("Too many")); n++) answers.push(await attempt(n));
    // Each attempt claimed another address; the desk counted them all against the one they came from.
    expect(answers.at(-1)).toContain("Too many failed sign-ins from this address");
    expect(answers.length).toBeLessThanOrEqual(12);
    // ...recorded under the real peer address npm start's preload stamps, not under one a client claimed.
    const db = new Database(join(desk.dataDir, "desk.db"), { readonly: true });
    const sources = db.prepare("SELECT DISTINCT ip FROM sign_in_failures WHERE email LIKE 'nobody-%'").all() as { ip: string }[];
    db.close();
    expect(sources.map((s) => s.ip)).toEqual(["127.0.0.1"]);
  });
});
