import { chooseFile, csvFile, openImport, signedInWithOwnAccount, zerodhaHoldings } from "./portfolio-support";
import { expectAccessible } from "./support/axe";
import { screenshotWidths } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { expect, test } from "./support/test";


test.describe("what a broker file holds besides companies", () => {
  test("ETFs and gold bonds are kept and marked, left out of the season, and TATAMOTORS is pointed at TMPV and TMCV", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e instruments");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/watchlists");
    const dialog = await openImport(page);
    // Zerodha Console's holdings: two companies, an ETF, a sovereign gold bond and the pre-demerger Tata Motors.
    const holdings = zerodhaHoldings(
      'NIFTYBEES,400,250.10,285.40,"1,14,160.00","14,120.00",14.11,0.30',
      'SGBAUG28V,20,"4,790.00","9,850.00","1,97,000.00","1,01,200.00",105.64,0.10',
      'TATAMOTORS,50,700,690,"34,500.00",-500,-1.43,0',
    );
    await chooseFile(page, "csv-file", csvFile("holdings.csv", holdings));
    await expect(dialog.getByTestId("csv-ready")).toContainText("5 symbols ready");
    const instruments = dialog.getByTestId("csv-instruments");
    await expect(instruments).toContainText("NIFTYBEES (ETF)");
    await expect(instruments).toContainText("SGBAUG28V (Sovereign gold bond)");
    const unknown = dialog.getByTestId("csv-unknown");
    await expect(unknown).toContainText("TATAMOTORS");
    await expect(unknown).not.toContainText("NIFTYBEES");
    await expect(unknown).not.toContainText("SGBAUG28V");
    await expect(dialog.getByTestId("csv-renamed")).toContainText("TATAMOTORS: Did you mean TMPV or TMCV?");
    await dialog.getByRole("textbox", { name: "Name" }).fill(`Zerodha ${randomSuffix()}`);
    await dialog.getByTestId("csv-import-submit").click();
    await expect(dialog).toBeHidden();

    // In the book: every holding kept; the ETF and the bond marked as such, not as misspelt.
    const items = page.getByTestId("watchlist-items");
    await expect(items.locator("tbody tr")).toHaveCount(5);
    await expect(items.locator('tr[data-symbol="NIFTYBEES"]').getByTestId("instrument-symbol")).toHaveText("ETF · not a company");
    await expect(items.locator('tr[data-symbol="SGBAUG28V"]').getByTestId("instrument-symbol")).toHaveText("Sovereign gold bond · not a company");
    await expect(items.getByTestId("unknown-symbol")).toHaveCount(1);
    await expect(items.locator('tr[data-symbol="TATAMOTORS"]').getByTestId("unknown-symbol")).toBeVisible();
    await expect(page.getByTestId("unknown-symbols")).toContainText("1 symbol is not known");
    await expect(page.getByTestId("renamed-symbol")).toContainText("Did you mean TMPV or TMCV?");
    await expect(page.getByTestId("instrument-note")).toContainText("NIFTYBEES, SGBAUG28V");
    await expectAccessible(page, testInfo, "watchlist with instruments");
    await screenshotWidths(page, "watchlist-instruments");

    // The season follows the companies only; the ETF and the bond are named as left out, never late.
    await page.goto("/season");
    await expect(page.getByTestId("season-row").first()).toBeVisible();
    await expect(page.locator('[data-testid="season-row"][data-symbol="NIFTYBEES"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="season-row"][data-symbol="SGBAUG28V"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="season-row"][data-symbol="TCS"]')).toHaveCount(1);
    await expect(page.getByTestId("season-instruments")).toContainText("NIFTYBEES (ETF)");
    await expect(page.getByTestId("season-instruments")).toContainText("SGBAUG28V (Sovereign gold bond)");
    // The pre-demerger symbol is not called late: it is pointed at what the company trades as now.
    await expect(page.locator('[data-testid="season-row"][data-symbol="TATAMOTORS"]')).toHaveCount(0);
    await expect(page.getByTestId("season-retired")).toContainText("did you mean TMPV or TMCV?");
    await expect(page.locator('[data-testid="season-row"][data-late="true"]')).toHaveCount(0);
    await screenshotWidths(page, "season-instruments");

    // The retired symbol's page says what it trades as now, and goes there.
    await page.goto("/symbols/TATAMOTORS");
    const mean = page.getByTestId("did-you-mean");
    await expect(mean).toContainText("Did you mean");
    await expect(mean.getByRole("link", { name: "TMCV" })).toBeVisible();
    await mean.getByRole("link", { name: "TMPV" }).click();
    await expect(page).toHaveURL(/\/symbols\/TMPV$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^TMPV/);
    await page.goto("/symbols/NIFTYBEES");
    await expect(page.getByRole("main")).toContainText("“NIFTYBEES” is an ETF, not a company");
    await page.context().close();
  });
});
