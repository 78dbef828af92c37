import type { Locator, Page, TestInfo } from "@playwright/test";
import { runAxe } from "./axe-run";
import { expect } from "./test";
import { keepTheme } from "./theme";

/**
 * axe on the page as it is now: every WCAG 2.x A/AA rule and best practice axe runs by default, plus the
 * label-in-name check (experimental in axe, WCAG 2.5.3), so an accessible name that hides the visible text fails.
 * Critical and serious findings fail the test, each listed with its nodes; the full report is attached.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, label: string) {
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
  // Colours are read once transitions (a theme switch, a hover) have settled, never mid-fade.
  await untilTransitionsEnd(page);
  const violations = await runAxe(page, { rules: { "label-content-name-mismatch": { enabled: true } } });
  const blocking = violations.filter((v) => v.impact === "critical" || v.impact === "serious");
  if (violations.length > 0) {
    await testInfo.attach(`axe-${label}.json`, { body: JSON.stringify(violations, null, 2), contentType: "application/json" });
  }
  const summary = blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim() ?? ""}`).join("\n")}`);
  // Soft: one run reports every page state (both themes, each dialog) instead of stopping at the first.
  expect.soft(summary, `axe on ${label}`).toEqual([]);
  return violations;
}

/** Waits until no CSS transition runs (a theme switch, a hover): colours and pictures are taken settled. */
export async function untilTransitionsEnd(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"));
}

/** Switches the theme with the top bar's toggle (no reload: loaded feeds, open views and dialogs stay as they are). */
export async function switchTheme(page: Page, theme: "light" | "dark") {
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  if (dark !== (theme === "dark")) {
    const toggle = page.getByRole("button", { name: `Switch to ${theme} theme` }).first();
    if (await toggle.count()) await toggle.click();
    else {
      // Pages outside the shell (sign-in, setup) have no toggle: the stored choice applies on load.
      await keepTheme(page, theme);
      await page.reload();
    }
  }
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
}

type Theme = "light" | "dark";

/**
 * The page at 1440, 1024 and 390 px in both themes (switched with the toggle): once `ready` shows, the body must not
 * scroll sideways; `eachTheme` and `eachWidth` check the rest. Then back to light at 1280 × 720.
 */
export async function acrossWidthsAndThemes(
  page: Page,
  name: string,
  checks: { ready?: Locator; eachTheme?: (width: number, theme: Theme) => Promise<void>; eachWidth?: (width: number) => Promise<unknown> },
) {
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await switchTheme(page, theme);
      if (checks.ready) await expect(checks.ready).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at ${width}px (${theme}) scrolls sideways`).toBeLessThanOrEqual(0);
      await checks.eachTheme?.(width, theme);
    }
    await checks.eachWidth?.(width);
  }
  await switchTheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 720 });
}
