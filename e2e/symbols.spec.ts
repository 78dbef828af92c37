import { gaugeBalance, signedInWithOwnAccount } from "./portfolio-support";
import { confirmSpend, payThrough, screenshotAsIs, signedInNewMember } from "./support/desk";
import { makeAccount } from "./support/service";
import { expect, test } from "./support/test";

const SYMBOL = "TCS";

test.describe("the symbol page", () => {
  test("free results and schedules first, paid sources on request with their price, the profile with the Symbols scope", async ({ browser, deskURL }) => {
    // A fresh account with the Symbols scope.
    const { page, context } = await signedInNewMember(browser, deskURL, { key: (await makeAccount()).key });

    await page.goto(`/symbols/${SYMBOL}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^${SYMBOL}\\b`));
    const timeline = page.getByTestId("symbol-timeline");
    // Free: filed results, at once, and nothing paid until asked.
    await expect(timeline.locator('[data-testid="timeline-event"][data-kind="results"]').first()).toBeVisible();
    await expect(timeline.locator('[data-kind="news"], [data-kind="alerts"]')).toHaveCount(0);
    await expect(timeline.getByTestId("timeline-event").first()).toContainText("IST");

    // Paid sources, each with its price; the gauge moves by what each one reports.
    for (const [source, label] of [
      ["news", "News"],
      ["calls", "Calls"],
    ] as const) {
      const before = await gaugeBalance(page);
      const button = timeline.getByTestId(`load-${source}`);
      await expect(button.locator('[data-slot="price-tag"]')).toContainText(/credit/);
      await button.click();
      await confirmSpend(page);
      const loaded = timeline.getByTestId("timeline-source-loaded").filter({ hasText: label });
      await expect(loaded).toBeVisible();
      const charged = Number(/(\d+) credits?$/.exec(((await loaded.textContent()) ?? "").trim())?.[1] ?? "0");
      await expect.poll(() => gaugeBalance(page), { timeout: 20_000 }).toBe(before - charged);
    }
    await expect(timeline.locator('[data-kind="news"]').first()).toBeVisible();
    await expect(timeline.locator('[data-kind="calls"]').first()).toBeVisible();

    // The kinds shown live in the URL.
    await timeline.getByRole("button", { name: "News", exact: true, pressed: true }).click();
    await expect(page).toHaveURL(/[?&]show=/);
    await expect(timeline.locator('[data-kind="news"]')).toHaveCount(0);
    await timeline.getByRole("button", { name: "News", exact: true, pressed: false }).click();
    await expect(page).not.toHaveURL(/show=/);

    // The profile: 1 credit, confirmed; company, sector, market cap in crores, ISIN, scrip code and logo.
    const before = await gaugeBalance(page);
    await payThrough(page.getByTestId("load-profile"), "1 credit");
    const profile = page.getByTestId("symbol-profile");
    await expect(profile.getByTestId("profile-company")).toContainText("Tata Consultancy");
    await expect(profile).toContainText(/₹[\d,]+ cr/);
    await expect(profile).toContainText(/INE\w{9}/);
    await expect(profile.locator("img")).toHaveAttribute("src", /logos\/TCS\.svg/);
    // 1 credit, or 0 when the desk answered from its cache (the note says which).
    const charged = Number(await profile.getByTestId("call-meta").getAttribute("data-charged"));
    expect([0, 1]).toContain(charged);
    await expect.poll(() => gaugeBalance(page), { timeout: 20_000 }).toBe(before - charged);
    await expect(timeline).toContainText("Tata Consultancy");

    // A filed result opens its paid detail from the timeline.
    await timeline.getByTestId("timeline-open-result").first().click();
    await expect(page.getByTestId("result-sheet").getByTestId("load-result-detail")).toContainText("3 credits");
    await page.keyboard.press("Escape");
    await screenshotAsIs(page, "symbol");
    await context.close();
  });

  test("without the Symbols product the profile is not offered, and nothing is charged", async ({ browser, deskURL }) => {
    // A fresh pro account made without the Symbols scope.
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e symbols no scope");
    await page.goto(`/symbols/${SYMBOL}`);
    const before = await gaugeBalance(page);
    await expect(page.getByTestId("profile-not-in-plan")).toContainText("Company profiles come with the Symbols product");
    await expect(page.getByTestId("load-profile")).toHaveCount(0);
    expect(await gaugeBalance(page)).toBe(before);
    await screenshotAsIs(page, "symbol-no-scope");

    await page.goto("/symbols/not%20a%20symbol");
    await expect(page.getByTestId("empty-state")).toContainText("is not a symbol");
    await page.context().close();
  });
});
