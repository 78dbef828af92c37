import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alertDb } from "../core/alert-tables";
import { createDeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { listInbox } from "../inbox/inbox";
import { makeUserWithKey, randomName, tempDir, withService } from "@/test/support/desk";
import { startWebhookReceiver } from "@/test/support/receivers";
import { DEFAULT_DELIVERY_TUNING, ingestEvent, runDueDeliveries } from "./deliver";
import { createAlertEndpoint, createAlertRule } from "./rules";

const ROOT = join(import.meta.dirname, "..", "..", "..");

let service: RunningServer;
withService((started) => (service = started));

describe("a kill -9 of the desk mid-send", () => {
  it("loses nothing and doubles nothing: the inbox item once, the webhook sent again under the same id, the ledger saying so", async () => {
    const sqlitePath = join(tempDir(), "desk.db");
    const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
    const delivery = { smtpUrl: null, mailFrom: "d@x.test", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 };
    // The restarted desk reads the clock 10 s on: the dead process's 5 s claim has run out.
    let skew = 0;
    const ctx = await createDeskContext({ sqlitePath, secrets, now: () => new Date(Date.now() + skew), config: { alphaBaseUrl: service.url, delivery } });
    const receiver = await startWebhookReceiver([0]);
    try {
      const { user, accountId } = await makeUserWithKey({ ctx, service });
      const endpoint = await createAlertEndpoint({ ctx, user, input: { channel: "webhook", url: receiver.url } });
      receiver.secret.value = endpoint.secret ?? "";
      const rule = await createAlertRule({ ctx, user, input: { name: "Crash", scope: { symbols: ["TCS"] }, kinds: [{ product: "announcements" }], channels: { inbox: true, endpointIds: [endpoint.id] } } });
      await ingestEvent({ ctx, input: { accountId, product: "announcements", row: { id: randomName("ann"), symbol: "TCS", category: "Dividend", summary: "interim dividend" } } });

      const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", join(ROOT, "test", "support", "alert-delivery-process.ts")], {
        cwd: ROOT,
        env: { ...process.env, ALERT_DELIVERY_PROCESS: JSON.stringify({ sqlitePath, serviceUrl: service.url, authSecret: secrets.authSecret, encryptionKey: secrets.encryptionKey.toString("base64") }) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      const deadline = Date.now() + 30_000;
      while (receiver.hooks.length === 0) {
        if (Date.now() > deadline) throw new Error("the desk process never sent the webhook");
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill("SIGKILL");
      await exited;

      const db = alertDb({ ctx });
      const before = await db.selectFrom("alert_deliveries").select("status").where("rule_id", "=", rule.id).where("target", "=", endpoint.id).executeTakeFirstOrThrow();
      expect(before.status).toBe("sending");

      skew = 10_000;
      await runDueDeliveries({ ctx, tuning: DEFAULT_DELIVERY_TUNING });
      expect(receiver.hooks).toHaveLength(2);
      expect(new Set(receiver.hooks.map((h) => h.id)).size).toBe(1);
      expect(receiver.hooks.every((h) => h.verified)).toBe(true);
      const ledger = await db.selectFrom("alert_attempts").select(["channel", "attempt", "status"]).where("rule_id", "=", rule.id).orderBy("channel").orderBy("attempt").execute();
      expect(ledger.filter((a) => a.channel === "webhook")).toEqual([
        { channel: "webhook", attempt: 1, status: "interrupted" },
        { channel: "webhook", attempt: 2, status: "delivered" },
      ]);
      // The inbox item is written in the transaction that marks it delivered: however the kill fell, one item.
      expect(ledger.filter((a) => a.channel === "inbox").at(-1)?.status).toBe("delivered");
      expect((await listInbox({ ctx, user, input: { show: "all" } })).items).toHaveLength(1);
      // Another pass sends nothing more.
      await runDueDeliveries({ ctx, tuning: DEFAULT_DELIVERY_TUNING });
      expect(receiver.hooks).toHaveLength(2);
    } finally {
      await receiver.close();
      await ctx.close();
    }
  }, 60_000);
});
