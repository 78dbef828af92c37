import type { Page } from "@playwright/test";
import { istTimeOn } from "../lib/market/calendar";
import { resultsDeadlineMs, trackableSeasons, trackedSeasonAt } from "../lib/market/season";
import { freeCall } from "./support/service";
import { shoot } from "./support/shots";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { listFreshCompany, serviceBalance, signedInLiveUser } from "./live-support";
import { ACTIVE_SYMBOLS, createWatchlistViaApi } from "./portfolio-support";

interface Row {
  symbol: string;
  quarter?: string;
  date?: string;
}

async function free(key: string, path: string): Promise<Row[]> {
  return (await freeCall<{ data: Row[] }>(key, path)).data;
}

/** What the service's free index and calendar say of these symbols in a season: the status each row must show. */
async function truthOf(key: string, quarter: string, symbols: readonly string[]) {
  const list = encodeURIComponent(symbols.join(","));
  const filed = new Map((await free(key, `/v1/earnings/index?quarter=${quarter}&symbols=${list}&limit=100`)).map((r) => [r.symbol, r.date ?? ""]));
  const booked = new Map<string, string>();
  for (const r of (await free(key, `/v1/earnings/upcoming?symbols=${list}&limit=50`)).filter((r) => r.quarter === quarter)) if (!booked.has(r.symbol)) booked.set(r.symbol, r.date ?? "");
  const deadline = resultsDeadlineMs(quarter);
  const passed = Date.now() >= deadline;
  const truth = new Map<string, { status: string; at: string; late: boolean }>();
  for (const s of symbols) {
    const f = filed.get(s);
    const b = booked.get(s);
    if (f) truth.set(s, { status: "reported", at: f, late: Date.parse(f) >= deadline });
    else if (b) truth.set(s, { status: "booked", at: b, late: passed || Date.parse(b) >= deadline });
    else truth.set(s, { status: "pending", at: "", late: passed });
  }
  return truth;
}

async function shownRows(page: Page) {
  const tracker = page.getByTestId("season-tracker");
  await expect(tracker.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
  return tracker.getByTestId("season-row").evaluateAll((els) =>
    els.map((e) => ({ symbol: e.getAttribute("data-symbol") ?? "", status: e.getAttribute("data-status") ?? "", late: e.getAttribute("data-late") === "true", at: e.getAttribute("data-at") ?? "" })),
  );
}

test.describe("the results-season tracker", () => {
  test("lists reported, booked and late companies of a watchlist as the service's free calendar and index have them, at no cost", { tag: LIVE }, async ({ browser, deskURL }) => {
    test.setTimeout(120_000);
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    const seasons = trackableSeasons(Date.now());
    const tracked = trackedSeasonAt(Date.now());
    // A watchlist of companies that reported the tracked season, companies with a board meeting booked in a season
    // the tracker offers, and a fresh listing that has filed nothing.
    const reported = [...(await truthOf(key, tracked, ACTIVE_SYMBOLS.slice(0, 20))).entries()].filter(([, t]) => t.status === "reported").map(([s]) => s).slice(0, 3);
    const calendar = await free(key, "/v1/earnings/upcoming?limit=50");
    const booked = [...new Set(calendar.filter((r) => r.quarter && seasons.includes(r.quarter)).map((r) => r.symbol))].filter((s) => !reported.includes(s)).slice(0, 3);
    expect(reported.length + booked.length).toBeGreaterThan(0);
    const { symbol: fresh } = await listFreshCompany();
    // Another new listing has booked its first results meeting, in two days (after the deadline when it has passed).
    const { symbol: firstMeeting } = await listFreshCompany({ quarter: tracked, atMs: istTimeOn(Date.now() + 2 * 86_400_000, "16:00") });
    const symbols = [...reported, ...booked, fresh, firstMeeting];
    const list = await createWatchlistViaApi(page, deskURL, `season ${Date.now()}`, symbols);
    const before = await serviceBalance(key);

    await page.goto("/season");
    await expect(page.getByRole("heading", { level: 1, name: "Results season" })).toBeVisible();
    await page.getByTestId("season-scope").selectOption(`list:${list.id}`);
    await expect(page).toHaveURL(new RegExp(`scope=watchlist&watchlist=${list.id}|watchlist=${list.id}&scope=watchlist`));
    const tracker = page.getByTestId("season-tracker");
    await expect(tracker).toHaveAttribute("data-quarter", tracked);
    await expect(tracker).toHaveAttribute("data-deadline", new Date(resultsDeadlineMs(tracked)).toISOString());

    const statuses = new Set<string>();
    let lateSeen = false;
    for (const [i, quarter] of seasons.entries()) {
      if (i > 0) {
        await page.getByTestId("season-quarter").selectOption(quarter);
        await expect(page).toHaveURL(new RegExp(`quarter=${quarter}`));
        await expect(tracker).toHaveAttribute("data-quarter", quarter);
      }
      const truth = await truthOf(key, quarter, symbols);
      const rows = await shownRows(page);
      expect(rows.map((r) => r.symbol).sort()).toEqual([...symbols].sort());
      for (const r of rows) {
        const t = truth.get(r.symbol);
        expect({ symbol: r.symbol, status: r.status, late: r.late, at: r.at }).toEqual({ symbol: r.symbol, status: t?.status, late: t?.late, at: t?.at });
        statuses.add(r.status);
        if (r.late) lateSeen = true;
      }
      const summary = tracker.getByTestId("season-summary");
      await expect(summary).toContainText(`${rows.filter((r) => r.status === "reported").length} reported`);
      // Late companies carry a visible flag; the fresh listing has nothing filed or booked.
      await expect(tracker.locator('[data-testid="season-row"][data-late="true"]').getByText("Late", { exact: true })).toHaveCount(rows.filter((r) => r.late).length);
      await expect(tracker.locator(`[data-testid="season-row"][data-symbol="${fresh}"]`)).toHaveAttribute("data-status", "pending");
      if (i === 0) await expect(tracker.locator(`[data-testid="season-row"][data-symbol="${firstMeeting}"]`)).toHaveAttribute("data-status", "booked");
      if (i === 0) {
        for (const width of [1440, 1024, 390]) {
          await page.setViewportSize({ width, height: 1000 });
          const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
          expect(scroll).toBeLessThanOrEqual(client);
          for (const theme of ["light", "dark"] as const) {
            const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
            if (dark !== (theme === "dark")) await page.getByRole("button", { name: `Switch to ${theme} theme` }).click();
            await shoot(page, `test-results/screenshots/season-${width}-${theme}.png`, { fullPage: true });
          }
        }
        await page.setViewportSize({ width: 1440, height: 1000 });
      }
    }
    expect(statuses.has("reported") || reported.length === 0).toBe(true);
    expect(statuses.has("booked")).toBe(true);
    // Past the tracked season's deadline the fresh listing is late; before it, it shows its days left.
    if (Date.now() >= resultsDeadlineMs(tracked)) expect(lateSeen).toBe(true);
    // The symbol opens its page.
    expect(await serviceBalance(key)).toBe(before);
    await tracker.locator('[data-testid="season-row"]').first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/symbols\//);
    await context.close();
  });
});
