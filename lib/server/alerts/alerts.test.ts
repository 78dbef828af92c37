import { describe, expect, it } from "vitest";
import { recordLiveEvent } from "@/scripts/live-events";
import type { DeskContext } from "../core/context";
import { createDeskContext } from "../core/context";
import { alertDb } from "../core/alert-tables";
import type { RunningServer } from "../core/embedded-service";
import { deskRoute } from "../routes";
import { getInboxUnread, listInbox } from "../inbox/inbox";
import { addWatchlistItems, createWatchlist, removeWatchlistItem, setWatchlistSharing } from "../portfolio/watchlists";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { TestDesk } from "@/test/support/desk";
import { createTestDesk, makeAccount, makeUser, postgresAvailable, randomName, TEST_DATABASE_URL, withService } from "@/test/support/desk";
import { startSmtpReceiver, startWebhookReceiver } from "@/test/support/receivers";
import { ingestEvent, runDueDeliveries, DEFAULT_DELIVERY_TUNING } from "./deliver";
import { startAlertEngine } from "./engine";
import { createAlertEndpoint, createAlertRule } from "./rules";

/** Alert delivery against real receiving ends: a local webhook receiver that verifies signatures, a real SMTP server. */

const FAST = { ...DEFAULT_DELIVERY_TUNING, retryDelaysMs: [0, 0, 0, 0] };

let service: RunningServer;
withService((started) => (service = started));

/** A desk whose clock the test moves; webhooks to 127.0.0.1 allowed (the receivers are local). */
async function deskAt(iso: string, extra: { smtpUrl?: string } = {}): Promise<TestDesk & { clock: { at: number } }> {
  const clock = { at: Date.parse(iso) };
  const desk = await createTestDesk({
    now: () => new Date(clock.at),
    config: { alphaBaseUrl: service.url, deskUrl: "http://desk.test", delivery: { smtpUrl: extra.smtpUrl ?? null, mailFrom: "Desk <desk@example.test>", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 } },
  });
  return Object.assign(desk, { clock });
}

async function userWithKey(ctx: DeskContext, role: "admin" | "member" = "member") {
  const account = makeAccount(service);
  const user = await makeUser(ctx, role);
  await saveAlphaKey({ ctx, userId: user.id, key: account.key });
  return { user, ...account };
}

function filing(symbol: string, category = "Financial Results") {
  return { id: randomName("ann"), symbol, category, summary: `${symbol} board approved results`, date: new Date().toISOString(), important: true };
}

async function attemptsOf(ctx: DeskContext, ruleId: string) {
  return alertDb({ ctx }).selectFrom("alert_attempts").selectAll().where("rule_id", "=", ruleId).orderBy("delivery_id").orderBy("attempt").execute();
}

