/**
 * Helpers of the live feed specs (alerts, news, announcements): the e2e server's test-only control hook
 * (scripts/e2e-live-control.ts) stores events in the service and drops its streams; each spec makes its own
 * upstream account through it and its own desk user with that key.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { z } from "zod";
import { signedInNewMember } from "./support/desk";
import { AUTH_DIR, readFixtures, SCREENSHOT_DIR } from "./support/fixtures";
import { expect } from "./support/test";

function controlUrl(): string {
  const raw = JSON.parse(readFileSync(join(AUTH_DIR, "fixtures.json"), "utf8")) as unknown;
  const url = z.object({ liveControlUrl: z.string() }).safeParse(raw);
  if (!url.success) throw new Error("e2e/.auth/fixtures.json has no liveControlUrl: the e2e server did not start the live control hook");
  return url.data.liveControlUrl;
}

async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${controlUrl()}${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, text).toBe(true);
  return JSON.parse(text) as T;
}

export interface StoredRow {
  id: string;
  symbol: string;
  [key: string]: unknown;
}

/** Stores an event in the service now; the stream publishes it to subscribers. */
export function storeEvent(input: {
  product: "alerts" | "news" | "announcements" | "block-deals";
  symbol: string;
  type?: string;
  important?: boolean;
  sentiment?: "positive" | "negative" | "neutral";
  category?: string;
  exchange?: "NSE" | "BSE" | "NSE/BSE";
  /** When it happened (epoch ms; default now). */
  atMs?: number;
}): Promise<StoredRow> {
  return control<StoredRow>("POST", "/events", input);
}

/** A fresh upstream account (pro: every WebSocket add-on) with one key, nobody else's calls touching it. */
export function createLiveAccount(plan: "pro" | "sandbox" | "starter" = "pro"): Promise<{ accountId: string; key: string }> {
  return control<{ accountId: string; key: string }>("POST", "/accounts", { plan });
}

/** Lists a fresh company in the service: known to the exchange, nothing filed; a results meeting booked if asked. */
export function listFreshCompany(meeting?: { quarter: string; atMs: number }): Promise<{ symbol: string }> {
  return control<{ symbol: string }>("POST", "/companies", meeting ? { meeting } : {});
}

/** Drops every WebSocket of the service server-side. */
export function dropStreams(): Promise<{ dropped: number }> {
  return control("POST", "/streams/drop", {});
}

export async function streamConnections(accountId: string): Promise<number> {
  const stats = await control<{ connectionsByAccount: Record<string, number> }>("GET", "/streams/stats");
  return stats.connectionsByAccount[accountId] ?? 0;
}

/** A fresh upstream account of the service (pro: every WebSocket add-on) and its key, made through the control hook. */
export function makeLiveAccount(plan: "pro" | "sandbox" | "starter" = "pro"): Promise<{ accountId: string; key: string }> {
  return control<{ accountId: string; key: string }>("POST", "/accounts", { plan });
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

/** The balance as the service has it (a free call with the key itself). */
export async function serviceBalance(key: string): Promise<number> {
  const res = await fetch(`${readFixtures().serviceUrl}/v1/account`, { headers: { "X-API-Key": key } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** Waits for the feed's live badge to reach a state. */
export async function expectLive(page: Page, state: "connected" | "polling" | "reconnecting" | "standby" | "paused" | "off", timeout = 15_000) {
  await expect(page.getByTestId("live-status").first()).toHaveAttribute("data-state", state, { timeout });
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
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
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
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`), animations: "disabled" });
    await page.setViewportSize(size);
  }
}
