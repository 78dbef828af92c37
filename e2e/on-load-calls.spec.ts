import type { Page } from "@playwright/test";
import { signedInNewMember, untilSettled } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { makeAccount } from "./support/service";
import { expect, test } from "./support/test";

/**
 * Issue 18 (mobile TBT): a page whose data the server seeds asks the desk nothing from the browser while it loads, so
 * the browser loads and evaluates no contract (zod) then; the contracts are warmed on the first interaction
 * (lib/query/warm-contracts.ts). A call back on a page's load (a seeded key that drifted from the one the client
 * reads, a query left unseeded) fails here.
 */
async function callsDuringLoad(page: Page, path: string): Promise<string[]> {
  const calls: string[] = [];
  const record = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  };
  page.on("request", record);
  await page.goto(path, { waitUntil: "load" });
  // Lazy parts mount after the load: they have asked what they ask once they have hydrated (no interaction).
  await untilSettled(page);
  page.off("request", record);
  return calls;
}

test.describe("on-load calls from the browser", () => {
  test("Today, Summaries, Concalls, Batches, Usage, Settings, Watchlists and Team ask the desk nothing while loading", async ({ browser }) => {
    const context = await browser.newContext({ storageState: ADMIN_STATE });
    const page = await context.newPage();
    for (const path of ["/today", "/summaries", "/concalls", "/batches", "/usage", "/settings", "/watchlists", "/team"]) {
      expect(await callsDuringLoad(page, path), path).toEqual([]);
    }
    await context.close();
  });

  test("the symbol page's paid sections are peeked on the server: no call on load, and a reload shows what was bought", async ({ browser, deskURL }) => {
    const { page, context } = await signedInNewMember(browser, deskURL, { key: (await makeAccount()).key });

    expect(await callsDuringLoad(page, "/symbols/TECHM")).toEqual([]);
    const timeline = page.getByTestId("symbol-timeline");
    // Nothing bought yet: every paid source offers its price (the server's peek found nothing held).
    await expect(timeline.getByTestId("load-news").locator('[data-slot="price-tag"]')).toContainText(/credit/);
    await expect(timeline.locator('[data-kind="news"]')).toHaveCount(0);

    await timeline.getByTestId("load-news").click();
    await page.getByTestId("confirm-spend").getByRole("button", { name: /Spend/ }).click();
    await expect(timeline.getByTestId("timeline-source-loaded").filter({ hasText: "News" })).toBeVisible();

    // A reload: the news bought is shown from the desk's cache, seeded by the server, with no call from the browser.
    expect(await callsDuringLoad(page, "/symbols/TECHM")).toEqual([]);
    await expect(timeline.getByTestId("timeline-source-loaded").filter({ hasText: "News" })).toBeVisible();
    await expect(timeline.getByTestId("load-news")).toHaveCount(0);
    await context.close();
  });
});
