/**
 * `npm run cluster`: two desk instances on the local PostgreSQL and Redis behind a round-robin proxy, with the embedded
 * service, for trying several instances on one machine (PORT, HOST, CLUSTER_PORTS, DATABASE_URL, REDIS_URL, DESK_URL,
 * DESK_DATA_DIR, ALPHA_BASE_URL and every ALPHA_SERVICE_* variable, read as `npm start` reads them).
 */
import { createHash } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import pg from "pg";
import { Redis } from "ioredis";
import type { RunningServer } from "../service/server";
import { MARKET_CALENDAR_FILE_NAME } from "../lib/market/calendar";
import { deriveServerActionsKey, loadDeskSecrets } from "../lib/server/core/secrets";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";
import { ensurePortFree, lockDataDir, StartRefused, type DataDirLock } from "./start-guard";
import { deskEnv, embeddedServiceConfig, ensureDemo, hasFreshBuild, openDesk, ROOT, runNextBuild, startEmbeddedService, startNext, syncCalendarFile, waitForHttp } from "./embedded";

const env = process.env;
// The instances listen on the loopback; the proxy on HOST, like `npm start`'s desk.
const host = "127.0.0.1";
const proxyHost = env.HOST ?? host;
const port = Number(env.PORT ?? 3000);
const instancePorts = (env.CLUSTER_PORTS ?? "3101,3102").split(",").map((p) => Number(p.trim()));
const dataDir = env.DESK_DATA_DIR ?? join(ROOT, "data", "cluster");
const databaseUrl = env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/alpha_desk_cluster";
const redisUrl = env.REDIS_URL ?? "redis://127.0.0.1:6379";
const distDir = ".next-cluster";
const deskUrl = env.DESK_URL ?? `http://${proxyHost}:${port}`;

let service: RunningServer | null = null;
let proxy: RoundRobinProxy | null = null;
let dataLock: DataDirLock | null = null;
const desks: ChildProcess[] = [];
let stopping = false;
process.on("exit", () => dataLock?.release());

/** The database named in the URL, created on its server when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.replace(/^\//, "");
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new StartRefused(`DATABASE_URL must name a database (lower-case letters, digits, _), not "${name}"`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.href, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new StartRefused(`PostgreSQL does not answer at ${admin.host}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      console.log(`Created the PostgreSQL database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

async function ensureRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new StartRefused(`Redis does not answer at ${new URL(url).host}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    redis.disconnect();
  }
}

function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const desk of desks) desk.kill("SIGTERM");
  void Promise.allSettled([proxy?.close(), service?.close()]).finally(() => process.exit(code));
}

async function main(): Promise<void> {
  await ensurePortFree(proxyHost, port);
  for (const p of instancePorts) await ensurePortFree(host, p);
  await Promise.all([ensureDatabase(databaseUrl), ensureRedis(redisUrl)]);
  dataLock = lockDataDir(dataDir);

  // Like `npm start`: with ALPHA_BASE_URL, that service; without it, the embedded one with npm start's settings
  // (scripts/embedded.ts), following the market calendar an admin saves (written into the data folder).
  let alphaBaseUrl = env.ALPHA_BASE_URL;
  let demo: { email: string; password: string } | null = null;
  if (!alphaBaseUrl) {
    service = await startEmbeddedService(embeddedServiceConfig(env, dataDir));
    alphaBaseUrl = service.url;
    console.log(`Alpha service (embedded) on ${service.url}`);
    const desk = await openDesk({ dataDir, databaseUrl, authSecret: env.AUTH_SECRET, encryptionKey: env.DESK_ENCRYPTION_KEY }, alphaBaseUrl);
    try {
      await syncCalendarFile(desk, join(dataDir, MARKET_CALENDAR_FILE_NAME));
      demo = await ensureDemo(desk, service, dataDir);
    } finally {
      await desk.close();
    }
  }

  // Every instance of one deploy: the same secrets, the same build (deployment id, server-actions key).
  const secrets = loadDeskSecrets({ dataDir, authSecret: env.AUTH_SECRET, encryptionKey: env.DESK_ENCRYPTION_KEY });
  const serverActionsKey = env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY ?? deriveServerActionsKey(secrets.authSecret);
  const deploymentId = env.NEXT_DEPLOYMENT_ID ?? `cluster-${createHash("sha256").update(serverActionsKey).digest("hex").slice(0, 12)}`;
  const shared = {
    ALPHA_BASE_URL: alphaBaseUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DESK_DATA_DIR: dataDir,
    AUTH_SECRET: secrets.authSecret,
    DESK_ENCRYPTION_KEY: secrets.encryptionKey.toString("base64"),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: serverActionsKey,
    NEXT_DEPLOYMENT_ID: deploymentId,
    NEXT_DIST_DIR: distDir,
    DESK_URL: deskUrl,
    // The proxy sets X-Forwarded-For: one trusted hop.
    DESK_TRUST_PROXY: "1",
    DESK_DEMO_MODE: demo ? "1" : undefined,
  };
  if (!hasFreshBuild(ROOT, distDir)) {
    const logFile = join(dataDir, "next-build.log");
    console.log(`Building the desk into ${distDir} (next build); this takes a minute or two (its report: ${logFile})...`);
    // A build into .next-cluster reads tsconfig.side-build.json and writes no tracked file (next.config.ts).
    await runNextBuild(deskEnv(env, shared), { logFile });
  }
  for (const [i, p] of instancePorts.entries()) {
    const child = startNext({ port: p, host, env: deskEnv(env, { ...shared, PORT: String(p) }) });
    child.on("exit", (code) => {
      if (!stopping) console.error(`desk instance ${i + 1} (port ${p}) exited (${code}); stopping the cluster`);
      stop(code ?? 1);
    });
    desks.push(child);
  }
  await Promise.all(instancePorts.map((p, i) => waitForHttp(`http://${host}:${p}/api/health`, desks[i]!)));
  proxy = await startRoundRobinProxy({ backends: instancePorts.map((p) => `http://${host}:${p}`), port, host: proxyHost });
  console.log(`\nTwo desk instances (${instancePorts.map((p) => `${host}:${p}`).join(", ")}) on PostgreSQL and Redis, behind ${deskUrl}`);
  if (demo) console.log(`Sign in as ${demo.email} with the password ${demo.password}.`);
  console.log(`Each instance answers ${deskUrl}/api/health with its own id.`);
  console.log("Press Ctrl-C to stop.\n");
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof StartRefused ? `npm run cluster refused: ${message}` : `npm run cluster failed: ${message}`);
  stop(1);
});
