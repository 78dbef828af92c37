import { istTimeOn } from "../lib/market/calendar";
import { trackedSeasonAt } from "../lib/market/season";
import { listFreshCompany } from "./live-support";
import { createWatchlistViaApi, gaugeBalance, signedInWithOwnAccount } from "./portfolio-support";
import { screenshotAsIs } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";

test.describe("the earnings page", () => {
  test("the month marks the market's trading holidays", async ({ browser, deskURL }) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e earnings holidays");
    await page.goto("/earnings?view=month&date=2026-11-15");
    const calendar = page.getByTestId("earnings-calendar");
    const holiday = calendar.locator('[role=gridcell][data-day="2026-11-24"]');
    await expect(holiday).toHaveAttribute("data-holiday", "true");
    await expect(holiday.getByTestId("calendar-holiday")).toContainText(/Holiday · .*Guru Nanak/);
    await expect(holiday.getByTestId("calendar-day-summary")).toContainText("market holiday");
    await expect(calendar.locator('[role=gridcell][data-day="2026-11-23"]')).not.toHaveAttribute("data-holiday", "true");
  });

  test("the calendar shows events in month, week and agenda views and filters by symbols and by watchlist, all in the URL", { tag: LIVE }, async ({ browser, deskURL }) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e earnings calendar");
    // Between seasons nothing is listed until the first intimations: a new listing books its meeting in two days.
    await listFreshCompany({ quarter: trackedSeasonAt(Date.now()), atMs: istTimeOn(Date.now() + 2 * 86_400_000, "16:00") });

    // The agenda lists what is ahead from today: take the first event and its day.
    await page.goto("/earnings?view=agenda");
    const calendar = page.getByTestId("earnings-calendar");
    await expect(calendar).toHaveAttribute("data-view", "agenda");
    // (An exchange holiday between days with results is listed too, with no results: take the first day that has some.)
    const firstDay = calendar.getByTestId("agenda-day").filter({ has: page.getByTestId("agenda-event") }).first();
    await expect(firstDay).toBeVisible();
    const day = (await firstDay.getAttribute("data-day")) ?? "";
    const symbol = (await firstDay.getByTestId("agenda-event").first().getAttribute("data-symbol")) ?? "";
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(symbol).not.toBe("");
    await expect(firstDay).toContainText(/\d{2}:\d{2}/);

    // Month view of that day: the event is in its day's cell; a busy day stays readable (+k more opens the whole day).
    await page.goto(`/earnings?view=month&date=${day}`);
    await expect(calendar).toHaveAttribute("data-view", "month");
    const cell = calendar.locator(`[role=gridcell][data-day="${day}"]`);
    const count = Number(await cell.getAttribute("data-count"));
    expect(count).toBeGreaterThan(0);
    const shown = await cell.getByTestId("calendar-event").count();
    expect(shown).toBeLessThanOrEqual(3);
    if (count > shown) {
      await cell.getByTestId("calendar-more").click();
      const dialog = page.getByTestId("calendar-day-dialog");
      await expect(dialog.getByTestId("agenda-event")).toHaveCount(count);
      await expect(dialog.locator(`[data-symbol="${symbol}"]`)).toBeVisible();
      await page.keyboard.press("Escape");
    } else {
      await expect(cell.locator(`[data-symbol="${symbol}"]`)).toBeVisible();
    }
    await screenshotAsIs(page, "earnings");

    // Switching views keeps the date; the view is in the URL.
    await calendar.getByTestId("view-week").click();
    await expect(page).toHaveURL(/[?&]view=week/);
    await expect(page).toHaveURL(new RegExp(`[?&]date=${day}`));
    await expect(calendar.locator(`[role=gridcell][data-day="${day}"]`)).toHaveAttribute("data-count", String(count));
    await screenshotAsIs(page, "earnings-week");

    // The view tabs are one tab stop (the chosen view); the arrow keys, Home and End move between them and choose.
    const weekTab = calendar.getByTestId("view-week");
    await expect(weekTab).toHaveAttribute("aria-selected", "true");
    await expect(calendar.getByTestId("view-month")).toHaveAttribute("tabindex", "-1");
    await weekTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(calendar.getByTestId("view-agenda")).toBeFocused();
    await expect(calendar).toHaveAttribute("data-view", "agenda");
    await page.keyboard.press("ArrowRight");
    await expect(calendar.getByTestId("view-month")).toBeFocused();
    await expect(calendar).toHaveAttribute("data-view", "month");
    await page.keyboard.press("End");
    await expect(calendar.getByTestId("view-agenda")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(weekTab).toBeFocused();
    await expect(weekTab).toHaveAttribute("tabindex", "0");
    await expect(page).toHaveURL(/[?&]view=week/);
    await expect(calendar.locator(`[role=gridcell][data-day="${day}"]`)).toHaveAttribute("data-count", String(count));

    // A typed symbol filters every view, and lands in the URL.
    const input = page.getByTestId("filter-bar").getByTestId("symbol-filter").getByRole("combobox");
    await input.fill(symbol);
    await input.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]symbols=${encodeURIComponent(symbol)}(&|$)`));
    const weekEvents = calendar.getByTestId("calendar-event");
    await expect(weekEvents.first()).toBeVisible();
    for (const s of await weekEvents.evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol")))) expect(s).toBe(symbol);
    await calendar.getByTestId("view-agenda").click();
    await expect(calendar.getByTestId("agenda-event").first()).toHaveAttribute("data-symbol", symbol);
    for (const s of await calendar.getByTestId("agenda-event").evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol")))) expect(s).toBe(symbol);
    await calendar.getByTestId("view-month").click();
    await expect(calendar.locator(`[role=gridcell][data-day="${day}"]`).locator(`[data-symbol="${symbol}"]`)).toBeVisible();
    await expect(calendar.getByTestId("calendar-count")).toContainText(symbol);

    // The shared URL opens the same filtered view.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByTestId("earnings-calendar")).toHaveAttribute("data-view", "month");
    await expect(other.getByTestId("calendar-event").first()).toHaveAttribute("data-symbol", symbol);
    await other.close();

    // A watchlist filters too: the symbol chips go, the watchlist (with just this symbol) takes over.
    await page.getByRole("button", { name: `Remove ${symbol}` }).click();
    await expect(page).not.toHaveURL(/symbols=/);
    const watchlist = await createWatchlistViaApi(page, deskURL, `Results ${randomSuffix()}`, [symbol]);
    await page.goto(`/earnings?view=agenda&watchlist=${watchlist.id}`);
    await expect(page.getByTestId("watchlist-picker")).toHaveValue(watchlist.id);
    await expect(calendar.getByTestId("agenda-event").first()).toHaveAttribute("data-symbol", symbol);
    for (const s of await calendar.getByTestId("agenda-event").evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol")))) expect(s).toBe(symbol);
    await screenshotAsIs(page, "earnings-agenda");
    await page.context().close();
  });

  test("a first load asks the Alpha proxy nothing from the browser: the calendar's filed days and the names' peek come with the page", async ({ browser, deskURL }) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e earnings first load");
    const calls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/alpha/")) calls.push(`${url.pathname}${url.search}`);
    });
    await page.goto("/earnings");
    const calendar = page.getByTestId("earnings-calendar");
    // The month in view starts on or before today, so its past days show what was filed on them.
    await expect(calendar.getByTestId("calendar-count")).toContainText(/filed/);
    await expect(page.getByTestId("past-results").getByTestId("past-result-row").first()).toBeVisible();
    await expect(page.locator("[data-slot=lazy-part][data-hydrated=true]").first()).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(calls).toEqual([]);
    await page.context().close();
  });

  test("a past result opens with its summary and statement of results after a confirmation, and the gauge moves by what was shown", async ({ browser, deskURL }) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e earnings past");
    await page.goto("/earnings");
    const past = page.getByTestId("past-results");
    await expect(past.getByTestId("quarter-picker")).toContainText(/Q\d FY\d{2}/);
    const row = past.getByTestId("past-result-row").first();
    await expect(row).toBeVisible();
    const symbol = (await row.getAttribute("data-symbol")) ?? "";
    await expect(row).toContainText(/IST/);

    // Another quarter from the picker: in the URL, with its own rows; back to the default quarter drops the param.
    const picker = past.getByTestId("quarter-picker");
    const defaultQuarter = await picker.inputValue();
    const older = (await picker.getByRole("option").nth(2).getAttribute("value")) ?? "";
    await picker.selectOption(older);
    await expect(page).toHaveURL(new RegExp(`[?&]quarter=${older}`));
    await expect(picker).toHaveValue(older);
    await expect(past.getByTestId("past-result-row").first()).toHaveAttribute("data-quarter", /q\d_\d{2}/);
    await picker.selectOption(defaultQuarter);
    await expect(page).not.toHaveURL(/quarter=/);
    await expect(past.getByTestId("past-result-row").first()).toHaveAttribute("data-symbol", symbol);

    // Opening a result shows the price first; nothing is charged until confirmed.
    const before = await gaugeBalance(page);
    const openResult = past.getByTestId("past-result-row").first().getByTestId("open-result");
    await openResult.click();
    const sheet = page.getByTestId("result-sheet");
    await expect(sheet).toContainText(symbol);
    // Escape closes the sheet and gives focus back to the row's button; it opens again from there.
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(openResult).toBeFocused();
    await openResult.click();
    await expect(sheet).toContainText(symbol);
    await expect(page).toHaveURL(new RegExp(`[?&]result=${encodeURIComponent(symbol)}(%3A|:)q\\d_\\d{2}`));
    const load = sheet.getByTestId("load-result-detail");
    await expect(load.locator('[data-slot="price-tag"]')).toHaveText("3 credits");
    await load.click();
    const confirm = page.getByTestId("confirm-spend");
    await expect(confirm).toContainText("3 credits");
    await confirm.getByRole("button", { name: /Spend/ }).click();

    // A proper table: periods as columns, line items as rows, YoY coloured by meaning.
    const table = sheet.getByTestId("earnings-table");
    await expect(table).toBeVisible();
    await expect(sheet.getByTestId("result-summary")).not.toBeEmpty();
    await expect(table.locator("thead th")).toContainText([/Line item/, /Q\d FY\d{2}/, /Q\d FY\d{2}/, /Q\d FY\d{2}/, /YoY/]);
    expect(await table.locator("tbody tr").count()).toBeGreaterThan(4);
    await expect(table.locator("[data-tone]").first()).toBeVisible();
    await expect(table).toContainText("₹ crore");
    await expect(sheet.getByTestId("call-meta")).toHaveAttribute("data-charged", "3");
    await expect.poll(() => gaugeBalance(page), { timeout: 20_000 }).toBe(before - 3);
    await screenshotAsIs(page, "earnings-result", { fullPage: false });

    // A reload shows what was bought, from the desk's cache, labelled, with no price offered and nothing charged.
    await page.reload();
    const reloaded = page.getByTestId("result-sheet");
    await expect(reloaded.getByTestId("call-meta")).toHaveAttribute("data-cached", "true");
    await expect(reloaded.getByTestId("call-meta")).toContainText(/0 credits, from cache \((under 1 min|\d+ min) old\)/);
    await expect(reloaded.getByTestId("load-result-detail")).toHaveCount(0);
    await expect(reloaded.getByTestId("earnings-table")).toBeVisible();
    expect(await gaugeBalance(page)).toBe(before - 3);

    // The symbol links to its page.
    await sheet.getByRole("link", { name: `${symbol} page` }).click();
    await expect(page).toHaveURL(new RegExp(`/symbols/${encodeURIComponent(symbol)}$`));
    await page.context().close();
  });
});
