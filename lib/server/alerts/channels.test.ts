import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { alertDb } from "../core/alert-tables";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { sendWebhook } from "../delivery/webhook";
import { listInbox } from "../inbox/inbox";
import { deskRoute } from "../routes";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, createTestDesk, makeAccount, makeUser, randomName, withService } from "@/test/support/desk";
import { startWebhookReceiver } from "@/test/support/receivers";
import { startPushService } from "@/test/support/push-receiver";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@/test/support/desk";
import { DEFAULT_DELIVERY_TUNING, ingestEvent, runDueDeliveries } from "./deliver";
import { createAlertEndpoint, createAlertRule } from "./rules";

/** Channels at their edges: a day of failures pauses an endpoint, Telegram's Bot API, huge answers, "send again". */

let service: RunningServer;
withService((started) => (service = started));

async function deskAt(iso: string, telegramApiUrl = "http://127.0.0.1:9"): Promise<TestDesk & { clock: { at: number } }> {
  const clock = { at: Date.parse(iso) };
  const desk = await createTestDesk({
    now: () => new Date(clock.at),
    config: { alphaBaseUrl: service.url, delivery: { smtpUrl: null, mailFrom: "d@x.test", telegramApiUrl, allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 } },
  });
  return Object.assign(desk, { clock });
}

async function userWithKey(ctx: DeskContext) {
  const account = makeAccount(service);
  const user = await makeUser(ctx);
  await saveAlphaKey({ ctx, userId: user.id, key: account.key });
  return { user, ...account };
}

const filing = (symbol: string) => ({ id: randomName("ann"), symbol, category: "Outcome of Board Meeting", summary: `${symbol} outcome`, important: true });

