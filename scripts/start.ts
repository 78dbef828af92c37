/**
 * `npm start`: without ALPHA_BASE_URL, the embedded service, a demo team and the desk (built when stale); with it, just
 * the desk. Refuses at once when the port or the data folder is in use.
 */
import { join } from "node:path";
import type { RunningServer } from "../service/server";
import { ensurePortFree, lockDataDir, StartRefused, type DataDirLock } from "./start-guard";
import { MARKET_CALENDAR_FILE_NAME } from "../lib/market/calendar";
import { deskEnv, embeddedServiceConfig, ensureDemo, syncCalendarFile, hasFreshBuild, openDesk, ROOT, runNextBuild, startEmbeddedService, startNext, waitForHttp } from "./embedded";

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? "127.0.0.1";
const dataDir = env.DESK_DATA_DIR ?? join(ROOT, "data");
const deskUrl = env.DESK_URL ?? `http://${host}:${port}`;

let service: RunningServer | null = null;
let dataLock: DataDirLock | null = null;
let stopping = false;
process.on("exit", () => dataLock?.release());

async function main(): Promise<void> {
  await ensurePortFree(host, port);
  dataLock = lockDataDir(dataDir);
  let alphaBaseUrl = env.ALPHA_BASE_URL;
  let demo: { email: string; password: string; member?: { email: string; password: string } } | null = null;
  if (!alphaBaseUrl) {
    service = await startEmbeddedService(embeddedServiceConfig(env, dataDir));
    alphaBaseUrl = service.url;
    console.log(`Alpha service (embedded) on ${service.url}`);
    const desk = await openDesk({ dataDir, databaseUrl: env.DATABASE_URL, authSecret: env.AUTH_SECRET, encryptionKey: env.DESK_ENCRYPTION_KEY }, alphaBaseUrl);
    try {
      await syncCalendarFile(desk, join(dataDir, MARKET_CALENDAR_FILE_NAME));
      const login = await ensureDemo(desk, service, dataDir);
      demo = login;
      if (login.created) console.log("Created the demo account, its key (stored encrypted in the desk) and the demo desk user.");
    } finally {
      await desk.close();
    }
  }

  const childEnv = deskEnv(env, {
    ALPHA_BASE_URL: alphaBaseUrl,
    DESK_DATA_DIR: dataDir,
    DESK_DEMO_MODE: demo ? "1" : undefined,
    PORT: String(port),
  });
  // Who signs in comes first: the build below may take a minute, and its own report goes to a file.
  if (demo) printSignIn(demo);
  if (!hasFreshBuild()) {
    const logFile = join(dataDir, "next-build.log");
    console.log(`Building the desk (next build); this takes a minute the first time (its report: ${logFile})...`);
    await runNextBuild({ ...childEnv, NODE_ENV: "production" }, { logFile });
  }
  // Checked again after a build that may have taken a minute: the readiness probe must be answered by our own desk.
  await ensurePortFree(host, port);
  const next = startNext({ port, host, env: childEnv });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    next.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  next.on("exit", (code) => {
    stopping = true;
    void (service?.close() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
  });
  await waitForHttp(`http://${host}:${port}/`, next);
  console.log(`\nAlpha Desk is ready: ${deskUrl}`);
  if (demo) console.log(`Sign in as ${demo.email} (password above, and on the sign-in page).`);
  console.log("Press Ctrl-C to stop.\n");
}

function printSignIn(demo: { email: string; password: string; member?: { email: string; password: string } }): void {
  console.log(`\nSign in at ${deskUrl} as ${demo.email} with the password ${demo.password} (also shown on the sign-in page).`);
  if (demo.member) console.log(`The demo team's member: ${demo.member.email} with the password ${demo.member.password}; they use the organisation key.`);
  console.log("");
}

main().catch(async (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof StartRefused ? `npm start refused: ${message}` : `npm start failed: ${message}`);
  await service?.close();
  process.exit(1);
});
