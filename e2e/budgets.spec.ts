import { makeAccount } from "./support/service";
import { mintDeskToken, newsThroughDesk, saveOrgKeyOnTeamPage } from "./support/desk";
import { ownDeskForBlock } from "./support/fresh-desk";
import { randomSuffix, readFixtures } from "./support/fixtures";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

async function debitedToday(key: string): Promise<number> {
  const res = await fetch(`${readFixtures().serviceUrl}/v1/account/usage`, { headers: { "X-API-Key": key } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { debited_today: number } }).data.debited_today;
}

// The organisation key and the budgets are desk-wide: this spec runs on a fresh desk of its own.
test.describe.serial("budgets", { tag: LIVE }, () => {
  test.setTimeout(240_000);
  const own = ownDeskForBlock("budgets");

  test("an admin sets a monthly budget, a script's spend crosses 75% and the inbox says so once; /usage shows the token beside members, equal to the ledger; the ladder is undone from the card", async ({}, testInfo) => {
    const team = await makeAccount();
    const { desk: ownDesk, page } = own;
    await saveOrgKeyOnTeamPage(page, team.key);

    const tokenName = `Cron ${randomSuffix()}`;
    const secret = await mintDeskToken(page, tokenName);
    const spend = async () => {
      const res = await newsThroughDesk(ownDesk.url, secret);
      expect(res.status, await res.clone().text()).toBe(200);
      return Number(res.headers.get("x-credits-charged"));
    };
    const first = await spend();
    expect(first).toBeGreaterThan(0);

    // The budget: four times one call, so the third call stands at exactly 75%.
    await page.goto("/usage");
    const card = page.getByTestId("budgets-card");
    await card.getByLabel("Name").fill("Team month");
    await card.getByLabel("Credits", { exact: true }).fill(String(4 * first));
    await card.getByTestId("budget-save").click();
    const row = card.getByTestId("budget").filter({ hasText: "Team month" });
    await expect(row.getByTestId("budget-spent")).toHaveText(`${first} of ${4 * first} credits (25%)`);
    expect(await spend()).toBe(first);
    expect(await spend()).toBe(first);

    // The desk checks budgets every quarter minute: the 75% notice arrives once, and stays one.
    await page.goto("/inbox");
    const notice = page.getByTestId("inbox-item").filter({ hasText: "Team month: 75% of the month's budget spent" });
    await expect(async () => {
      await page.reload();
      await expect(notice).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 45_000, intervals: [2_000] });
    await page.waitForTimeout(17_000);
    await page.reload();
    await expect(notice).toHaveCount(1);
    await expect(page.getByTestId("inbox-item").filter({ hasText: "Team month" })).toHaveCount(1);

    // /usage: the token's row beside the members', and the total is the service's ledger to the credit.
    await page.goto("/usage");
    await expect(page.getByTestId("spend-token-row").filter({ hasText: tokenName }).getByTestId("spend-token-credits")).toHaveText(String(3 * first));
    const ledger = await debitedToday(team.key);
    expect(ledger).toBe(3 * first);
    await expect(page.getByTestId("spend-user-total")).toContainText(String(ledger));
    await expect(row.getByTestId("budget-spent")).toHaveText(`${3 * first} of ${4 * first} credits (75%)`);
    await expect(row).toContainText("alerted at 50, 75%");

    // A hard limit whose ladder stands at step 3 shows on the card; an admin undoes it there.
    await row.getByRole("button", { name: "Edit the budget Team month" }).click();
    await card.getByLabel("Hard limit: climb the ladder past it").check();
    await card.getByLabel("Ladder steps at (%)").fill("50, 60, 70");
    await card.getByTestId("budget-save").click();
    await expect(row).toHaveAttribute("data-ladder-step", "3");
    await expect(row.getByTestId("budget-ladder")).toContainText("Step 3: paid calls refused for everyone but admins");
    // The toaster loads on demand: the save's toast may show late, so it is seen out before the screenshots.
    const savedToast = page.locator("[data-sonner-toast]").filter({ hasText: "Budget “Team month” saved." });
    await expect(savedToast.first()).toBeVisible();
    await expect(savedToast).toHaveCount(0, { timeout: 20_000 });
    await checkWidthsAndThemes(page, testInfo, "usage-budgets", '[data-testid="budgets-card"]', { scopeAxe: true });
    await row.getByTestId("budget-undo").click();
    await expect(row).toHaveAttribute("data-ladder-step", "0");
    await expect(row.getByTestId("budget-ladder")).toContainText("Undone by an admin through step 3");
  });
});
