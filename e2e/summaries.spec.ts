import { ACTIVE_SYMBOLS, createWatchlistViaApi, gaugeBalance, screenshotTopBothThemes, serviceBalance, signedInWithOwnAccount } from "./portfolio-support";
import { randomSuffix } from "./support/fixtures";
import { expect, test } from "./support/test";

test.describe("the summary generator", () => {
  test("generates a summary for 5 credits, reopens a repeat for free, explains free outcomes and keeps a history", async ({ browser, deskURL }) => {
    test.setTimeout(150_000);
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e summaries");
    const watchlist = await createWatchlistViaApi(page, deskURL, `Active names ${randomSuffix()}`, ACTIVE_SYMBOLS);

    await page.goto(`/summaries?watchlist=${watchlist.id}`);
    await expect(page.getByTestId("summary-symbols")).toContainText(`${ACTIVE_SYMBOLS.length} symbols`);
    await page.getByTestId("mode-exposure").click();
    await expect(page.getByTestId("summary-window")).toBeDisabled();
    await page.getByTestId("mode-news_context").click();
    await expect(page.getByTestId("summary-window")).toBeEnabled();
    await page.getByTestId("summary-window").selectOption({ label: "7 days, today included" });
    await expect(page).toHaveURL(/window=7/);
    // The price is on the button before anything runs.
    await expect(page.getByTestId("summary-generate")).toHaveText(/Generate summary\s*up to 5 credits/);
    await expect(page.getByTestId("summary-price")).toHaveAttribute("data-credits", "5");
    // One price, on the button itself: no second tag beside it.
    await expect(page.getByTestId("summary-generate").locator("xpath=..").locator('[data-slot="price-tag"]')).toHaveCount(1);

    const before = await gaugeBalance(page);
    expect(before).toBe(await serviceBalance(key));
    await page.getByTestId("summary-generate").click();
    // The default threshold (0) asks before any paid call.
    const confirm = page.getByTestId("confirm-spend");
    await expect(confirm).toContainText("Spend up to 5 credits?");
    await confirm.getByRole("button", { name: "Spend up to 5 credits" }).click();

    const result = page.getByTestId("summary-result");
    await expect(result).toHaveAttribute("data-status", "success", { timeout: 30_000 });
    await expect(result.getByTestId("summary-credits")).toHaveText("5 credits charged");
    const markdown = result.getByTestId("summary-markdown");
    await expect(markdown.locator("h2").first()).toContainText("News context");
    await expect(markdown.locator("h3").first()).toBeVisible();
    const link = markdown.locator("a[data-symbol]").first();
    await expect(link).toHaveAttribute("href", /^\/symbols\/[A-Z0-9&%._-]+$/);
    // The gauge moves by exactly the 5 credits, and agrees with the service.
    await expect(page.getByTestId("gauge-balance")).toHaveAttribute("data-value", String(before - 5), { timeout: 25_000 });
    expect(await serviceBalance(key)).toBe(before - 5);
    const firstEntry = await result.getAttribute("data-entry");
    await expect(page.getByTestId("summary-history").locator(`[data-entry="${firstEntry}"]`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`entry=${firstEntry}`));

    // The same request again within 10 minutes: the earlier result opens, with no price asked and nothing charged.
    await page.getByTestId("summary-generate").click();
    await expect(page.getByTestId("summary-reused")).toBeVisible();
    await expect(result).toHaveAttribute("data-entry", firstEntry ?? "");
    await expect(confirm).toBeHidden();
    expect(await serviceBalance(key)).toBe(before - 5);
    await screenshotTopBothThemes(page, "summaries");

    // "Generate again" pays for a fresh one, at the shown price.
    await page.goto(`/summaries?watchlist=${watchlist.id}&mode=news_context&window=7`);
    await page.getByTestId("summary-generate").click();
    await page.getByTestId("summary-regenerate").click();
    await confirm.getByRole("button", { name: "Spend up to 5 credits" }).click();
    await expect(result).not.toHaveAttribute("data-entry", firstEntry ?? "", { timeout: 30_000 });
    await expect(result).toHaveAttribute("data-status", "success");
    await expect(page.getByTestId("gauge-balance")).toHaveAttribute("data-value", String(before - 10), { timeout: 25_000 });

    // Symbols the service does not list are refused as they are typed.
    await page.getByRole("tab", { name: "Type symbols" }).click();
    const typed = page.getByTestId("summary-typed-symbols").getByRole("combobox");
    await typed.fill("NOSUCHCO, ALSONOTREAL");
    await typed.press("Enter");
    await expect(page.getByTestId("summary-typed-symbols").getByTestId("symbol-refused")).toContainText("not a symbol the Alpha service lists");
    await expect(page.getByTestId("summary-typed-symbols")).toHaveAttribute("data-symbols", "");

    // A failed summary (no symbol the service knows, from a link that names them) is explained, and free.
    await page.goto(`/summaries?source=symbols&symbols=NOSUCHCO,ALSONOTREAL&mode=exposure&window=7`);
    await page.getByTestId("mode-exposure").click();
    await page.getByTestId("summary-generate").click();
    await confirm.getByRole("button", { name: "Spend up to 5 credits" }).click();
    await expect(result).toHaveAttribute("data-status", "error", { timeout: 30_000 });
    await expect(result.getByTestId("summary-explain")).toContainText("no credits charged");
    await expect(result.getByTestId("summary-credits")).toHaveText("no credits charged");
    expect(await serviceBalance(key)).toBe(before - 10);

    // With the retention opt-out, the desk keeps the result but not the request.
    await page.getByTestId("summary-typed-symbols").getByRole("button", { name: "Clear" }).click();
    await typed.fill("TCS, INFY");
    await typed.press("Enter");
    await expect(page.getByTestId("summary-typed-symbols")).toHaveAttribute("data-symbols", "TCS,INFY", { timeout: 20_000 });
    await page.getByTestId("summary-private").click();
    await expect(page).toHaveURL(/private=true/);
    await page.getByTestId("summary-generate").click();
    await confirm.getByRole("button", { name: "Spend up to 5 credits" }).click();
    await expect(result.getByText("Not retained")).toBeVisible({ timeout: 30_000 });
    const optedOut = await result.getAttribute("data-entry");
    const stored = await page.request.get(`/api/summaries/${optedOut}`);
    expect(((await stored.json()) as { data: { request: unknown; retentionOptOut: boolean } }).data).toMatchObject({ request: null, retentionOptOut: true });

    // The history reopens the first summary.
    await page.getByTestId("summary-history").locator(`[data-entry="${firstEntry}"]`).click();
    await expect(result).toHaveAttribute("data-entry", firstEntry ?? "");
    await expect(page.getByTestId("summary-reused")).toBeHidden();
  });
});
