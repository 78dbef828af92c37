import nodeIcal, { type VEvent } from "node-ical";
import { expectAccessible } from "./support/axe";
import { shootWidths } from "./support/widths";
import { freeCall } from "./support/service";
import { expect, test } from "./support/test";
import { ACTIVE_SYMBOLS, createWatchlistViaApi, serviceBalance, signedInWithOwnAccount } from "./portfolio-support";
import { randomSuffix } from "./support/fixtures";

async function fetchFeed(url: string): Promise<{ status: number; events: Map<string, VEvent> }> {
  // A calendar app's request: no desk cookie, no origin.
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, events: new Map() };
  const parsed = nodeIcal.sync.parseICS(text);
  return { status: res.status, events: new Map(Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT").map((e) => [e.uid, e])) };
}

test.describe("calendar subscriptions", () => {
  test("subscribes a calendar to a watchlist by the copied URL, at no cost; a rotated URL is refused", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "calendar");
    const upcoming = await freeCall<{ data: { symbol: string; quarter?: string; date?: string }[] }>(key, `/v1/earnings/upcoming?symbols=${encodeURIComponent(ACTIVE_SYMBOLS.slice(0, 20).join(","))}&limit=50`);
    const booked = upcoming.data.filter((r) => r.quarter && r.date);
    const symbols = [...new Set([...booked.map((r) => r.symbol), ...ACTIVE_SYMBOLS.slice(0, 3)])].slice(0, 6);
    const name = `Calendar ${randomSuffix()}`;
    const list = await createWatchlistViaApi(page, deskURL, name, symbols);
    const before = await serviceBalance(key);

    await page.goto("/settings");
    const row = page.locator(`[data-testid=calendar-feed][data-scope="${list.id}"]`);
    await expect(row).toContainText(name);
    await row.getByTestId("calendar-subscribe").click();
    const input = page.getByTestId("calendar-url-input");
    await expect(input).toHaveValue(/\/api\/ical\/adcal_/);
    const url = await input.inputValue();
    await expect(row.getByTestId("calendar-rotate")).toBeVisible();

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    for (const r of booked.filter((b) => symbols.includes(b.symbol))) {
      const event = feed.events.get(`results-${r.symbol.toLowerCase()}-${r.quarter}@alpha-desk`);
      expect(event, r.symbol).toBeDefined();
      if (r.date && !/^\d{4}-\d{2}-\d{2}$/.test(r.date)) expect(event?.start.toISOString()).toBe(new Date(r.date).toISOString());
    }
    expect([...feed.events.keys()].some((uid) => uid.startsWith(`deadline-${symbols[0]!.toLowerCase()}-`))).toBe(true);
    expect([...feed.events.keys()].some((uid) => uid.startsWith("holiday-"))).toBe(true);
    expect(await serviceBalance(key)).toBe(before);

    await expectAccessible(page, testInfo, "settings with a calendar address");
    await shootWidths(page, "settings-calendar");

    await row.getByTestId("calendar-rotate").click();
    await expect(input).not.toHaveValue(url);
    const rotated = await input.inputValue();
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(rotated)).status).toBe(200);

    await row.getByTestId("calendar-revoke").click();
    await expect(row.getByTestId("calendar-subscribe")).toBeVisible();
    expect((await fetchFeed(rotated)).status).toBe(404);
  });
});
