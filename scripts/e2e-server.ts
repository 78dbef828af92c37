/**
 * Playwright's web server: the embedded service and the desk's existing build (`next start` on E2E_PORT), on a fresh
 * data dir per run; writes e2e/.auth/fixtures.json and copies the desk's output where the suite checks no key is logged.
 * E2E_LIVE_LANES (2 by default) markets in all: each past the first is a whole market of its own (service, control hook
 * and desk on E2E_PORT + n), so the @live tests run in two lines side by side instead of one (e2e/README.md).
 */
import { type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningServer } from "../service/server";
import { startLiveControl } from "./e2e-live-control";
import { deskEnv, ensureDemo, makeServiceAccount, openDesk, ROOT, startEmbeddedService, startNext, waitForHttp } from "./embedded";

const port = Number(process.env.E2E_PORT ?? 3100);
const lanes = Math.max(1, Number(process.env.E2E_LIVE_LANES ?? 2));
const host = "127.0.0.1";
const AUTH = join(ROOT, "e2e", ".auth");

interface Stack {
  deskUrl: string;
  serviceUrl: string;
  liveControlUrl: string;
  dataDir: string;
  logFile: string;
  demo: { email: string; password: string };
  service: RunningServer;
  /** Starts the desk's `next start` and resolves once it answers. */
  launch: () => Promise<void>;
  close: () => Promise<void>;
}

// A fresh install every run: nothing of the developer's own desk settings leaks in.
const baseEnv = { ...process.env };
for (const name of ["DATABASE_URL", "DESK_URL", "NEXTAUTH_URL", "AUTH_SECRET", "DESK_ENCRYPTION_KEY", "ALPHA_BASE_URL"]) delete baseEnv[name];

let stopping = false;
const stacks: Stack[] = [];

async function startStack(deskPort: number, logFile: string): Promise<Stack> {
  const deskUrl = `http://${host}:${deskPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), "alpha-desk-e2e-"));
  const service = await startEmbeddedService({ databasePath: join(dataDir, "service.db"), host, port: 0, simulator: false });
  const desk = await openDesk({ dataDir }, service.url);
  // The specs' own members must start without a key: the demo admin keeps a personal key, no organisation key (the demo
  // team of `npm start` is covered by scripts/embedded.test.ts; e2e/teams.spec.ts builds its team through the pages).
  const demo = await ensureDemo(desk, service, dataDir, { team: false });
  await desk.close();
  // Test-only hook: the live specs store events and drop streams in the service through it.
  const liveControl = await startLiveControl(service);
  const log = createWriteStream(logFile, { flags: "w" });
  let next: ChildProcess | undefined;
  const launch = async () => {
    next = startNext({
      port: deskPort,
      host,
      // Scheduled briefs are looked for every 2 s, so a brief due in a minute runs within the spec's wait.
      env: deskEnv(baseEnv, { ALPHA_BASE_URL: service.url, DESK_DATA_DIR: dataDir, DESK_DEMO_MODE: "1", PORT: String(deskPort), DESK_BRIEF_TICK_SECONDS: "2" }),
      stdio: "pipe",
    });
    for (const [from, to] of [
      [next.stdout, process.stdout],
      [next.stderr, process.stderr],
    ] as const) {
      from?.on("data", (chunk: Buffer) => {
        to.write(chunk);
        log.write(chunk);
      });
    }
    next.on("exit", (code) => {
      if (!stopping) void shutdown(code ?? 1);
    });
    await waitForHttp(`${deskUrl}/`, next);
  };
  return {
    deskUrl,
    serviceUrl: service.url,
    liveControlUrl: liveControl.url,
    dataDir,
    logFile,
    demo: { email: demo.email, password: demo.password },
    service,
    launch,
    async close() {
      if (next && next.exitCode === null) next.kill("SIGTERM");
      await liveControl.close().catch(() => undefined);
      await service.close().catch(() => undefined);
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function shutdown(code: number): Promise<never> {
  stopping = true;
  await Promise.all(stacks.map((stack) => stack.close()));
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

mkdirSync(AUTH, { recursive: true });
// The fresh desks' logs of an earlier run would be read again by this run's last check.
for (const name of readdirSync(AUTH)) if (name.startsWith("fresh-desk") || name.startsWith("desk-")) rmSync(join(AUTH, name));

for (let lane = 0; lane < lanes; lane++) stacks.push(await startStack(port + lane, join(AUTH, lane === 0 ? "desk.log" : `desk-${port + lane}.log`)));
const [main] = stacks as [Stack, ...Stack[]];

// Helper accounts for the specs: they create their own desk users (POST /api/setup, /api/admin/users) and keys.
const fixtures = {
  accounts: {
    spare: makeServiceAccount(main.service, { name: "e2e spare" }),
    spare2: makeServiceAccount(main.service, { name: "e2e spare 2" }),
    noWebsocket: makeServiceAccount(main.service, { name: "e2e no websocket", websocketAddons: [] }),
    sandbox: makeServiceAccount(main.service, { name: "e2e sandbox", plan: "sandbox", balance: 1_000 }),
    noCredits: makeServiceAccount(main.service, { name: "e2e no credits", balance: 0 }),
    noSymbols: makeServiceAccount(main.service, { name: "e2e no symbols", symbolsScope: false }),
  },
  /** Looks like a key, belongs to nobody: the service rejects it. */
  unknownKey: "ak_live_NotAKeyOfAnyAccount0000000000",
  /** Every market of the run, the first the shared desk's; the `live-2` project's tests run on the second. */
  lanes: stacks.map(({ deskUrl, serviceUrl, liveControlUrl, dataDir, logFile, demo }) => ({ deskUrl, serviceUrl, liveControlUrl, dataDir, logFile, demo })),
};
writeFileSync(join(AUTH, "fixtures.json"), `${JSON.stringify(fixtures, null, 2)}\n`, { mode: 0o600 });

// Playwright waits for the first desk's port: the other lanes' desks answer before it starts.
await Promise.all(stacks.slice(1).map((stack) => stack.launch()));
await main.launch();
console.log(stacks.map((s, i) => `e2e lane ${i}: desk on ${s.deskUrl}, Alpha service on ${s.serviceUrl}`).join("\n"));
