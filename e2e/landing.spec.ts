import { expect, test } from "@playwright/test";
import { shoot } from "./support/shots";

test("the signed-out landing page opens in Chromium", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Alpha Desk/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("market desk");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("listitem")).toHaveCount(6);
  await shoot(page, "test-results/screenshots/landing.png", { fullPage: true });
});
