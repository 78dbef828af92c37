/**
 * One desk instance of the cluster bench, in its own process: the desk's real GET /api/live handler (deskRoute
 * "live") on node:http. Prints one JSON line with its URL when listening; answers { type: "memory" } over IPC.
 * argv: <serviceUrl> <settings JSON: { sqlitePath? , databaseUrl?, pgSchema?, redisUrl?, redisPrefix?, authSecret, encryptionKey }>
 * Runs under `--conditions=react-server` (lib/server's "server-only" guard).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createDeskContext } from "../../lib/server/core/context";
import { serveLive } from "../../lib/server/live/relay";
import { deskRoute } from "../../lib/server/routes";

const [serviceUrl, settingsText] = process.argv.slice(2);
if (!serviceUrl || !settingsText) throw new Error("usage: desk.ts <serviceUrl> <settings>");
const settings = JSON.parse(settingsText) as {
  sqlitePath?: string;
  databaseUrl?: string;
  pgSchema?: string;
  redisUrl?: string;
  redisPrefix?: string;
  authSecret: string;
  encryptionKey: string;
};
const ctx = await createDeskContext({
  ...(settings.sqlitePath ? { sqlitePath: settings.sqlitePath } : {}),
  databaseUrl: settings.databaseUrl,
  ...(settings.pgSchema ? { pgSchema: settings.pgSchema } : {}),
  redisUrl: settings.redisUrl,
  ...(settings.redisPrefix ? { redisPrefix: settings.redisPrefix } : {}),
  secrets: { authSecret: settings.authSecret, encryptionKey: Buffer.from(settings.encryptionKey, "base64") },
  config: { alphaBaseUrl: serviceUrl },
});
const live = deskRoute("live", { ctx, serve: (args) => serveLive({ ...args, tuning: { keepAliveMs: 60_000 } }) });
const server = await new Promise<Server>((resolve) => {
  const s = serve({ fetch: (req: Request) => live(req), hostname: "127.0.0.1", port: 0 }, () => resolve(s as Server)) as Server;
});
// The bench asks for this process's memory over IPC, after a full collection (started with --expose-gc).
process.on("message", (m: { type: string; id: number }) => {
  if (m.type !== "memory") return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ type: "memory", id: m.id, memory: { rss, heapUsed, external, arrayBuffers } });
});
console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on("SIGTERM", () => void ctx.close().finally(() => process.exit(0)));
