import { serviceBalance } from "./support/service";
import { confirmSpend, createDeskUser, signedInBrowser, untilHydrated } from "./support/desk";
import { adminOf, adminWithOwnKey, testOnOwnDesk as test } from "./support/fresh-desk";
import { expect } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

const origin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

// What a person notices in a first week. The team default is desk-wide: this spec runs on a desk of its own.
test.describe("small things a person notices", () => {
  test.setTimeout(180_000);

  test("the confirmation threshold is the user's on every browser, with a team default an admin sets", async ({ browser, ownDesk }, testInfo) => {
    const { context: admin, page: adminPage } = await adminOf(browser, ownDesk);
    const member = await createDeskUser(adminPage.request, ownDesk.url, "member");
    await adminPage.goto("/team");
    const card = adminPage.getByTestId("team-threshold-card");
    const field = card.getByLabel("Team default (credits)");
    await untilHydrated(field);
    await field.fill("10");
    await card.getByRole("button", { name: "Save team default" }).click();
    await expect(adminPage.getByText("Team default saved: ask above 10 credits.")).toBeVisible();
    await expect(adminPage.getByTestId("audit-card").locator('[data-action="team.spend_threshold"]').first()).toContainText("0 → 10 credits");
    await checkWidthsAndThemes(adminPage, testInfo, "team-threshold", '[data-testid="team-threshold-card"]');

    // The member follows the team default on their first browser and sets their own there...
    const { context: first, page } = await signedInBrowser(browser, ownDesk.url, member);
    await page.goto("/settings");
    await expect(page.getByTestId("spend-threshold-now")).toContainText("ask above 10 credits");
    await expect(page.getByTestId("spend-threshold-now")).toContainText("The team default (10 credits)");
    const own = page.getByLabel("Threshold (credits)");
    await untilHydrated(own);
    await own.fill("3");
    await page.getByRole("button", { name: "Save threshold" }).click();
    await expect(page.getByTestId("spend-threshold-now")).toContainText("ask above 3 credits");
    await expect(page.getByText("The desk will ask above 3 credits.")).toBeVisible();
    await checkWidthsAndThemes(page, testInfo, "settings-threshold", '[data-testid="spend-threshold-card"]');

    // ...and a second browser, which never saw that choice, has it from the desk.
    const { context: second, page: other } = await signedInBrowser(browser, ownDesk.url, member);
    await other.goto("/settings");
    await expect(other.getByTestId("spend-threshold-now")).toContainText("ask above 3 credits");
    await expect(other.getByLabel("Threshold (credits)")).toHaveValue("3");
    for (const c of [first, second, admin]) await c.close();
  });

  test("times are 24-hour and dates dd/mm/yyyy; the holiday list opens at this year", async ({ browser, ownDesk }, testInfo) => {
    const { context, page } = await adminOf(browser, ownDesk, { locale: "en-IN" });
    await page.goto("/admin");
    const editor = page.getByTestId("market-calendar-editor");
    const start = editor.getByLabel("Normal market starts");
    await expect(start).toHaveValue("09:15");
    await expect(editor.getByLabel("Trading from")).toHaveAttribute("placeholder", "HH:MM");
    await expect(editor.getByLabel("Date", { exact: true }).first()).toHaveAttribute("placeholder", "dd/mm/yyyy");

    // The first holiday listed is of this year; the earlier ones are one click away.
    const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric" }).format(new Date());
    const firstDate = await editor.getByTestId("calendar-holiday").first().getAttribute("data-date");
    expect(firstDate?.slice(0, 4)).toBe(year);
    const earlier = editor.getByTestId("calendar-earlier-holidays");
    await expect(earlier).toHaveText(/^Show \d+ earlier holidays$/);

    // A date typed the Indian way is read as day first; one that does not exist is refused.
    const date = editor.getByLabel("Date", { exact: true }).first();
    await untilHydrated(date);
    await date.fill("31/02/2030");
    await expect(date).toHaveAttribute("aria-invalid", "true");
    await date.fill("07/01/2030");
    await editor.getByLabel("Name", { exact: true }).first().fill("E2E closure");
    await editor.getByRole("button", { name: "Add holiday" }).click();
    await expect(editor.locator('[data-testid="calendar-holiday"][data-date="2030-01-07"]')).toContainText("E2E closure");
    await expect(date).toHaveValue("");
    // A time typed the 12-hour way is not taken.
    await start.fill("8:45 PM");
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await start.fill("09:15");
    await expect(start).not.toHaveAttribute("aria-invalid", "true");
    await checkWidthsAndThemes(page, testInfo, "admin-calendar", '[data-testid="market-calendar-editor"]', { scopeAxe: true });
    await context.close();
  });

  test("the gauge's figures are read, not tabbed through; the audit log reads IST", async ({ browser, ownDesk }) => {
    const { context, page } = await adminWithOwnKey(browser, ownDesk);
    await page.goto("/team");
    await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready");
    // Every stop of the keyboard through the top bar, none inside the gauge.
    const focusables = await page.getByTestId("usage-gauge").evaluate((gauge) => Array.from(gauge.querySelectorAll<HTMLElement>("*")).filter((el) => el.tabIndex >= 0).length);
    expect(focusables).toBe(0);
    await expect(page.getByTestId("gauge-balance")).toContainText(/Credits available on the Alpha account of your key/);

    // An invite's expiry in the audit log is an IST time, not a UTC instant.
    const invite = await page.request.post("/api/team/invites", { data: { role: "member", note: "IST check" }, headers: origin(ownDesk.url) });
    expect(invite.status(), await invite.text()).toBe(201);
    await page.reload();
    const row = page.getByTestId("audit-card").locator('[data-action="invite.created"]').first();
    await expect(row).toContainText(/expires \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST/);
    await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    const csv = await (await page.request.get("/api/team/audit.csv")).text();
    expect(csv.split("\r\n")[0]).toBe("time (IST),actor,action,target,change");
    expect(csv).toMatch(/\n\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+05:30,/);
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
    await context.close();
  });

  test("an announcement links to its filing document, priced in words a person reads", async ({ browser, ownDesk }, testInfo) => {
    const { context, page, account } = await adminWithOwnKey(browser, ownDesk);
    // Asked before every paid action, whatever team default another test of this desk set.
    const own = await page.request.put("/api/settings/spend-threshold", { data: { threshold: 0 }, headers: origin(ownDesk.url) });
    expect(own.status(), await own.text()).toBe(200);
    await page.goto("/announcements");
    await page.getByTestId("announcements-load").click();
    const bought = await confirmSpend(page);
    expect(bought).not.toMatch(/per returned item|per successful response|with full details/);
    const card = page.getByTestId("announcement-card").first();
    await expect(card).toBeVisible();
    const before = await serviceBalance(account.key);
    await card.getByTestId("filing-document").click();
    const said = await confirmSpend(page);
    expect(said).toContain("1 credit for each document that is ready");
    const link = card.getByRole("link", { name: "Open the filing document" });
    await expect(link).toHaveAttribute("href", /\/v1\/assets\/announcements\/[^/]+\.pdf\?/);
    await expect.poll(() => serviceBalance(account.key)).toBe(before - 1);
    const pdf = await page.request.get((await link.getAttribute("href")) ?? "");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await checkWidthsAndThemes(page, testInfo, "announcement-document", '[data-testid="announcement-card"]');
    await context.close();
  });

  test("a symbol page with a bought profile hydrates without a mismatch when a minute turns on the way", async ({ browser, ownDesk }) => {
    const { context, page } = await adminWithOwnKey(browser, ownDesk, { symbols: true });
    const bought = await page.request.get("/api/alpha/v1/symbols/metadata?symbols=INFY");
    expect(bought.status(), await bought.text()).toBe(200);
    // The browser's clock 90 s ahead of the server's: its "how old" would read a minute more than the server's HTML.
    await page.clock.install({ time: Date.now() + 90_000 });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/symbols/INFY");
    await expect(page.getByTestId("call-meta")).toContainText("0 credits, from cache");
    await expect(page.getByTestId("call-meta")).toContainText("(1 min old)");
    expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
    await context.close();
  });
});
