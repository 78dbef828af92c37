/**
 * The desk side of the alerts bench, in a process of its own so its CPU is its own: the real alert engine (live
 * channels, ingest, claims, sends) on the bench's desk database, with the engine's default timings. The parent asks
 * for its CPU time over IPC ("cpu") and stops it ("stop").
 */
import { createDeskContext } from "../../lib/server/core/context";
import { startAlertEngine } from "../../lib/server/alerts/engine";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const ctx = await createDeskContext({
  sqlitePath: env("BENCH_DESK_DB"),
  secrets: { authSecret: env("BENCH_AUTH_SECRET"), encryptionKey: Buffer.from(env("BENCH_ENCRYPTION_KEY"), "base64") },
  config: { alphaBaseUrl: env("BENCH_ALPHA_URL"), delivery: { smtpUrl: null, mailFrom: "bench@example.test", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 } },
});
const engine = startAlertEngine({ ctx });
process.on("message", (message: unknown) => {
  if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
  if (message === "stop") {
    engine.stop();
    void ctx.close().finally(() => process.exit(0));
  }
});
process.send?.({ ready: true });
