import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";
import { listAlerts, listAnnouncements } from "../lib/alpha/catalogue-meta";
import { startPushService } from "../test/support/push-receiver";
import { storeEvent } from "./live-support";
import { createWatchlistViaApi } from "./portfolio-support";
import { acrossWidthsAndThemes, expectAccessible, untilTransitionsEnd } from "./support/axe";
import { createDeskUser, saveKey, screenshot, signInThroughApi } from "./support/desk";
import { randomSuffix, readFixtures } from "./support/fixtures";
import { type FreshDesk, startFreshDesk } from "./support/fresh-desk";
import { makeAccount } from "./support/service";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";

interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  unsubscribe: string | null;
}
interface Hook {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  eventIds: string[];
}

/** The headers (unfolded, lower-cased names) and body of a MIME entity. */
function entity(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(body: string, encoding = ""): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  }
  return body;
}

/** The text and HTML parts of a message as nodemailer writes it (one part, or multipart/alternative). */
function parseMail(raw: string, to: string[]): Mail {
  const { headers, body } = entity(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  for (const part of boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw]) {
    const p = entity(part.replace(/^\r?\n/, ""));
    const type = /^text\/(plain|html)/i.exec(p.headers.get("content-type") ?? "text/plain")?.[1]?.toLowerCase();
    if (type) parts[type] = decode(p.body, p.headers.get("content-transfer-encoding"));
  }
  return { to, subject: headers.get("subject") ?? "", text: parts.plain ?? "", html: parts.html ?? "", unsubscribe: headers.get("list-unsubscribe") ?? null };
}

