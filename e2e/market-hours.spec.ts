import type { Browser } from "@playwright/test";
import { expectNoSeriousAxe, expectNoSideScroll } from "./support/axe-scoped";
import { screenshot, setThemeAndReload, untilHydrated } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { expectLive, leave, signedInLiveUser } from "./live-support";
import { forgetTheme } from "./support/theme";

/** An admin page whose browser clock starts at an IST moment and runs on from it (or stays there, `held`, until resumed). */
async function pageAt(browser: Browser, ist: string, { path = "/usage", held = false } = {}) {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  const page = await context.newPage();
  const at = new Date(`${ist}+05:30`);
  await page.clock.install({ time: held ? new Date(at.getTime() - 1_000) : at });
  if (held) await page.clock.pauseAt(at);
  await page.goto(path);
  return { page, context };
}

test.describe("market hours", () => {
  test("the shell's status badge says the phase at pinned times and turns over at the boundary by itself", async ({ browser }) => {
    test.setTimeout(90_000);
    const cases = [
      { at: "2026-11-25T09:03:00", phase: "pre_open", text: "Pre-open" },
      { at: "2026-11-25T11:00:00", phase: "open", text: "Market open" },
      { at: "2026-11-25T15:45:00", phase: "closing", text: "Closing session" },
      { at: "2026-11-25T05:45:00", phase: "closed", text: "Market closed · Next session today 09:15 IST" },
      { at: "2026-11-24T10:00:00", phase: "holiday", text: "Holiday · Next session Wed 09:15 IST" },
      { at: "2026-11-27T20:00:00", phase: "closed", text: "Market closed · Next session Mon 09:15 IST" },
      { at: "2026-11-08T18:30:00", phase: "open", text: "Market open" }, // Muhurat trading, a Sunday
    ] as const;
    for (const c of cases) {
      const { page, context } = await pageAt(browser, c.at);
      const badge = page.getByTestId("shell-market-status");
      await expect(badge, c.at).toHaveAttribute("data-phase", c.phase);
      await expect(badge, c.at).toHaveText(c.text);
      await context.close();
    }

    // Three seconds before the open, the clock held while the page loads (a loaded machine must not run it past the
    // boundary first): pre-open; then, the clock let run, open without a reload (a timer to the boundary, no polling).
    const { page, context } = await pageAt(browser, "2026-11-25T09:14:57", { held: true });
    const badge = page.getByTestId("shell-market-status");
    await expect(badge).toHaveAttribute("data-phase", "pre_open");
    const calendarCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/market/calendar")) calendarCalls.push(r.url());
    });
    await page.clock.resume();
    await expect(badge).toHaveAttribute("data-phase", "open", { timeout: 10_000 });
    expect(calendarCalls).toEqual([]);
    // The holiday's name and the next session are said to screen readers too.
    await page.clock.setSystemTime(new Date("2026-11-24T10:00:00+05:30"));
    await page.reload();
    await expect(page.getByRole("status").filter({ has: page.getByTestId("shell-market-status") })).toHaveAttribute("aria-label", /Market holiday: Prakash Gurpurb.*Next session Wed 09:15 IST/);
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByTestId("shell-market-status")).toBeVisible();
      await expectNoSideScroll(page);
    }
    for (const theme of ["light", "dark"] as const) {
      await setThemeAndReload(page, theme);
      await expectNoSeriousAxe(page, ['[role="status"]:has([data-testid="shell-market-status"])'], `the market status in ${theme}`);
    }
    await forgetTheme(page);
    await context.close();
  });

  test("a live feed says the market is closed and when it resumes, and says Live while it trades", { tag: LIVE }, async ({ browser, deskURL }) => {
    test.setTimeout(90_000);
    const { page, context } = await signedInLiveUser(browser, deskURL);
    await page.goto("about:blank");
    await page.clock.install({ time: new Date("2026-11-27T20:00:00+05:30") }); // Friday evening
    await page.goto("/alerts?symbols=TCS,INFY");
    await expectLive(page, "connected");
    const live = page.getByTestId("live-status");
    await expect(live).toHaveAttribute("data-market", "closed");
    await expect(live).toHaveText("Market closed: next session Mon 09:15 IST; live alerts resume then");
    await expect(live).not.toHaveText(/^Live$/);
    await screenshot(page, "market-hours-alerts-closed");

    await page.goto("/news?symbols=TCS");
    await expectLive(page, "connected");
    await expect(page.getByTestId("live-status")).toHaveText("Market closed: next session Mon 09:15 IST; live news resumes then");
    await expectNoSeriousAxe(page, ['[data-testid="live-status"]'], "the closed live badge");

    // Inside market hours the feed is plainly live.
    await page.clock.setSystemTime(new Date("2026-11-30T11:00:00+05:30"));
    await page.goto("/alerts?symbols=TCS,INFY");
    await expectLive(page, "connected");
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-market", "open");
    await expect(page.getByTestId("live-status")).toHaveText("Live");
    await leave(page);
    await context.close();
  });

  test("an admin edits the calendar on the admin page: a holiday added is listed, kept as a version, and bad files are refused", async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ storageState: ADMIN_STATE, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto("/admin");
    const editor = page.getByTestId("market-calendar-editor");
    await expect(editor.getByRole("heading", { name: "Market calendar" })).toBeVisible();
    await expect(editor.locator('[data-testid="calendar-holiday"][data-date="2026-11-24"]')).toContainText("Prakash Gurpurb");

    // Add a holiday on a far weekday, save with a note: it is listed and kept as a version. (Typed once the editor is
    // hydrated: a value typed into the server-rendered input before that is dropped, and "Add holiday" stays disabled.)
    await untilHydrated(editor.getByLabel("Date", { exact: true }).first());
    await editor.getByLabel("Date", { exact: true }).first().fill("2027-12-27");
    await editor.getByLabel("Name", { exact: true }).first().fill("E2E closure");
    await editor.getByRole("button", { name: "Add holiday" }).click();
    await expect(editor.locator('[data-testid="calendar-holiday"][data-date="2027-12-27"]')).toContainText("E2E closure");
    await editor.getByLabel("What changed (kept with this version)").fill("e2e: a closure in 2027");
    await editor.getByRole("button", { name: "Save calendar" }).click();
    await expect(editor.getByTestId("calendar-versions")).toContainText("e2e: a closure in 2027");
    const saved = await page.request.get("/api/market/calendar");
    const body = (await saved.json()) as { data: { source: string; calendar: { holidays: { date: string }[] } } };
    expect(body.data.source).toBe("edited");
    expect(body.data.calendar.holidays.map((h) => h.date)).toContain("2027-12-27");

    // Export, then an invalid import is refused with the reason.
    const download = page.waitForEvent("download");
    await editor.getByRole("button", { name: "Export as JSON" }).click();
    expect((await download).suggestedFilename()).toBe("market-calendar-nse.json");
    await editor.getByTestId("calendar-import").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ exchange: "NSE", sessions: [] })) });
    await expect(editor.getByRole("alert")).toContainText("bad.json is not a market calendar");

    // Back to the built-in list (removing the holiday again), saved as another version.
    await editor.locator('[data-testid="calendar-holiday"][data-date="2027-12-27"]').getByRole("button", { name: /Remove the holiday/ }).click();
    await editor.getByLabel("What changed (kept with this version)").fill("e2e: closure removed");
    await editor.getByRole("button", { name: "Save calendar" }).click();
    await expect(editor.getByTestId("calendar-versions")).toContainText("e2e: closure removed");
    await expect(editor.locator('[data-testid="calendar-holiday"][data-date="2027-12-27"]')).toHaveCount(0);

    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 1000 });
      await expectNoSideScroll(page);
    }
    for (const theme of ["light", "dark"] as const) {
      await setThemeAndReload(page, theme);
      await expectNoSeriousAxe(page, ['[data-testid="market-calendar-editor"]'], `the calendar editor in ${theme}`);
      await screenshot(page, `admin-market-calendar-${theme}`);
    }
    await forgetTheme(page);
    await context.close();
  });
});
