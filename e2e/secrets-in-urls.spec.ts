import type { Page, Route } from "@playwright/test";
import { createDeskUser, signInThroughPage } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { makeAccount } from "./support/service";
import { expect, test } from "./support/test";

/**
 * Forms that take a secret, submitted before React has hydrated them (JavaScript held back, as on a loaded machine):
 * the browser must send no secret in any URL, and no page may echo one.
 */

/** Holds every JavaScript chunk of the page until release() (the HTML and CSS still arrive). */
async function holdScripts(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let releasing = false;
  // Scripts only: the stylesheets (also under /_next/static/chunks) must load, or the page never paints.
  await page.route((url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"), (route) => {
    if (releasing) return route.continue();
    held.push(route);
  });
  return {
    async release() {
      releasing = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Every URL the page requests from now on, navigations included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

test.describe("no secret reaches a URL", () => {
  test("the sign-in form, submitted before hydration, sends nothing; after hydration it signs in", async ({ browser, baseURL }) => {
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const login = await createDeskUser(admin.request, baseURL ?? "", "member");
    await admin.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    const urls = recordUrls(page);
    const scripts = await holdScripts(page);
    // "commit": with its scripts held the page never reaches DOMContentLoaded; the form is in the HTML already.
    await page.goto("/sign-in", { waitUntil: "commit" });
    const button = page.getByRole("button", { name: "Sign in" });
    await expect(button).toBeDisabled();
    await page.getByLabel("Email").fill(login.email);
    await page.getByLabel("Password").fill(login.password);
    // Enter in a field and a click on the button: both what a hurried user does before the page is ready.
    await page.getByLabel("Password").press("Enter");
    await button.click({ force: true });
    expect(page.url()).not.toContain("password");

    await scripts.release();
    await expect(button).toBeEnabled();
    await page.getByLabel("Email").fill(login.email);
    await page.getByLabel("Password").fill(login.password);
    await button.click();
    await expect(page.getByRole("navigation", { name: "Desk" }).first()).toBeVisible({ timeout: 30_000 });

    const encoded = encodeURIComponent(login.password);
    for (const url of urls) {
      expect(url.includes(login.password) || url.includes(encoded), `a request URL carried the password: ${url}`).toBe(false);
      expect(url).not.toMatch(/[?&]password=/);
    }
    await context.close();
  });

  test("the Alpha key form, submitted before hydration, sends nothing and the key is never echoed", async ({ browser, baseURL }) => {
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const login = await createDeskUser(admin.request, baseURL ?? "", "member");
    await admin.close();
    const { key } = await makeAccount();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughPage(page, login.email, login.password);
    const urls = recordUrls(page);
    const scripts = await holdScripts(page);
    await page.goto("/settings", { waitUntil: "commit" });
    const save = page.getByRole("button", { name: "Check and save" });
    await expect(save).toBeDisabled();
    const input = page.getByLabel("Your key");
    await input.fill(key);
    await input.press("Enter");
    await save.click({ force: true });
    expect(page.url()).not.toContain("ak_");

    await scripts.release();
    await expect(save).toBeEnabled();
    await input.fill(key);
    await save.click();
    await expect(page.getByTestId("alpha-key-status")).toContainText(key.slice(-4));
    for (const url of urls) expect(url.includes(key), `a request URL carried the key: ${url}`).toBe(false);
    expect(await page.content()).not.toContain(key);
    await context.close();
  });

  test("a page URL that carries a secret anyway is answered with a redirect without it, never the page", async ({ page }) => {
    const secret = `pw-${Date.now()}-never-echoed`;
    const response = await page.goto(`/sign-in?email=someone%40example.com&password=${secret}&callbackUrl=%2Fnews`);
    expect(page.url()).not.toContain(secret);
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/news");
    expect(await response?.text()).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
  });
});
