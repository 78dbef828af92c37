/**
 * A desk process for the alert crash test: it opens the desk's SQLite file and runs one delivery pass, whose webhook
 * the test's receiver holds unanswered; the test kills it with SIGKILL mid-send.
 * Run with `node --import tsx --conditions=react-server`.
 */
import { createDeskContext } from "../../lib/server/core/context";
import { DEFAULT_DELIVERY_TUNING, runDueDeliveries } from "../../lib/server/alerts/deliver";

const env = JSON.parse(process.env.ALERT_DELIVERY_PROCESS ?? "{}") as { sqlitePath: string; serviceUrl: string; authSecret: string; encryptionKey: string };

const ctx = await createDeskContext({
  sqlitePath: env.sqlitePath,
  secrets: { authSecret: env.authSecret, encryptionKey: Buffer.from(env.encryptionKey, "base64") },
  config: { alphaBaseUrl: env.serviceUrl, delivery: { smtpUrl: null, mailFrom: "d@x.test", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 60_000 } },
});
process.stdout.write("ready\n");
await runDueDeliveries({ ctx, tuning: { ...DEFAULT_DELIVERY_TUNING, claimMs: 5_000 } });
process.stdout.write("finished\n");
