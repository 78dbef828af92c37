import { createDeskUser, screenshotBothThemes, signInThroughPage } from "./support/desk";
import { ADMIN_STATE, readFixtures } from "./support/fixtures";
import { makeAccount } from "./support/service";
import { expect, expectNoKeys, test } from "./support/test";

test.describe("the Alpha key in Settings", () => {
  test("no key yet is a guided first step; a wrong key is refused, a right one saved, replaced and deleted", async ({ browser, deskURL }) => {
    // A user of its own, made by the admin, so the key it stores is this test's alone.
    const adminContext = await browser.newContext({ storageState: ADMIN_STATE });
    const login = await createDeskUser(adminContext.request, deskURL, "member");
    await adminContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughPage(page, login.email, login.password);

    // No key: every desk page opens with the first step, not an error; the gauge asks for the key too.
    await page.goto("/usage");
    await expect(page.getByTestId("no-key-card")).toBeVisible();
    await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "no-key");
    await expect(page.getByTestId("error-state")).toHaveCount(0);
    await screenshotBothThemes(page, "usage-no-key");
    await page.getByTestId("no-key-card").getByRole("link", { name: "Add your key in Settings" }).click();
    await expect(page).toHaveURL(/\/settings#alpha-key$/);
    await screenshotBothThemes(page, "settings-no-key");

    const fixtures = readFixtures();
    const keyInput = page.getByLabel("Your key");
    await expect(keyInput).toHaveAttribute("type", "password");

    // A key the service does not know: refused with a message that says so, and nothing is stored.
    await keyInput.fill(fixtures.unknownKey);
    await page.getByRole("button", { name: "Check and save" }).click();
    const error = page.getByTestId("alpha-key-error");
    await expect(error).toContainText("The key was not saved");
    await expect(error).toContainText(/rejected this key/i);
    await expect(keyInput).toHaveValue("");
    await expect(page.getByTestId("alpha-key-status")).toHaveCount(0);

    // The right key: checked, saved, shown only as its last four characters.
    const { key } = await makeAccount();
    await keyInput.fill(key);
    await page.getByRole("button", { name: "Check and save" }).click();
    const status = page.getByTestId("alpha-key-status");
    await expect(status).toContainText(`•••• ${key.slice(-4)}`);
    await expect(page.getByTestId("no-key-card")).toHaveCount(0);
    await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready", { timeout: 15_000 });
    await screenshotBothThemes(page, "settings");

    // Neither the page nor the settings route ever holds the key itself.
    expectNoKeys(await page.content(), "the settings page");
    const statusJson = await page.request.get("/api/settings/alpha-key");
    const statusText = await statusJson.text();
    expectNoKeys(statusText, "GET /api/settings/alpha-key");
    expect(JSON.parse(statusText)).toMatchObject({ data: { hasKey: true, last4: key.slice(-4) } });

    // Replace: the form opens again and the new key takes the old one's place.
    const other = (await makeAccount()).key;
    await page.getByRole("button", { name: "Replace key" }).click();
    await page.getByLabel("New key").fill(other);
    await page.getByRole("button", { name: "Check and save" }).click();
    await expect(status).toContainText(`•••• ${other.slice(-4)}`);

    // Delete asks first; cancelling keeps the key, confirming removes it and the first step returns.
    await page.getByRole("button", { name: "Delete key" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Delete the key ending in ${other.slice(-4)}?`);
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await expect(status).toBeVisible();
    await page.getByRole("button", { name: "Delete key" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete key" }).click();
    await expect(status).toHaveCount(0);
    await expect(page.getByLabel("Your key")).toBeVisible();
    await page.goto("/usage");
    await expect(page.getByTestId("no-key-card")).toBeVisible();
    await context.close();
  });
});
