import type { Locator, Page } from "@playwright/test";
import { signedInWithOwnAccount } from "./portfolio-support";
import { expectAccessible } from "./support/axe";
import { expectNoSideScroll } from "./support/axe-scoped";
import { screenshotWidths } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { expect, test } from "./support/test";

/** The table shows what it holds without a scroll of its own, and the page none sideways. */
async function expectNoInnerScroll(page: Page, table: Locator) {
  const container = table.locator("xpath=ancestor-or-self::*[@data-slot='table-container'][1]");
  expect(await container.evaluate((el) => el.scrollWidth - el.clientWidth), "the table scrolls inside itself").toBeLessThanOrEqual(0);
  await expectNoSideScroll(page);
}

/** The element lies inside the viewport's width (nothing cut off on the right). */
async function expectInView(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width + 0.5, "inside the viewport").toBe(true);
}

test.describe("the desk's tables on small screens", () => {
  test("past results at 390 px show the quarter, the filing time and the action for every row", async ({ browser, deskURL }, testInfo) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e small past results");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/earnings");
    const past = page.getByTestId("past-results");
    const rows = past.getByTestId("past-result-row");
    await expect(rows.first()).toBeVisible();
    await expectNoInnerScroll(page, past.locator("table"));
    for (const row of (await rows.all()).slice(0, 5)) {
      await expect(row.getByTestId("past-result-when")).toHaveText(/^Q\d FY\d{2} · filed .+IST$/);
      await expectInView(page, row.getByTestId("open-result"));
    }
    await expectAccessible(page, testInfo, "past results at 390 px");
    await screenshotWidths(page, "past-results-small");
    await page.context().close();
  });

  test("the admin's users at 1024 px keep every action in view; at 390 px each user is a card; spend by member keeps its credits", async ({ browser }, testInfo) => {
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const page = await admin.newPage();
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/admin");
    const users = page.getByTestId("users-table");
    await expect(users.getByTestId("user-row").first()).toBeVisible();
    await expectNoInnerScroll(page, users);
    for (const row of (await users.getByTestId("user-row").all()).slice(0, 4)) {
      await expectInView(page, row.getByTestId("user-actions"));
      await expectInView(page, row.getByRole("combobox", { name: /^Role of / }));
    }
    await expectAccessible(page, testInfo, "admin users at 1024 px");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoInnerScroll(page, users);
    const first = users.getByTestId("user-row").first();
    await expectInView(page, first.getByTestId("user-actions"));
    // A long email wraps inside its card instead of running under the role.
    for (const cell of await users.locator('[data-testid="user-row"] td:first-child').all()) {
      expect(await cell.evaluate((el) => el.scrollWidth - el.clientWidth), "the user's cell overflows").toBeLessThanOrEqual(0);
    }
    await expect(first.getByTestId("user-key-added")).toBeVisible();
    await screenshotWidths(page, "admin-users", { fullPage: false });

    await page.goto("/usage");
    const members = page.getByTestId("spend-by-user-table");
    await expect(members).toBeVisible();
    await expect(members.getByRole("columnheader", { name: "Credits" })).toBeVisible();
    await expectInView(page, members.getByTestId("spend-user-credits").first());
    await expectNoInnerScroll(page, members);
    await expectAccessible(page, testInfo, "spend by member at 390 px");
    await admin.close();
  });
});
