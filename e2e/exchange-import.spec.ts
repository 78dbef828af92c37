import type { Page } from "@playwright/test";
import { istDate } from "../lib/market/calendar";
import { confirmSpend } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { exchangeDay, importExchangeDay } from "./support/service";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { expectLive, leave, signedInLiveUser } from "./live-support";
import { createWatchlistViaApi } from "./portfolio-support";

/** A day's files as the exchanges publish them (docs/import/exchange), for a company of this test's own. */
test.describe("the exchanges' own files imported into the running service", { tag: LIVE }, () => {
  test("a day of NSE and BSE files shows live on Today and the feeds, then on the calendar and the symbol's timeline, with no restart", async ({ browser, deskURL }) => {
    test.setTimeout(120_000);
    let { page, context } = await signedInLiveUser(browser, deskURL);
    const day = await exchangeDay();
    const { symbol } = day;

    // The symbol masters first (BSE's list of scrips, NSE's EQUITY_L): the company is listed, keyed on its ISIN.
    const masters = await importExchangeDay(day.id, "masters");
    expect(masters.refused).toEqual([]);
    expect(Object.fromEntries(masters.files.map((f) => [f.source, f.inserted]))).toEqual({ "bse-scrips": 1, "nse-equity-list": 1 });
    await createWatchlistViaApi(page, deskURL, `exchange ${randomSuffix()}`, [symbol]);

    // Today, the alerts, the announcements (every filing, not only the material ones) and the block deals are open
    // when the day lands.
    await page.goto("/today");
    await expectLive(page, "connected");
    const feed = async (path: string): Promise<Page> => {
      const p = await context.newPage();
      await p.goto(path);
      await expectLive(p, "connected");
      return p;
    };
    const alerts = await feed(`/alerts?symbols=${symbol}`);
    const filings = await feed(`/announcements?symbols=${symbol}`);
    await filings.getByTestId("materiality-only").click();
    const deals = await feed(`/block-deals?symbols=${symbol}`);

    const report = await importExchangeDay(day.id, "day");
    expect(report.refused).toEqual([]);
    expect(report.unrecognized).toEqual([]);
    const wrote = Object.fromEntries(report.files.map((f) => [f.source, [f.inserted, f.derived]]));
    expect(wrote).toEqual({
      "nse-board-meetings": [0, 0], // the same meeting BSE's calendar booked: NSE's stamped row is it, not a second one
      "bse-result-calendar": [1, 0],
      "nse-announcements": [1, 0],
      "bse-announcements": [1, 0],
      "nse-corporate-actions": [1, 0],
      "nse-bulk-deals": [1, 0],
      "nse-bhavcopy": [2, 1], // the day's prices and the intraday mover (+5.4%) it gives rise to
    });

    // Live on the open pages, no reload: the bhavcopy's alert, the two exchanges' filings, the bulk deal.
    const bseFiling = day.announcementIds.find((id) => id.startsWith("ann_bse_")) ?? "";
    const nseFiling = day.announcementIds.find((id) => id.startsWith("ann_nse_")) ?? "";
    const today = page.getByTestId("latest-on-symbols");
    await expect(today.getByTestId("today-alerts").locator(`[data-testid="alert-card"][data-symbol="${symbol}"]`)).toBeVisible({ timeout: 10_000 });
    await expect(today.getByTestId("today-announcements").locator(`[data-announcement-id="${bseFiling}"]`)).toBeVisible();
    // Today's block deals are the calendar day's: the day's bulk deal is among them when the files are today's (a
    // weekday run); on a weekend the files are Friday's and the panel rightly holds none.
    const todaysDeal = page.getByTestId("block-deals-for-symbols").getByTestId("block-deal-row").filter({ hasText: symbol });
    if (day.day === istDate(Date.now())) await expect(todaysDeal).toBeVisible();
    else await expect(todaysDeal).toHaveCount(0);

    const alert = alerts.locator(`[data-testid="alert-card"][data-symbol="${symbol}"]`);
    await expect(alert).toBeVisible({ timeout: 10_000 });
    await expect(alert.getByTestId("alert-type")).toHaveAttribute("data-type", "price_alert");
    for (const id of day.announcementIds) await expect(filings.locator(`[data-testid="announcement-card"][data-announcement-id="${id}"]`)).toBeVisible({ timeout: 10_000 });
    await expect(filings.locator(`[data-announcement-id="${bseFiling}"]`)).toContainText("Award/Receipt of Order");
    await expect(filings.locator(`[data-announcement-id="${nseFiling}"]`)).toContainText("non-convertible debentures");
    const deal = deals.getByTestId("block-deal-card").filter({ hasText: symbol });
    await expect(deal).toBeVisible({ timeout: 10_000 });
    await expect(deal.getByTestId("block-deal-shares")).toContainText("70,00,000");
    for (const p of [alerts, filings, deals]) await p.close();

    // The results calendar, as a colleague on another account opens it now: the board meeting both exchanges booked, in
    // the agenda from today. (The first member's desk read this symbol's free calendar on Today before the day landed,
    // and shares that answer for two minutes, SHARED_FREE_SECONDS: it shows the meeting once that lapses.)
    await leave(page);
    await context.close();
    ({ page, context } = await signedInLiveUser(browser, deskURL));
    await page.goto(`/earnings?view=agenda&symbols=${symbol}`);
    const meeting = page.locator(`[data-testid="agenda-event"][data-symbol="${symbol}"]`);
    await expect(meeting).toHaveAttribute("data-kind", "scheduled");
    await expect(meeting).toContainText(day.companyName);

    // The symbol's timeline: the meeting at once (free), the day's filings when asked for (a paid source).
    await page.goto(`/symbols/${symbol}`);
    const timeline = page.getByTestId("symbol-timeline");
    await expect(timeline.locator('[data-testid="timeline-event"][data-kind="results"][data-upcoming="true"]')).toContainText("Board meeting for");
    await timeline.getByTestId("load-announcements").click();
    await confirmSpend(page);
    await expect(timeline.locator('[data-testid="timeline-event"][data-kind="announcements"]')).toHaveCount(day.announcementIds.length + 1); // and the corporate action (a bonus issue)

    // The same files again: nothing is written twice (the bhavcopy's alert is derived again and found unchanged).
    const again = await importExchangeDay(day.id, "day");
    expect(again.files.filter((f) => f.inserted > 0 || f.updated > 0).map((f) => f.source)).toEqual([]);
    expect(again.files.find((f) => f.source === "nse-bhavcopy")).toMatchObject({ derived: 1, unchanged: report.files.find((f) => f.source === "nse-bhavcopy")?.inserted });
    await leave(page);
    await context.close();
  });
});
