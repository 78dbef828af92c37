import type { Page } from "@playwright/test";
import { ACTIVE_SYMBOLS, chooseFile, signedInWithOwnAccount } from "./portfolio-support";
import { expectAccessible } from "./support/axe";
import { screenshotWidths } from "./support/desk";
import { expect, test } from "./support/test";

const jsonl = (name: string, lines: readonly object[]) => ({ name, mimeType: "application/jsonl", buffer: Buffer.from(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`) });

/** The number a sentence shows before `what`, as printed ("1,197"), and as a number. */
async function countBefore(page: Page, testId: string, what: RegExp): Promise<{ text: string; value: number }> {
  const text = (await page.getByTestId(testId).textContent()) ?? "";
  const m = new RegExp(`([\\d,]+) ${what.source}`).exec(text);
  if (!m?.[1]) throw new Error(`no count before ${what} in “${text}”`);
  return { text: m[1], value: Number(m[1].replace(/,/g, "")) };
}

test.describe("a large batch file", () => {
  test("a few unknown symbols among 1,200 lines can be skipped; the job's results read a page at a time, filtered by status, counts grouped", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(240_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e large batch");
    await page.setViewportSize({ width: 1440, height: 900 });

    // 1,200 lines of 40 large caps (the worker takes a while, so the job can be cancelled running); three name typos.
    const lines = Array.from({ length: 1200 }, (_, i) => ({ custom_id: `line-${i + 1}`, symbols: ACTIVE_SYMBOLS, mode: "news_context", context_window_days: 7 }));
    lines[9] = { ...lines[9]!, symbols: ["TCS", "NOSUCHCO"] };
    lines[499] = { ...lines[499]!, symbols: ["XYZZYCO"] };
    lines[1099] = { ...lines[1099]!, symbols: ["INFY", "QWERTYCO"] };
    await page.goto("/batches?tab=upload");
    await chooseFile(page, "batch-file", jsonl("book.jsonl", lines));
    const errors = page.getByTestId("batch-file-errors");
    await expect(errors).toContainText("3 problems", { timeout: 30_000 });
    await expect(page.getByTestId("batch-submit")).toBeDisabled();
    await page.getByRole("switch", { name: "Skip these 3 lines, send the other 1,197" }).click();
    await expect(errors).toContainText("3 lines with unknown symbols will be skipped");
    await expect(page.getByTestId("batch-file-ready")).toContainText("1,197 lines ready");
    await expect(page.getByTestId("batch-max-cost")).toContainText("× 1,197 lines");
    await expectAccessible(page, testInfo, "batch upload with skipped lines");
    await screenshotWidths(page, "batch-skip-unknown");
    await page.getByTestId("batch-submit").click();
    const confirm = page.getByTestId("confirm-spend");
    await confirm.getByRole("button", { name: /Spend up to [\d,]+ credits/ }).click();
    await expect(page).toHaveURL(/\/batches\/[^/?]+$/, { timeout: 20_000 });

    // Cancelled while it runs: the counts as a reader of Indian numbers expects them.
    const job = page.getByTestId("batch-job");
    await expect(job).toHaveAttribute("data-status", "in_progress", { timeout: 20_000 });
    await page.getByTestId("batch-cancel").click();
    await expect(page.getByTestId("confirm-cancel")).toContainText(/About 1,\d{3} remaining lines will not run|About \d{1,3} remaining lines will not run/);
    await page.getByRole("button", { name: "Cancel job" }).last().click();
    await expect(job).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
    const notRun = await countBefore(page, "batch-results-summary", /never ran/);
    expect(notRun.text).toBe(notRun.value.toLocaleString("en-IN"));
    await expect(page.getByTestId("cancel-report")).toContainText("of 1,197 lines had finished");

    // Results a page at a time, with a status filter.
    const table = page.getByTestId("batch-results-table");
    await expect(table.locator("tbody tr")).toHaveCount(50);
    await expect(page.getByTestId("batch-results-range")).toHaveText("Lines 1–50 of 1,197");
    const filter = page.getByTestId("batch-status-filter");
    await filter.selectOption("not_run");
    await expect(page.getByTestId("batch-results-range")).toHaveText(`Lines 1–${Math.min(50, notRun.value)} of ${notRun.text}`);
    await expect(table.locator("tbody tr:not([data-not-run])")).toHaveCount(0);
    const pager = page.getByTestId("batch-results-pager");
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("batch-results-range")).toHaveText(new RegExp(`^Lines 51–\\d+(,\\d+)? of ${notRun.text}$`));
    await expect(table.locator("tbody tr[data-not-run]").first()).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, "the results page stays a page, not every line").toBeLessThan(6000);
    await expectAccessible(page, testInfo, "batch results paged");
    await screenshotWidths(page, "batch-results-paged");
    await page.context().close();
  });
});
