import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { ACTIVE_SYMBOLS, createWatchlistViaApi, serviceBalance } from "./portfolio-support";
import { expectLive, leave, storeEvent } from "./live-support";
import { makeAccount } from "./support/service";
import { acrossWidthsAndThemes, expectAccessible } from "./support/axe";
import { createDeskUser, saveOrgKeyOnTeamPage, screenshot, signInThroughPage } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { testOnOwnDesk as test } from "./support/fresh-desk";
import { LIVE } from "./support/tags";
import { expect } from "./support/test";

const origin = (deskURL: string) => ({ Origin: new URL(deskURL).origin });

/** The page at desktop, laptop and phone widths in both themes: no sideways scroll of the body, axe clean. */
async function checkLayouts(page: Page, testInfo: TestInfo, name: string) {
  await acrossWidthsAndThemes(page, name, {
    ready: page.locator("main"),
    eachTheme: async (width, theme) => {
      await expectAccessible(page, testInfo, `${name} at ${width}px (${theme})`);
      await screenshot(page, `${name}-${width}-${theme}`);
    },
  });
}

async function signedIn(browser: Browser, deskURL: string, email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: deskURL });
  const page = await context.newPage();
  await signInThroughPage(page, email, password);
  return { context, page };
}

async function submitBatchJob(page: Page, deskURL: string): Promise<string> {
  const line = JSON.stringify({ custom_id: `mine-${randomSuffix()}`, symbols: ["TCS", "INFY"] });
  const res = await page.request.post("/api/alpha/v1/batch/jobs", {
    multipart: { file: { name: "mine.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(`${line}\n`) } },
    headers: origin(deskURL),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

// The whole desk is one team: this spec runs on a desk of its own, so its organisation key and shared lists reach
// no other spec's users.
test.describe.serial("teams on one Alpha account", { tag: LIVE }, () => {
  test.setTimeout(180_000);
  let team: { accountId: string; key: string };
  let admin: BrowserContext;
  let adminPage: Page;
  const invited = { name: `Invited analyst ${randomSuffix()}`, email: `e2e-invited-${randomSuffix()}@example.com`, password: `pw-${randomSuffix()}-${randomSuffix()}` };
  let member: { context: BrowserContext; page: Page };
  let other: { context: BrowserContext; page: Page; email: string };

  test.beforeAll(async ({ browser, ownDesk }) => {
    team = await makeAccount();
    admin = await browser.newContext({ storageState: ownDesk.adminState, baseURL: ownDesk.url });
    adminPage = await admin.newPage();
  });

  test.afterAll(async () => {
    for (const c of [member?.context, other?.context, admin]) await c?.close();
  });

  test("an admin stores the organisation key; a member invited by link signs up, summarises without a key, and shows in the admin's spend", async ({ browser, deskURL }) => {
    await saveOrgKeyOnTeamPage(adminPage, team.key);
    await expect(adminPage.getByTestId("audit-card").locator('[data-action="org_key.saved"]').first()).toBeVisible();

    const invites = adminPage.getByTestId("invites-card");
    await invites.getByLabel("Who it is for (a note for you)").fill("Invited analyst");
    await invites.getByRole("button", { name: "Make invite link" }).click();
    const link = await invites.getByTestId("invite-link").getByRole("textbox").inputValue();
    expect(link).toMatch(/\/join#[A-Za-z0-9_-]{20,}$/);

    const context = await browser.newContext();
    const page = await context.newPage();
    member = { context, page };
    await page.goto(link);
    // The token leaves the address bar once read.
    await expect(page).toHaveURL(/\/join$/);
    await page.getByLabel("Your name").fill(invited.name);
    await page.getByLabel("Email").fill(invited.email);
    await page.getByLabel("Password", { exact: true }).fill(invited.password);
    await page.getByLabel("Repeat the password").fill(invited.password);
    await page.getByRole("button", { name: "Join the desk" }).click();
    await expect(page).toHaveURL(/\/today$/, { timeout: 30_000 });
    await page.goto("/settings");
    await expect(page.getByTestId("key-in-use")).toHaveAttribute("data-source", "organisation");
    await expect(page.getByTestId("alpha-key-status")).toHaveCount(0);
    // The link signs up one person only.
    const again = await browser.newContext();
    const againPage = await again.newPage();
    await againPage.goto(link);
    await againPage.getByLabel("Your name").fill("Second try");
    await againPage.getByLabel("Email").fill(`e2e-second-${randomSuffix()}@example.com`);
    await againPage.getByLabel("Password", { exact: true }).fill(invited.password);
    await againPage.getByLabel("Repeat the password").fill(invited.password);
    await againPage.getByRole("button", { name: "Join the desk" }).click();
    await expect(againPage.getByTestId("join-error")).toContainText("not valid");
    await again.close();

    // A summary with no key of their own: the organisation's, 5 credits.
    const watchlist = await createWatchlistViaApi(page, deskURL, `Team names ${randomSuffix()}`, ACTIVE_SYMBOLS);
    const before = await serviceBalance(team.key);
    await page.goto(`/summaries?watchlist=${watchlist.id}`);
    await page.getByTestId("mode-news_context").click();
    await page.getByTestId("summary-window").selectOption({ label: "7 days, today included" });
    await page.getByTestId("summary-generate").click();
    await page.getByTestId("confirm-spend").getByRole("button", { name: "Spend up to 5 credits" }).click();
    const result = page.getByTestId("summary-result");
    await expect(result).toHaveAttribute("data-status", "success", { timeout: 30_000 });
    await expect(result.getByTestId("summary-credits")).toHaveText("5 credits charged");
    expect(await serviceBalance(team.key)).toBe(before - 5);

    await adminPage.reload();
    const row = adminPage.locator(`[data-testid="member-row"][data-email="${invited.email}"]`);
    await expect(row.getByTestId("member-spend")).toContainText("5 credits (no allowance)");
    await expect(row.getByTestId("member-endpoints")).toContainText("AI summaries: 5");
    await expect(row).toContainText("Organisation key");
  });

  test("a member at their allowance is refused before anything is charged", async () => {
    const row = adminPage.locator(`[data-testid="member-row"][data-email="${invited.email}"]`);
    await row.getByRole("button", { name: /Edit .* seat/ }).click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByLabel("Daily allowance (credits)").fill("7");
    await dialog.getByRole("button", { name: "Save seat" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("member-spend")).toContainText("5 of 7 credits");
    await expect(adminPage.getByTestId("audit-card").locator('[data-action="member.allowance"]').first()).toContainText("no allowance → 7 credits a day");

    const page = member.page;
    await page.goto("/settings");
    await expect(page.getByTestId("seat-allowance")).toContainText("5 of 7 credits used today");
    const before = await serviceBalance(team.key);
    await page.goto("/summaries");
    await page.getByRole("tab", { name: "Type symbols" }).click();
    const typed = page.getByTestId("summary-typed-symbols").getByRole("combobox");
    await typed.fill("TCS, INFY, RELIANCE");
    await typed.press("Enter");
    await expect(page.getByTestId("summary-typed-symbols")).toHaveAttribute("data-symbols", "TCS,INFY,RELIANCE", { timeout: 20_000 });
    await page.getByTestId("mode-exposure").click();
    await page.getByTestId("summary-generate").click();
    await page.getByTestId("confirm-spend").getByRole("button", { name: "Spend up to 5 credits" }).click();
    const refused = page.locator('[data-testid="error-state"][data-error-code="allowance_exceeded"]');
    await expect(refused).toContainText("Daily allowance reached");
    await expect(refused).toContainText("2 of 7 credits left today");
    expect(await serviceBalance(team.key)).toBe(before);
  });

  test("a member cannot see another member's batch job, by URL or by API", async ({ browser, deskURL }) => {
    const login = await createDeskUser(adminPage.request, deskURL, "member");
    other = { ...(await signedIn(browser, deskURL, login.email, login.password)), email: login.email };
    const jobId = await submitBatchJob(other.page, deskURL);
    expect((await other.page.request.get(`/api/alpha/v1/batch/jobs/${jobId}`)).status()).toBe(200);

    const page = member.page;
    await page.goto(`/batches/${jobId}`);
    await expect(page.getByTestId("batch-not-found")).toBeVisible();
    for (const path of [`/api/alpha/v1/batch/jobs/${jobId}`, `/api/alpha/v1/batch/jobs/${jobId}/results`, `/api/batches/${jobId}/results.jsonl`]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text()).not.toContain("custom_id");
    }
    const list = (await (await page.request.get("/api/alpha/v1/batch/jobs")).json()) as { data: { data: { id: string }[] } };
    expect(list.data.data.map((j) => j.id)).not.toContain(jobId);
  });

  test("a watchlist shared with the team filters the alerts page for a member", async ({ deskURL }) => {
    const shared = await createWatchlistViaApi(other.page, deskURL, `Shared book ${randomSuffix()}`, ["INFY", "WIPRO"]);
    const res = await other.page.request.put(`/api/watchlists/${shared.id}/sharing`, { data: { sharing: "team_read" }, headers: origin(deskURL) });
    expect(res.status(), await res.text()).toBe(200);

    const page = member.page;
    await page.goto("/watchlists");
    await expect(page.getByText(/Shared book/).first()).toBeVisible();
    await page.goto(`/alerts?watchlist=${shared.id}`);
    await expect(page.getByTestId("alerts-feed")).toHaveAttribute("data-live-url", /symbols=INFY(%2C|,)WIPRO/);
    await expectLive(page, "connected");
    const inside = await storeEvent({ product: "alerts", symbol: "INFY", type: "price_alert" });
    const outside = await storeEvent({ product: "alerts", symbol: "TCS", type: "price_alert" });
    await expect(page.locator(`[data-alert-id="${inside.id}"]`)).toBeVisible({ timeout: 5_000 });
    await expect(page.locator(`[data-alert-id="${outside.id}"]`)).toHaveCount(0);
    await leave(page);
  });

  test("the team and join pages at 1440, 1024 and 390 px in both themes: no sideways scroll, axe clean", async ({ browser, deskURL }, testInfo) => {
    await adminPage.goto("/team");
    await checkLayouts(adminPage, testInfo, "team");
    const context = await browser.newContext({ baseURL: deskURL });
    const page = await context.newPage();
    await page.goto("/join#not-a-whole-token");
    await expect(page.getByTestId("join-no-token")).toBeVisible();
    await checkLayouts(page, testInfo, "join");
    await context.close();
  });
});
