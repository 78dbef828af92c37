/**
 * Helpers of the watchlist, summary and batch specs: each makes its own upstream account, its own desk user with
 * that key, and reads balances straight from the service.
 */
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { setThemeAndReload, signedInNewMember, untilHydrated } from "./support/desk";
import { randomSuffix, readFixtures, SCREENSHOT_DIR } from "./support/fixtures";
import { makeAccount } from "./support/service";
import { SHOTS, shoot } from "./support/shots";
import { expect } from "./support/test";
import { forgetTheme } from "./support/theme";

export { serviceBalance } from "./support/service";

/** A fresh account (pro unless told; retention opt-out allowed; the Symbols scope only when asked) with one key. */
export function makeOwnAccount(
  name: string,
  balance = 100_000,
  options: { symbols?: boolean; plan?: "pro" | "sandbox" } = {},
): Promise<{ accountId: string; key: string }> {
  return makeAccount({ name: `${name} ${randomSuffix()}`, balance, plan: options.plan ?? "pro", symbols: !!options.symbols, retentionOptOut: true });
}

/** A new desk member on a Sandbox key of their own (10 requests a minute), and the desk's 429 answers to their page. */
export async function sandboxMember(browser: Browser, deskURL: string, name: string) {
  const account = await makeOwnAccount(name, 1_000, { plan: "sandbox" });
  const { page, context } = await signedInNewMember(browser, deskURL, { key: account.key });
  const refused: string[] = [];
  page.on("response", (r) => {
    if (r.url().startsWith(deskURL) && r.status() === 429) refused.push(r.url());
  });
  return { account, page, context, refused };
}

/** When the service logged each request of the account, from its own log (read-only: reading counts no request). */
export function loggedRequestTimes(accountId: string): number[] {
  const { dataDir } = readFixtures();
  const db = new Database(join(dataDir, "service.db"), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT at_ms FROM request_log WHERE account_id = ? ORDER BY at_ms").all(accountId) as { at_ms: number }[]).map((r) => r.at_ms);
  } finally {
    db.close();
  }
}

/** A new desk member signed in on a new page, with the key of a fresh account saved. */
export async function signedInWithOwnAccount(browser: Browser, baseURL: string, name: string, options: { symbols?: boolean } = {}): Promise<{ page: Page; key: string; accountId: string }> {
  const account = await makeOwnAccount(name, 100_000, options);
  const { page } = await signedInNewMember(browser, baseURL, { key: account.key, context: { acceptDownloads: true } });
  return { page, ...account };
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
  if (!SHOTS) return;
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: viewport?.width ?? 1280, height });
  for (const theme of ["light", "dark"] as const) {
    await setThemeAndReload(page, theme);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, join(SCREENSHOT_DIR, `${name}-${theme}.png`));
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

/** A CSV file for a file input. */
export const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

/** Zerodha Console's holdings export (CRLF, quoted Indian-grouped amounts): its header, TCS and INFY, then `rows`. */
export function zerodhaHoldings(...rows: string[]): string {
  return [
    "Instrument,Qty.,Avg. cost,LTP,Cur. val,P&L,Net chg.,Day chg.",
    'TCS,10,"3,100.50","3,500.00","35,000.00","3,995.00",12.88,-0.40',
    'INFY,25,1400,1520.25,"38,006.25","3,006.25",8.59,0.20',
    ...rows,
  ].join("\r\n");
}

/** Opens the watchlists page's CSV import dialog. */
export async function openImport(page: Page) {
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-csv-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}