describe("alert delivery", () => {
  it("a webhook answering 500, 500, then 200 is delivered once, with three ledger rows and a verified signature each time", async () => {
    const desk = await deskAt("2026-12-01T05:00:00Z");
    const receiver = await startWebhookReceiver([500, 500]);
    try {
      const ctx = desk.ctx;
      const { user, accountId } = await userWithKey(ctx);
      const endpoint = await createAlertEndpoint({ ctx, user, input: { channel: "webhook", url: receiver.url } });
      receiver.secret.value = endpoint.secret ?? "";
      expect(endpoint.secret).toMatch(/^whsec_/);
      const rule = await createAlertRule({ ctx, user, input: { name: "Results", scope: { symbols: ["TCS"] }, kinds: [{ product: "announcements", categories: ["Financial Results"] }], channels: { inbox: false, endpointIds: [endpoint.id] } } });
      expect(rule.creditsPerDay).toBe(0);

      const row = filing("TCS");
      expect(await ingestEvent({ ctx, input: { accountId, product: "announcements", row } })).toBe(1);
      // The same event seen again (another instance, a replay) stores nothing new.
      expect(await ingestEvent({ ctx, input: { accountId, product: "announcements", row } })).toBe(0);
      // Another category is not this rule's.
      expect(await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("TCS", "Credit Rating") } })).toBe(0);

      for (let i = 0; i < 5; i++) await runDueDeliveries({ ctx, tuning: FAST });
      expect(receiver.hooks.map((h) => h.answered)).toEqual([500, 500, 200]);
      expect(receiver.hooks.every((h) => h.verified)).toBe(true);
      expect(new Set(receiver.hooks.map((h) => h.id)).size).toBe(1);
      expect(receiver.hooks[2]?.body).toMatchObject({ type: "alert.event", rule: { id: rule.id, name: "Results" }, events: [{ product: "announcements", id: row.id, symbol: "TCS" }] });
      const attempts = await attemptsOf(ctx, rule.id);
      expect(attempts.map((a) => [a.attempt, a.status, a.http_status])).toEqual([
        [1, "failed", 500],
        [2, "failed", 500],
        [3, "delivered", 200],
      ]);
      expect(attempts.every((a) => a.latency_ms !== null)).toBe(true);
      const delivery = await alertDb({ ctx }).selectFrom("alert_deliveries").selectAll().where("rule_id", "=", rule.id).execute();
      expect(delivery.map((d) => [d.status, d.attempts])).toEqual([["delivered", 3]]);
    } finally {
      await receiver.close();
      await desk.close();
    }
  });

  it("quiet hours move an 18:40 IST filing into the next 08:30 digest, one message for the evening's filings; an empty digest sends nothing", async () => {
    // Tuesday 1 December 2026, 18:40 IST: the session is over.
    const desk = await deskAt("2026-12-01T13:10:00Z");
    const receiver = await startWebhookReceiver();
    try {
      const ctx = desk.ctx;
      const { user, accountId } = await userWithKey(ctx);
      const endpoint = await createAlertEndpoint({ ctx, user, input: { channel: "webhook", url: receiver.url } });
      receiver.secret.value = endpoint.secret ?? "";
      const rule = await createAlertRule({
        ctx,
        user,
        input: { name: "Quiet", scope: { symbols: ["TCS", "INFY"] }, kinds: [{ product: "announcements" }], timing: { mode: "instant", quietOutsideSession: true, digestTime: "08:30" }, channels: { inbox: true, endpointIds: [endpoint.id] } },
      });
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("TCS") } });
      desk.clock.at = Date.parse("2026-12-01T13:50:00Z"); // 19:20 IST
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("INFY", "Board Meeting") } });
      const due = await alertDb({ ctx }).selectFrom("alert_deliveries").select(["due_at", "batch", "target"]).where("rule_id", "=", rule.id).execute();
      expect(new Set(due.map((d) => d.due_at))).toEqual(new Set(["2026-12-02T03:00:00.000Z"]));

      await runDueDeliveries({ ctx, tuning: FAST });
      desk.clock.at = Date.parse("2026-12-02T02:59:00Z"); // 08:29 IST
      await runDueDeliveries({ ctx, tuning: FAST });
      expect(receiver.hooks).toHaveLength(0);
      expect(await getInboxUnread({ ctx, user })).toEqual({ unread: 0 });

      desk.clock.at = Date.parse("2026-12-02T03:00:00Z"); // 08:30 IST
      await runDueDeliveries({ ctx, tuning: FAST });
      expect(receiver.hooks).toHaveLength(1);
      expect(receiver.hooks[0]?.body).toMatchObject({ type: "alert.digest", events: [{ symbol: "TCS" }, { symbol: "INFY" }] });
      const inbox = await listInbox({ ctx, user, input: { show: "all" } });
      expect(inbox.items.map((i) => i.title)).toEqual(["Quiet: 2 events"]);

      // The next morning: nothing arrived, nothing is sent.
      desk.clock.at = Date.parse("2026-12-03T03:00:00Z");
      await runDueDeliveries({ ctx, tuning: FAST });
      expect(receiver.hooks).toHaveLength(1);

      // During the session the same rule is instant.
      desk.clock.at = Date.parse("2026-12-03T05:00:00Z"); // 10:30 IST
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("TCS") } });
      await runDueDeliveries({ ctx, tuning: FAST });
      expect(receiver.hooks.at(-1)?.body).toMatchObject({ type: "alert.event" });
    } finally {
      await receiver.close();
      await desk.close();
    }
  });

  it("e-mails through a real SMTP conversation with a one-click unsubscribe; an unreachable SMTP host fails the attempt and blocks no other channel", async () => {
    const smtp = await startSmtpReceiver();
    const desk = await deskAt("2026-12-01T05:00:00Z", { smtpUrl: smtp.url });
    try {
      const ctx = desk.ctx;
      const { user, accountId } = await userWithKey(ctx);
      const mail = await createAlertEndpoint({ ctx, user, input: { channel: "email", address: "Trader@Example.test" } });
      const rule = await createAlertRule({ ctx, user, input: { name: "Mail me", scope: { symbols: ["RELIANCE"] }, kinds: [{ product: "announcements", keywords: ["board approv*"] }], channels: { inbox: true, endpointIds: [mail.id] } } });
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("RELIANCE") } });
      await runDueDeliveries({ ctx, tuning: FAST });
      expect(smtp.mails).toHaveLength(1);
      const raw = smtp.mails[0]?.raw ?? "";
      expect(smtp.mails[0]?.to).toEqual(["trader@example.test"]);
      expect(raw).toMatch(/^Subject: RELIANCE: Financial Results/m);
      expect(raw).toContain("Content-Type: text/html");
      const link = /List-Unsubscribe:\s*<(http:\/\/desk\.test\/api\/alert-unsubscribe\/[^>]+)>/.exec(raw.replace(/\r?\n\s+/g, ""))?.[1];
      expect(link).toBeTruthy();
      expect(raw.replace(/\r?\n\s+/g, " ")).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(await getInboxUnread({ ctx, user })).toEqual({ unread: 1 });

      // Opening the link (or a mail scanner fetching it) changes nothing: it asks to confirm with a POST.
      const channelsNow = async () => JSON.parse((await alertDb({ ctx }).selectFrom("alert_rules").select("channels").where("id", "=", rule.id).executeTakeFirstOrThrow()).channels) as unknown;
      const opened = await deskRoute("alertUnsubscribe", { ctx })(new Request(link ?? ""));
      expect(opened.status).toBe(200);
      const confirm = await opened.text();
      expect(confirm).toContain("Mail me");
      expect(confirm).toMatch(/<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">/);
      expect(await channelsNow()).toEqual({ inbox: true, endpointIds: [mail.id] });
      // RFC 8058 one-click POST, as a mail provider's server sends it (no Origin, no session): a forged token, or a
      // body without List-Unsubscribe=One-Click, changes nothing.
      const post = (url: string, body: string) => deskRoute("alertUnsubscribeOneClick", { ctx })(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }));
      const forged = `${(link ?? "").slice(0, -1)}${(link ?? "").endsWith("A") ? "B" : "A"}`;
      expect((await post(forged, "List-Unsubscribe=One-Click")).status).toBe(404);
      const empty = await post(link ?? "", "");
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain("List-Unsubscribe=One-Click");
      expect(await channelsNow()).toEqual({ inbox: true, endpointIds: [mail.id] });
      const response = await post(link ?? "", "List-Unsubscribe=One-Click");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Unsubscribed");
      expect(await channelsNow()).toEqual({ inbox: true, endpointIds: [] });
      const again = await deskRoute("alertUnsubscribe", { ctx })(new Request(link ?? ""));
      expect(await again.text()).toContain("Already unsubscribed");

      // The SMTP host goes away: the e-mail attempt fails (and will retry); the inbox still gets its item.
      await smtp.close();
      await createAlertRule({ ctx, user, input: { name: "Mail again", scope: { symbols: ["RELIANCE"] }, kinds: [{ product: "announcements" }], channels: { inbox: true, endpointIds: [mail.id] } } });
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("RELIANCE") } });
      await runDueDeliveries({ ctx, tuning: { ...FAST, retryDelaysMs: [60_000] } });
      const failed = await alertDb({ ctx }).selectFrom("alert_attempts").selectAll().where("user_id", "=", user.id).where("channel", "=", "email").where("status", "=", "failed").execute();
      expect(failed).toHaveLength(1);
      expect(failed[0]?.error).toMatch(/^SMTP: .*(ECONNREFUSED|connect)/i);
      expect(await getInboxUnread({ ctx, user })).toEqual({ unread: 3 }); // both rules post to the inbox
    } finally {
      await desk.close();
    }
  });

  it("refuses bad input with clear messages: a private webhook address in production, an invalid Telegram token, an unlisted symbol", async () => {
    const desk = await createTestDesk({ config: { alphaBaseUrl: service.url } });
    try {
      const ctx = desk.ctx;
      const { user } = await userWithKey(ctx);
      for (const url of ["http://127.0.0.1:8080/hook", "http://10.1.2.3/hook", "http://localhost/x", "http://[::1]/x", "http://169.254.169.254/latest/meta-data"]) {
        await expect(createAlertEndpoint({ ctx, user, input: { channel: "webhook", url } })).rejects.toThrow(/private or loopback address/);
      }
      await expect(createAlertEndpoint({ ctx, user, input: { channel: "webhook", url: "ftp://example.com/x" } })).rejects.toThrow(/https:\/\//);
      await expect(createAlertEndpoint({ ctx, user, input: { channel: "telegram", token: "not-a-token", chatId: "12345" } })).rejects.toThrow(/not a Telegram bot token/);
      await expect(createAlertEndpoint({ ctx, user, input: { channel: "email", address: "a@b.test" } })).rejects.toThrow(/DESK_SMTP_URL/);
      await expect(createAlertRule({ ctx, user, input: { name: "x", scope: { symbols: ["NOTLISTED9"] }, kinds: [{ product: "alerts" }], channels: { inbox: true } } })).rejects.toThrow(/does not list NOTLISTED9/);
    } finally {
      await desk.close();
    }
  });

  it("follows a shared watchlist through the live stream: a member symbol's filing arrives, and after its removal the next does not", async () => {
    const desk = await deskAt(new Date().toISOString());
    desk.clock.at = Number.NaN;
    const ctx = { ...desk.ctx, now: () => new Date() };
    const receiver = await startWebhookReceiver();
    const engine = startAlertEngine({ ctx, options: { refreshMs: 60_000, tickMs: 100, delivery: FAST, live: { ...(await import("../live/relay")).DEFAULT_LIVE_TUNING, backoffInitialMs: 50 } } });
    try {
      const admin = await makeUser(ctx, "admin");
      const { user } = await userWithKey(ctx);
      const list = await createWatchlist({ ctx, user: admin, input: { name: randomName("team"), items: [{ symbol: "HDFCBANK" }] } });
      await setWatchlistSharing({ ctx, user: admin, input: { id: list.id, sharing: "team_read" } });
      const endpoint = await createAlertEndpoint({ ctx, user, input: { channel: "webhook", url: receiver.url } });
      receiver.secret.value = endpoint.secret ?? "";
      await createAlertRule({ ctx, user, input: { name: "Team list", scope: { watchlistIds: [list.id] }, kinds: [{ product: "announcements" }], channels: { inbox: true, endpointIds: [endpoint.id] } } });
      await addWatchlistItems({ ctx, user: admin, id: list.id, input: { items: [{ symbol: "ITC" }] } });
      await engine.refresh();
      const until = async (check: () => boolean | Promise<boolean>, what: string) => {
        const deadline = Date.now() + 15_000;
        while (!(await check())) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      // The socket subscribes asynchronously: store filings until the first one comes through.
      let first: { id: string } | null = null;
      await until(async () => {
        if (receiver.hooks.length) return true;
        first = recordLiveEvent(service, { product: "announcements", symbol: "HDFCBANK" }) as { id: string };
        await new Promise((r) => setTimeout(r, 300));
        return receiver.hooks.length > 0;
      }, "the first filing at the webhook");
      expect(first).not.toBeNull();
      expect(receiver.hooks[0]?.verified).toBe(true);
      await until(async () => (await getInboxUnread({ ctx, user })).unread > 0, "the inbox item");

      await removeWatchlistItem({ ctx, user: admin, id: list.id, symbol: "HDFCBANK" });
      const before = receiver.hooks.length;
      const gone = recordLiveEvent(service, { product: "announcements", symbol: "HDFCBANK" }) as { id: string };
      const still = recordLiveEvent(service, { product: "announcements", symbol: "ITC" }) as { id: string };
      await until(() => receiver.hooks.some((h) => JSON.stringify(h.body).includes(still.id)), "the ITC filing");
      expect(receiver.hooks.slice(before).some((h) => JSON.stringify(h.body).includes(gone.id))).toBe(false);
    } finally {
      engine.stop();
      await receiver.close();
      await desk.close();
    }
  });
});

