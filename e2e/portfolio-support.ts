/**
 * Helpers of the watchlist, summary and batch specs: each makes its own upstream account (with the service's CLI on
 * the e2e service's database), its own desk user with that key, and reads balances straight from the service.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { setThemeAndReload, signedInNewMember, untilHydrated } from "./support/desk";
import { randomSuffix, readFixtures, SCREENSHOT_DIR } from "./support/fixtures";
import { expect } from "./support/test";
import { forgetTheme } from "./support/theme";

const ROOT = join(import.meta.dirname, "..");

function cli(args: string[]): unknown {
  const dataDir = readFixtures().dataDir;
  if (!dataDir) throw new Error("the e2e fixtures name no dataDir: the service's CLI cannot reach its database");
  const out = execFileSync("npx", ["tsx", "service/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, ALPHA_SERVICE_DB: join(dataDir, "service.db") },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out) as unknown;
}

/** A fresh pro account (every product, retention opt-out allowed) with one key; nobody else's calls touch it. */
export function makeOwnAccount(
  name: string,
  balance = 100_000,
  options: { symbols?: boolean; plan?: "pro" | "sandbox" } = {},
): { accountId: string; key: string } {
  const extra = options.symbols ? ["--symbols"] : [];
  const plan = options.plan ?? "pro";
  const account = cli(["accounts:create", "--name", `${name} ${randomSuffix()}`, "--plan", plan, "--balance", String(balance), "--retention-opt-out", ...extra]) as { id: string };
  const issued = cli(["keys:issue", "--account", account.id, "--label", "e2e portfolio"]) as { key: string };
  return { accountId: account.id, key: issued.key };
}

/** A new desk member signed in on a new page, with the key of a fresh account saved. */
export async function signedInWithOwnAccount(browser: Browser, baseURL: string, name: string, options: { symbols?: boolean } = {}): Promise<{ page: Page; key: string; accountId: string }> {
  const account = makeOwnAccount(name, 100_000, options);
  const { page } = await signedInNewMember(browser, baseURL, { key: account.key, context: { acceptDownloads: true } });
  return { page, ...account };
}

/** The balance as the service has it (a free call with the key itself). */
export async function serviceBalance(key: string): Promise<number> {
  const res = await fetch(`${readFixtures().serviceUrl}/v1/account`, { headers: { "X-API-Key": key } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** The gauge in the top bar, once loaded: its balance. */
export async function gaugeBalance(page: Page): Promise<number> {
  const balance = page.getByTestId("gauge-balance");
  await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  return Number(await balance.getAttribute("data-value"));
}

/** Large caps of the dataset: a 7-day news window over these always holds news. */
export const ACTIVE_SYMBOLS = [
  "RELIANCE", "HDFCBANK", "BHARTIARTL", "TCS", "ICICIBANK", "SBIN", "INFY", "BAJFINANCE", "HINDUNILVR", "LICI",
  "LT", "MARUTI", "ITC", "M&M", "HCLTECH", "KOTAKBANK", "SUNPHARMA", "AXISBANK", "ULTRACEMCO", "TITAN",
  "BAJAJFINSV", "NTPC", "ADANIPORTS", "HAL", "ONGC", "BEL", "JSWSTEEL", "ADANIENT", "ASIANPAINT", "WIPRO",
  "POWERGRID", "NESTLEIND", "COALINDIA", "IOC", "TATASTEEL", "EICHERMOT", "GRASIM", "DLF", "HINDALCO", "DIVISLAB",
];

/** Creates a watchlist through the desk's API (the page's own session and origin). */
export async function createWatchlistViaApi(page: Page, baseURL: string, name: string, symbols: readonly string[]): Promise<{ id: string }> {
  const res = await page.request.post("/api/watchlists", {
    data: { name, items: symbols.map((symbol, i) => ({ symbol, exposure: (i + 1) * 1000 })) },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}

/** Light and dark screenshots of the top of a page too long for a full-page shot (a 40-symbol summary). */
export async function screenshotTopBothThemes(page: Page, name: string, height = 1600) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: viewport?.width ?? 1280, height });
  for (const theme of ["light", "dark"] as const) {
    await setThemeAndReload(page, theme);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`) });
  }
  await forgetTheme(page);
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * Chooses a file once React has hydrated the input: a file set on the server-rendered input before hydration
 * fires a change event no handler hears, and the page never sees the file.
 */
export async function chooseFile(page: Page, testId: string, file: Parameters<Page["setInputFiles"]>[1]): Promise<void> {
  const input = page.getByTestId(testId);
  await untilHydrated(input);
  await input.setInputFiles(file);
}
