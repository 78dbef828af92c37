import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { buyFeedPage, expectLive, leave, screenshotLiveThemes, signedInLiveUser, storeEvent } from "./live-support";

test.describe("the announcements page", { tag: LIVE }, () => {
  test("filings arrive live with their categories; category and importance filters narrow feed and URL; the page is priced per filing", async ({ browser, deskURL }) => {
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    await page.goto("/announcements?symbols=INFY");
    await expectLive(page, "connected");
    // Every filing, not only the material ones (materiality.spec.ts covers the bar).
    await page.getByTestId("materiality-only").click();

    const dividend = await storeEvent({ product: "announcements", symbol: "INFY", category: "Dividend" });
    const card = page.locator(`[data-testid="announcement-card"][data-announcement-id="${dividend.id}"]`);
    await expect(card).toBeVisible({ timeout: 2_000 });
    await expect(card.getByTestId("primary-category")).toHaveText("Dividend");
    await expect(card.getByTestId("primary-category")).toHaveAttribute("data-important", "true");
    await expect(card).toHaveAttribute("data-important", "true");

    // Categories come from the free endpoint, in their two groups; not with the page (it stays within a phone's first
    // round trip), but when the menu is about to be used.
    const html = await (await page.request.get("/announcements?symbols=INFY")).text();
    expect(html).toContain('data-testid="category-filter"');
    expect(html).not.toContain("Newspaper Publication");
    await page.getByTestId("category-filter").click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("Important", { exact: true })).toBeVisible();
    await expect(menu.getByText("Not important", { exact: true })).toBeVisible();
    await menu.getByRole("menuitemcheckbox", { name: "Credit Rating" }).click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/[?&]categories=Credit(\+|%20)Rating(&|$)/);
    await expect(card).toHaveCount(0);
    const other = await storeEvent({ product: "announcements", symbol: "INFY", category: "Dividend" });
    const rating = await storeEvent({ product: "announcements", symbol: "INFY", category: "Credit Rating" });
    const ratingCard = page.locator(`[data-announcement-id="${rating.id}"]`);
    await expect(ratingCard).toBeVisible({ timeout: 2_000 });
    await expect(ratingCard.getByTestId("primary-category")).toHaveAttribute("data-important", "false");
    await expect(page.locator(`[data-announcement-id="${other.id}"]`)).toHaveCount(0);

    // Important only (and every category again): not-important filings stay out.
    await page.getByRole("button", { name: "Remove Credit Rating" }).click();
    await page.getByTestId("filter-important").click();
    await expect(page).toHaveURL(/[?&]important=true(&|$)/);
    await expect(page).not.toHaveURL(/categories=/);
    const minor = await storeEvent({ product: "announcements", symbol: "INFY", category: "Newspaper Publication" });
    const major = await storeEvent({ product: "announcements", symbol: "INFY", category: "Acquisition" });
    await expect(page.locator(`[data-announcement-id="${major.id}"]`)).toBeVisible({ timeout: 2_000 });
    await expect(page.locator(`[data-announcement-id="${minor.id}"]`)).toHaveCount(0);

    // The paid page: 2 credits a filing with related categories, 1 without; charged only for filings returned.
    const load = page.getByTestId("announcements-load");
    await expect(load.locator('[data-slot="price-tag"]')).toContainText("up to 40 credits");
    await page.getByTestId("announcements-detailed").click();
    await expect(load.locator('[data-slot="price-tag"]')).toContainText("up to 20 credits");
    await page.getByTestId("announcements-detailed").click();
    const { charged } = await buyFeedPage(page, key, "announcements-load", "up to 40 credits");
    const cards = await page.getByTestId("announcement-card").count();
    expect(charged).toBeGreaterThan(0);
    expect(charged % 2).toBe(0);
    expect(cards).toBeGreaterThanOrEqual(charged / 2);
    await expect(page.getByTestId("related-category").first()).toBeVisible();

    await screenshotLiveThemes(page, "announcements");
    await leave(page);
    await context.close();
  });
});
