/**
 * Helpers of the live feed specs (alerts, news, announcements, block deals): each spec makes its own upstream
 * account and its own desk user with that key, and stores events in the service (support/service.ts).
 */
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { confirmSpend, signedInNewMember } from "./support/desk";
import { SCREENSHOT_DIR } from "./support/fixtures";
import { makeAccount, serviceBalance } from "./support/service";
import { SHOTS, shoot } from "./support/shots";
import { expect } from "./support/test";

export { dropStreams, listFreshCompany, serviceBalance, storeEvent, streamConnections, type StoredRow } from "./support/service";

/** A fresh upstream account (pro: every WebSocket add-on) with one key. */
export function createLiveAccount(plan: "pro" | "sandbox" | "starter" = "pro"): Promise<{ accountId: string; key: string }> {
  return makeAccount({ plan });
}

export interface LiveUser {
  page: Page;
  context: BrowserContext;
  key: string;
  accountId: string;
}

/** A fresh upstream account (pro with every WebSocket add-on, or sandbox: none) and a new desk member using its key. */
export async function signedInLiveUser(browser: Browser, baseURL: string, plan: "pro" | "sandbox" | "starter" = "pro"): Promise<LiveUser> {
  const account = await createLiveAccount(plan);
  const { page, context } = await signedInNewMember(browser, baseURL, { key: account.key });
  return { page, context, ...account };
}

/**
 * Buys a feed's page with its Load button (test id `load`), which shows `price` first: what the confirmation said and
 * what the footer says was charged (`charged`, when given, waited for), which the service's balance agrees with.
 */
export async function buyFeedPage(page: Page, key: string, load: string, price: string, charged?: number): Promise<{ said: string; charged: number }> {
  const button = page.getByTestId(load);
  await expect(button.locator('[data-slot="price-tag"]')).toContainText(price);
  const before = await serviceBalance(key);
  await button.click();
  const said = await confirmSpend(page);
  await expect(page.getByTestId("feed-footer")).toBeVisible();
  if (charged !== undefined) await expect(page.getByTestId("feed-spent")).toHaveAttribute("data-credits", String(charged));
  const spent = Number(await page.getByTestId("feed-spent").getAttribute("data-credits"));
  expect(await serviceBalance(key)).toBe(before - spent);
  return { said, charged: spent };
}

/** A feed's page over a past range with nothing in it: live off, the page bought and labelled free, nothing charged. */
export async function expectEmptyPageFree(page: Page, key: string, load: string) {
  await expectLive(page, "off");
  const before = await serviceBalance(key);
  await page.getByTestId(load).click();
  await confirmSpend(page);
  await expect(page.getByTestId("empty-page-free")).toBeVisible();
  await expect(page.getByTestId("empty-state")).toContainText("nothing was charged");
  await expect(page.getByTestId("feed-spent")).toHaveAttribute("data-credits", "0");
  expect(await serviceBalance(key)).toBe(before);
}

/** Waits until every live badge on the page (one a feed) is in a state. */
export async function expectLive(page: Page, state: "connected" | "polling" | "reconnecting" | "standby" | "paused" | "off", timeout = 15_000) {
  const badges = page.getByTestId("live-status");
  await expect(badges.first()).toHaveAttribute("data-state", state, { timeout });
  // Every feed's badge, not only the first: on Today the panels join one stream as they mount, and a product says
  // connected only once the stream that carries it has taken over (an event stored before then is not sent).
  await expect.poll(async () => (await badges.evaluateAll((all) => all.map((b) => b.getAttribute("data-state")))).every((s) => s === state), { timeout }).toBe(true);
}

/**
 * Leaves the page so its EventSource closes before the test ends: the key guard reads every text response, and
 * an open event stream never finishes.
 */
export async function leave(page: Page) {
  await page.goto("about:blank");
}

/**
 * Light and dark screenshots of the page as it is, switching the theme with the top bar's toggle (a reload would
 * drop the live items and the pages bought). The viewport grows to the page's height so sticky bars stay in place.
 */
export async function screenshotLiveThemes(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press("Escape");
  await page.mouse.move(0, 0);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  for (const theme of ["light", "dark"] as const) {
    const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    if (dark !== (theme === "dark")) await page.getByRole("button", { name: `Switch to ${theme} theme` }).click();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 2_400) });
    await shoot(page, join(SCREENSHOT_DIR, `${name}-${theme}.png`), { animations: "disabled" });
    await page.setViewportSize(size);
  }
}
