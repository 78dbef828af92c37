import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Runs axe on the parts (scoped: the parts a spec is about, in the state it pinned; support/axe.ts checks whole pages) of the page matched by `selectors` (the whole page when none): no critical or serious finding. */
export async function expectNoSeriousAxe(page: Page, selectors: readonly string[] = [], where = "the page") {
  for (const selector of selectors) await expect(page.locator(selector).first()).toBeVisible({ timeout: 15_000 });
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe;
    const context = include.length > 0 ? { include: include.map((s) => [s]) } : document;
    const result = await axe.run(context, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target).slice(0, 3))}`);
  }, [...selectors]);
  expect(violations, `axe on ${where}`).toEqual([]);
}

/** No horizontal scroll of the page body. */
export async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
