import { chromium, type Page } from "@playwright/test";
import { untilHydrated } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { expect, test } from "./support/test";

/**
 * Browsers with classic scrollbars (Windows, Linux desktops) take a scrollbar's width from the page when it first
 * overflows. On a page whose streamed or loaded content made it taller than the window after the first paint, every
 * right-aligned thing then moved sideways by that width: Lighthouse's desktop runs saw it on /concalls (CLS 0.019, the
 * "Recent calls" card and the top bar's cluster, once in four or five loads). Playwright hides scrollbars by default,
 * so this spec starts a browser of its own that shows them.
 */
test.describe("the page keeps its width whether it overflows or not", () => {
  test("the top bar stays put when the page grows past the window and when a dialog locks its scroll", async ({ baseURL }) => {
    const launchOptions = test.info().project.use.launchOptions ?? {};
    const browser = await chromium.launch({ ...launchOptions, ignoreDefaultArgs: ["--hide-scrollbars"] });
    try {
      const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 1440, height: 900 }, baseURL });
      const page = await context.newPage();
      await page.goto("/watchlists");
      const account = page.getByRole("button", { name: /Account menu for/ });
      await untilHydrated(account);
      // A handle, not a role query: an open dialog hides the rest of the page from the accessibility tree.
      const button = await account.elementHandle();
      const rightEdge = async () => {
        const box = await button?.boundingBox();
        if (!box) throw new Error("the account menu's button is not on screen");
        return box.x + box.width;
      };
      const setHeight = (p: Page, px: number) =>
        p.evaluate((height) => {
          const main = document.querySelector<HTMLElement>("main#main");
          if (!main) throw new Error("no main#main");
          // A short page (its content clipped): no overflow at all. A tall one: the window scrolls. Main is a flex item
          // that fills the window, so its height is set by its minimum and maximum, not by `height`.
          main.style.minHeight = `${height}px`;
          main.style.maxHeight = `${height}px`;
          main.style.overflow = "hidden";
        }, px);

      await setHeight(page, 100);
      expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
      const short = await rightEdge();

      await setHeight(page, 4_000);
      // This browser draws classic scrollbars (else the check below proves nothing): the window's width less the page's.
      expect(await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth)).toBeGreaterThan(0);
      expect(await rightEdge()).toBe(short);

      // A modal dialog hides the scrollbar while it is open; the page must not move for it either.
      await page.getByRole("button", { name: "New watchlist" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.locator("body[data-scroll-locked]")).toHaveCount(1);
      expect(await rightEdge()).toBe(short);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(await rightEdge()).toBe(short);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
