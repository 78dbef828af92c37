import { formatQuarterKey, parseQuarterKey, previousQuarter, type Quarter } from "../lib/alpha/quarters";
import { istDate } from "../lib/market/calendar";
import { resultsDeadlineMs, seasonAt } from "../lib/market/season";
import { SEASON_TAIL_DAYS } from "../service/dataset/rules";
import { signedInWithOwnAccount } from "./portfolio-support";
import { expect, test } from "./support/test";

const DAY = 86_400_000;

/**
 * The e2e service seeds around the real date. Inside a results season the last fortnight up to today holds filings;
 * between seasons, the last fortnight before the closed season's deadline does. Either way the range is never empty.
 */
function seasonTail(nowMs: number): { from: string; to: string; label: string } {
  const season = seasonAt(nowMs);
  const lastMs = season.open
    ? nowMs
    : resultsDeadlineMs(formatQuarterKey(previousQuarter(parseQuarterKey(season.quarter) as Quarter))) - 1;
  return { from: istDate(lastMs - (SEASON_TAIL_DAYS - 1) * DAY), to: istDate(lastMs), label: season.open ? `open season ${season.quarter}` : "the season just closed" };
}

test.describe("the results season", () => {
  test("the past-results range for the last fourteen days of a season is never empty", async ({ browser, deskURL }) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e season tail");
    const tail = seasonTail(Date.now());
    test.info().annotations.push({ type: "range", description: `${tail.label}: ${tail.from} → ${tail.to}` });
    await page.goto(`/earnings?past=range&from=${tail.from}&to=${tail.to}`);
    const past = page.getByTestId("past-results");
    // Shown as an Indian reader writes a date: dd/mm/yyyy.
    const typed = (iso: string) => iso.split("-").reverse().join("/");
    await expect(past.getByTestId("range-from")).toHaveValue(typed(tail.from));
    await expect(past.getByTestId("range-to")).toHaveValue(typed(tail.to));
    const rows = past.getByTestId("past-result-row");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(0);
    // The rows are the season's filings: quarters whose deadline falls on or after the range's last day.
    for (const quarter of await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-quarter") ?? ""))) {
      expect(quarter).toMatch(/^q[1-4]_\d{2}$/);
      expect(resultsDeadlineMs(quarter)).toBeGreaterThan(Date.parse(`${tail.to}T00:00:00+05:30`));
    }
  });
});
