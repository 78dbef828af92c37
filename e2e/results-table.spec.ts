import type { Locator } from "@playwright/test";
import { confirmSpend, screenshotWidths } from "./support/desk";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/test";
import { signedInWithOwnAccount } from "./portfolio-support";

/** A statement's line by its label, and the text of its cells. */
function line(table: Locator, label: string) {
  return table.getByTestId("earnings-line").filter({ has: table.page().getByRole("cell", { name: label, exact: true }) });
}

test.describe("the statement of results as a trader reads it", () => {
  test("revenue is ₹ crore with YoY in %, margins in %, both change columns in view at 1440 px, and consolidated or standalone on a switch", async ({ browser, deskURL }, testInfo) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e results table");
    await page.setViewportSize({ width: 1440, height: 900 });
    // Infosys files both bases (a group with subsidiaries) and is not a bank: its first line is revenue from operations.
    await page.goto("/earnings?symbols=INFY");
    const row = page.getByTestId("past-results").getByTestId("past-result-row").first();
    await expect(row).toHaveAttribute("data-symbol", "INFY");
    await row.getByTestId("open-result").click();
    const sheet = page.getByTestId("result-sheet");
    await sheet.getByTestId("load-result-detail").click();
    await confirmSpend(page);
    const table = sheet.getByTestId("earnings-table");
    await expect(table).toBeVisible();

    const revenue = line(table, "Revenue from operations");
    await expect(revenue).toHaveCount(1);
    await expect(revenue).toHaveAttribute("data-percent", "false");
    const revenueText = (await revenue.textContent()) ?? "";
    expect(revenueText, "revenue is an amount, its changes in percent").not.toMatch(/\d%.*\d%.*\d%.*\d%/);
    expect(revenueText).not.toContain("bps");
    await expect(revenue.getByRole("cell").nth(1)).toHaveText(/^[\d,]+$/);
    await expect(revenue.getByRole("cell", { name: /year on year/ })).toHaveText(/^[+−]?\d+\.\d%$/);
    await expect(line(table, "EBITDA margin (%)").getByRole("cell").nth(1)).toHaveText(/^\d+\.\d\d%$/);
    await expect(line(table, "EBITDA margin (%)").getByRole("cell", { name: /year on year/ })).toHaveText(/bps$/);
    await expect(table).toContainText("₹ crore");

    // Every column, YoY and QoQ included, inside the sheet with no scroll of the table sideways.
    const heads = table.locator("thead th");
    await expect(heads).toContainText([/Line item/, /Q\d FY\d{2}/, /Q\d FY\d{2}/, /Q\d FY\d{2}/, "YoY", "QoQ"]);
    const container = table.locator("[data-slot=table-container]");
    expect(await container.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const sheetBox = await sheet.boundingBox();
    const qoqBox = await heads.filter({ hasText: "QoQ" }).boundingBox();
    expect(sheetBox && qoqBox && qoqBox.x + qoqBox.width <= sheetBox.x + sheetBox.width).toBe(true);

    // The filing has both bases: consolidated first, standalone on the switch, with its own figures.
    const bases = sheet.getByRole("tablist", { name: "Basis of the results" });
    await expect(bases.getByRole("tab", { name: "Consolidated" })).toHaveAttribute("aria-selected", "true");
    await expect(table).toHaveAttribute("data-basis", "consolidated");
    const consolidated = await revenue.getByRole("cell").nth(1).textContent();
    await bases.getByRole("tab", { name: "Standalone" }).click();
    await expect(table).toHaveAttribute("data-basis", "standalone");
    await expect(table).toContainText("Standalone results");
    await expect(revenue.getByRole("cell").nth(1)).not.toHaveText(consolidated ?? "");
    await bases.getByRole("tab", { name: "Consolidated" }).click();

    await expectAccessible(page, testInfo, "results sheet");
    await screenshotWidths(page, "results-table", { fullPage: false });
    // A phone keeps the latest quarter beside YoY and QoQ, still without a sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(heads.filter({ hasText: "QoQ" })).toBeVisible();
    expect(await container.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
