import { signedInWithOwnAccount } from "./portfolio-support";
import { readFixtures } from "./support/fixtures";
import { expect, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

test.describe("one search box over the desk", () => {
  test("Ctrl-K or / from any page finds a company by symbol or name, a page and an action", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e search", { symbols: true });
    const context = page.context();
    // Names of every company: the symbol catalogue, bought once for the account.
    const bought = await page.request.post("/api/symbols/catalogue", { data: { spendUpTo: 1_000 }, headers: { Origin: new URL(deskURL).origin } });
    expect(bought.status(), await bought.text()).toBe(200);
    await page.goto("/usage");
    await expect(page.getByTestId("command-open")).toBeVisible();

    // Ctrl-K opens it (heard once the page has hydrated); a company's name finds its symbol, and choosing it opens the page.
    const palette = page.getByTestId("command-palette");
    await expect(async () => {
      await page.keyboard.press("Control+k");
      await expect(palette).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await palette.getByTestId("command-input").fill("infosys");
    await expect(palette.locator('[data-testid="command-symbol"][data-symbol="INFY"]')).toBeVisible({ timeout: 20_000 });
    await checkWidthsAndThemes(page, testInfo, "command-palette", '[data-testid="command-palette"]', { scopeAxe: true });
    await palette.getByTestId("command-input").press("Enter");
    await expect(page).toHaveURL(/\/symbols\/INFY$/);
    await expect(palette).toHaveCount(0);

    // "/" from another page; a symbol typed as it is, then a page by name.
    await page.goto("/earnings");
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await expect(async () => {
      await page.keyboard.press("/");
      await expect(palette).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await palette.getByTestId("command-input").fill("TCS");
    await expect(palette.locator('[data-testid="command-symbol"][data-symbol="TCS"]').first()).toBeVisible({ timeout: 20_000 });
    await palette.getByTestId("command-input").fill("block deals");
    const blockDeals = palette.getByTestId("command-page").filter({ hasText: "Block deals" });
    await expect(blockDeals).toBeVisible();
    await blockDeals.click();
    await expect(page).toHaveURL(/\/block-deals$/);

    // An action by what it does: the threshold lives in Settings.
    await page.keyboard.press("Control+k");
    await palette.getByTestId("command-input").fill("threshold");
    await palette.getByTestId("command-action").filter({ hasText: "Set the confirmation threshold" }).click();
    await expect(page).toHaveURL(/\/settings$/);

    // Typing "/" in a field types a slash: the search does not take it.
    await page.getByLabel("Threshold (credits)").focus();
    await page.keyboard.press("/");
    await expect(palette).toHaveCount(0);
    await context.close();
  });

  test("a BSE code or an ISIN finds its company once the desk holds the symbol catalogue", async ({ browser, deskURL }) => {
    test.setTimeout(90_000);
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e search codes", { symbols: true });
    const bought = await page.request.post("/api/symbols/catalogue", { data: { spendUpTo: 1_000 }, headers: { Origin: new URL(deskURL).origin } });
    expect(bought.status(), await bought.text()).toBe(200);
    // INFY's codes as the service gives them (its metadata, read with the key).
    const res = await fetch(`${readFixtures().serviceUrl}/v1/symbols/metadata?symbols=INFY`, { headers: { "X-API-Key": key } });
    const meta = ((await res.json()) as { data: { scrip_code?: string; isin?: string }[] }).data[0];
    expect(meta?.scrip_code && meta.isin).toBeTruthy();
    await page.goto("/today");
    const palette = page.getByTestId("command-palette");
    // The shortcut is heard once the page has hydrated: press until the palette opens.
    await expect(async () => {
      await page.keyboard.press("Control+k");
      await expect(palette).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    for (const code of [meta?.scrip_code ?? "", meta?.isin ?? ""]) {
      await palette.getByTestId("command-input").fill(code);
      await expect(palette.locator('[data-testid="command-symbol"][data-symbol="INFY"]')).toContainText(code, { timeout: 20_000 });
    }
    await page.context().close();
  });
});
