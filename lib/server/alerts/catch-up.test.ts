import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordLiveEvent } from "@/scripts/live-events";
import { alertDb } from "../core/alert-tables";
import { createDeskContext, type DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { listInbox } from "../inbox/inbox";
import { DEFAULT_LIVE_TUNING } from "../live/relay";
import { makeUserWithKey, tempDir, withService } from "@/test/support/desk";
import { startWebhookReceiver } from "@/test/support/receivers";
import { watermarkKey } from "./catch-up";
import { DEFAULT_DELIVERY_TUNING } from "./deliver";
import { startAlertEngine } from "./engine";
import { createAlertEndpoint, createAlertRule } from "./rules";

let service: RunningServer;
withService((started) => (service = started));

const FAST = { ...DEFAULT_DELIVERY_TUNING, retryDelaysMs: [0, 0, 0] };

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("catching up after the desk was down", () => {
  it("sends a filing stored upstream while the desk was stopped once it starts, inside each rule's window, once per channel across restarts; outside a window it is skipped with the reason", async () => {
    const sqlitePath = join(tempDir(), "desk.db");
    const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
    const delivery = { smtpUrl: null, mailFrom: "d@x.test", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 };
    const open = () => createDeskContext({ sqlitePath, secrets, config: { alphaBaseUrl: service.url, delivery } });
    const engineOf = (ctx: DeskContext) => startAlertEngine({ ctx, options: { refreshMs: 60_000, tickMs: 100, delivery: FAST, live: { ...DEFAULT_LIVE_TUNING, backoffInitialMs: 50 } } });
    const receiver = await startWebhookReceiver();
    const hooksOf = (id: string) => receiver.hooks.filter((h) => JSON.stringify(h.body).includes(id)).length;
    let ctx = await open();
    let engine = engineOf(ctx);
    try {
      const { user, accountId } = await makeUserWithKey({ ctx, service });
      const endpoint = await createAlertEndpoint({ ctx, user, input: { channel: "webhook", url: receiver.url } });
      receiver.secret.value = endpoint.secret ?? "";
      const kinds = [{ product: "announcements" as const }];
      const wide = await createAlertRule({ ctx, user, input: { name: "Six hours", scope: { symbols: ["TCS"] }, kinds, timing: { catchUpHours: 6 }, channels: { inbox: true, endpointIds: [endpoint.id] } } });
      const narrow = await createAlertRule({ ctx, user, input: { name: "One hour", scope: { symbols: ["TCS"] }, kinds, timing: { catchUpHours: 1 }, channels: { inbox: false, endpointIds: [endpoint.id] } } });
      const never = await createAlertRule({ ctx, user, input: { name: "Live only", scope: { symbols: ["TCS"] }, kinds, channels: { inbox: false, endpointIds: [endpoint.id] } } });
      await engine.refresh();

      // Running: the stream connects (filings stored until one comes through live) and the engine marks it followed.
      await until(async () => {
        if (receiver.hooks.length) return true;
        recordLiveEvent(service, { product: "announcements", symbol: "TCS" });
        await new Promise((r) => setTimeout(r, 300));
        return receiver.hooks.length > 0;
      }, "a live filing at the webhook");
      await engine.refresh();
      const key = watermarkKey(accountId, "announcements");
      const mark = await alertDb({ ctx }).selectFrom("alert_watermarks").selectAll().where("channel", "=", key).executeTakeFirst();
      expect(Date.now() - Date.parse(mark?.seen_until ?? "")).toBeLessThan(5_000);

      // The desk stops. It was last following three hours ago, as far as its mark says; two filings are stored
      // upstream meanwhile: one two hours ago, one now.
      engine.stop();
      await ctx.close();
      ctx = await open();
      await alertDb({ ctx }).updateTable("alert_watermarks").set({ seen_until: new Date(Date.now() - 3 * 3_600_000).toISOString() }).where("channel", "=", key).execute();
      await ctx.close();
      const earlier = recordLiveEvent(service, { product: "announcements", symbol: "TCS", atMs: Date.now() - 2 * 3_600_000 }) as { id: string };
      const latest = recordLiveEvent(service, { product: "announcements", symbol: "TCS" }) as { id: string };
      expect(hooksOf(earlier.id) + hooksOf(latest.id)).toBe(0);

      // It starts again: both are read and sent where the rule's window reaches, and the ledger says why not elsewhere.
      ctx = await open();
      engine = engineOf(ctx);
      await engine.refresh();
      await until(() => hooksOf(latest.id) === 2 && hooksOf(earlier.id) === 1, "the caught-up filings at the webhook");
      const rows = async (id: string) =>
        (await alertDb({ ctx }).selectFrom("alert_deliveries").select(["rule_id", "target", "status", "reason"]).where("event_key", "=", `announcements:${id}`).execute()).map((r) => ({ ...r, rule: r.rule_id === wide.id ? "wide" : r.rule_id === narrow.id ? "narrow" : r.rule_id === never.id ? "never" : r.rule_id }));
      const settled = async (id: string) => (await rows(id)).every((r) => r.status !== "pending" && r.status !== "sending");
      await until(async () => (await settled(latest.id)) && (await settled(earlier.id)), "the deliveries settled");
      const byRule = (list: Awaited<ReturnType<typeof rows>>) => Object.fromEntries(list.map((r) => [`${r.rule}:${r.target === "inbox" ? "inbox" : "webhook"}`, { status: r.status, reason: r.reason }]));
      expect(byRule(await rows(latest.id))).toEqual({
        "wide:inbox": { status: "delivered", reason: null },
        "wide:webhook": { status: "delivered", reason: null },
        "narrow:webhook": { status: "delivered", reason: null },
        "never:webhook": { status: "skipped", reason: "missed while the desk was down: this rule does not catch up" },
      });
      expect(byRule(await rows(earlier.id))).toEqual({
        "wide:inbox": { status: "delivered", reason: null },
        "wide:webhook": { status: "delivered", reason: null },
        "narrow:webhook": { status: "skipped", reason: "missed while the desk was down: older than the rule's 1 h catch-up window" },
        "never:webhook": { status: "skipped", reason: "missed while the desk was down: this rule does not catch up" },
      });
      // The messages say they are late (the two, and any filing of the first loop stored before the socket was up).
      const inbox = await listInbox({ ctx, user, input: { show: "all" } });
      const late = inbox.items.filter((i) => i.body?.includes("Sent late: stored while the desk was down.")).length;
      expect(late).toBeGreaterThanOrEqual(2);
      const hooksBefore = receiver.hooks.length;
      const hook = receiver.hooks.find((h) => JSON.stringify(h.body).includes(latest.id));
      expect(JSON.stringify(hook?.body)).toContain('"caughtUp":true');

      // Another restart reads the same stretch again (its mark is a minute early on purpose): nothing is sent twice.
      await engine.refresh();
      engine.stop();
      await ctx.close();
      ctx = await open();
      engine = engineOf(ctx);
      await engine.refresh();
      await engine.tick();
      await new Promise((r) => setTimeout(r, 1_000));
      expect([hooksOf(latest.id), hooksOf(earlier.id)]).toEqual([2, 1]);
      expect(receiver.hooks.length).toBe(hooksBefore);
      expect((await listInbox({ ctx, user, input: { show: "all" } })).items.filter((i) => i.body?.includes("Sent late"))).toHaveLength(late);
    } finally {
      engine.stop();
      await ctx.close().catch(() => undefined);
      await receiver.close();
    }
  }, 60_000);
});
