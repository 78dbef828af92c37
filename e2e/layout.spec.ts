import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expectLive, leave, signedInLiveUser, storeEvent } from "./live-support";
import { ACTIVE_SYMBOLS, createWatchlistViaApi } from "./portfolio-support";
import { switchTheme } from "./support/axe";
import { SCREENSHOT_DIR } from "./support/fixtures";
import { SCREENSHOT_PAGES } from "./support/pages";
import { SHOTS, shoot } from "./support/shots";
import { LIVE } from "./support/tags";
import { expectNoSidewaysScroll } from "./support/overflow";
import { expect, test } from "./support/test";

/**
 * Layouts at desktop, laptop and phone widths of the pages people read most, prepared as they read them (a list open,
 * live cards in): nothing scrolls sideways, the editor and the feeds stay usable, and each is shot light and dark.
 * Every other page's sideways check is in a11y.spec.ts, on the same visit as its axe run.
 */
const WIDTHS = [1440, 1024, 390] as const;
const HEIGHT = 900;

/** Full-page light and dark screenshots at the current width, kept in test-results/screenshots and attached. */
async function shootThemes(page: Page, testInfo: TestInfo, name: string) {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"));
    const path = join(SCREENSHOT_DIR, `layout-${name}-${width}-${theme}.png`);
    await shoot(page, path, { fullPage: true, animations: "disabled" });
    await testInfo.attach(`${name}-${width}-${theme}`, { path, contentType: "image/png" });
  }
  await switchTheme(page, "light");
}

test.describe("layouts at 1440, 1024 and 390 px", () => {
  test("usage, earnings, alerts and watchlists: screenshots at each width, the editor and the feeds usable", { tag: LIVE }, async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(240_000);
    const { page, context } = await signedInLiveUser(browser, deskURL);
    const list = await createWatchlistViaApi(page, deskURL, "Large caps", ACTIVE_SYMBOLS.slice(0, 10));

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });

      await page.goto("/usage");
      await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
      await expectNoSidewaysScroll(page, `usage at ${width} px`);
      await shootThemes(page, testInfo, "usage");

      // The month calendar fits the window (no sideways scroll of its own on a phone either).
      await page.goto("/earnings?view=month");
      const month = page.getByTestId("calendar-month");
      await expect(month).toBeVisible({ timeout: 20_000 });
      await expectNoSidewaysScroll(page, `earnings at ${width} px`);
      if (width === 390) {
        const { scrollWidth, clientWidth } = await month.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
        expect.soft(scrollWidth, "the month calendar fits a phone").toBeLessThanOrEqual(clientWidth);
      }
      await shootThemes(page, testInfo, "earnings");

      // Alerts: live cards on the first screen, the filters folded away on a phone.
      await page.goto("/alerts");
      await expectLive(page, "connected");
      for (const symbol of ["TCS", "INFY", "HDFCBANK"]) await storeEvent({ product: "alerts", symbol, type: "price_alert" });
      const firstCard = page.getByTestId("alert-card").first();
      await expect(page.getByTestId("alert-card")).toHaveCount(3, { timeout: 5_000 });
      const top = (await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      expect.soft(top, `the first alert at ${width} px starts ${Math.round(top)} px down`).toBeLessThan(HEIGHT);
      if (width === 390) {
        const toggle = page.getByTestId("filter-bar-toggle");
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(page.getByTestId("filter-bar").getByTestId("symbol-filter")).toBeHidden();
        await toggle.click();
        await expect(page.getByTestId("filter-bar").getByTestId("symbol-filter")).toBeVisible();
        await expectNoSidewaysScroll(page, "alerts with the filters open at 390 px");
        await toggle.click();
      } else {
        await expect(page.getByTestId("filter-bar-toggle")).toBeHidden();
        await expect(page.getByTestId("filter-bar").getByTestId("symbol-filter")).toBeVisible();
      }
      await expectNoSidewaysScroll(page, `alerts at ${width} px`);
      await shootThemes(page, testInfo, "alerts");

      // Watchlists: a list open with its editor; every field keeps a usable width and the Add button is on screen.
      await page.goto(`/watchlists?watchlist=${list.id}`);
      await expect(page.getByTestId("watchlist-items").locator("tbody tr")).toHaveCount(10);
      const form = page.getByRole("form", { name: "Add a symbol" });
      for (const name of ["Symbol", "Exposure", "Label"]) {
        const box = await form.getByRole(name === "Symbol" ? "combobox" : "textbox", { name, exact: true }).boundingBox();
        expect.soft(box?.width ?? 0, `the ${name} field at ${width} px`).toBeGreaterThanOrEqual(120);
      }
      const add = await form.getByRole("button", { name: "Add", exact: true }).boundingBox();
      expect.soft((add?.x ?? Infinity) + (add?.width ?? 0), `the Add button at ${width} px`).toBeLessThanOrEqual(width);
      await expectNoSidewaysScroll(page, `watchlists at ${width} px`);
      await shootThemes(page, testInfo, "watchlists");

      for (const extra of SCREENSHOT_PAGES) {
        await page.goto(extra.path);
        await expect(page.locator("h1").first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${extra.name} at ${width} px`);
        await shootThemes(page, testInfo, extra.name);
      }
    }
    await leave(page);
    await context.close();
  });
});
