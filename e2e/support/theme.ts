import type { Page } from "@playwright/test";

/** Keeps a theme as the toggle does (the "theme" cookie, lib/browser-prefs.ts): the next page load is rendered in it. */
export async function keepTheme(page: Page, theme: "light" | "dark") {
  await page.context().addCookies([{ name: "theme", value: theme, url: new URL(page.url()).origin }]);
}

/** Forgets the kept theme: pages follow the system's colour scheme again. */
export async function forgetTheme(page: Page) {
  await page.context().clearCookies({ name: "theme" });
}