const pgUp = await postgresAvailable(process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL);

describe.runIf(pgUp)("two desk instances on PostgreSQL", () => {
  it("store and send each event once per channel, and a claim left by an instance that died mid-send is sent again under the same id", async () => {
    const schema = `desk_i43_${Math.random().toString(16).slice(2, 10)}`;
    const clock = { at: Date.parse("2026-12-01T05:00:00Z") };
    const make = () =>
      createDeskContext({
        databaseUrl: process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL,
        pgSchema: schema,
        secrets: { authSecret: "s".repeat(43), encryptionKey: Buffer.alloc(32, 7) },
        now: () => new Date(clock.at),
        config: { alphaBaseUrl: service.url, delivery: { smtpUrl: null, mailFrom: "d@x.test", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 } },
      });
    const a = await make();
    const b = await make();
    const receiver = await startWebhookReceiver();
    try {
      const { user, accountId } = await userWithKey(a);
      const endpoint = await createAlertEndpoint({ ctx: a, user, input: { channel: "webhook", url: receiver.url } });
      receiver.secret.value = endpoint.secret ?? "";
      const rule = await createAlertRule({ ctx: a, user, input: { name: "Twice", scope: { symbols: ["TCS"] }, kinds: [{ product: "announcements" }], channels: { inbox: true, endpointIds: [endpoint.id] } } });
      for (let n = 0; n < 5; n++) {
        const row = filing("TCS");
        await Promise.all([ingestEvent({ ctx: a, input: { accountId, product: "announcements", row } }), ingestEvent({ ctx: b, input: { accountId, product: "announcements", row } })]);
        await Promise.all([runDueDeliveries({ ctx: a, tuning: FAST }), runDueDeliveries({ ctx: b, tuning: FAST }), runDueDeliveries({ ctx: a, tuning: FAST }), runDueDeliveries({ ctx: b, tuning: FAST })]);
      }
      expect(receiver.hooks).toHaveLength(5);
      expect(new Set(receiver.hooks.map((h) => h.id)).size).toBe(5);
      expect((await listInbox({ ctx: a, user, input: { show: "all" } })).items).toHaveLength(5);
      const attempts = await attemptsOf(a, rule.id);
      expect(attempts.filter((x) => x.status === "delivered")).toHaveLength(10);

      // Instance A claims a delivery and dies before recording the outcome (its claim and its ledger row stay).
      const row = filing("TCS");
      await ingestEvent({ ctx: a, input: { accountId, product: "announcements", row } });
      const db = alertDb({ ctx: a });
      const pending = await db.selectFrom("alert_deliveries").selectAll().where("status", "=", "pending").where("target", "=", endpoint.id).executeTakeFirstOrThrow();
      await db.updateTable("alert_deliveries").set({ status: "sending", claimed_by: a.instanceId, claimed_until: new Date(clock.at + 60_000).toISOString(), attempts: 1 }).where("id", "=", pending.id).execute();
      await db.insertInto("alert_attempts").values({ id: `att_dead_${pending.id}`, delivery_id: pending.id, rule_id: rule.id, user_id: user.id, channel: "webhook", target: endpoint.id, event_key: pending.event_key, attempt: 1, status: "sending", http_status: null, latency_ms: null, error: null, started_at: new Date(clock.at).toISOString(), finished_at: null }).execute();
      await runDueDeliveries({ ctx: b, tuning: FAST });
      expect(receiver.hooks).toHaveLength(5); // the claim holds
      clock.at += 61_000;
      await runDueDeliveries({ ctx: b, tuning: FAST });
      await runDueDeliveries({ ctx: b, tuning: FAST });
      const ledger = await db.selectFrom("alert_attempts").select(["attempt", "status"]).where("delivery_id", "=", pending.id).orderBy("attempt").execute();
      expect(ledger).toEqual([
        { attempt: 1, status: "interrupted" },
        { attempt: 2, status: "delivered" },
      ]);
      expect(receiver.hooks.filter((h) => h.id === pending.id)).toHaveLength(1);
    } finally {
      await receiver.close();
      const { sql } = await import("kysely");
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(a.db).catch(() => undefined);
      await b.close();
      await a.close();
    }
  });
});
