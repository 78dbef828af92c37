import { expectAccessible } from "./support/axe";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { shootWidths } from "./support/widths";
import { expectLive, leave, serviceBalance, signedInLiveUser, storeEvent } from "./live-support";
import { createWatchlistViaApi } from "./portfolio-support";
import { randomSuffix } from "./support/fixtures";

// A small cap: the simulator files for companies by their size, and its routine filings of a large cap joined the ledger.
const SYMBOL = "ALOKINDS";

test.describe("announcements by materiality", { tag: LIVE }, () => {
  test("hides routine filings in a ledger counted per kind, reveals a kind in one click, and offers to mute a kind dismissed three times", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    await page.goto(`/announcements?symbols=${SYMBOL}`);
    await expectLive(page, "connected");
    const ledger = page.getByTestId("hidden-ledger");
    await expect(ledger).toHaveAttribute("data-total", "0");
    const before = await serviceBalance(key);

    const material = await storeEvent({ product: "announcements", symbol: SYMBOL, category: "Dividend", important: true });
    const routine = [];
    for (let i = 0; i < 3; i++) routine.push(await storeEvent({ product: "announcements", symbol: SYMBOL, category: "Credit Rating", important: false }));
    const paper = await storeEvent({ product: "announcements", symbol: SYMBOL, category: "Newspaper Publication", important: false });
    const card = (id: string) => page.locator(`[data-testid="announcement-card"][data-announcement-id="${id}"]`);

    // The material filing shows with its score and why; the routine ones are only counted, per kind.
    await expect(card(material.id)).toBeVisible({ timeout: 5_000 });
    await expect(card(material.id).getByTestId("materiality-why")).toContainText("Flagged important by the service");
    await expect(ledger).toHaveAttribute("data-total", "4", { timeout: 5_000 });
    const rating = ledger.locator('[data-testid=ledger-kind][data-kind="Credit Rating"]');
    await expect(rating).toHaveAttribute("data-count", "3");
    await expect(ledger.locator('[data-testid=ledger-kind][data-kind="Newspaper Publication"]')).toHaveAttribute("data-count", "1");
    for (const r of [...routine, paper]) await expect(card(r.id)).toHaveCount(0);
    // The ledger's counts are the rows it hid: turning the filter off shows exactly them besides the shown one.
    await page.getByTestId("materiality-only").click();
    await expect(page.getByTestId("announcement-card")).toHaveCount(5);
    await page.getByTestId("materiality-only").click();
    await expect(page.getByTestId("announcement-card")).toHaveCount(1);

    // One click reveals the group, each card saying it was revealed.
    await rating.click();
    for (const r of routine) await expect(card(r.id).getByTestId("materiality-why")).toContainText("Revealed from the hidden Credit Rating filings");
    await expect(card(paper.id)).toHaveCount(0);
    await expectAccessible(page, testInfo, "announcements with a revealed group");
    await shootWidths(page, "announcements-materiality");

    // Three dismissals of a kind: the desk offers to mute it; muted, a new one stays hidden and is counted as muted.
    for (const r of routine) await card(r.id).getByTestId("announcement-dismiss").click();
    const offer = page.locator('[data-testid=mute-offer][data-kind="Credit Rating"]');
    await expect(offer).toBeVisible();
    await offer.getByTestId("mute-accept").click();
    await expect(offer).toHaveCount(0);
    const later = await storeEvent({ product: "announcements", symbol: SYMBOL, category: "Credit Rating", important: false });
    await expect(ledger.locator('[data-testid=ledger-kind][data-kind="Credit Rating"]')).toContainText("muted", { timeout: 5_000 });
    await expect(card(later.id)).toHaveCount(0);
    expect(await serviceBalance(key)).toBe(before);

    await leave(page);
    await context.close();
  });

  test("Today shows the filings of your holdings that pass the bar, with why, and counts what it hid", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(120_000);
    const { page, key, context } = await signedInLiveUser(browser, deskURL);
    await createWatchlistViaApi(page, deskURL, `Today ${randomSuffix()}`, ["INFY", "TCS"]);
    await page.goto("/today");
    const section = page.getByTestId("today-announcements");
    await expect(section).toBeVisible({ timeout: 20_000 });
    await expectLive(page, "connected");
    const before = await serviceBalance(key);

    const material = await storeEvent({ product: "announcements", symbol: "INFY", category: "Dividend", important: true });
    const routine = await storeEvent({ product: "announcements", symbol: "TCS", category: "Newspaper Publication", important: false });
    const card = section.locator(`[data-testid="announcement-card"][data-announcement-id="${material.id}"]`);
    await expect(card).toBeVisible({ timeout: 5_000 });
    // INFY is a third of the watchlist's exposure: its weight is one of the reasons.
    await expect(card.getByTestId("materiality-why")).toContainText("Flagged important by the service");
    await expect(card.getByTestId("materiality-why")).toContainText("33% of your watchlists (+10)");
    await expect(section.getByTestId("today-hidden-ledger")).toHaveAttribute("data-total", "1", { timeout: 5_000 });
    await expect(section.getByTestId("today-hidden-ledger")).toContainText("Newspaper Publication 1");
    await expect(section.locator(`[data-announcement-id="${routine.id}"]`)).toHaveCount(0);
    expect(await serviceBalance(key)).toBe(before);

    await expectAccessible(page, testInfo, "Today with a hidden filing");
    await shootWidths(page, "today-materiality");
    await leave(page);
    await context.close();
  });
});
