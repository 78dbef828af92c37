import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { buyFeedPage, expectEmptyPageFree, expectLive, leave, screenshotLiveThemes, signedInLiveUser, storeEvent } from "./live-support";

test.describe("the news page", () => {
  test("news arrives live with its sentiment; the sentiment filter narrows feed and URL; links open out; the mix is charted", { tag: LIVE }, async ({ browser, deskURL }) => {
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    await page.goto("/news?symbols=TCS,INFY");
    await expectLive(page, "connected");
    await expect(page.getByTestId("sentiment-empty")).toBeVisible();

    const good = await storeEvent({ product: "news", symbol: "TCS", sentiment: "positive" });
    const card = page.locator(`[data-testid="news-card"][data-news-id="${good.id}"]`);
    await expect(card).toBeVisible({ timeout: 2_000 });
    await expect(card.getByTestId("sentiment-badge")).toHaveAttribute("data-sentiment", "positive");
    await expect(card.getByTestId("news-source")).not.toBeEmpty();
    // A generated article exists nowhere: its publisher is named, and nothing links to an address on their site.
    await expect(card.getByTestId("news-link")).toHaveCount(0);
    await expect(page.getByTestId("sentiment-chart")).toBeVisible();

    // Another symbol is not followed.
    const elsewhere = await storeEvent({ product: "news", symbol: "ITC", sentiment: "positive" });

    // Sentiment filter: in the URL; live arrivals of another sentiment stay out.
    await page.getByTestId("sentiment-negative").click();
    await expect(page).toHaveURL(/[?&]sentiment=negative(&|$)/);
    await expect(card).toHaveCount(0);
    const positive = await storeEvent({ product: "news", symbol: "INFY", sentiment: "positive" });
    const negative = await storeEvent({ product: "news", symbol: "INFY", sentiment: "negative" });
    await expect(page.locator(`[data-news-id="${negative.id}"]`)).toBeVisible({ timeout: 2_000 });
    await expect(page.locator(`[data-news-id="${negative.id}"]`).getByTestId("sentiment-badge")).toHaveAttribute("data-sentiment", "negative");
    await expect(page.locator(`[data-news-id="${positive.id}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-news-id="${elsewhere.id}"]`)).toHaveCount(0);

    // Back to all; the paid page shows its price first, then what it cost.
    await page.getByTestId("sentiment-all").click();
    await expect(page).not.toHaveURL(/sentiment=/);
    await buyFeedPage(page, key, "news-load", "up to 1 credit", 1);
    expect(await page.getByTestId("news-card").count()).toBeGreaterThan(3);
    await expect(page.getByTestId("sentiment-card")).toContainText(/from the \d+ loaded/);

    await screenshotLiveThemes(page, "news");
    await leave(page);
    await context.close();
  });

  test("an empty page is labelled free and costs nothing", async ({ browser, deskURL }) => {
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    // A range in the past with no news for this symbol: live is off, the page is empty and free.
    await page.goto("/news?symbols=TCS&from=2020-01-01&to=2020-01-02");
    await expectEmptyPageFree(page, key, "news-load");
    await leave(page);
    await context.close();
  });
});
