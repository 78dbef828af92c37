import { formatCrore, formatNumber } from "../lib/format/number";
import { istTimeOn, previousTradingDay } from "../lib/market/calendar";
import { confirmSpend } from "./support/desk";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { buyFeedPage, expectEmptyPageFree, expectLive, leave, screenshotLiveThemes, serviceBalance, signedInLiveUser, storeEvent } from "./live-support";

test.describe("the block deals page", () => {
  test("deals arrive live with their window and value; the exchange filter narrows feed and URL; a page is priced first and charged exactly; cards link to the symbol page and use what the desk holds", { tag: LIVE }, async ({
    browser,
    deskURL,
  }) => {
    test.setTimeout(120_000);
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    await page.goto("/block-deals?symbols=TCS,INFY");
    await expect(page.getByRole("heading", { name: "Block deals", level: 1 })).toBeVisible();
    await expectLive(page, "connected");
    await expect(page.getByTestId("block-deals-feed")).toHaveAttribute("data-live-url", /products=block-deals/);

    // A deal stored while the page is open arrives live, in the morning window of the last trading day.
    const morning = istTimeOn(previousTradingDay(Date.now()), "08:50");
    const first = await storeEvent({ product: "block-deals", symbol: "TCS", exchange: "NSE", atMs: morning });
    const card = page.locator(`[data-testid="block-deal-card"][data-deal-id="${first.id}"]`);
    await expect(card).toBeVisible({ timeout: 2_000 });
    await expect(card).toHaveAttribute("data-window", "morning");
    await expect(card.getByTestId("block-deal-window")).toHaveText("Morning window · 08:45–09:00 IST");
    await expect(card.getByTestId("block-deal-value")).toHaveText(formatCrore(first.trade_value_cr as number));
    await expect(card.getByTestId("block-deal-shares")).toContainText(`${formatNumber(first.shares as number)} shares @ ₹`);
    await expect(card.getByTestId("block-deal-exchange")).toHaveText("NSE");
    await expect(card.getByTestId("block-deal-symbol")).toHaveAttribute("href", "/symbols/TCS");
    await expect(card.getByTestId("block-deal-cap-share")).toHaveAttribute("data-known", "false");
    await expect(page.getByText(/bulk deal/i)).toHaveCount(0);

    // Exchange filter: in the URL; live deals of another exchange stay out.
    await page.getByTestId("exchange-bse").click();
    await expect(page).toHaveURL(/[?&]exchange=BSE(&|$)/);
    await expect(card).toHaveCount(0);
    const nse = await storeEvent({ product: "block-deals", symbol: "INFY", exchange: "NSE" });
    const bse = await storeEvent({ product: "block-deals", symbol: "INFY", exchange: "BSE" });
    await expect(page.locator(`[data-deal-id="${bse.id}"]`)).toBeVisible({ timeout: 2_000 });
    await expect(page.locator(`[data-deal-id="${bse.id}"]`).getByTestId("block-deal-exchange")).toHaveText("BSE");
    await expect(page.locator(`[data-deal-id="${nse.id}"]`)).toHaveCount(0);

    // Back to every exchange; the paid page shows its price first, then charges exactly one credit a deal returned.
    await page.getByTestId("exchange-all").click();
    await expect(page).not.toHaveURL(/exchange=/);
    const { said, charged } = await buyFeedPage(page, key, "block-deals-load", "up to 20 credits");
    expect(said).toContain("20 credits");
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(20);
    await expect(page.getByTestId("block-deal-card")).toHaveCount(charged);
    // The deals stored above are the newest of these symbols: the page holds them.
    await expect(page.locator(`[data-deal-id="${nse.id}"]`)).toBeVisible();

    // A deal of today with a same-day offer-for-sale filing of the company.
    const today = await storeEvent({ product: "block-deals", symbol: "TCS", exchange: "NSE/BSE" });
    const filing = await storeEvent({ product: "announcements", symbol: "TCS", category: "Offer for Sale (OFS)" });
    const todayCard = page.locator(`[data-testid="block-deal-card"][data-deal-id="${today.id}"]`);
    await expect(todayCard).toBeVisible({ timeout: 2_000 });
    await expect(todayCard.getByTestId("block-deal-filings")).toHaveCount(0);

    // The card links to the symbol page, where block deals are a priced source of the timeline.
    await todayCard.getByTestId("block-deal-symbol").click();
    await expect(page).toHaveURL(/\/symbols\/TCS$/);
    const timeline = page.getByTestId("symbol-timeline");
    const dealsSource = timeline.getByTestId("load-block-deals");
    await expect(dealsSource.locator('[data-slot="price-tag"]')).toContainText("up to 10 credits");
    const beforeTimeline = await serviceBalance(key);
    await dealsSource.click();
    await confirmSpend(page);
    const loaded = timeline.getByTestId("timeline-source-loaded").filter({ hasText: "Block deals" });
    await expect(loaded).toBeVisible();
    const dealEvent = timeline.locator('[data-testid="timeline-event"][data-kind="block-deals"]').first();
    await expect(dealEvent).toContainText("Block deal of ₹");
    const timelineCharged = Number(/(\d+) credits?/.exec((await loaded.textContent()) ?? "")?.[1]);
    expect(timelineCharged).toBeGreaterThan(0);
    expect(await serviceBalance(key)).toBe(beforeTimeline - timelineCharged);

    // The user buys the profile (market cap) and the announcements here; the block deals page then uses both, free.
    await page.getByTestId("load-profile").click();
    await confirmSpend(page);
    await expect(page.getByTestId("symbol-profile").getByTestId("profile-company")).toBeVisible();
    await timeline.getByTestId("load-announcements").click();
    await confirmSpend(page);
    await expect(timeline.getByTestId("timeline-source-loaded").filter({ hasText: "Announcements" })).toBeVisible();
    const beforeBack = await serviceBalance(key);
    await page.goBack();
    await expect(page).toHaveURL(/\/block-deals\?symbols=TCS(,|%2C)INFY$/);
    const heldCard = page.locator(`[data-testid="block-deal-card"][data-deal-id="${today.id}"]`);
    await expect(heldCard).toBeVisible();
    await expect(heldCard.getByTestId("block-deal-cap-share")).toHaveAttribute("data-known", "true");
    await expect(heldCard.getByTestId("block-deal-cap-share")).toContainText("% of market cap");
    await expect(heldCard.locator(`[data-testid="block-deal-filing"][data-announcement-id="${filing.id}"]`)).toBeVisible();
    await expect(page.getByTestId("feed-held")).toBeVisible();
    expect(await serviceBalance(key)).toBe(beforeBack);

    await page.getByTestId("block-deals-load").scrollIntoViewIfNeeded();
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshotLiveThemes(page, `block-deals-${width}`);
    }
    await leave(page);
    await context.close();
  });

  test("an empty page is labelled free and costs nothing", async ({ browser, deskURL }) => {
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    await page.goto("/block-deals?symbols=TCS&exchange=BSE&from=2020-01-01&to=2020-01-02");
    await expect(page.getByTestId("exchange-bse")).toHaveAttribute("aria-checked", "true");
    await expectEmptyPageFree(page, key, "block-deals-load");
    await leave(page);
    await context.close();
  });
});
