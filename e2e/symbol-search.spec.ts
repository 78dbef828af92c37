import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expectLive, leave, signedInLiveUser, storeEvent } from "./live-support";
import { serviceBalance, signedInWithOwnAccount } from "./portfolio-support";
import { ADMIN_STATE, readFixtures } from "./support/fixtures";
import { SHOTS_DIR, shoot } from "./support/shots";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";
import { shootWidths } from "./support/widths";

const istDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });

test.describe("symbol search", () => {
  test("typing a company's name offers its symbol (the catalogue bought once, with consent); an unknown symbol is refused", async ({ browser, deskURL }) => {
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e symbol search", { symbols: true });
    await page.goto("/earnings?view=agenda");
    const filter = page.getByTestId("filter-bar").getByTestId("symbol-filter");
    const box = filter.getByRole("combobox");

    // An unknown symbol is refused at entry, with a sentence, and never reaches the URL.
    await box.fill("FOOBAR");
    await box.press("Enter");
    await expect(filter.getByTestId("symbol-refused")).toContainText("“FOOBAR” is not a symbol the Alpha service lists");
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(page).not.toHaveURL(/symbols=/);

    // By name: the free directory lists symbols; names and BSE codes of every company come with the catalogue, whose
    // price is shown before anything is bought.
    await box.fill("infos");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const offer = page.getByTestId("symbol-catalogue-offer");
    await expect(offer).toContainText("50 credits");
    // The offer's sentence takes the popup's width and its button sits below it: here on a desktop, and on a phone in
    // the summaries form (a feed's filters sit behind a button there).
    const offerLayout = (where: typeof offer) =>
      where.evaluate((el) => {
        const style = getComputedStyle(el);
        const inner = el.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const text = el.querySelector("span")!.getBoundingClientRect();
        const button = el.querySelector("button")!.getBoundingClientRect();
        return { inner, text: text.width, textBottom: text.bottom, buttonTop: button.top, right: el.getBoundingClientRect().right, viewport: document.documentElement.clientWidth };
      });
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 390, height: 800 });
    await phone.goto("/summaries?source=symbols");
    await phone.getByRole("main").getByRole("combobox").first().fill("infos");
    const phoneOffer = phone.getByTestId("symbol-catalogue-offer").filter({ visible: true });
    await expect(phoneOffer).toContainText("50 credits");
    const desktopWidth = page.viewportSize()?.width ?? 0;
    for (const [where, layout] of [[`${desktopWidth} px`, await offerLayout(offer)], ["390 px", await offerLayout(phoneOffer)]] as const) {
      expect(layout.text, `the sentence at ${where}`).toBeGreaterThan(layout.inner * 0.9);
      expect(layout.buttonTop, `the button at ${where}`).toBeGreaterThanOrEqual(layout.textBottom);
      expect(layout.right, `the offer at ${where}`).toBeLessThanOrEqual(layout.viewport);
    }
    for (const theme of ["light", "dark"] as const) {
      await phone.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await shoot(phone, join(SHOTS_DIR, `symbol-catalogue-offer-390-${theme}.png`), { animations: "disabled" });
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await shoot(page, join(SHOTS_DIR, `symbol-catalogue-offer-${desktopWidth}-${theme}.png`), { animations: "disabled" });
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await phone.close();
    const before = await serviceBalance(key);
    await offer.getByRole("button", { name: "Buy the catalogue" }).click();
    const confirm = page.getByTestId("confirm-spend");
    await expect(confirm).toContainText("symbol catalogue");
    await confirm.getByRole("button", { name: /Spend/ }).click();
    const listbox = page.getByRole("listbox", { name: "Matching companies" });
    const infy = listbox.getByRole("option").first();
    await expect(infy).toHaveAttribute("data-symbol", "INFY", { timeout: 20_000 });
    await expect(infy).toContainText("Infosys");
    await expect(infy).toContainText("BSE 500209");
    await expect(offer).toHaveCount(0);
    expect(await serviceBalance(key)).toBe(before - 50);
    await shootWidths(page, "symbol-search");

    // Keyboard: arrow to the option (announced as the active descendant), Enter picks it.
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", /option-0$/);
    await expect(infy).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(page).toHaveURL(/[?&]symbols=INFY(&|$)/);
    await expect(filter.getByRole("button", { name: "Remove INFY" })).toBeVisible();

    // By BSE code, and bought only once: the account holds the catalogue, nothing more is charged.
    await box.fill("500325");
    await expect(listbox.getByRole("option").first()).toHaveAttribute("data-symbol", "RELIANCE");
    await box.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    expect(await serviceBalance(key)).toBe(before - 50);
  });

  test("the suggestions stay inside a phone's screen wherever the field sits, and keep their width on a desktop", async ({ browser }) => {
    const context = await browser.newContext({ storageState: ADMIN_STATE });
    const page = await context.newPage();
    // The popup's right edge and the page's sideways scroll, with suggestions shown for "TA".
    const measure = async (field: ReturnType<Page["getByRole"]>) => {
      await field.fill("TA");
      const popup = page.getByTestId("symbol-suggestions").filter({ visible: true });
      await expect(popup.getByRole("option").first()).toBeVisible();
      return popup.evaluate((el) => ({
        left: el.getBoundingClientRect().left,
        right: el.getBoundingClientRect().right,
        width: el.getBoundingClientRect().width,
        viewport: document.documentElement.clientWidth,
        scroll: document.documentElement.scrollWidth,
      }));
    };
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // In the summaries form's card, and in a feed page's filter panel: both start further in than 1 rem.
      await page.goto("/summaries?source=symbols");
      const inCard = await measure(page.getByRole("main").getByRole("combobox").first());
      await page.goto("/alerts");
      await page.getByRole("button", { name: "Filters" }).click();
      const inFilters = await measure(page.getByTestId("symbol-filter").getByRole("combobox"));
      for (const [where, box] of [["summaries", inCard], ["alerts' filters", inFilters]] as const) {
        expect(box.left, `${where} at ${width} px`).toBeGreaterThan(16);
        expect(box.right, `${where} at ${width} px`).toBeLessThanOrEqual(box.viewport - 15);
        expect(box.scroll, `${where} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(box.viewport);
        expect(box.width, `${where} at ${width} px`).toBeGreaterThan(250);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/summaries?source=symbols");
    expect((await measure(page.getByRole("main").getByRole("combobox").first())).width).toBe(352);
    await context.close();
  });

  test("an unknown symbol's page says so and offers nothing to buy; M&M works in the URL", async ({ browser, deskURL }) => {
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e symbol pages");
    const before = await serviceBalance(key);
    await page.goto("/symbols/FOOBAR");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("FOOBAR");
    await expect(page.getByText("The Alpha service does not list “FOOBAR”")).toBeVisible();
    await expect(page.locator('[data-slot="price-tag"]')).toHaveCount(0);
    await expect(page.getByRole("button", { name: /credit|Load|Spend|Buy/i })).toHaveCount(0);
    await shootWidths(page, "symbol-unknown");
    expect(await serviceBalance(key)).toBe(before);

    await page.goto("/symbols/M%26M");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("M&M");
    await expect(page.getByTestId("symbol-timeline")).toBeVisible();

    // A page that does not exist stays inside the desk, with a way back.
    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("navigation", { name: "Desk" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Today" })).toHaveAttribute("href", "/today");
  });

  test("a symbol on an alert card opens its page", { tag: LIVE }, async ({ browser, deskURL }) => {
    const { page } = await signedInLiveUser(browser, deskURL);
    await page.goto("/alerts");
    await expectLive(page, "connected");
    const stored = await storeEvent({ product: "alerts", symbol: "M&M", type: "price_alert" });
    const card = page.locator(`[data-testid="alert-card"][data-alert-id="${stored.id}"]`);
    await expect(card).toBeVisible({ timeout: 5_000 });
    // Today's alert shows its time alone; the symbol is a link to its page.
    await expect(card.getByTestId("alert-time")).toHaveText(/^\d{2}:\d{2} IST$/);
    await card.getByRole("link", { name: "M&M" }).click();
    await expect(page).toHaveURL(/\/symbols\/M%26M$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("M&M");
    await leave(page);
  });

  test("the results calendar shows a past day's filed results beside the scheduled ones", async ({ browser, deskURL }) => {
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e filed calendar");
    // A filing of the last weeks, read from the service's free index with the same key.
    const today = istDay.format(new Date());
    const from = istDay.format(new Date(Date.now() - 40 * 86_400_000));
    const res = await fetch(`${readFixtures().serviceUrl}/v1/earnings/index?from=${from}&to=${today}&limit=100`, { headers: { "X-API-Key": key } });
    expect(res.status).toBe(200);
    const rows = ((await res.json()) as { data: { id: string; symbol: string; date?: string }[] }).data.filter((r) => r.date && istDay.format(new Date(r.date)) < today);
    const filed = rows[0];
    if (!filed?.date) throw new Error("the service holds no filing in the last 40 days");
    const day = istDay.format(new Date(filed.date));

    await page.goto(`/earnings?view=month&date=${day}&symbols=${encodeURIComponent(filed.symbol)}`);
    const calendar = page.getByTestId("earnings-calendar");
    const cell = calendar.locator(`[role=gridcell][data-day="${day}"]`);
    await expect(cell.locator(`[data-testid="calendar-event"][data-kind="filed"][data-symbol="${filed.symbol}"]`)).toBeVisible({ timeout: 20_000 });
    await expect(cell.getByTestId("calendar-day-summary")).toContainText("filed");
    await expect(calendar.getByTestId("calendar-count")).toContainText("filed");
    await shootWidths(page, "earnings-filed-month", { bodyScroll: false });

    await calendar.getByTestId("view-week").click();
    await expect(calendar.locator(`[role=gridcell][data-day="${day}"] [data-kind="filed"][data-symbol="${filed.symbol}"]`)).toBeVisible();
    await calendar.getByTestId("view-agenda").click();
    const agendaDay = calendar.locator(`[data-testid="agenda-day"][data-day="${day}"]`);
    await expect(agendaDay.locator(`[data-testid="agenda-event"][data-kind="filed"][data-symbol="${filed.symbol}"]`)).toContainText("Filed");
  });
});
