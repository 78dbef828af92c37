import { ADMIN_STATE } from "./support/fixtures";
import { expect, test } from "./support/test";

/**
 * A stand-in painted in the first frame must have the shape of what replaces it. Today's HTML carries the usage
 * overview twice: React sends the finished overview as a later segment (the page is large) and its Suspense fallback
 * in the shell. When the segment comes after the first paint, the fallback is what the reader sees first; a shorter
 * one moved Today's panels down by 114 px when the overview took its place (Lighthouse desktop, CLS 0.021).
 */
test.describe("stand-ins have the shape of what replaces them", () => {
  test.use({ storageState: ADMIN_STATE });

  test("the usage overview's stand-in on Today is the overview's height at 1440, 1024 and 390 px", async ({ browser, page, baseURL }) => {
    // The stand-in as the server sends it: without scripts, no segment replaces it.
    const plain = await browser.newContext({ storageState: ADMIN_STATE, baseURL, javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto("/today");
    const standIn = plainPage.locator('[aria-busy="true"][aria-label="Loading usage"]');
    test.skip((await standIn.count()) === 0, "Today's first HTML holds no stand-in for the usage overview (React sent the overview in the shell), so none can be painted");
    const html = await standIn.evaluate((el) => el.outerHTML);
    await plain.close();

    for (const [width, tolerance] of [
      [1440, 0],
      [1024, 0],
      // On a phone the projection's sentences wrap by their length, which the stand-in cannot know: within a line.
      [390, 20],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/today");
      const overview = page.locator('section[aria-labelledby="usage-now"]');
      await expect(overview).toBeVisible();
      // The stand-in beside the overview, in the same column, measured there.
      const heights = await overview.evaluate((section, markup) => {
        section.insertAdjacentHTML("afterend", markup);
        const copy = section.nextElementSibling!;
        const result = { overview: section.getBoundingClientRect().height, standIn: copy.getBoundingClientRect().height };
        copy.remove();
        return result;
      }, html);
      expect(Math.abs(heights.standIn - heights.overview), `at ${width} px: stand-in ${heights.standIn} px, overview ${heights.overview} px`).toBeLessThanOrEqual(tolerance);
    }
  });

  /**
   * The usage page's spend card once had a boundary of its own whose stand-in was the bare 288 px chart skeleton, not
   * the 354 px card; when React sent the card as a later segment, the cards below it moved down 66 px (about one load
   * in three, Lighthouse desktop CLS 0.008). The card never waits, so it now has no boundary: the only chart stand-in
   * the server may send is the one inside the card, while the chart's own code loads.
   */
  test("the usage page sends no stand-in for its spend card outside the card", async ({ browser, baseURL }) => {
    const plain = await browser.newContext({ storageState: ADMIN_STATE, baseURL, javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto("/usage");
    // Every segment the server sent is in this document, hidden ones included.
    await expect(plainPage.getByText("Your spend by endpoint")).toHaveCount(1);
    const outside = await plainPage.locator('[aria-label="Loading the spend chart"]').evaluateAll((els) => els.filter((el) => !el.closest('[data-slot="card"]')).length);
    await plain.close();
    expect(outside, "spend chart stand-ins outside the spend card").toBe(0);
  });
});
