import { expect, type Page } from "@playwright/test";
import { runAxe } from "./axe-run";

/** Runs axe on the parts (scoped: the parts a spec is about, in the state it pinned; support/axe.ts checks whole pages) of the page matched by `selectors` (the whole page when none): no critical or serious finding. */
export async function expectNoSeriousAxe(page: Page, selectors: readonly string[] = [], where = "the page") {
  for (const selector of selectors) await expect(page.locator(selector).first()).toBeVisible({ timeout: 15_000 });
  const found = await runAxe(page, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }, selectors);
  const violations = found.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target).slice(0, 3))}`);
  expect(violations, `axe on ${where}`).toEqual([]);
}

/** No horizontal scroll of the page body. */
export async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
