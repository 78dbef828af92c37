import { marketStatusView } from "../components/today/market-status";
import { istDate, istTimeOn } from "../lib/market/calendar";
import { trackedSeasonAt } from "../lib/market/season";
import { expectNoSideScroll } from "./support/axe-scoped";
import { confirmSpend, saveKey, signedInNewMember } from "./support/desk";
import { freeCall } from "./support/service";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { createLiveAccount, expectLive, listFreshCompany, leave, screenshotLiveThemes, serviceBalance, storeEvent } from "./live-support";
import { ACTIVE_SYMBOLS, createWatchlistViaApi } from "./portfolio-support";

const DAY = 86_400_000;

test.describe("Today", () => {
  test("sign-in lands on Today; with no key it says how to add one, with no watchlist how to make one; the market status is the calendar's", async ({ browser, deskURL }) => {
    const { page, context } = await signedInNewMember(browser, deskURL, { throughPage: true });
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    const status = page.getByTestId("market-status");
    const expected = marketStatusView(Date.now());
    await expect(status).toHaveAttribute("data-phase", expected.phase);
    await expect(status.getByTestId("market-status-label")).toHaveText(expected.label);
    await expect(status.getByTestId("market-status-detail")).toContainText(/IST/);
    await expect(page.getByTestId("needs-key")).toContainText("needs your Alpha key");
    await expect(page.getByTestId("block-deals-for-symbols")).toHaveCount(0);

    // `/` leads back to Today, and so does a desk page this member may not open (admin only).
    await page.goto("/");
    await expect(page).toHaveURL(/\/today$/);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Back to Today" }).click();
    await expect(page).toHaveURL(/\/today$/);

    const account = await createLiveAccount("pro");
    await saveKey(page.request, deskURL, account.key);
    await page.reload();
    await expect(page.getByTestId("needs-key")).toHaveCount(0);
    await expect(page.getByTestId("empty-state")).toContainText("Make a watchlist");
    await expect(page.getByTestId("usage-balance")).toBeVisible();
    await page.getByRole("link", { name: "Make a watchlist" }).click();
    await expect(page).toHaveURL(/\/watchlists$/);
    await context.close();
  });

  test("shows the watchlist's results today and tomorrow as the service has them, the season, and block deals priced, paid exactly and linked", { tag: LIVE }, async ({ browser, deskURL }) => {
    test.setTimeout(150_000);
    const account = await createLiveAccount("pro");
    const { key } = account;
    // Symbols with results today or tomorrow (free calendar and index), and large caps beside them.
    const today = istDate(Date.now());
    const tomorrow = istDate(Date.now() + DAY);
    const upcoming = await freeCall<{ data: { symbol: string; date?: string }[] }>(key, "/v1/earnings/upcoming?limit=50");
    const soon = [...new Set(upcoming.data.filter((r) => r.date && [today, tomorrow].includes(istDate(Date.parse(r.date)))).map((r) => r.symbol))].slice(0, 6);
    // A new listing that has just booked its first results meeting for tomorrow afternoon.
    const meetingMs = istTimeOn(Date.now() + DAY, "15:00");
    const { symbol: booking } = await listFreshCompany({ quarter: trackedSeasonAt(Date.now()), atMs: meetingMs });
    const symbols = [...new Set(["TCS", "INFY", booking, ...soon, ...ACTIVE_SYMBOLS.slice(0, 8)])].slice(0, 16);

    const { page, context } = await signedInNewMember(browser, deskURL, { key });
    await createWatchlistViaApi(page, deskURL, `today ${Date.now()}`, symbols);
    const before = await serviceBalance(key);
    await page.goto("/today");

    // Results: exactly the free calendar's meetings and the index's filings of today and tomorrow in these symbols.
    const list = symbols.join(",");
    const filed = await freeCall<{ data: { id: string; symbol: string; date?: string }[] }>(key, `/v1/earnings/index?symbols=${encodeURIComponent(list)}&from=${today}&to=${tomorrow}&limit=100`);
    const booked = await freeCall<{ data: { id: string; symbol: string; date?: string }[] }>(key, `/v1/earnings/upcoming?symbols=${encodeURIComponent(list)}&limit=50`);
    const expectedLines = [
      ...filed.data.map((r) => `filed:${r.symbol}`),
      ...booked.data.filter((r) => r.date && [today, tomorrow].includes(istDate(Date.parse(r.date)))).map((r) => `scheduled:${r.symbol}`),
    ].sort();
    const results = page.getByTestId("results-today");
    await expect(results.getByText("Today,")).toBeVisible();
    await expect(results.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    const shown = await results.getByTestId("result-line").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-kind")}:${e.getAttribute("data-symbol")}`));
    expect(shown.sort()).toEqual(expectedLines);
    expect(expectedLines).toContain(`scheduled:${booking}`);
    await expect(results.getByTestId("results-tomorrow").locator(`[data-testid="result-line"][data-symbol="${booking}"]`)).toContainText("Board meeting 15:00 IST");
    test.info().annotations.push({ type: "results", description: `${expectedLines.length} result lines today/tomorrow: ${expectedLines.join(" ")}` });

    // The season panel and the upcoming calls are there, free.
    await expect(page.getByTestId("season-panel").getByTestId("season-summary")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("upcoming-calls")).toBeVisible();
    expect(await serviceBalance(key)).toBe(before);

    // Block deals in the user's symbols: a deal arrives live (free); the day's page is priced, then charged exactly.
    const panel = page.getByTestId("block-deals-for-symbols");
    await expect(panel).toBeVisible();
    await expectLive(page, "connected");
    const deal = await storeEvent({ product: "block-deals", symbol: "TCS", exchange: "NSE" });
    const row = panel.locator(`[data-testid="block-deal-row"][data-deal-id="${deal.id}"]`);
    await expect(row).toBeVisible({ timeout: 5_000 });
    expect(await serviceBalance(key)).toBe(before);
    const load = panel.getByTestId("block-deals-today-load");
    await expect(load.locator('[data-slot="price-tag"]')).toContainText(/up to \d+ credits/);
    const priced = Number(/up to (\d+) credits/.exec((await load.locator('[data-slot="price-tag"]').textContent()) ?? "")?.[1]);
    await load.click();
    await expect(page.getByTestId("confirm-spend")).toContainText(`${priced} credits`);
    await confirmSpend(page);
    await expect(panel.getByTestId("feed-footer")).toBeVisible();
    const charged = Number(await panel.getByTestId("feed-spent").getAttribute("data-credits"));
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(priced);
    expect(await serviceBalance(key)).toBe(before - charged);
    await expect(panel.getByTestId("block-deal-row")).toHaveCount(charged);

    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(page);
      await screenshotLiveThemes(page, `today-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // The deal's symbol opens its page.
    await panel.locator(`[data-testid="block-deal-row"][data-deal-id="${deal.id}"]`).getByRole("link", { name: "TCS" }).click();
    await expect(page).toHaveURL(/\/symbols\/TCS$/);
    await leave(page);
    await context.close();
  });
});
