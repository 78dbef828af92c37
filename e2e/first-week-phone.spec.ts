import { chooseFile, signedInWithOwnAccount } from "./portfolio-support";
import { expect, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

const jsonl = (lines: readonly object[]) => ({ name: "phone.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`) });

test.describe("a first week on a phone (390 px)", () => {
  test("the search opens by touch; the batch upload's tabs fit; a skipped line is no longer shown as a problem", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(150_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e phone week");
    await page.setViewportSize({ width: 390, height: 844 });

    // The top bar's search icon is there to tap, and opens the same search as Ctrl-K.
    await page.goto("/today");
    const open = page.getByRole("button", { name: "Search" });
    await expect(open).toBeVisible();
    const palette = page.getByTestId("command-palette");
    await expect(async () => {
      await open.click();
      await expect(palette).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await palette.getByTestId("command-input").fill("batch");
    await palette.getByTestId("command-page").filter({ hasText: "Batch jobs" }).click();
    await expect(page).toHaveURL(/\/batches/);

    // Both tabs of a new job side by side, inside the card.
    await page.goto("/batches?tab=upload");
    const tabs = page.getByRole("tablist", { name: "How to make the job" });
    await expect(tabs).toBeVisible();
    const fits = await tabs.evaluate((el) => {
      const list = el.getBoundingClientRect();
      const card = (el.closest("[data-slot=card]") ?? document.body).getBoundingClientRect();
      return list.right <= card.right + 0.5 && el.scrollWidth <= el.clientWidth + 0.5;
    });
    expect(fits, "the tabs fit their card at 390 px").toBe(true);

    // One line names a symbol the service does not list: a problem until the user skips it, then a note.
    await chooseFile(page, "batch-file", jsonl([
      { custom_id: "a", symbols: ["TCS"], mode: "news_context" },
      { custom_id: "b", symbols: ["NOSUCHCO"], mode: "news_context" },
      { custom_id: "c", symbols: ["INFY"], mode: "news_context" },
    ]));
    const errors = page.getByTestId("batch-file-errors");
    await expect(errors).toContainText("1 problem", { timeout: 30_000 });
    await expect(errors).toHaveAttribute("data-tone", "problem");
    await page.getByRole("switch", { name: /Skip this line/ }).click();
    await expect(errors).toContainText("1 line with unknown symbols will be skipped");
    await expect(errors).toHaveAttribute("data-tone", "skipped");
    const colour = await errors.evaluate((el) => getComputedStyle(el).color);
    const destructive = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.className = "text-destructive";
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    });
    expect(colour, "the skipped lines are not written in the error colour").not.toBe(destructive);
    await expect(page.getByTestId("batch-file-ready")).toContainText("2 lines ready");
    await checkWidthsAndThemes(page, testInfo, "batch-upload-skipped", 'main [data-slot="card"]:has([role="tablist"])', { scopeAxe: true });
    await page.context().close();
  });
});
