import { join } from "node:path";
import { type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, expect, type Locator, type Page } from "@playwright/test";
import { laneAdminState, randomSuffix, SCREENSHOT_DIR } from "./fixtures";
import { SHOTS, SHOTS_DIR, shoot } from "./shots";
import { forgetTheme, keepTheme } from "./theme";

/** As an admin on /team: stores the organisation key and waits until the card shows it saved. */
export async function saveOrgKeyOnTeamPage(page: Page, key: string) {
  await page.goto("/team");
  const card = page.getByTestId("org-key-card");
  await card.getByLabel(/Organisation key/).fill(key);
  await card.getByRole("button", { name: "Check and save" }).click();
  await expect(card.getByTestId("org-key-status")).toContainText(key.slice(-4));
}

/** As an admin on /settings: mints a desk token (with a daily cap when given) and returns its secret, shown once. */
export async function mintDeskToken(page: Page, name: string, creditsADay?: number): Promise<string> {
  await page.goto("/settings");
  const tokens = page.getByTestId("desk-tokens-card");
  await tokens.getByLabel("Name").fill(name);
  if (creditsADay !== undefined) await tokens.getByLabel("Credits a day").fill(String(creditsADay));
  await tokens.getByTestId("token-mint").click();
  return tokens.getByTestId("token-secret-input").inputValue();
}

/** A script's paid call through the desk's /alpha: no cookie, no origin, the desk token in X-API-Key. */
export function newsThroughDesk(deskUrl: string, token: string): Promise<Response> {
  return fetch(`${deskUrl}/alpha/v1/news?symbols=TCS&limit=2`, { headers: { "X-API-Key": token } });
}

/** Signs in through the sign-in page and waits for the signed-in shell. */
export async function signInThroughPage(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Desk" }).first()).toBeVisible({ timeout: 30_000 });
}

/**
 * Signs a browser context in with the call the sign-in form makes (next-auth's credentials callback), without
 * rendering a page: for specs about something else. The sign-in page itself is tested by auth.setup.ts and
 * desk-auth.spec.ts.
 */
export async function signInThroughApi(context: BrowserContext, baseURL: string, email: string, password: string) {
  const csrf = await context.request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await context.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, callbackUrl: `${baseURL}/today`, json: "true" },
    headers: originHeaders(baseURL),
  });
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  expect(text, "the credentials callback refused the sign-in").not.toContain("error=");
  expect((await context.cookies()).some((c) => c.name.includes("session-token")), "no session cookie after signing in").toBe(true);
}

/** A new browser for `login` on the desk at `baseURL`, signed in, with one page open. */
export async function signedInBrowser(browser: Browser, baseURL: string, login: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  await signInThroughApi(context, baseURL, login.email, login.password);
  return { context, page: await context.newPage() };
}

/** The desk's state-changing routes check the origin, as a browser would send it. */
function originHeaders(baseURL: string) {
  return { Origin: new URL(baseURL).origin };
}

/** An admin adds a desk user through the admin API; returns the login. */
export async function createDeskUser(request: APIRequestContext, baseURL: string, role: "admin" | "member" = "member") {
  const login = { email: `e2e-${role}-${randomSuffix()}@example.com`, password: `pw-${randomSuffix()}-${randomSuffix()}`, name: `E2E ${role} ${randomSuffix()}` };
  const res = await request.post("/api/admin/users", { data: { ...login, role }, headers: originHeaders(baseURL) });
  expect(res.status(), await res.text()).toBe(201);
  return login;
}

/**
 * A new desk member, added by the admin and signed in in a browser context of its own (on a blank page; through the
 * sign-in page when `throughPage`, landing where it sends them), with `key` saved as their Alpha key when given.
 */
export async function signedInNewMember(browser: Browser, baseURL: string, options: { key?: string; context?: BrowserContextOptions; throughPage?: boolean } = {}) {
  const admin = await browser.newContext({ storageState: laneAdminState(baseURL), baseURL });
  const login = await createDeskUser(admin.request, baseURL, "member");
  await admin.close();
  const context = await browser.newContext(options.context);
  const page = await context.newPage();
  if (options.throughPage) await signInThroughPage(page, login.email, login.password);
  else await signInThroughApi(context, baseURL, login.email, login.password);
  if (options.key) await saveKey(page.request, baseURL, options.key);
  return { page, context, login };
}

