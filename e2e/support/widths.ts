import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { SCREENSHOT_DIR } from "./fixtures";
import { expect } from "./test";

/** The page as it stands at 1440, 1024 and 390 px wide, light and dark (no reload: live rows stay), into SHOTS_DIR; none scrolls sideways. */
export async function shootWidths(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;
  mkdirSync(dir, { recursive: true });
  await page.mouse.move(0, 0);
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The window grows to the page's height, so the fixed top bar stays at the top of the picture.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(wide, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width, height: Math.min(height, 6000) });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await page.screenshot({ path: join(dir, `${name}-${width}-${theme}.png`), animations: "disabled" });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1440, height: 900 });
}
