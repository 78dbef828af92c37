import { freeCall } from "./support/service";
import { gaugeBalance, signedInWithOwnAccount } from "./portfolio-support";
import { confirmSpend, payThrough, screenshotAsIs, untilHydrated } from "./support/desk";
import { expect, test } from "./support/test";

test.describe("concalls", () => {
  test("upcoming calls are free; recent calls load at their price; a call's analysis renders and its transcript is read after a 4-credit confirmation", async ({
    browser,
    deskURL,
  }) => {
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e concalls");
    await page.goto("/concalls");

    // Free: upcoming calls with IST times, loaded at once; between seasons (no results meeting intimated yet) none.
    const upcoming = page.getByTestId("upcoming-concalls");
    const scheduled = await freeCall<{ data: unknown[] }>(key, "/v1/concalls/upcoming?limit=5");
    if (scheduled.data.length > 0) {
      await expect(upcoming.getByTestId("upcoming-call").first()).toBeVisible();
      await expect(upcoming).toContainText("IST");
      await expect(upcoming.getByTestId("upcoming-call").first()).toContainText(/\d{2}:\d{2}/);
    } else await expect(upcoming).toContainText("No calls scheduled");

    // Filters live in the URL: a date range, cleared again.
    await untilHydrated(page.getByTestId("calls-from"));
    await page.getByTestId("calls-from").fill("2026-01-01");
    await expect(page).toHaveURL(/[?&]from=2026-01-01/);
    await page.getByRole("button", { name: "Any date" }).click();
    await expect(page).not.toHaveURL(/from=/);

    // Paid: the price shows before anything loads; cancelling spends nothing.
    const start = await gaugeBalance(page);
    const load = page.getByTestId("load-recent-calls");
    await expect(load).toContainText("Load 20 recent calls");
    await expect(load.locator('[data-slot="price-tag"]')).toHaveText("up to 20 credits");
    await load.click();
    await page.getByTestId("confirm-spend").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("concall-card")).toHaveCount(0);
    await load.click();
    expect(await confirmSpend(page)).toContain("up to 20 credits");
    const cards = page.getByTestId("concall-card");
    await expect(cards.first()).toBeVisible();
    const loaded = await cards.count();
    await expect(cards.first().getByTestId("guidance")).not.toBeEmpty();
    await expect(cards.first().getByTestId("redflags")).not.toBeEmpty();
    await expect.poll(() => gaugeBalance(page), { timeout: 20_000 }).toBe(start - loaded);
    await screenshotAsIs(page, "concalls");

    // Open a call that has a transcript.
    const withTranscript = cards.and(page.locator('[data-has-transcript="true"]')).first();
    const symbol = (await withTranscript.getAttribute("data-symbol")) ?? "";
    const quarter = (await withTranscript.getAttribute("data-quarter")) ?? "";
    await withTranscript.getByTestId("open-call").click();
    await expect(page).toHaveURL(new RegExp(`/concalls/${encodeURIComponent(symbol)}/${quarter}$`));

    // The analysis: 3 credits, shown first; guidance, red flags, indicators and readable sections.
    const beforeAnalysis = await gaugeBalance(page);
    await payThrough(page.getByTestId("load-analysis"), "3 credits", { exact: true });
    const analysis = page.getByTestId("concall-analysis");
    await expect(analysis.getByTestId("guidance")).not.toBeEmpty();
    await expect(analysis.getByTestId("redflags")).not.toBeEmpty();
    await expect(analysis.getByTestId("indicators-positive").or(analysis.getByText("No positives listed"))).toBeVisible();
    const sections = analysis.getByTestId("analysis-sections").locator("section");
    expect(await sections.count()).toBeGreaterThan(2);
    await expect(sections.first().locator("h3")).not.toBeEmpty();
    await expect(sections.first().locator("p").first()).not.toBeEmpty();
    await expect.poll(() => gaugeBalance(page), { timeout: 20_000 }).toBe(beforeAnalysis - 3);

    // Transcript and recording: the confirmation shows 4 credits, and the gauge moves by exactly that.
    const before = await gaugeBalance(page);
    const get = page.getByTestId("get-transcript");
    await expect(get).toContainText("Get transcript & recording");
    const said = await payThrough(get, "4 credits");
    const shown = Number(/(\d+) credits/.exec(said)?.[1]);
    await expect(page.getByTestId("assets-ready")).toBeVisible();
    await expect(page.getByTestId("expiry-countdown")).toHaveText(/^\d+:\d{2}$/);
    await expect.poll(() => gaugeBalance(page), { timeout: 20_000 }).toBe(before - shown);

    // The reader: speaker turns, and a search that finds, counts and highlights a word.
    const reader = page.getByTestId("transcript-reader");
    await expect(reader.getByTestId("transcript-turn").first()).toBeVisible();
    expect(await reader.getByTestId("transcript-turn").count()).toBeGreaterThan(5);
    await reader.getByTestId("transcript-search").fill("quarter");
    const counter = reader.getByTestId("transcript-match-count");
    await expect(counter).toHaveText(/^1 of \d+$/);
    const total = Number(await counter.getAttribute("data-count"));
    expect(total).toBeGreaterThan(1);
    await expect(reader.locator("mark")).toHaveCount(total);
    await expect(reader.locator("mark[data-active]")).toHaveText(/quarter/i);
    await reader.getByTestId("transcript-search").press("Enter");
    await expect(counter).toHaveText(`2 of ${total}`);
    await reader.getByRole("button", { name: "Previous match" }).click();
    await reader.getByRole("button", { name: "Previous match" }).click();
    await expect(counter).toHaveText(`${total} of ${total}`);

    // The recording plays in the page when the call has one.
    const audio = page.getByTestId("recording");
    if ((await audio.count()) > 0) {
      await expect(audio).toHaveAttribute("src", /\/v1\/assets\/recordings\/.+\.wav\?expires=\d+&signature=/);
      await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    // Nothing more was charged for reading.
    expect(await gaugeBalance(page)).toBe(before - shown);
    await screenshotAsIs(page, "concall");
    await page.context().close();
  });

  test("a quarter without a call explains itself, with the quarters that have calls, and charges nothing", async ({ browser, deskURL }) => {
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e concall not found");
    // The oldest results quarter of a large company in the index; the address asks for a quarter years before it.
    await page.goto("/concalls/TCS/q1_20");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("TCS · Q1 FY20 concall");
    await expect(page.getByTestId("analysis-hint")).toBeVisible();
    const before = await gaugeBalance(page);
    await page.getByTestId("load-analysis").click();
    expect(await confirmSpend(page)).toContain("3 credits");
    const explained = page.getByTestId("concall-not-found");
    await expect(explained).toContainText("No call found for TCS in Q1 FY20");
    await expect(explained).toContainText("Nothing was charged");
    await expect(explained).toContainText("Calls exist for");
    const other = explained.getByTestId("other-quarter").first();
    await expect(other).toHaveText(/Q\d FY\d{2}/);
    expect(await gaugeBalance(page)).toBe(before);
    await screenshotAsIs(page, "concall-not-found");

    // A quarter written as a label goes to its canonical address; nonsense is explained.
    await page.goto("/concalls/TCS/Q2FY27");
    await expect(page).toHaveURL(/\/concalls\/TCS\/q2_27$/);
    await page.goto("/concalls/TCS/yesterday");
    await expect(page.getByTestId("empty-state")).toContainText("is not a quarter");

    // The links lead to a quarter that exists.
    await page.goto("/concalls/TCS/q1_20");
    await page.getByTestId("load-analysis").click();
    await confirmSpend(page);
    await page.getByTestId("concall-not-found").getByTestId("other-quarter").first().click();
    await expect(page).toHaveURL(/\/concalls\/TCS\/q\d_\d{2}$/);
    await page.context().close();
  });
});
