import { readFileSync } from "node:fs";
import { makeOwnAccount } from "./portfolio-support";
import { expectAccessible } from "./support/axe";
import { expectNoSideScroll } from "./support/axe-scoped";
import { screenshotWidths, signedInNewMember } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { expect, test } from "./support/test";

/** A CSV of the desk's writer read back: quoted fields allowed, CRLF lines. */
function readCsv(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => (m[1] ?? "").replace(/^"|"$/g, "").replaceAll('""', '"')).slice(0, -1));
}

test.describe("usage as a table", () => {
  test("spend by endpoint and by member as tables with totals, labels that tell products apart, and the same figures as CSV", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(90_000);
    const account = await makeOwnAccount("e2e usage table", 100_000, { symbols: true });
    const { page, login } = await signedInNewMember(browser, deskURL, { key: account.key, context: { acceptDownloads: true } });
    // Three paid products, as a user's morning spends them: results, company profiles, the symbol catalogue.
    const origin = { Origin: new URL(deskURL).origin };
    let spent = 0;
    for (const path of ["/api/alpha/v1/earnings?limit=5", "/api/alpha/v1/symbols/metadata?symbols=TCS,INFY"]) {
      const res = await page.request.get(path);
      expect(res.status(), await res.text()).toBe(200);
      spent += ((await res.json()) as { meta: { creditsCharged: number } }).meta.creditsCharged;
    }
    const bought = await page.request.post("/api/symbols/catalogue", { data: { spendUpTo: 100 }, headers: origin });
    expect(bought.status(), await bought.text()).toBe(200);
    spent += ((await bought.json()) as { data: { charged: number } }).data.charged;
    expect(spent).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/usage");
    const table = page.getByTestId("spend-by-endpoint");
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Endpoint", "Credits", "Share"]);
    await expect(table.locator('tr[data-endpoint="listEarnings"] td').first()).toHaveText("Earnings with summaries");
    await expect(table.locator('tr[data-endpoint="listSymbolMetadata"] td').first()).toHaveText("Company profiles");
    await expect(table.locator('tr[data-endpoint="listSymbols"] td').first()).toHaveText("Symbol catalogue (all symbols)");
    // Read as one snapshot and again until the figures are in: the rows can show before their credits do.
    const creditsShown = async () => (await table.locator("tbody tr td:nth-child(2)").allTextContents()).reduce((sum, t) => sum + Number(t.replace(/,/g, "")), 0);
    await expect.poll(creditsShown).toBe(spent);
    await expect(page.getByTestId("spend-endpoint-total")).toContainText(spent.toLocaleString("en-IN"));

    const downloading = page.waitForEvent("download");
    await page.getByTestId("spend-csv").click();
    const csv = readCsv(readFileSync(await (await downloading).path(), "utf8"));
    expect(csv[0]).toEqual(["part", "id", "name", "calls", "calls_from_cache", "credits", "share_percent"]);
    const byEndpoint = new Map(csv.filter((r) => r[0] === "endpoint" && r[1]).map((r) => [r[1], Number(r[5])]));
    expect(byEndpoint.get("listSymbols")).toBeGreaterThan(0);
    expect([...byEndpoint.values()].reduce((a, b) => a + b, 0)).toBe(spent);
    expect(csv.find((r) => r[2] === "Total through the desk")?.[5]).toBe(String(spent));
    await expectAccessible(page, testInfo, "usage with the endpoint table");
    await screenshotWidths(page, "usage-table");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table.getByRole("columnheader", { name: "Credits" })).toBeVisible();
    await expectNoSideScroll(page);

    // The admin reads every member's spend with its total, and downloads it.
    const admin = await browser.newContext({ storageState: ADMIN_STATE, acceptDownloads: true });
    const adminPage = await admin.newPage();
    await adminPage.setViewportSize({ width: 1440, height: 900 });
    await adminPage.goto("/usage");
    const members = adminPage.getByTestId("spend-by-user");
    await expect(members).toContainText("Spend by member");
    await expect(adminPage.getByTestId("spend-user-total")).toBeVisible();
    const rows = members.getByTestId("spend-user-row");
    // The members' rows and the outside-the-desk row add up to the total, read in one snapshot of the page: other
    // tests' members spend on this desk meanwhile, so rows and total read apart could be of two moments.
    const rowsAndTotal = () =>
      adminPage.evaluate(() => {
        const credits = (text: string | null | undefined) => Number((text ?? "").replace(/,/g, ""));
        const cell = (row: Element | null) => row?.querySelectorAll("td")[3]?.textContent;
        const rowsSum = [...document.querySelectorAll('[data-testid="spend-by-user"] [data-testid="spend-user-credits"]')].reduce((sum, c) => sum + credits(c.textContent), 0);
        const outside = document.querySelector('[data-testid="spend-by-user"] [data-testid="spend-outside-desk"]');
        return { rows: rowsSum + (outside ? credits(cell(outside)) : 0), total: credits(cell(document.querySelector('[data-testid="spend-user-total"]'))) };
      });
    await expect.poll(async () => { const { rows, total } = await rowsAndTotal(); return rows === total && total > 0; }).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);
    const adminDownload = adminPage.waitForEvent("download");
    await adminPage.getByTestId("spend-by-user-csv").click();
    const adminCsv = readCsv(readFileSync(await (await adminDownload).path(), "utf8"));
    expect(adminCsv.filter((r) => r[0] === "member").length).toBeGreaterThan(1);
    expect(adminCsv.find((r) => r[0] === "member" && r[1] === login.email)?.[5]).toBe(String(spent));
    await expect(rows.filter({ hasText: login.email }).getByTestId("spend-user-credits")).toHaveText(spent.toLocaleString("en-IN"));
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await expect(members.getByRole("columnheader", { name: "Credits" })).toBeVisible();
    await expect(members.getByTestId("spend-user-credits").first()).toBeVisible();
    await expectNoSideScroll(adminPage);
    await screenshotWidths(adminPage, "usage-by-member");
    await admin.close();
    await page.context().close();
  });
});
