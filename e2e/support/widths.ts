import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expectAccessible, untilTransitionsEnd } from "./axe";
import { expectNoSeriousAxe } from "./axe-scoped";
import { expectNoSidewaysScroll } from "./overflow";
import { SHOTS, SHOTS_DIR, shoot } from "./shots";
import { expect } from "./test";

/**
 * The page as it is now at 1440, 1024 and 390 px, light and dark: axe clean (the whole page, or only `region` when
 * `scopeAxe`: a page whose other parts another change is about), no sideways scroll of the body, and a picture of
 * each (of `region` when given, else the window's first screen).
 */
export async function checkWidthsAndThemes(page: Page, testInfo: TestInfo, name: string, region?: string, options: { scopeAxe?: boolean } = {}) {
  // A toast fading out is read by axe at half its contrast.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      // The theme as a class, not through the toggle: a click outside an open dialog would close it.
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await untilTransitionsEnd(page);
      await expect(page.locator("main")).toBeVisible();
      await expectNoSidewaysScroll(page, `${name} at ${width}px (${theme})`);
      if (region && options.scopeAxe) await expectNoSeriousAxe(page, [region], `${name} at ${width}px (${theme})`);
      else await expectAccessible(page, testInfo, `${name} at ${width}px (${theme})`);
      await page.mouse.move(0, 0);
      if (!SHOTS) continue;
      const path = join(SHOTS_DIR, `${name}-${width}-${theme}.png`);
      if (region) {
        await page.locator(region).first().scrollIntoViewIfNeeded();
        await shoot(page.locator(region).first(), path, { animations: "disabled" });
      } else await shoot(page, path, { animations: "disabled" });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * The page as it stands at 1440, 1024 and 390 px wide, light and dark (no reload: live rows stay), into SHOTS_DIR;
 * none scrolls sideways unless `bodyScroll: false` leaves that to a spec of the part's own layout.
 */
export async function shootWidths(page: Page, name: string, options: { bodyScroll?: boolean } = {}) {
  await page.mouse.move(0, 0);
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The window grows to the page's height, so the fixed top bar stays at the top of the picture.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (options.bodyScroll !== false) expect.soft(wide, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    if (!SHOTS) continue;
    await page.setViewportSize({ width, height: Math.min(height, 6000) });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await shoot(page, join(SHOTS_DIR, `${name}-${width}-${theme}.png`), { animations: "disabled" });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1440, height: 900 });
}
