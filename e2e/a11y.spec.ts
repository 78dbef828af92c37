import type { Locator, Page, TestInfo } from "@playwright/test";
import { expectLive, leave, signedInLiveUser, storeEvent } from "./live-support";
import { ACTIVE_SYMBOLS, chooseFile, createWatchlistViaApi, signedInWithOwnAccount } from "./portfolio-support";
import { expectAccessible, switchTheme } from "./support/axe";
import type { AxeViolation } from "./support/axe-run";
import { ADMIN_STATE, readFixtures } from "./support/fixtures";
import { startFreshDesk } from "./support/fresh-desk";
import { expectControlsInsideTheirCards, expectNoSidewaysScroll } from "./support/overflow";
import { DESK_PAGES } from "./support/pages";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";

/**
 * axe inside the suite: every page of the desk, loaded feeds and open dialogs, in the light and the dark theme: no
 * critical and no serious finding, and each page's headings in order. Each state is checked in both themes before the
 * test moves on.
 */

/** axe on the page in the light and the dark theme; what either run found (any impact), for a check of its own. */
async function checkBothThemes(page: Page, testInfo: TestInfo, name: string) {
  const found: AxeViolation[] = [];
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    found.push(...(await expectAccessible(page, testInfo, `${name} (${theme})`)));
  }
  await expectControlsInsideTheirCards(page, name);
  await switchTheme(page, "light");
  return found;
}

/** A page's outline: one h1, and headings that go down one level at a time (axe's best-practice rules, moderate). */
const OUTLINE_RULES = ["heading-order", "page-has-heading-one"];

/**
 * A modal dialog makes the top bar's toggle inert, so the theme is applied the way the toggle applies it (the class
 * on <html> and the stored choice) while the dialog stays open.
 */
async function checkDialogBothThemes(page: Page, testInfo: TestInfo, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle("dark", t === "dark");
      localStorage.setItem("theme", t);
    }, theme);
    await expectAccessible(page, testInfo, `${name} (${theme})`);
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove("dark");
    localStorage.removeItem("theme");
  });
}

async function clearTheme(page: Page) {
  await page.evaluate(() => localStorage.removeItem("theme"));
}

test.describe("every desk page: axe in both themes, no sideways scroll and no control outside its card at 1440, 1024 and 390 px", () => {
  test.use({ storageState: ADMIN_STATE });
  for (const deskPage of DESK_PAGES) {
    test(deskPage.name, async ({ page }, testInfo) => {
      await page.goto(deskPage.path);
      await expect(page.locator("h1").first()).toBeVisible();
      const found = await checkBothThemes(page, testInfo, deskPage.name);
      if (deskPage.path !== "/change-password") {
        const outline = found.filter((v) => OUTLINE_RULES.includes(v.id)).map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect.soft(outline, `${deskPage.name}'s headings`).toEqual([]);
      }
      await clearTheme(page);
      // One visit for both checks: the layout follows the window's width as it changes (CSS and matchMedia listeners).
      for (const width of [1440, 1024, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
        await expectNoSidewaysScroll(page, `${deskPage.name} at ${width} px`);
        await expectControlsInsideTheirCards(page, `${deskPage.name} at ${width} px`);
      }
    });
  }

  test("the account menu and the phone navigation, open", async ({ page }, testInfo) => {
    await page.goto("/usage");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await checkDialogBothThemes(page, testInfo, page.getByRole("menu"), "account menu");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open navigation" }).click();
    await checkDialogBothThemes(page, testInfo, page.getByRole("dialog"), "phone navigation");
  });
});

test.describe("accessibility: outside the shell", () => {
  test("sign-in, signed out", async ({ page }, testInfo) => {
    await page.goto("/sign-in");
    await expect(page.getByLabel("Email")).toBeVisible();
    await checkBothThemes(page, testInfo, "sign-in");
    await clearTheme(page);
  });

  test("first-run setup on a fresh desk", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const fresh = await startFreshDesk(readFixtures().serviceUrl);
    try {
      await page.goto(`${fresh.url}/setup`);
      await expect(page.getByRole("button", { name: /Create/ })).toBeVisible();
      await checkBothThemes(page, testInfo, "setup");
      await clearTheme(page);
    } finally {
      await fresh.stop();
    }
  });
});

