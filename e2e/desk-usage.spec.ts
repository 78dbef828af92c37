import type { Locator } from "@playwright/test";
import { createDeskUser, holdAnswers, saveKey, screenshotBothThemes, signInThroughPage } from "./support/desk";
import { ADMIN_STATE, readFixtures } from "./support/fixtures";
import { makeAccount } from "./support/service";
import { expect, expectNoKeys, test } from "./support/test";

interface ServiceUsage {
  balance: number;
  debited_today: number;
  live_usage: Record<string, number>;
  rate_limits: { overall: { daily: number; rpm: number } };
}

/** The service's own numbers, asked with the key directly (a free call). */
async function serviceUsage(key: string): Promise<ServiceUsage> {
  const res = await fetch(`${readFixtures().serviceUrl}/v1/account/usage`, { headers: { "X-API-Key": key } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ServiceUsage }).data;
}

const valueOf = async (locator: Locator, attribute = "data-value") => Number(await locator.getAttribute(attribute));

test.describe("the credit-usage gauge and the usage page", () => {
  test("the gauge shows the service's numbers, moves after a paid call, and the spend chart draws", async ({ browser, deskURL }) => {
    const adminContext = await browser.newContext({ storageState: ADMIN_STATE });
    const login = await createDeskUser(adminContext.request, deskURL, "member");

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughPage(page, login.email, login.password);
    const { key } = await makeAccount();
    expectNoKeys(await saveKey(page.request, deskURL, key), "PUT /api/settings/alpha-key");

    const before = await serviceUsage(key);
    await page.goto("/usage");
    const gauge = page.getByTestId("usage-gauge");
    await expect(gauge).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("gauge-balance")).toHaveAttribute("data-value", String(before.balance));
    await expect(page.getByTestId("gauge-today")).toHaveAttribute("data-value", String(before.debited_today));
    await expect(page.getByTestId("gauge-daily")).toHaveAttribute("data-limit", String(before.rate_limits.overall.daily));
    await expect(page.getByTestId("gauge-rpm")).toHaveAttribute("data-limit", String(before.rate_limits.overall.rpm));
    // Request counters move with every call (the desk's own free checks included): never below the service's reading.
    expect(await valueOf(page.getByTestId("gauge-daily"))).toBeGreaterThanOrEqual(before.live_usage.requests_today ?? 0);
    await expect(page.getByTestId("gauge-balance")).toContainText(new Intl.NumberFormat("en-IN").format(before.balance));
    // The full gauge on the page agrees with the one in the top bar.
    await expect(page.getByTestId("usage-balance")).toHaveAttribute("data-value", String(before.balance));
    await expect(page.getByTestId("usage-projection")).toHaveText(/^(At today's pace the daily limit is (reached at \d{2}:\d{2} IST|not reached today)\.|The daily limit has been reached for today\.)$/);

    // Each number is explained on hover (and to screen readers in its text; the figures are not tab stops).
    await page.getByTestId("gauge-balance").hover();
    await expect(page.getByRole("tooltip")).toContainText("Credits available on the Alpha account of your key");

    // A paid call through the desk's proxy, from the page's own session.
    const paid = await page.request.get("/api/alpha/v1/earnings?limit=5");
    const paidText = await paid.text();
    expect(paid.status(), paidText).toBe(200);
    expectNoKeys(paidText, "GET /api/alpha/v1/earnings");
    const { meta } = JSON.parse(paidText) as { meta: { creditsCharged: number; cached: boolean } };
    expect(meta.cached).toBe(false);
    expect(meta.creditsCharged).toBeGreaterThan(0);

    const after = await serviceUsage(key);
    expect(after.balance).toBe(before.balance - meta.creditsCharged);
    await expect(page.getByTestId("gauge-balance")).toHaveAttribute("data-value", String(after.balance), { timeout: 25_000 });
    await expect(page.getByTestId("gauge-today")).toHaveAttribute("data-value", String(after.debited_today));

    // The spend chart draws the call as a bar, by endpoint; the range is a tab kept in the URL.
    await page.reload();
    const chart = page.getByTestId("spend-chart");
    await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
    await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
    await expect(chart).toContainText("Earnings");
    // While the 7-day figures load, the 24-hour ones stay, dimmed, busy and still labelled 24 hours.
    const release = await holdAnswers(page, /\/api\/usage\/spend\?(.*&)?range=7d/);
    await expect(page.getByText(/credits? in the last 24 hours\./)).toBeVisible();
    await page.getByRole("tab", { name: "7d" }).click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(page.getByRole("tabpanel").and(page.locator('[aria-busy="true"]'))).toBeVisible();
    await expect(page.getByText(/credits? in the last 24 hours\./)).toBeVisible();
    await expect(page.getByText(/in the last 7 days\./)).toHaveCount(0);
    await release();
    await expect(page.getByText(/credits? in the last 7 days\./)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
    await page.getByRole("tab", { name: "30d" }).click();
    await expect(page).toHaveURL(/range=30d/);
    await expect(page.getByTestId("account-profile")).toContainText("Active");
    await page.getByRole("tab", { name: "24h" }).click();
    await screenshotBothThemes(page, "usage");

    // The admin sees that user's spend among everyone's.
    const adminPage = await adminContext.newPage();
    await adminPage.goto("/usage");
    const row = adminPage.getByTestId("spend-by-user").getByRole("row").filter({ hasText: login.email });
    await expect(row).toContainText(String(meta.creditsCharged));
    await context.close();
    await adminContext.close();
  });
});

test.describe("the admin page", () => {
  test.use({ storageState: ADMIN_STATE });

  test("lists users, adds one, changes a role, disables and enables", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByTestId("users-card")).toBeVisible();
    const email = `added-${Math.random().toString(36).slice(2, 8)}@example.com`;

    await page.getByRole("button", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("Enter a name.")).toBeVisible();
    await dialog.getByLabel("Name").fill("Ravi Kumar");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Temporary password").fill("temporary-pass-1");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByTestId("user-row").filter({ hasText: email });
    await expect(row).toContainText("Active");
    await row.getByRole("combobox", { name: "Role of Ravi Kumar" }).selectOption("admin");
    await expect(page.getByText("Ravi Kumar is now an admin.")).toBeVisible();

    await row.getByRole("button", { name: "Disable Ravi Kumar" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
    await expect(row).toContainText("Disabled");
    await row.getByRole("button", { name: "Enable" }).click();
    await expect(row).toContainText("Active");

    // The same email twice is refused with the desk's reason.
    await page.getByRole("button", { name: "Add user" }).click();
    await dialog.getByLabel("Name").fill("Ravi Again");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Temporary password").fill("temporary-pass-2");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByRole("alert")).toContainText("already exists");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await screenshotBothThemes(page, "admin");
  });
});
