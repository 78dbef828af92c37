import { makeAccount } from "./support/service";
import { mintDeskToken, newsThroughDesk, saveOrgKeyOnTeamPage } from "./support/desk";
import { ownDeskForBlock } from "./support/fresh-desk";
import { randomSuffix } from "./support/fixtures";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

// The organisation key is desk-wide and this spec stores one: it runs on a fresh desk of its own, not the worker's
// (where another spec expects to store the first organisation key).
test.describe.serial("desk tokens for scripts", { tag: LIVE }, () => {
  test.setTimeout(180_000);
  const own = ownDeskForBlock("desk-tokens");

  test("an admin mints a token (shown once), a script spends through /alpha with it, /usage shows the token beside members, revoking refuses it", async ({}, testInfo) => {
    const team = await makeAccount();
    const { desk: ownDesk, page } = own;
    await saveOrgKeyOnTeamPage(page, team.key);

    const name = `Notebook ${randomSuffix()}`;
    const secret = await mintDeskToken(page, name, 40);
    expect(secret).toMatch(/^adt_/);
    await expect(page.getByTestId("desk-tokens-card").getByTestId("desk-token").filter({ hasText: name })).toBeVisible();
    await checkWidthsAndThemes(page, testInfo, "settings-desk-tokens", '[data-testid="desk-tokens-card"]', { scopeAxe: true });

    // A script: no cookie, no origin, the token in X-API-Key, the service's own path under /alpha.
    const script = await newsThroughDesk(ownDesk.url, secret);
    expect(script.status, await script.clone().text()).toBe(200);
    const charged = Number(script.headers.get("x-credits-charged"));

    await page.goto("/usage");
    const row = page.getByTestId("spend-token-row").filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("spend-token-credits")).toHaveText(String(charged));
    await checkWidthsAndThemes(page, testInfo, "usage-spend-by-token", '[data-testid="spend-by-user"]', { scopeAxe: true });

    await page.goto("/settings");
    const listed = page.getByTestId("desk-token").filter({ hasText: name });
    await listed.getByTestId("token-revoke").click();
    await expect(listed).toContainText("Revoked");
    const refused = await newsThroughDesk(ownDesk.url, secret);
    expect(refused.status).toBe(401);
  });
});
