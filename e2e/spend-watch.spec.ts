import { createDeskUser, holdAnswers, saveKey, signInThroughApi } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { makeAccount } from "./support/service";
import { expect, expectNoKeys, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

/** The Monday (IST) of the week under way: the week whose report holds what this test spends. */
function thisWeek(): string {
  const ist = new Date(Date.now() + 330 * 60_000);
  const monday = new Date(ist.getTime() - ((ist.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

test.describe("the spend watch on the usage page", () => {
  test("an admin sees the runway and the week's report, sets ₹ per credit, and every report figure reads in rupees too", async ({ browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error("baseURL is not set");
    const lead = await browser.newContext({ storageState: ADMIN_STATE });
    const login = await createDeskUser(lead.request, baseURL, "admin");
    const member = await createDeskUser(lead.request, baseURL, "member");
    await lead.close();
    const context = await browser.newContext();
    await signInThroughApi(context, baseURL, login.email, login.password);
    const page = await context.newPage();
    const { key } = await makeAccount();
    expectNoKeys(await saveKey(page.request, baseURL, key), "PUT /api/settings/alpha-key");

    let charged = 0;
    for (const path of ["/api/alpha/v1/earnings?limit=5", "/api/alpha/v1/announcements?limit=3"]) {
      const paid = await page.request.get(path);
      expect(paid.status(), await paid.text()).toBe(200);
      charged += ((await paid.json()) as { meta: { creditsCharged: number } }).meta.creditsCharged;
    }
    expect(charged).toBeGreaterThan(0);

    const week = thisWeek();
    await page.goto(`/usage?week=${week}`);
    const panel = page.getByTestId("spend-watch");
    await expect(panel.getByTestId("runway")).toContainText(/At this pace the balance lasts until/);
    await expect(panel.getByTestId("unusual-spend")).toBeVisible();
    const report = panel.getByTestId("weekly-report");
    await expect(report.getByTestId("report-week")).toContainText(`${charged} credits`);
    const who = report.getByTestId("report-who");
    await expect(who.getByTestId("report-row").filter({ hasText: login.email })).toContainText(String(charged));
    await expect(who.getByTestId("report-who-total")).toContainText(String(charged));
    await expect(report.getByTestId("report-features").getByTestId("report-row").filter({ hasText: "Paid data" })).toContainText(String(charged));
    await expect(report.getByTestId("report-rupees")).toHaveCount(0);

    // ₹ per credit: a bad price is refused with the reason, a good one turns every report figure into rupees too.
    const settings = panel.getByTestId("spend-settings");
    await settings.getByLabel("₹ per credit (contract price)").fill("0.5");
    await settings.getByTestId("spend-settings-save").click();
    const rupees = `₹${(charged * 0.5).toFixed(2)}`;
    await expect(report.getByTestId("report-week")).toContainText(rupees);
    await expect(who.getByTestId("report-row").filter({ hasText: login.email }).getByTestId("report-rupees")).toHaveText(rupees);
    await expect(who.getByTestId("report-who-total")).toContainText(rupees);
    await expect(panel.getByTestId("runway")).toContainText("₹");

    const csv = await page.request.get(`/api/usage/report.csv?week=${week}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).split(/\r?\n/);
    expect(lines[0]).toBe("part,id,name,calls,credits,rupees");
    expect(lines).toContain(`member,,Total,,${charged},${charged * 0.5}`);
    expect(lines).toContain(`feature,,Total,,${charged},${charged * 0.5}`);

    await checkWidthsAndThemes(page, testInfo, "usage-spend-watch", '[data-testid="spend-watch"]', { scopeAxe: true });

    // Another week: while its report loads, this week's stays under its own heading, dimmed and busy.
    const previous = new Date(Date.parse(`${week}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    const release = await holdAnswers(page, new RegExp(`/api/usage/watch\\?(.*&)?week=${previous}`));
    const heading = (await report.getByTestId("report-week").textContent()) ?? "";
    await report.getByRole("button", { name: "Previous week" }).click();
    await expect(report).toHaveAttribute("aria-busy", "true");
    await expect(report.getByTestId("report-week")).toHaveText(heading);
    // The arrows wait until the week asked for has come: a second click would count from the week still shown.
    await expect(report.getByRole("button", { name: "Previous week" })).toBeDisabled();
    await release();
    await expect(report.getByRole("button", { name: "Previous week" })).toBeEnabled();
    await expect(report).not.toHaveAttribute("aria-busy", "true");
    await expect(report.getByTestId("report-week")).not.toHaveText(heading);

    // The owner picker: the admin mints a token that belongs to a member.
    await page.goto("/settings");
    const tokens = page.getByTestId("desk-tokens-card");
    const name = `Member's notebook ${Date.now()}`;
    await tokens.getByLabel("Name").fill(name);
    await tokens.getByLabel("Belongs to").selectOption({ label: `${member.name} (${member.email})` });
    await tokens.getByTestId("token-mint").click();
    await expect(tokens.getByTestId("desk-token").filter({ hasText: name })).toContainText(`for ${member.email}`);
    await checkWidthsAndThemes(page, testInfo, "settings-token-owner", '[data-testid="token-mint-form"]', { scopeAxe: true });
    await context.close();
  });
});
