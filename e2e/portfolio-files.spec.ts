import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { companies } from "../service/dataset/companies";
import { chooseFile, csvFile, openImport, serviceBalance, signedInWithOwnAccount, zerodhaHoldings } from "./portfolio-support";
import { randomSuffix, SCREENSHOT_DIR } from "./support/fixtures";
import { SHOTS, shoot } from "./support/shots";
import { expect, test } from "./support/test";

const jsonlFile = (name: string, lines: readonly string[]) => ({ name, mimeType: "application/jsonl", buffer: Buffer.from(`${lines.join("\n")}\n`) });

/** The dialog at desktop, laptop and phone widths, light and dark (the theme class toggled in place, so it stays open). */
async function screenshotDialog(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      await shoot(page, join(SCREENSHOT_DIR, `${name}-${width}-${theme}.png`), { animations: "disabled" });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("watchlists and batch files from what a portfolio manager has", () => {
  test("a broker holdings export imports after one mapping confirmation, with exposures as values in rupees", async ({ browser, deskURL }) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e broker export");
    await page.goto("/watchlists");
    const dialog = await openImport(page);
    // Zerodha Console's holdings export as Excel saves it: a BOM, CRLF, quoted Indian-grouped amounts, a totals row.
    const holdings = zerodhaHoldings('HDFCBANK,120,"1,450.00","1,702.10","2,04,252.00","30,252.00",17.39,1.10', 'Total,,,,"2,77,258.25",,,');
    await chooseFile(page, "csv-file", csvFile("holdings.csv", `\uFEFF${holdings}`));
    const mapping = dialog.getByTestId("csv-mapping");
    await expect(mapping).toBeVisible();
    await expect(dialog.getByTestId("csv-map-symbol")).toContainText("Instrument");
    await expect(dialog.getByTestId("csv-map-quantity")).toContainText("Qty.");
    await expect(dialog.getByTestId("csv-map-price")).toContainText("LTP");
    await expect(dialog.getByTestId("csv-map-value")).toContainText("Cur. val");
    await expect(dialog.getByTestId("csv-map-basis")).toContainText("Value in ₹");
    await expect(dialog.getByTestId("csv-map-scale")).toContainText("Rupees");
    const preview = dialog.getByTestId("csv-preview");
    await expect(preview).toContainText("Exposure (₹)");
    await expect(preview.locator('tr[data-symbol="HDFCBANK"]')).toContainText("₹2,04,252");
    await expect(dialog.getByTestId("csv-ready")).toContainText("3 symbols ready (header row found)");
    await screenshotDialog(page, "watchlists-import-mapping");

    const name = `Zerodha ${randomSuffix()}`;
    await dialog.getByRole("textbox", { name: "Name" }).fill(name);
    await dialog.getByTestId("csv-import-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("watchlist-title")).toHaveText(name);
    const items = page.getByTestId("watchlist-items");
    await expect(items.locator("thead")).toContainText("Exposure (₹)");
    // One column, one number of decimals: INFY's paise give every rupee figure paise, so they line up.
    await expect(items.locator('tr[data-symbol="TCS"]').getByTestId("item-exposure")).toHaveText("₹35,000.00");
    await expect(items.locator('tr[data-symbol="INFY"]').getByTestId("item-exposure")).toHaveText("₹38,006.25");
    await expect(items.locator('tr[data-symbol="HDFCBANK"]').getByTestId("item-exposure")).toHaveText("₹2,04,252.00");
    await expect(page.getByTestId("watchlist-detail")).toContainText("exposure as value in ₹");
    const listed = ((await (await page.request.get("/api/watchlists")).json()) as { data: { name: string; exposureUnit: string; items: { symbol: string; exposure: number }[] }[] }).data;
    expect(listed.find((w) => w.name === name)).toMatchObject({ exposureUnit: "inr", items: [{ symbol: "TCS", exposure: 35000 }, { symbol: "INFY", exposure: 38006.25 }, { symbol: "HDFCBANK", exposure: 204252 }] });

    // Exported with the unit beside each exposure.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const exported = readFileSync(await (await downloading).path(), "utf8").trim().split("\n");
    expect(exported).toEqual(["symbol,exposure,label,unit", "TCS,35000,,inr", "INFY,38006.25,,inr", "HDFCBANK,204252,,inr"]);
  });

  test("a file with two bad lines imports the rest only when asked, and offers the skipped lines", async ({ browser, deskURL }) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e partial import");
    await page.goto("/watchlists");
    const dialog = await openImport(page);
    // Semicolons, as a European-locale Excel writes them; shares as the exposure.
    const file = ["Trading Symbol;Quantity;Tag", "TCS;10;IT", "not a symbol!;5;x", "INFY;lots;IT", "ITC;300;fmcg", "SBIN;40;banks"].join("\n");
    await chooseFile(page, "csv-file", csvFile("book.csv", file));
    await expect(dialog.getByTestId("csv-map-basis")).toContainText("Shares held");
    const errors = dialog.getByTestId("csv-errors");
    await expect(errors).toContainText("2 problems: nothing was imported");
    await expect(errors).toContainText(/Line 3\s*symbol 'not a symbol!'/);
    await expect(errors).toContainText(/Line 4\s*Quantity 'lots' is not a number/);
    await expect(dialog.getByTestId("csv-import-submit")).toBeDisabled();

    // The skipped lines, as a CSV to fix: the header, each bad row as it was, and its problem.
    const downloading = page.waitForEvent("download");
    await dialog.getByTestId("csv-download-skipped").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("book-skipped.csv");
    expect(readFileSync(await download.path(), "utf8").trim().split("\n")).toEqual([
      "Trading Symbol,Quantity,Tag,problem",
      "not a symbol!,5,x,line 3: symbol 'not a symbol!' must be an exchange symbol such as RELIANCE or M&M",
      "INFY,lots,IT,line 4: Quantity 'lots' is not a number",
    ]);
    expect(((await (await page.request.get("/api/watchlists")).json()) as { data: unknown[] }).data).toEqual([]);

    await dialog.getByTestId("csv-skip-bad").click();
    await expect(errors).toContainText("2 lines will be skipped");
    await expect(dialog.getByTestId("csv-ready")).toContainText("3 symbols ready");
    await screenshotDialog(page, "watchlists-import-partial");
    await dialog.getByTestId("csv-import-submit").click();
    await expect(dialog).toBeHidden();
    const items = page.getByTestId("watchlist-items");
    await expect(items.locator("tbody tr")).toHaveCount(3);
    await expect(items.locator("thead")).toContainText("Exposure (shares)");
    await expect(items.locator('tr[data-symbol="ITC"]').getByTestId("item-exposure")).toHaveText("300 shares");
    await expect(items.locator('tr[data-symbol="SBIN"]')).toContainText("banks");

    // A file in rupees cannot merge into a list counted in shares: said before anything is sent.
    const again = await openImport(page);
    await chooseFile(page, "csv-file", csvFile("values.csv", "Symbol,Market Value\nWIPRO,25000\n"));
    await expect(again.getByTestId("csv-unit-clash")).toContainText("counts exposure as shares; this file's is value in ₹");
    await expect(again.getByTestId("csv-import-submit")).toBeDisabled();
  });

  test("an ISIN-only file maps to symbols through the service's symbol data, priced before anything is spent", async ({ browser, deskURL }) => {
    test.setTimeout(150_000);
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e isin import", { symbols: true });
    const isinOf = (symbol: string) => {
      const company = companies.find((c) => c.symbol === symbol);
      if (!company) throw new Error(`${symbol} is not in the dataset`);
      return company.isin;
    };
    await page.goto("/watchlists");
    const dialog = await openImport(page);
    // A depository statement: ISIN and current balance, no symbol column.
    const file = ["ISIN,Security Name,Current Bal,Close Price", `${isinOf("TCS")},TATA CONSULTANCY SERV LT,10,3500`, `${isinOf("ITC")},ITC LIMITED,200,410.5`].join("\n");
    await chooseFile(page, "csv-file", csvFile("cdsl.csv", file));
    await expect(dialog.getByTestId("csv-map-isin")).toContainText("ISIN");
    await expect(dialog.getByTestId("csv-map-symbol")).toContainText("Not in the file");
    const lookup = dialog.getByTestId("csv-isin-lookup");
    await expect(lookup).toHaveText(/Look up the symbols · up to [\d,]+ credits/, { timeout: 30_000 });
    const price = Number((await lookup.textContent())?.replace(/.*up to ([\d,]+) credits.*/, "$1").replace(/,/g, ""));
    expect(price).toBeGreaterThan(0);
    await expect(dialog.getByTestId("csv-import-submit")).toBeDisabled();
    const before = await serviceBalance(key);
    await lookup.click();
    const preview = dialog.getByTestId("csv-preview");
    await expect(preview.locator('tr[data-symbol="TCS"]')).toContainText(isinOf("TCS"), { timeout: 30_000 });
    await expect(preview.locator('tr[data-symbol="ITC"]')).toContainText("₹82,100");
    const spent = before - (await serviceBalance(key));
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(price);
    await dialog.getByTestId("csv-import-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("watchlist-items").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("watchlist-items").locator('tr[data-symbol="TCS"]').getByTestId("item-exposure")).toHaveText(/^₹35,000(\.00)?$/);
  });

  test("a body-wrapped JSONL line is accepted, a wrong one explained, and the example line uploads as it is", async ({ browser, deskURL }) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e batch formats");
    await page.goto("/batches?tab=upload");

    const wrapped = JSON.stringify({ custom_id: "x", method: "POST", url: "/v1/daily-summary/", body: { symbols: ["TCS"] } });
    await chooseFile(page, "batch-file", jsonlFile("wrapped.jsonl", [wrapped]));
    await expect(page.getByTestId("batch-file-ready")).toContainText("1 line ready", { timeout: 20_000 });

    const wrongUrl = JSON.stringify({ custom_id: "y", method: "POST", url: "/v1/chat/completions", body: { symbols: ["TCS"] } });
    const misplaced = JSON.stringify({ custom_id: "z", body: { symbol: ["TCS"] } });
    await chooseFile(page, "batch-file", jsonlFile("wrong.jsonl", [wrapped, wrongUrl, misplaced]));
    const errors = page.getByTestId("batch-file-errors");
    await expect(errors).toContainText("2 problems: nothing was uploaded or charged", { timeout: 20_000 });
    await expect(errors).toContainText(/Line 2\s*url: must be \/v1\/daily-summary\/, the only endpoint a batch job runs; found "\/v1\/chat\/completions"/);
    await expect(errors).toContainText(/Line 3\s*body\.symbols: provide exactly one of portfolio, symbols, items/);

    // The example shown for the chosen form and mode, saved as a file, passes and is sent as it is.
    await page.getByRole("combobox", { name: "Form" }).selectOption({ label: "Common batch format (method, url, body)" });
    await page.getByRole("combobox", { name: "Mode" }).selectOption({ label: "Exposure" });
    const example = (await page.getByTestId("batch-example").textContent()) ?? "";
    expect(JSON.parse(example)).toMatchObject({ method: "POST", url: "/v1/daily-summary/", body: { mode: "exposure" } });
    await screenshotDialog(page, "batches-upload-example");
    await chooseFile(page, "batch-file", jsonlFile("example.jsonl", [example]));
    await expect(page.getByTestId("batch-file-ready")).toContainText("1 line ready", { timeout: 20_000 });
    await page.getByTestId("batch-submit").click();
    const confirm = page.getByTestId("confirm-spend");
    await confirm.getByRole("button", { name: "Spend up to 55 credits" }).click();
    await expect(page).toHaveURL(/\/batches\/[^/?]+$/, { timeout: 20_000 });
    await expect(page.getByTestId("batch-job")).toHaveAttribute("data-status", "completed", { timeout: 60_000 });

    // The template holds every form and mode and uploads whole.
    await page.goto("/batches?tab=upload");
    const downloading = page.waitForEvent("download");
    await page.getByTestId("batch-template").click();
    const template = readFileSync(await (await downloading).path(), "utf8");
    expect(template.trim().split("\n")).toHaveLength(12);
    await chooseFile(page, "batch-file", { name: "batch-template.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(template) });
    await expect(page.getByTestId("batch-file-ready")).toContainText("12 lines ready", { timeout: 20_000 });
  });
});