/** Stores an Alpha key for the signed-in user of this request context (through the route the settings page uses). */
export async function saveKey(request: APIRequestContext, baseURL: string, key: string) {
  const res = await request.put("/api/settings/alpha-key", { data: { key }, headers: originHeaders(baseURL) });
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  return text;
}

export async function setThemeAndReload(page: Page, theme: "light" | "dark") {
  await keepTheme(page, theme);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
}

/** Waits for loading skeletons to go, then keeps a full-page screenshot in test-results/screenshots. */
export async function screenshot(page: Page, name: string) {
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
  await shoot(page, join(SCREENSHOT_DIR, `${name}.png`), { fullPage: true });
}

/**
 * Light and dark screenshots of the page as it stands (no reload, so what was loaded stays on screen), with
 * transitions finished (a colour caught mid-change would look broken). With a panel open, the window is shot: a
 * fixed panel does not extend into a full-page picture.
 */
export async function screenshotAsIs(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  // A row under the pointer would show its hover colour in the picture.
  await page.mouse.move(0, 0);
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    await shoot(page, join(SCREENSHOT_DIR, `${name}-${theme}.png`), { fullPage: options.fullPage !== false, animations: "disabled" });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** Confirms the pending spend (the price dialog's Spend button), waits for the dialog to close, returns what it said. */
export async function confirmSpend(page: Page): Promise<string> {
  const dialog = page.getByTestId("confirm-spend");
  await expect(dialog).toBeVisible();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button", { name: /Spend/ }).click();
  await expect(dialog).toHaveCount(0);
  return text;
}

/**
 * A paid button that shows `price` before it runs (as all its tag says, when `exact`; else within it, as "up to 4
 * credits" holds "4 credits"): clicks it, confirms, and checks the confirmation named it.
 */
export async function payThrough(button: Locator, price: string, { exact = false } = {}): Promise<string> {
  const tag = button.locator('[data-slot="price-tag"]');
  await (exact ? expect(tag).toHaveText(price) : expect(tag).toContainText(price));
  await button.click();
  const said = await confirmSpend(button.page());
  expect(said).toContain(price);
  return said;
}

/** Light and dark screenshots of the page as it is now. */
export async function screenshotBothThemes(page: Page, name: string) {
  if (!SHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await setThemeAndReload(page, theme);
    await screenshot(page, `${name}-${theme}`);
  }
  await forgetTheme(page);
}

/**
 * Waits until React has hydrated an element (its props are attached). A value typed into a server-rendered input
 * before hydration is lost when React takes the input over, and a button that depends on it stays disabled.
 */
export async function untilHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), { timeout: 20_000 })
    .toBe(true);
}

/**
 * Waits until a loaded page has settled: nothing busy, every lazy part hydrated, then twice two frames and an idle
 * main thread, so what hydration's effects render is painted and what they ask for has been sent.
 */
export async function untilSettled(page: Page): Promise<void> {
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator("[data-slot=lazy-part][data-hydrated=false]")).toHaveCount(0, { timeout: 20_000 });
  for (let round = 0; round < 2; round++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2_000 })))));
  }
}

/** The widths a page is looked at: a desktop, a small laptop or tablet on its side, a phone. */
export const LOOK_WIDTHS = [1440, 1024, 390] as const;

/**
 * The page as it stands at each of LOOK_WIDTHS, light and dark (no reload), into `E2E_SHOTS_DIR` when set, else
 * test-results/screenshots; the viewport is put back afterwards.
 */
export async function screenshotWidths(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SHOTS) return;
  const before = page.viewportSize();
  await page.mouse.move(0, 0);
  for (const width of LOOK_WIDTHS) {
    await page.setViewportSize({ width, height: before?.height ?? 900 });
    // From the top: fixed bars would be drawn where the window was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
      await shoot(page, join(SHOTS_DIR, `${name}-${width}-${theme}.png`), { fullPage: options.fullPage !== false, animations: "disabled" });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  if (before) await page.setViewportSize(before);
}

/**
 * Holds the desk's answers to requests matching `url` until the returned function is called (it lets them through
 * and stops holding): for what a page shows while an answer is on its way.
 */
export async function holdAnswers(page: Page, url: RegExp): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const passing: Promise<void>[] = [];
  await page.route(url, (route) => {
    const passed = held.then(() => route.continue());
    passing.push(passed);
    return passed;
  });
  // Stop holding only once the held answers are through: unrouting first would answer them twice.
  return async () => {
    release();
    await Promise.all(passing);
    await page.unroute(url);
  };
}