const listenHttp = (server: Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

// Rules follow a team watchlist and the desk must be started with SMTP and private webhooks allowed: a desk of its own.
test.describe.serial("alerts that reach you", { tag: LIVE }, () => {
  test.setTimeout(150_000);
  const mails: Mail[] = [];
  const hooks: Hook[] = [];
  let secret = "";
  let smtp: SMTPServer;
  let receiver: Server;
  let hookPort = 0;
  let desk: FreshDesk;
  let admin: BrowserContext;
  let member: { context: BrowserContext; page: Page };
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let pushBrowser: Browser;
  let pushContext: BrowserContext;

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    // A real SMTP conversation: no TLS offered (a test server with no certificate), no login; every message parsed.
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), session.envelope.rcptTo.map((r) => r.address)));
          callback();
        });
      },
    });
    const smtpPort = await new Promise<number>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port)));
    // The webhook receiver verifies every request with the secret the page showed once.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        let verified = false;
        let eventIds: string[] = [];
        try {
          const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as { events: { id: string }[] };
          verified = true;
          eventIds = payload.events.map((e) => e.id);
        } catch {
          verified = false;
        }
        hooks.push({ headers: req.headers, body, verified, eventIds });
        res.writeHead(verified ? 204 : 401).end();
      });
    });
    hookPort = await listenHttp(receiver);

    desk = await startFreshDesk(readFixtures().serviceUrl, (url) => ({ DESK_URL: url, DESK_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DESK_WEBHOOK_ALLOW_PRIVATE: "1", DESK_MAIL_FROM: "Alpha Desk <alerts@example.com>" }));
    const owner = { email: `e2e-alerts-admin-${randomSuffix()}@example.com`, password: `pw-${randomSuffix()}-${randomSuffix()}` };
    const setup = await fetch(`${desk.url}/api/setup`, { method: "POST", headers: { "Content-Type": "application/json", Origin: desk.url }, body: JSON.stringify({ ...owner, name: "Alerts admin" }) });
    expect(setup.status, await setup.text()).toBe(201);
    admin = await browser.newContext({ baseURL: desk.url });
    await signInThroughApi(admin, desk.url, owner.email, owner.password);
    const login = await createDeskUser(admin.request, desk.url, "member");
    const context = await browser.newContext({ baseURL: desk.url });
    await signInThroughApi(context, desk.url, login.email, login.password);
    const page = await context.newPage();
    await saveKey(page.request, desk.url, (await makeAccount({ plan: "pro" })).key);
    member = { context, page };

    // The member's other browser, where notifications show: Debian's Chromium, since the headless shell refuses the
    // notification permission whatever grants it. The push service is the test's (the vendor's is unreachable here).
    pushService = await startPushService();
    pushBrowser = await chromium.launch({ ...testInfo.project.use.launchOptions, executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    pushContext = await pushBrowser.newContext({ baseURL: desk.url });
    await pushContext.grantPermissions(["notifications"], { origin: desk.url });
    await signInThroughApi(pushContext, desk.url, login.email, login.password);
  });

  test.afterAll(async () => {
    await member?.context.close();
    await admin?.close();
    await pushContext?.close();
    await pushBrowser?.close();
    await pushService?.close();
    await desk?.stop();
    await new Promise((r) => smtp?.close(() => r(undefined)));
    await new Promise((r) => receiver?.close(() => r(undefined)));
  });

  test("a rule on a team watchlist sends a member's filing to the inbox, by e-mail and to a signed webhook; removing the symbol stops the next", async ({}, testInfo) => {
    const origin = { Origin: desk.url };
    // Two listed companies no other spec files for (the e2e service runs no simulator; @live specs run one at a time).
    const [kept, removed] = [{ symbol: "EICHERMOT" }, { symbol: "GRASIM" }];
    const adminPage = await admin.newPage();
    const listName = `Team book ${randomSuffix()}`;
    const list = await createWatchlistViaApi(adminPage, desk.url, listName, [removed.symbol, kept.symbol]);
    const shared = await adminPage.request.put(`/api/watchlists/${list.id}/sharing`, { data: { sharing: "team_read" }, headers: origin });
    expect(shared.status(), await shared.text()).toBe(200);

    // The member adds a webhook (its secret shown once) and an e-mail address, then a rule on the shared list.
    const { page } = member;
    const address = `trader-${randomSuffix()}@example.com`;
    const hookUrl = `http://127.0.0.1:${hookPort}/hooks/alpha`;
    await page.goto("/alert-rules");
    const endpoints = page.getByTestId("endpoints-card");
    await endpoints.getByLabel("Channel").selectOption("webhook");
    await endpoints.getByLabel("URL").fill(hookUrl);
    await endpoints.getByRole("button", { name: "Add", exact: true }).click();
    const secretBox = endpoints.getByTestId("webhook-secret").getByRole("textbox");
    await expect(secretBox).toHaveValue(/^whsec_/);
    secret = await secretBox.inputValue();
    await endpoints.getByLabel("Channel").selectOption("email");
    await endpoints.getByLabel("Address").fill(address);
    await endpoints.getByRole("button", { name: "Add", exact: true }).click();
    await expect(endpoints.getByTestId("endpoint")).toHaveCount(2);
    await expect(endpoints.getByTestId("webhook-secret")).toHaveCount(0);

    // The other browser registers the desk's service worker and its subscription (keys held by the test, the address
    // its local push service); then every desk tab there closes, an empty tab left to speak the DevTools protocol.
    const pushTab = await pushContext.newPage();
    await pushTab.goto("/alert-rules");
    expect(await pushTab.evaluate(() => Notification.permission)).toBe("granted");
    await pushTab.evaluate(async () => {
      await navigator.serviceWorker.register("/alert-sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
    });
    const subscribed = await pushTab.request.post("/api/alert-endpoints", { data: { channel: "push", subscription: pushService.subscription, label: "Chromium" }, headers: origin });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    const vapidKey = ((await (await pushTab.request.get("/api/push/vapid-key")).json()) as { data: { publicKey: string } }).data.publicKey;
    const devtools = await pushContext.newPage();
    const cdp: CDPSession = await pushContext.newCDPSession(devtools);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: typeof registrations }) => registrations.push(...e.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${desk.url}/` && !r.isDeleted)?.registrationId ?? null).not.toBeNull();
    const registrationId = registrations.find((r) => r.scopeURL === `${desk.url}/` && !r.isDeleted)?.registrationId as string;
    await pushTab.close();
    await page.reload();
    await expect(endpoints.getByTestId("endpoint")).toHaveCount(3);

    const form = page.getByTestId("rule-form");
    const ruleName = `Results of the team book ${randomSuffix()}`;
    await form.getByLabel("Name").fill(ruleName);
    await form.getByRole("checkbox", { name: new RegExp(listName) }).check();
    await expect(form.getByRole("checkbox", { name: "Results filed" })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "The desk’s inbox" })).toBeChecked();
    await form.getByRole("checkbox", { name: /^webhook:/ }).check();
    await form.getByRole("checkbox", { name: /^email:/ }).check();
    await form.getByRole("checkbox", { name: /^push:/ }).check();
    // Catching up after downtime is a paid read: the form says what it costs before the rule is saved.
    const cost = form.getByTestId("rule-cost");
    await expect(cost).toContainText("from the last 6 hours");
    await expect(cost).toContainText(`${listAnnouncements.cost.detailedCredits} credits per announcement, ${listAlerts.cost.credits} credits per page of alerts read`);
    await form.getByLabel("Catch up after downtime").selectOption("0");
    await expect(cost).toContainText("Events stored while the desk is down are not sent");
    await form.getByLabel("Catch up after downtime").selectOption("6");
    await form.getByRole("button", { name: "Save rule" }).click();
    const rule = page.getByTestId("rule").filter({ hasText: ruleName });
    await expect(rule).toContainText(listName);
    await expect(rule).toContainText("catches up 6 h after downtime");
    await expect(rule).toContainText("inbox + 3 endpoint(s)");
    await acrossWidthsAndThemes(page, "/alert-rules", {
      eachTheme: async (width, theme) => {
        await untilTransitionsEnd(page);
        await screenshot(page, `alert-rules-${width}-${theme}`);
      },
      eachWidth: (width) => expectAccessible(page, testInfo, `/alert-rules at ${width}px`),
    });

    // A filing for a member symbol: the engine follows the list's symbols on the live stream (it may take a refresh to
    // join the channel), so the filing is stored until one arrives (each a new event with its own id).
    const subject = `${removed.symbol}: Unaudited Financial Results`;
    const firstIds: string[] = [];
    await expect
      .poll(
        async () => {
          if (hooks.some((h) => h.eventIds.some((id) => firstIds.includes(id)))) return true;
          if (firstIds.length < 6) firstIds.push((await storeEvent({ product: "announcements", symbol: removed.symbol, category: "Unaudited Financial Results" })).id);
          return false;
        },
        { timeout: 60_000, intervals: [5_000] },
      )
      .toBe(true);
    const hook = hooks.find((h) => h.eventIds.some((id) => firstIds.includes(id)));
    expect(hook?.verified, "the webhook's signature verifies with the secret shown once").toBe(true);
    expect(hook?.headers["webhook-id"]).toBeTruthy();
    expect(hooks.every((h) => h.verified)).toBe(true);
    expect(JSON.parse(hook?.body ?? "{}")).toMatchObject({ type: "alert.event", rule: { name: ruleName } });

    await expect.poll(() => mails.filter((m) => m.subject === subject).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const mail = mails.find((m) => m.subject === subject);
    expect(mail?.to).toEqual([address]);
    expect(mail?.text).toContain(subject);
    expect(mail?.html).toContain(removed.symbol);
    // One-click unsubscribe (RFC 8058) on the desk's own address: opening it (as a mail scanner does) changes nothing.
    const unsubscribeUrl = /^<([^>]+)>/.exec(mail?.unsubscribe ?? "")?.[1] ?? "";
    expect(unsubscribeUrl).toMatch(new RegExp(`^${desk.url}/api/alert-unsubscribe/`));
    const confirmPage = await fetch(unsubscribeUrl);
    expect(confirmPage.status).toBe(200);
    expect(await confirmPage.text()).toContain('<form method="post">');

    // Web Push: the desk's encrypted request reached the push service with its VAPID header, and the payload handed
    // to the service worker shows a notification while no desk tab is open in that browser.
    await expect.poll(() => pushService.pushes.filter((p) => (p.payload as { title?: string } | null)?.title === subject).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const push = pushService.pushes.find((p) => (p.payload as { title?: string } | null)?.title === subject);
    expect(push).toMatchObject({ vapidOk: true, vapidKey, audience: new URL(pushService.subscription.endpoint).origin, payload: { href: `/announcements?symbols=${removed.symbol}` } });
    expect(pushContext.pages().map((p) => p.url())).toEqual(["about:blank"]);
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: desk.url, registrationId, data: push?.text ?? "" });
    const tag = (push?.payload as { tag: string }).tag;
    await expect
      .poll(
        async () => {
          const worker = pushContext.serviceWorkers().find((w) => w.url() === `${desk.url}/alert-sw.js`);
          const shown = await worker?.evaluate(async () => (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }))).catch(() => null);
          return shown?.find((n) => n.tag === tag) ?? null;
        },
        { timeout: 15_000 },
      )
      .toMatchObject({ title: subject, data: { href: `/announcements?symbols=${removed.symbol}` } });
    expect(pushContext.pages().map((p) => p.url()), "no desk tab opened in the browser that showed it").toEqual(["about:blank"]);

    await page.goto("/inbox");
    const item = page.getByTestId("inbox-item").filter({ hasText: subject }).first();
    await expect(item).toBeVisible({ timeout: 30_000 });
    await expect(item).toHaveAttribute("data-read", "false");
    await expect(page.getByTestId("inbox-button")).toHaveAttribute("data-unread", /^[1-9]\d*$/);
    await expect(item.getByRole("link", { name: subject })).toHaveAttribute("href", new RegExp(`symbols=${removed.symbol}`));
    // The inbox with an unread alert, and the top bar with its inbox button, at every width in both themes.
    await acrossWidthsAndThemes(page, "/inbox", {
      ready: page.getByTestId("inbox-button"),
      eachTheme: async (width, theme) => {
        // Nothing in the top bar squeezed out of sight beside the inbox button (the market status at 1024 px was).
        const clipped = await page
          .locator("header")
          .first()
          .evaluate((header) => [...header.querySelectorAll<HTMLElement>('[data-testid="shell-market-status"], [data-testid^="gauge-"]')].filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1).map((el) => el.dataset.testid));
        expect(clipped, `/inbox at ${width}px (${theme}): top bar parts cut off`).toEqual([]);
        await untilTransitionsEnd(page);
        await screenshot(page, `inbox-alert-${width}-${theme}`);
      },
      eachWidth: (width) => expectAccessible(page, testInfo, `/inbox at ${width}px`),
    });

    // The owner takes the symbol off the list: its next filing goes nowhere, while the symbol still on it is delivered.
    const off = await adminPage.request.delete(`/api/watchlists/${list.id}/items/${removed.symbol}`, { headers: origin });
    expect(off.status(), await off.text()).toBe(200);
    const after = await storeEvent({ product: "announcements", symbol: removed.symbol, category: "Unaudited Financial Results" });
    const keptSubject = `${kept.symbol}: Unaudited Financial Results`;
    const keptIds: string[] = [];
    await expect
      .poll(
        async () => {
          if (hooks.some((h) => h.eventIds.some((id) => keptIds.includes(id))) && mails.some((m) => m.subject === keptSubject)) return true;
          if (keptIds.length < 6) keptIds.push((await storeEvent({ product: "announcements", symbol: kept.symbol, category: "Unaudited Financial Results" })).id);
          return false;
        },
        { timeout: 60_000, intervals: [5_000] },
      )
      .toBe(true);
    // Each filing goes to every channel once: the removed symbol's mails and inbox rows are exactly its filings the
    // webhook received before the removal, and the one after it is in none of them.
    expect(hooks.some((h) => h.eventIds.includes(after.id)), "a filing of the removed symbol reached the webhook").toBe(false);
    const delivered = new Set(hooks.flatMap((h) => h.eventIds).filter((id) => firstIds.includes(id)));
    expect(mails.filter((m) => m.subject === subject).length, "mails of the removed symbol").toBe(delivered.size);
    expect(pushService.pushes.filter((p) => (p.payload as { title?: string } | null)?.title === subject).length, "pushes of the removed symbol").toBe(delivered.size);
    expect(pushService.pushes.every((p) => p.vapidOk)).toBe(true);
    await page.goto("/inbox");
    await expect(page.getByTestId("inbox-item").filter({ hasText: keptSubject }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("inbox-item").filter({ hasText: subject })).toHaveCount(delivered.size);

    // The mail provider's one-click POST (no Origin, no session; the token authenticates it) takes e-mail off the rule.
    await page.goto("/alert-rules");
    await expect(page.getByTestId("rule").filter({ hasText: ruleName })).toContainText("inbox + 3 endpoint(s)");
    const unsubscribed = await fetch(unsubscribeUrl, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(unsubscribed.status).toBe(200);
    await page.reload();
    await expect(page.getByTestId("rule").filter({ hasText: ruleName })).toContainText("inbox + 2 endpoint(s)");
    await adminPage.close();
    await page.goto("about:blank");
  });
});
