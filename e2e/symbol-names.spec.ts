import { createWatchlistViaApi, signedInWithOwnAccount } from "./portfolio-support";
import { expectAccessible } from "./support/axe";
import { confirmSpend, screenshotWidths } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { expect, test } from "./support/test";

/** Twenty-one companies across sectors, as a portfolio manager's watchlist holds them. */
const BOOK = [
  "RELIANCE", "TCS", "INFY", "HDFCBANK", "ITC", "LT", "MARUTI", "SUNPHARMA", "TITAN", "ASIANPAINT", "DMART",
  "NTPC", "ULTRACEMCO", "HAL", "DIXON", "TRENT", "PIDILITIND", "COFORGE", "POLYCAB", "BEL", "IRCTC",
];

test.describe("company names once the symbol catalogue is bought", () => {
  test("past results, the season, the watchlist and the symbol page heading all name the company", async ({ browser, deskURL }, testInfo) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e names", { symbols: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await createWatchlistViaApi(page, deskURL, `Book ${randomSuffix()}`, BOOK);

    // Bought once, from the symbol filter, with its price confirmed.
    await page.goto("/earnings?view=agenda");
    const box = page.getByTestId("filter-bar").getByTestId("symbol-filter").getByRole("combobox");
    await box.fill("infos");
    await page.getByTestId("symbol-catalogue-offer").getByRole("button", { name: "Buy the catalogue" }).click();
    await confirmSpend(page);
    await expect(page.getByRole("listbox", { name: "Matching companies" }).getByRole("option").first()).toContainText("Infosys", { timeout: 20_000 });
    await box.press("Escape");

    // Past results: every row named, and no name offered for sale.
    await page.goto("/earnings");
    const past = page.getByTestId("past-results");
    await expect(past.getByTestId("past-result-row").first()).toBeVisible();
    const companies = past.getByTestId("past-result-company");
    await expect(companies.first()).not.toHaveText("—");
    const texts = await companies.allTextContents();
    expect(texts.length).toBe(await past.getByTestId("past-result-row").count());
    expect(texts.filter((t) => t.trim() === "—" || t.trim() === ""), "past results without a name").toEqual([]);
    await expect(past.getByTestId("load-company-names")).toHaveCount(0);
    await expect(past.getByTestId("load-company-names-free")).toHaveCount(0);

    // The season of the watchlist: each of the 21 companies by name.
    await page.goto("/season");
    const rows = page.getByTestId("season-row");
    await expect(rows).toHaveCount(BOOK.length);
    await expect(page.getByTestId("season-company")).toHaveCount(BOOK.length);
    await expect(page.locator('[data-testid="season-row"][data-symbol="TCS"]')).toContainText("Tata Consultancy Services");
    await expectAccessible(page, testInfo, "season with names");
    await screenshotWidths(page, "season-names");

    // The watchlist names each holding.
    await page.goto("/watchlists");
    await expect(page.locator('[data-testid="watchlist-items"] tr[data-symbol="TCS"]').getByTestId("item-name")).toHaveText(/^Tata Consultancy Services/);
    await expect(page.getByTestId("watchlist-items").getByTestId("item-name")).toHaveCount(BOOK.length);

    // The symbol page's heading: the symbol and the company.
    await page.goto("/symbols/TCS");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^TCS\s+Tata Consultancy Services/);
    await screenshotWidths(page, "symbol-heading", { fullPage: false });
    await page.context().close();
  });
});