describe("delivery channels", () => {
  it("a webhook failing for a day is paused and its owner told in the inbox, while the inbox channel of the same rule goes through", async () => {
    const desk = await deskAt("2026-12-01T05:00:00Z");
    const receiver = await startWebhookReceiver(Array.from({ length: 50 }, () => 503));
    try {
      const ctx = desk.ctx;
      const { user, accountId } = await userWithKey(ctx);
      const endpoint = await createAlertEndpoint({ ctx, user, input: { channel: "webhook", url: receiver.url } });
      receiver.secret.value = endpoint.secret ?? "";
      const rule = await createAlertRule({ ctx, user, input: { name: "Board", scope: { symbols: ["TCS"] }, kinds: [{ product: "announcements" }], channels: { inbox: true, endpointIds: [endpoint.id] } } });
      const tuning = { ...DEFAULT_DELIVERY_TUNING, retryDelaysMs: Array.from({ length: 30 }, () => 3_600_000) };
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("TCS") } });
      await runDueDeliveries({ ctx, tuning });
      expect((await listInbox({ ctx, user, input: { show: "all" } })).items.map((i) => i.kind)).toEqual(["alert"]);
      for (let hour = 1; hour <= 25; hour++) {
        desk.clock.at += 3_600_000;
        await runDueDeliveries({ ctx, tuning });
      }
      const row = await alertDb({ ctx }).selectFrom("alert_endpoints").selectAll().where("id", "=", endpoint.id).executeTakeFirstOrThrow();
      expect(row.paused_at).not.toBeNull();
      const notices = (await listInbox({ ctx, user, input: { show: "all" } })).items.filter((i) => i.kind === "delivery");
      expect(notices).toHaveLength(1);
      expect(notices[0]?.title).toMatch(/^Paused 127\.0\.0\.1/);
      // Paused: nothing more is sent to it; the ledger says why.
      const sent = receiver.hooks.length;
      desk.clock.at += 3_600_000;
      await runDueDeliveries({ ctx, tuning });
      expect(receiver.hooks).toHaveLength(sent);
      const delivery = await alertDb({ ctx }).selectFrom("alert_deliveries").selectAll().where("rule_id", "=", rule.id).where("target", "=", endpoint.id).executeTakeFirstOrThrow();
      expect([delivery.status, delivery.reason]).toEqual(["failed", "the endpoint is paused"]);

      // Resumed and asked to send again (the ledger page's button), it goes out under the same id.
      await deskRoute("resumeAlertEndpoint", { ctx })(await browserRequest(ctx, user, `/api/alert-endpoints/${endpoint.id}/resume`, { method: "POST" }));
      receiver.hooks.length = 0;
      receiver.answers.length = 0;
      const again = await deskRoute("resendDelivery", { ctx })(await browserRequest(ctx, user, `/api/alert-deliveries/${delivery.id}/resend`, { method: "POST" }));
      expect(again.status).toBe(200);
      await runDueDeliveries({ ctx, tuning });
      expect(receiver.hooks.map((h) => h.id)).toEqual([delivery.id]);
      const page = await deskRoute("listDeliveries", { ctx })(await browserRequest(ctx, user, `/api/alert-deliveries?rule=${rule.id}&channel=webhook`));
      const rows = ((await page.json()) as { data: { rows: { status: string; deliveryId: string }[] } }).data.rows;
      expect(rows.length).toBeGreaterThan(20);
      expect(rows.every((r) => r.deliveryId === delivery.id)).toBe(true);
    } finally {
      await receiver.close();
      await desk.close();
    }
  });

  it("sends to Telegram through the configured Bot API base URL; a token the Bot API refuses fails without retrying and is never logged", async () => {
    const messages: { path: string; body: { chat_id: string; text: string } }[] = [];
    const good = `123456:${"A".repeat(35)}`;
    const bot = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const ok = req.url === `/bot${good}/sendMessage`;
        if (ok) messages.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as { chat_id: string; text: string } });
        res.writeHead(ok ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify(ok ? { ok: true, result: {} } : { ok: false, error_code: 401, description: "Unauthorized" }));
      });
    });
    await new Promise<void>((resolve) => bot.listen(0, "127.0.0.1", resolve));
    const desk = await deskAt("2026-12-01T05:00:00Z", `http://127.0.0.1:${(bot.address() as AddressInfo).port}`);
    try {
      const ctx = desk.ctx;
      const { user, accountId } = await userWithKey(ctx);
      const chat = await createAlertEndpoint({ ctx, user, input: { channel: "telegram", token: good, chatId: "-100123" } });
      const wrong = await createAlertEndpoint({ ctx, user, input: { channel: "telegram", token: `654321:${"B".repeat(35)}`, chatId: "42" } });
      expect(chat.label).toBe("Telegram chat -100123");
      await createAlertRule({ ctx, user, input: { name: "TG", scope: { symbols: ["INFY"] }, kinds: [{ product: "announcements" }], channels: { inbox: false, endpointIds: [chat.id, wrong.id] } } });
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("INFY") } });
      await runDueDeliveries({ ctx, tuning: { ...DEFAULT_DELIVERY_TUNING, retryDelaysMs: [0, 0, 0] } });
      await runDueDeliveries({ ctx, tuning: { ...DEFAULT_DELIVERY_TUNING, retryDelaysMs: [0, 0, 0] } });
      expect(messages).toHaveLength(1);
      expect(messages[0]?.body).toMatchObject({ chat_id: "-100123", text: expect.stringContaining("INFY: Outcome of Board Meeting") as unknown });
      const failed = await alertDb({ ctx }).selectFrom("alert_attempts").selectAll().where("target", "=", wrong.id).execute();
      expect(failed.map((f) => [f.status, f.http_status])).toEqual([["failed", 401]]);
      expect(failed[0]?.error).toBe("Telegram: Unauthorized");
      const stored = await alertDb({ ctx }).selectFrom("alert_endpoints").select("secret").where("id", "=", chat.id).executeTakeFirstOrThrow();
      expect(stored.secret).not.toContain(good);
    } finally {
      await desk.close();
      await new Promise<void>((resolve) => bot.close(() => resolve()));
    }
  });

  it("sends Web Push with the desk's VAPID keys (made once into the data folder), encrypted for the subscription; an ended subscription fails for good", async () => {
    const push = await startPushService();
    const vapidFile = join(tempDir(), "vapid.json");
    const clock = { at: Date.parse("2026-12-01T05:00:00Z") };
    const desk = await createTestDesk({ now: () => new Date(clock.at), config: { alphaBaseUrl: service.url, delivery: { smtpUrl: null, mailFrom: "d@x.test", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000, vapidFile } } });
    try {
      const ctx = desk.ctx;
      const { user, accountId } = await userWithKey(ctx);
      const vapid = await deskRoute("getVapidKey", { ctx })(await browserRequest(ctx, user, "/api/push/vapid-key"));
      const publicKey = ((await vapid.json()) as { data: { publicKey: string } }).data.publicKey;
      expect(existsSync(vapidFile)).toBe(true);
      expect(statSync(vapidFile).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(vapidFile, "utf8"))).toMatchObject({ publicKey });
      const endpoint = await createAlertEndpoint({ ctx, user, input: { channel: "push", subscription: push.subscription, label: "Chromium" } });
      await expect(createAlertEndpoint({ ctx, user, input: { channel: "push", subscription: push.subscription } })).rejects.toThrow(/already receives/);
      await createAlertRule({ ctx, user, input: { name: "Push", scope: { symbols: ["TCS"] }, kinds: [{ product: "announcements" }], channels: { inbox: false, endpointIds: [endpoint.id] } } });
      const row = filing("TCS");
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row } });
      await runDueDeliveries({ ctx, tuning: DEFAULT_DELIVERY_TUNING });
      expect(push.pushes).toHaveLength(1);
      expect(push.pushes[0]).toMatchObject({ vapidOk: true, vapidKey: publicKey, payload: { title: "TCS: Outcome of Board Meeting", body: "TCS outcome", href: "/announcements?symbols=TCS" } });

      push.status.next = 410;
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: filing("TCS") } });
      await runDueDeliveries({ ctx, tuning: DEFAULT_DELIVERY_TUNING });
      const last = await alertDb({ ctx }).selectFrom("alert_deliveries").selectAll().where("target", "=", endpoint.id).orderBy("created_at", "desc").orderBy("id", "desc").execute();
      expect(last.map((d) => d.status).sort()).toEqual(["delivered", "failed"]);
      expect(last.find((d) => d.status === "failed")?.reason).toMatch(/subscription has ended/);
    } finally {
      await push.close();
      await desk.close();
    }
  });

  it("a receiver answering 10 MB is not read to the end: a 200 is delivered, a 500 is a failure that says so", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 120);
    let status = 200;
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(status, { "content-type": "text/plain" }).end(big));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const sent = await sendWebhook({ url, secret: "whsec_" + Buffer.alloc(24, 1).toString("base64"), id: "msg_1", payload: { a: 1 }, timeoutMs: 3_000, allowPrivate: true });
      expect(sent).toMatchObject({ ok: true, status: 200 });
      status = 500;
      const refused = await sendWebhook({ url, secret: "whsec_" + Buffer.alloc(24, 1).toString("base64"), id: "msg_2", payload: { a: 1 }, timeoutMs: 3_000, allowPrivate: true });
      expect(refused).toMatchObject({ ok: false, status: 500, error: "answered 500 with more than 64 KB" });
      const blocked = await sendWebhook({ url, secret: "whsec_" + Buffer.alloc(24, 1).toString("base64"), id: "msg_3", payload: {}, timeoutMs: 3_000, allowPrivate: false });
      expect(blocked).toMatchObject({ ok: false, permanent: true });
      expect(blocked.error).toMatch(/private or loopback/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
