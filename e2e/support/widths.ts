import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expectAccessible, switchTheme } from "./axe";
import { SCREENSHOT_DIR } from "./fixtures";
import { expect } from "./test";

/** Where these pictures go: E2E_SHOTS_DIR when set (a reviewer's folder), else the suite's screenshot folder. */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? SCREENSHOT_DIR;

/**
 * The page as it is now at 1440, 1024 and 390 px, light and dark: axe clean, no sideways scroll of the body, and a
 * picture of each (of `region` when given, else the viewport's first screen).
 */
export async function checkWidthsAndThemes(page: Page, testInfo: TestInfo, name: string, region?: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await switchTheme(page, theme);
      await expect(page.locator("main")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${name} at ${width}px (${theme}) scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page, testInfo, `${name} at ${width}px (${theme})`);
      await page.mouse.move(0, 0);
      const path = join(SHOTS_DIR, `${name}-${width}-${theme}.png`);
      if (region) {
        await page.locator(region).first().scrollIntoViewIfNeeded();
        await page.locator(region).first().screenshot({ path, animations: "disabled" });
      } else await page.screenshot({ path, animations: "disabled" });
    }
  }
  await switchTheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 720 });
}
