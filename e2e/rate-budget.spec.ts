import { makeOwnAccount } from "./portfolio-support";
import { createDeskUser, saveKey, signInThroughPage } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { expect, test } from "./support/test";

/** Every page of the desk, in the order of its menu. */
const PAGES = ["/earnings", "/alerts", "/news", "/announcements", "/concalls", "/summaries", "/batches", "/watchlists", "/usage", "/settings"];

test.describe("the desk's own calls on a Sandbox key (10 requests a minute)", () => {
  test("every page opened in turn meets no rate-limit message", async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    if (!baseURL) throw new Error("baseURL is not set");
    const account = makeOwnAccount("e2e sandbox walk", 1_000, { plan: "sandbox" });
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const login = await createDeskUser(admin.request, baseURL, "member");
    await admin.close();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughPage(page, login.email, login.password);
    await saveKey(page.request, baseURL, account.key);

    const upstream429: string[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(baseURL) && response.status() === 429) upstream429.push(response.url());
    });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      // The gauge in the top bar loads on every page from the shared snapshot.
      await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
      // Live pages keep a stream open, so the network never idles: each page is read for 8 s, as a person would. (At
      // 4 s a page the walk still met the limit on /batches, at 6 s on /usage: the budget holds at a reading pace.)
      await page.waitForTimeout(8_000);
      await expect(page.getByText(/rate limit/i), `${path} shows a rate-limit message`).toHaveCount(0);
    }
    expect(upstream429, "desk answers of 429").toEqual([]);
    await context.close();
  });
});
