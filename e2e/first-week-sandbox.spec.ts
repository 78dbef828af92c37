import { loggedRequestTimes, sandboxMember } from "./portfolio-support";
import { confirmSpend } from "./support/desk";
import { expect, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

/** What the service counts in its sliding minute as of its latest request of the account. */
function countedInLastMinute(accountId: string): number {
  const times = loggedRequestTimes(accountId);
  const last = times.at(-1) ?? 0;
  return times.filter((t) => t > last - 60_000).length;
}

test.describe("a trial user on the Sandbox plan (10 requests a minute)", () => {
  test("browses page after page at a normal pace, buying one page, and meets no rate limit; the gauge shows what the service counts", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(240_000);
    const { account, page, context, refused } = await sandboxMember(browser, deskURL, "e2e sandbox first week");

    // Every page of the menu, about a second on each as a person clicking through reads its heading; one page bought.
    // A company's page among them: its free timeline must not spend the minute either.
    const walk = ["/today", "/season", "/earnings", "/symbols/INFY", "/alerts", "/news", "/announcements", "/block-deals", "/concalls", "/summaries", "/batches", "/watchlists", "/usage", "/settings"];
    const perPage: [string, number][] = [];
    for (const path of walk) {
      const before = loggedRequestTimes(account.accountId).length;
      await page.goto(path);
      await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
      if (path === "/announcements") {
        await page.getByTestId("announcements-load").click();
        await confirmSpend(page);
        await expect(page.getByTestId("feed-footer")).toBeVisible();
      }
      await page.waitForTimeout(1_000);
      perPage.push([path, loggedRequestTimes(account.accountId).length - before]);
      if (path.startsWith("/symbols/")) await expect(page.getByTestId("symbol-timeline"), "the company's timeline").toBeVisible();
      await expect(page.getByText(/rate limit/i), `${path} shows a rate-limit message (requests per page: ${JSON.stringify(perPage)})`).toHaveCount(0);
    }
    expect(refused, "desk answers of 429").toEqual([]);
    testInfo.annotations.push({ type: "requests per page", description: JSON.stringify(perPage) });
    expect(countedInLastMinute(account.accountId), "requests the service counted in the last minute").toBeLessThan(10);

    // The gauge's per-minute figure is the service's own count, free calls included.
    await page.reload();
    await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready");
    await expect.poll(async () => Number(await page.getByTestId("gauge-rpm").getAttribute("data-value")) === countedInLastMinute(account.accountId), { timeout: 20_000 }).toBe(true);
    expect(Number(await page.getByTestId("gauge-rpm").getAttribute("data-value"))).toBeGreaterThan(2);
    await context.close();
  });

  test("a product the plan lacks is not offered: no company profile on Sandbox", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page, context } = await sandboxMember(browser, deskURL, "e2e sandbox profile");
    // A trial user's first page is Today: its gauge learns the plan's requests a minute, which the symbol page reads.
    await page.goto("/today");
    await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready");
    await page.goto("/symbols/INFY");
    await expect(page.getByTestId("profile-not-in-plan")).toContainText("the Sandbox plan does not include");
    await expect(page.getByRole("button", { name: /Load company profile/ })).toHaveCount(0);
    await checkWidthsAndThemes(page, testInfo, "symbol-sandbox", '[data-testid="profile-not-in-plan"]');
    // The coming dates are two more free requests: made when asked, and then shown.
    await expect(page.getByTestId("schedules-on-ask")).toBeVisible();
    await checkWidthsAndThemes(page, testInfo, "symbol-sandbox-timeline", '[data-testid="symbol-timeline"]', { scopeAxe: true });
    await page.getByTestId("show-schedules").click();
    await expect(page.getByTestId("schedules-on-ask")).toHaveCount(0);
    await expect(page.getByTestId("symbol-timeline").getByRole("alert")).toHaveCount(0);
    await expect(page.getByTestId("symbol-timeline").getByLabel("Loading the timeline")).toHaveCount(0, { timeout: 20_000 });
    await context.close();
  });
});
