import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { gaugeBalance, signedInWithOwnAccount } from "./portfolio-support";
import { signedInNewMember } from "./support/desk";
import { fixtureAccount, SCREENSHOT_DIR } from "./support/fixtures";
import { expect, test } from "./support/test";

/**
 * Light and dark screenshots of the page as it stands (no reload, so what was loaded stays on screen). Transitions are
 * finished first (a colour caught mid-change would look broken). With a panel open, the window is shot: a fixed panel
 * does not extend into a full-page picture.
 */
async function shootBoth(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  // A row under the pointer would show its hover colour in the picture.
  await page.mouse.move(0, 0);
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`), fullPage: options.fullPage !== false, animations: "disabled" });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

async function confirmSpend(page: Page): Promise<string> {
  const dialog = page.getByTestId("confirm-spend");
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button", { name: /Spend/ }).click();
  await expect(dialog).toHaveCount(0);
  return text;
}

const SYMBOL = "TCS";

test.describe("the symbol page", () => {
  test("free results and schedules first, paid sources on request with their price, the profile with the Symbols scope", async ({ browser, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    // The fixtures' spare account has the Symbols scope.
    const { page, context } = await signedInNewMember(browser, baseURL, { key: fixtureAccount("spare").key });

    await page.goto(`/symbols/${SYMBOL}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SYMBOL);
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
    const load = page.getByTestId("load-profile");
    await expect(load.locator('[data-slot="price-tag"]')).toContainText("1 credit");
    await load.click();
    expect(await confirmSpend(page)).toContain("1 credit");
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
    await shootBoth(page, "symbol");
    await context.close();
  });

  test("without the Symbols scope the profile explains why and charges nothing", async ({ browser, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    // A fresh pro account made without the Symbols scope.
    const { page } = await signedInWithOwnAccount(browser, baseURL, "e2e symbols no scope");
    await page.goto(`/symbols/${SYMBOL}`);
    const before = await gaugeBalance(page);
    await page.getByTestId("load-profile").click();
    await confirmSpend(page);
    await expect(page.getByTestId("profile-scope-required")).toContainText("Symbols scope");
    await expect(page.getByTestId("profile-scope-required")).toContainText("Nothing was charged");
    expect(await gaugeBalance(page)).toBe(before);
    await shootBoth(page, "symbol-no-scope");

    await page.goto("/symbols/not%20a%20symbol");
    await expect(page.getByTestId("empty-state")).toContainText("is not a symbol");
    await page.context().close();
  });
});
