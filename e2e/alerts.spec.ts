import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { buyFeedPage, dropStreams, expectLive, leave, screenshotLiveThemes, serviceBalance, signedInLiveUser, storeEvent, streamConnections } from "./live-support";

test.describe("the alerts page", { tag: LIVE }, () => {
  test("a new alert appears live within two seconds; filters narrow the feed and the URL; folding, pause and the new-alerts pill", async ({ browser, deskURL }) => {
    const { page, key, accountId, context } = await signedInLiveUser(browser, deskURL);
    await page.goto("/alerts");
    await expectLive(page, "connected");
    await expect(page.getByTestId("empty-state")).toContainText("Waiting for new alerts");
    expect(await streamConnections(accountId)).toBe(1);

    // Live: stored in the service while the page is open, on screen within two seconds, no reload.
    const first = await storeEvent({ product: "alerts", symbol: "TCS", type: "price_alert" });
    const card = page.locator(`[data-testid="alert-card"][data-alert-id="${first.id}"]`);
    await expect(card).toBeVisible({ timeout: 2_000 });
    await expect(card.getByTestId("alert-type")).toHaveAttribute("data-type", "price_alert");
    await expect(card.getByTestId("alert-price")).toContainText("as of");
    await expect(card).toContainText(/\d{2}:\d{2} IST/);

    // Type filter: in the URL, and only matching live alerts arrive.
    await page.getByTestId("type-52w_high").click();
    await expect(page).toHaveURL(/[?&]type=52w_high(&|$)/);
    await expect(card).toHaveCount(0);
    const wrongType = await storeEvent({ product: "alerts", symbol: "TCS", type: "price_alert" });
    const rightType = await storeEvent({ product: "alerts", symbol: "TCS", type: "52w_high" });
    await expect(page.locator(`[data-alert-id="${rightType.id}"]`)).toBeVisible({ timeout: 2_000 });
    await expect(page.locator(`[data-alert-id="${wrongType.id}"]`)).toHaveCount(0);
    await page.getByTestId("type-52w_high").click();
    await expect(page).not.toHaveURL(/type=/);

    // Symbols: typed into the filter, in the URL; the stream is reopened for them.
    const symbols = page.getByTestId("symbol-filter").getByRole("combobox");
    await symbols.fill("INFY");
    await symbols.press("Enter");
    await expect(page).toHaveURL(/[?&]symbols=INFY(&|$)/);
    // The page moves to a stream for INFY once that stream is live.
    await expect(page.getByTestId("alerts-feed")).toHaveAttribute("data-live-url", /symbols=INFY/);
    await expectLive(page, "connected");
    const other = await storeEvent({ product: "alerts", symbol: "TCS", type: "price_alert" });
    const infy = await storeEvent({ product: "alerts", symbol: "INFY", type: "price_alert" });
    await expect(page.locator(`[data-alert-id="${infy.id}"]`)).toBeVisible({ timeout: 2_000 });
    await expect(page.locator(`[data-alert-id="${other.id}"]`)).toHaveCount(0);

    // Close together for one symbol: one card with a count that expands.
    const infy2 = await storeEvent({ product: "alerts", symbol: "INFY", type: "vol_alert" });
    // Same second, so the arrival order decides which leads the card: the newest arrival.
    const folded = page.locator(`[data-testid="alert-card"][data-alert-id="${infy2.id}"]`);
    await expect(folded).toHaveAttribute("data-count", "2", { timeout: 2_000 });
    await folded.getByTestId("alert-fold-toggle").click();
    await expect(folded.getByTestId("alert-fold-list").locator(`[data-alert-id="${infy.id}"]`)).toBeVisible();

    // Paid backfill: the price first, confirmed (threshold 0), then what it cost.
    await buyFeedPage(page, key, "alerts-load", "up to 5 credits", 5);
    expect(await page.getByTestId("alert-card").count()).toBeGreaterThan(3);

    // Scrolled down: a new alert waits behind a pill instead of moving the page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 200);
    const lastCard = page.getByTestId("alert-card").last();
    const placeBefore = (await lastCard.boundingBox())?.y ?? NaN;
    const late = await storeEvent({ product: "alerts", symbol: "INFY", type: "earnings" });
    const pill = page.getByTestId("new-items-pill");
    await expect(pill).toHaveAttribute("data-count", "1", { timeout: 2_000 });
    await expect(page.locator(`[data-alert-id="${late.id}"]`)).toHaveCount(0);
    // What the reader is looking at has not moved.
    expect(Math.abs(((await lastCard.boundingBox())?.y ?? NaN) - placeBefore)).toBeLessThan(2);
    await pill.click();
    // The pill brings the reader up to the new alert.
    await expect(page.locator(`[data-alert-id="${late.id}"]`).first()).toBeInViewport();

    // Pause holds arrivals; resume lets them in.
    await page.getByTestId("alerts-pause").click();
    await expectLive(page, "paused");
    const held = await storeEvent({ product: "alerts", symbol: "INFY", type: "52w_low" });
    await expect(page.getByTestId("alerts-pause")).toContainText("Resume (1 new)", { timeout: 2_000 });
    await expect(page.locator(`[data-alert-id="${held.id}"]`)).toHaveCount(0);
    await page.getByTestId("alerts-pause").click();
    await expect(page.locator(`[data-alert-id="${held.id}"]`).first()).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotLiveThemes(page, "alerts");
    await leave(page);
    // The desk keeps a stream a little after its last page leaves (a reload comes back to it), then lets it go.
    await expect.poll(() => streamConnections(accountId), { timeout: 30_000 }).toBe(0);
    await context.close();
  });

  test("a dropped stream reconnects and keeps delivering", async ({ browser, deskURL }) => {
    const { page, accountId, context } = await signedInLiveUser(browser, deskURL);
    await page.goto("/alerts?symbols=RELIANCE");
    await expectLive(page, "connected");
    await dropStreams();
    await expectLive(page, "reconnecting", 5_000);
    await expectLive(page, "connected");
    await expect.poll(() => streamConnections(accountId)).toBe(1);
    const row = await storeEvent({ product: "alerts", symbol: "RELIANCE", type: "price_alert" });
    await expect(page.locator(`[data-alert-id="${row.id}"]`)).toBeVisible({ timeout: 2_000 });
    await leave(page);
    await context.close();
  });

  test("an account without the WebSocket add-on falls back to polling: new alerts still arrive, empty checks are free", async ({ browser, deskURL }) => {
    const { page, key, accountId, context } = await signedInLiveUser(browser, deskURL, "sandbox");
    // No symbols: checking the whole market would bill nearly every check, so it waits for symbols or a go-ahead.
    await page.goto("/alerts");
    await expectLive(page, "standby");
    await expect(page.getByTestId("live-needs-symbols")).toBeVisible();
    await expect(page.getByTestId("live-poll-all").locator('[data-slot="price-tag"]')).toContainText("up to 5 credits");
    await page.goto("/alerts?symbols=HDFCBANK");
    await expectLive(page, "polling");
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-reason", "no_websocket_addon");
    await expect(page.getByTestId("live-status")).toContainText(/Checking every \d+ s/);
    expect(await streamConnections(accountId)).toBe(0);
    const before = await serviceBalance(key);
    const row = await storeEvent({ product: "alerts", symbol: "HDFCBANK", type: "price_alert" });
    await expect(page.locator(`[data-alert-id="${row.id}"]`)).toBeVisible({ timeout: 20_000 });
    // One page with a result: 5 credits; every empty check before and after it was free.
    expect(await serviceBalance(key)).toBe(before - 5);
    await page.getByTestId("live-status").hover();
    await expect(page.getByRole("tooltip")).toContainText("a page with nothing on it is free");
    await screenshotLiveThemes(page, "alerts-polling");
    await leave(page);
    await context.close();
  });
});