test.describe("accessibility: loaded feeds and paid-call confirmations", () => {
  test("alerts, news, announcements and block deals with live items and a bought page", { tag: LIVE }, async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(180_000);
    const { page, context } = await signedInLiveUser(browser, deskURL);
    const feeds = [
      {
        name: "alerts",
        path: "/alerts",
        load: "alerts-load",
        card: "alert-card",
        events: [
          { product: "alerts", symbol: "TCS", type: "price_alert" },
          { product: "alerts", symbol: "INFY", type: "52w_high" },
          { product: "alerts", symbol: "ITC", type: "vol_alert" },
          { product: "alerts", symbol: "HDFCBANK", type: "earnings" },
        ],
      },
      {
        name: "news",
        path: "/news",
        load: "news-load",
        card: "news-card",
        events: [
          { product: "news", symbol: "TCS", sentiment: "positive" },
          { product: "news", symbol: "INFY", sentiment: "negative" },
          { product: "news", symbol: "ITC", sentiment: "neutral" },
        ],
      },
      {
        name: "announcements",
        path: "/announcements",
        load: "announcements-load",
        card: "announcement-card",
        events: [
          { product: "announcements", symbol: "TCS", category: "Dividend", important: true },
          { product: "announcements", symbol: "INFY", category: "Credit Rating", important: false },
        ],
      },
      {
        name: "block-deals",
        path: "/block-deals",
        load: "block-deals-load",
        card: "block-deal-card",
        events: [
          { product: "block-deals", symbol: "TCS", exchange: "NSE" },
          { product: "block-deals", symbol: "INFY", exchange: "BSE" },
        ],
      },
    ] as const;
    for (const feed of feeds) {
      await page.goto(feed.path);
      await expectLive(page, "connected");
      // Every filing, not only the material ones: the unimportant one is part of what axe reads.
      if (feed.name === "announcements") await page.getByTestId("materiality-only").click();
      for (const event of feed.events) await storeEvent(event);
      await expect(page.getByTestId(feed.card)).toHaveCount(feed.events.length, { timeout: 5_000 });
      await page.getByTestId(feed.load).click();
      await checkDialogBothThemes(page, testInfo, page.getByTestId("confirm-spend"), `${feed.name} paid-page confirmation`);
      await page.getByTestId("confirm-spend").getByRole("button", { name: /Spend/ }).click();
      await expect(page.getByTestId("feed-footer")).toBeVisible({ timeout: 20_000 });
      await checkBothThemes(page, testInfo, `${feed.name} (loaded)`);
    }
    await leave(page);
    await context.close();
  });

  test("concalls with recent calls loaded, and a call's page with its analysis", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e a11y concalls");
    await page.goto("/concalls");
    await page.getByTestId("load-recent-calls").click();
    await page.getByTestId("confirm-spend").getByRole("button", { name: /Spend/ }).click();
    const cards = page.getByTestId("concall-card");
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    await checkBothThemes(page, testInfo, "concalls (loaded)");

    const withTranscript = cards.and(page.locator('[data-has-transcript="true"]')).first();
    await withTranscript.getByTestId("open-call").click();
    await expect(page).toHaveURL(/\/concalls\/[^/]+\/[^/]+$/);
    await checkBothThemes(page, testInfo, "concall detail");
    await page.getByTestId("load-analysis").click();
    await checkDialogBothThemes(page, testInfo, page.getByTestId("confirm-spend"), "concall analysis confirmation");
    await page.getByTestId("confirm-spend").getByRole("button", { name: /Spend/ }).click();
    await expect(page.getByTestId("guidance").first()).toBeVisible({ timeout: 20_000 });
    await checkBothThemes(page, testInfo, "concall detail (analysis loaded)");
    await page.context().close();
  });
});

test.describe("accessibility: watchlists and batches with their dialogs", () => {
  test("a watchlist open with its editor, and the create, import and edit dialogs", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e a11y watchlists");
    const list = await createWatchlistViaApi(page, deskURL, "Large caps", [...ACTIVE_SYMBOLS.slice(0, 8), "NOSUCHCO"]);
    await page.goto(`/watchlists?watchlist=${list.id}`);
    await expect(page.getByTestId("watchlist-items").locator("tbody tr")).toHaveCount(9);
    await expect(page.getByTestId("unknown-symbols")).toBeVisible({ timeout: 20_000 });
    await checkBothThemes(page, testInfo, "watchlist open");

    await page.getByRole("button", { name: "New watchlist" }).first().click();
    await checkDialogBothThemes(page, testInfo, page.getByRole("dialog"), "new watchlist dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Import CSV" }).first().click();
    await checkDialogBothThemes(page, testInfo, page.getByTestId("import-csv-dialog"), "import dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Edit TCS" }).click();
    await checkDialogBothThemes(page, testInfo, page.getByRole("dialog"), "edit symbol dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delete" }).click();
    await checkDialogBothThemes(page, testInfo, page.getByTestId("confirm-delete-watchlist"), "delete watchlist confirmation");
    await page.keyboard.press("Escape");
    await page.context().close();
  });

  test("the batches list, a running job and its cancel confirmation", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(150_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e a11y batches");
    // Enough lines that the job is still running after its confirmation has been checked in both themes: the
    // worker ran 400 lines within those checks on a fast machine. 2,000 lines cost 10,050 of the 100,000 credits.
    const lines = Array.from({ length: 2_000 }, (_, i) => JSON.stringify({ custom_id: `line-${i + 1}`, symbols: ACTIVE_SYMBOLS, mode: "news_context", context_window_days: 7 }));
    await page.goto("/batches?tab=upload");
    await chooseFile(page, "batch-file", { name: "a11y.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(`${lines.join("\n")}\n`) });
    await expect(page.getByTestId("batch-file-ready")).toContainText("2,000 lines ready", { timeout: 30_000 });
    await page.getByTestId("batch-submit").click();
    await checkDialogBothThemes(page, testInfo, page.getByTestId("confirm-spend"), "batch submit confirmation");
    await page.getByTestId("confirm-spend").getByRole("button", { name: /Spend/ }).click();
    await expect(page).toHaveURL(/\/batches\/[^/?]+$/, { timeout: 20_000 });
    await expect(page.getByTestId("batch-job")).toHaveAttribute("data-status", /validating|in_progress/, { timeout: 20_000 });
    await page.getByTestId("batch-cancel").click();
    await checkDialogBothThemes(page, testInfo, page.getByTestId("confirm-cancel"), "cancel job confirmation");
    // The checks take seconds; close the confirmation and cancel at once, as a person would, while the job runs.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("batch-job")).toHaveAttribute("data-status", /validating|in_progress/);
    await page.getByTestId("batch-cancel").click();
    await page.getByRole("button", { name: "Cancel job" }).last().click();
    await expect(page.getByTestId("batch-job")).toHaveAttribute("data-status", "cancelled", { timeout: 20_000 });
    await checkBothThemes(page, testInfo, "batch job (cancelled)");
    await page.goto("/batches");
    await expect(page.getByTestId("batch-jobs").locator("tbody tr")).toHaveCount(1);
    await checkBothThemes(page, testInfo, "batches list (one job)");
    await page.context().close();
  });
});
