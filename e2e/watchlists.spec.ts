import { readFileSync } from "node:fs";
import { ACTIVE_SYMBOLS, csvFile, signedInWithOwnAccount } from "./portfolio-support";
import { screenshotBothThemes } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { shoot } from "./support/shots";
import { expect, test } from "./support/test";


test.describe("watchlists", () => {
  test("a CSV import reports every bad row by line and imports nothing, then a good file lands whole", async ({ browser, deskURL }) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e watchlists");
    await page.goto("/watchlists");
    await expect(page.getByText("No watchlists yet")).toBeVisible();

    // A file with two bad rows: line 3 (not a symbol) and line 5 (exposure not a number). Nothing may be imported.
    await page.getByRole("button", { name: "Import CSV" }).first().click();
    const dialog = page.getByTestId("import-csv-dialog");
    const bad = ["symbol,exposure,label", "TCS,100,IT", "not a symbol!,5,", "", "INFY,lots,IT", "HDFCBANK,50,banks"].join("\n");
    await dialog.getByTestId("csv-file").setInputFiles(csvFile("bad.csv", bad));
    const errors = dialog.getByTestId("csv-errors");
    await expect(errors).toBeVisible();
    await expect(errors).toContainText("2 problems: nothing was imported");
    await expect(errors).toContainText(/Line 3\s*symbol 'not a symbol!'/);
    await expect(errors).toContainText(/Line 5\s*exposure 'lots' is not a number/);
    await expect(dialog.getByTestId("csv-import-submit")).toBeDisabled();
    await shoot(page, "test-results/screenshots/watchlists-import-errors.png");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("No watchlists yet")).toBeVisible();
    const listed = await page.request.get("/api/watchlists");
    expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);

    // The corrected file: a header, Indian-grouped exposures, a quoted label with a comma.
    const name = `Large caps ${randomSuffix()}`;
    const good = ["symbol,exposure,label", ...ACTIVE_SYMBOLS.map((s, i) => `${s},"${((i + 1) * 100000).toLocaleString("en-IN")}",${i % 3 === 0 ? '"core, long"' : "tactical"}`)].join("\n");
    await page.getByRole("button", { name: "Import CSV" }).first().click();
    await dialog.getByTestId("csv-file").setInputFiles(csvFile("large-caps.csv", good));
    await expect(dialog.getByTestId("csv-ready")).toContainText(`${ACTIVE_SYMBOLS.length} symbols ready (header row found)`);
    await expect(dialog.getByTestId("csv-ready")).toContainText("Every symbol is known to the Alpha service", { timeout: 20_000 });
    await dialog.getByRole("textbox", { name: "Name" }).fill(name);
    await dialog.getByTestId("csv-import-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("watchlist-title")).toHaveText(name);
    await expect(page.getByTestId("watchlist-items").locator("tbody tr")).toHaveCount(ACTIVE_SYMBOLS.length);
    await expect(page.getByTestId("watchlist-items").locator('tr[data-symbol="M&M"]')).toContainText("14,00,000");
    await expect(page.getByTestId("watchlist-items").locator('tr[data-symbol="RELIANCE"]')).toContainText("core, long");
    await expect(page).toHaveURL(/watchlist=wl_/);

    // A bad symbol and one the service does not list are refused at the form; a listed one is added.
    const add = page.getByTestId("add-symbol");
    await add.fill("bad sym!");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: /Symbol must be an exchange symbol/ })).toBeVisible();
    await page.getByRole("button", { name: "Remove WIPRO" }).click();
    await expect(page.getByTestId("watchlist-items").locator('tr[data-symbol="WIPRO"]')).toHaveCount(0);
    await add.fill("nosuchco");
    await page.getByLabel("Exposure", { exact: true }).fill("2500");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: /“NOSUCHCO” is not a symbol the Alpha service lists/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("watchlist-items").locator('tr[data-symbol="NOSUCHCO"]')).toHaveCount(0);
    await add.fill("WIPRO");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByTestId("watchlist-items").locator('tr[data-symbol="WIPRO"]')).toBeVisible({ timeout: 20_000 });

    // Export: the same rows come back as CSV.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^large-caps-[a-z0-9]+\.csv$/);
    const exported = readFileSync(await download.path(), "utf8").trim().split("\n");
    // Issue 21: the export names the unit of each exposure (a symbol,exposure,label file reads as rupees of value).
    expect(exported[0]).toBe("symbol,exposure,label,unit");
    expect(exported).toContain('RELIANCE,100000,"core, long",inr');
    expect(exported.at(-1)).toBe("WIPRO,2500,,inr");

    // The rename dialog is fetched on demand: the keyboard opens it (Enter on the button), and Escape gives focus back
    // to the button that opened it.
    const renameButton = page.getByRole("button", { name: "Rename" });
    await renameButton.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Rename watchlist" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Rename watchlist" })).toBeHidden();
    await expect(renameButton).toBeFocused();

    // Rename, then the picker on the Summaries page offers it.
    await page.getByRole("button", { name: "Rename" }).click();
    const rename = page.getByRole("dialog", { name: "Rename watchlist" });
    await expect(rename.getByRole("textbox", { name: "Name" })).toHaveValue(name);
    await rename.getByRole("textbox", { name: "Name" }).fill(`${name} renamed`);
    await rename.getByRole("button", { name: "Rename", exact: true }).click();
    await expect(page.getByTestId("watchlist-title")).toHaveText(`${name} renamed`);
    await screenshotBothThemes(page, "watchlists");

    await page.goto("/summaries");
    const picker = page.getByTestId("watchlist-picker");
    await picker.selectOption((await picker.getByRole("option", { name: new RegExp(`${name} renamed`) }).getAttribute("value")) ?? "");
    await expect(page).toHaveURL(/watchlist=wl_/);
    await expect(page.getByTestId("summary-symbols")).toContainText(`${ACTIVE_SYMBOLS.length} symbols`);

    // Delete asks first, then the list is empty again.
    await page.goto("/watchlists");
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("confirm-delete-watchlist")).toContainText(`${ACTIVE_SYMBOLS.length} symbols`);
    await page.getByRole("button", { name: "Delete watchlist" }).click();
    await expect(page.getByText("No watchlists yet")).toBeVisible();
  });
});
