import { join } from "node:path";
import Database from "better-sqlite3";
import { makeOwnAccount } from "./portfolio-support";
import { confirmSpend, signedInNewMember } from "./support/desk";
import { readFixtures } from "./support/fixtures";
import { expect, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

/** The account's requests the service counted, read from its own log (read-only: reading counts nothing). */
function requestTimes(accountId: string): number[] {
  const dataDir = readFixtures().dataDir;
  if (!dataDir) throw new Error("the e2e fixtures name no dataDir");
  const db = new Database(join(dataDir, "service.db"), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT at_ms FROM request_log WHERE account_id = ? ORDER BY at_ms").all(accountId) as { at_ms: number }[]).map((r) => r.at_ms);
  } finally {
    db.close();
  }
}

/** What the service counts in its sliding minute as of its latest request of the account. */
function countedInLastMinute(accountId: string): number {
  const times = requestTimes(accountId);
  const last = times.at(-1) ?? 0;
  return times.filter((t) => t > last - 60_000).length;
}

test.describe("a trial user on the Sandbox plan (10 requests a minute)", () => {
  test("browses page after page at a normal pace, buying one page, and meets no rate limit; the gauge shows what the service counts", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(240_000);
    const account = await makeOwnAccount("e2e sandbox first week", 1_000, { plan: "sandbox" });
    const { page, context } = await signedInNewMember(browser, deskURL, { key: account.key });
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(deskURL) && r.status() === 429) refused.push(r.url());
    });

    // Every page of the menu, about a second on each as a person clicking through reads its heading; one page bought.
    // A company's page among them: its free timeline must not spend the minute either.
    const walk = ["/today", "/season", "/earnings", "/symbols/INFY", "/alerts", "/news", "/announcements", "/block-deals", "/concalls", "/summaries", "/batches", "/watchlists", "/usage", "/settings"];
    const perPage: [string, number][] = [];
    for (const path of walk) {
      const before = requestTimes(account.accountId).length;
      await page.goto(path);
      await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
      if (path === "/announcements") {
        await page.getByTestId("announcements-load").click();
        await confirmSpend(page);
        await expect(page.getByTestId("feed-footer")).toBeVisible();
      }
      await page.waitForTimeout(1_000);
      perPage.push([path, requestTimes(account.accountId).length - before]);
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
    const account = await makeOwnAccount("e2e sandbox profile", 1_000, { plan: "sandbox" });
    const { page, context } = await signedInNewMember(browser, deskURL, { key: account.key });
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
