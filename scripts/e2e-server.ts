/**
 * Playwright's web server: the embedded service and the desk's existing build (`next start` on E2E_PORT), on a fresh
 * data dir per run; writes e2e/.auth/fixtures.json and copies the desk's output where the suite checks no key is logged.
 */
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLiveControl } from "./e2e-live-control";
import { deskEnv, ensureDemo, makeServiceAccount, openDesk, ROOT, startEmbeddedService, startNext, waitForHttp } from "./embedded";

const port = Number(process.env.E2E_PORT ?? 3100);
const host = "127.0.0.1";
const deskUrl = `http://${host}:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "alpha-desk-e2e-"));

const service = await startEmbeddedService({ databasePath: join(dataDir, "service.db"), host, port: 0, simulator: false });
const desk = await openDesk({ dataDir }, service.url);
// The specs' own members must start without a key: the demo admin keeps a personal key, no organisation key (the demo
// team of `npm start` is covered by scripts/embedded.test.ts; e2e/teams.spec.ts builds its team through the pages).
const demo = await ensureDemo(desk, service, dataDir, { team: false });
await desk.close();
// Test-only hook: the live specs store events and drop streams in the service through it.
const liveControl = await startLiveControl(service);

// Helper accounts for the specs: they create their own desk users (POST /api/setup, /api/admin/users) and keys.
const fixtures = {
  deskUrl,
  serviceUrl: service.url,
  dataDir,
  demo: { email: demo.email, password: demo.password, accountId: demo.accountId },
  accounts: {
    spare: makeServiceAccount(service, { name: "e2e spare" }),
    spare2: makeServiceAccount(service, { name: "e2e spare 2" }),
    noWebsocket: makeServiceAccount(service, { name: "e2e no websocket", websocketAddons: [] }),
    sandbox: makeServiceAccount(service, { name: "e2e sandbox", plan: "sandbox", balance: 1_000 }),
    noCredits: makeServiceAccount(service, { name: "e2e no credits", balance: 0 }),
    noSymbols: makeServiceAccount(service, { name: "e2e no symbols", symbolsScope: false }),
  },
  /** Looks like a key, belongs to nobody: the service rejects it. */
  unknownKey: "ak_live_NotAKeyOfAnyAccount0000000000",
  logFile: join(ROOT, "e2e", ".auth", "desk.log"),
  liveControlUrl: liveControl.url,
};
mkdirSync(join(ROOT, "e2e", ".auth"), { recursive: true });
// The fresh desks' logs of an earlier run would be read again by this run's last check.
for (const name of readdirSync(join(ROOT, "e2e", ".auth"))) if (name.startsWith("fresh-desk")) rmSync(join(ROOT, "e2e", ".auth", name));
writeFileSync(join(ROOT, "e2e", ".auth", "fixtures.json"), `${JSON.stringify(fixtures, null, 2)}\n`, { mode: 0o600 });
const log = createWriteStream(fixtures.logFile, { flags: "w" });

// A fresh install every run: nothing of the developer's own desk settings leaks in.
const baseEnv = { ...process.env };
for (const name of ["DATABASE_URL", "DESK_URL", "NEXTAUTH_URL", "AUTH_SECRET", "DESK_ENCRYPTION_KEY", "ALPHA_BASE_URL"]) delete baseEnv[name];
const next = startNext({
  port,
  host,
  // Scheduled briefs are looked for every 2 s, so a brief due in a minute runs within the spec's wait.
  env: deskEnv(baseEnv, { ALPHA_BASE_URL: service.url, DESK_DATA_DIR: dataDir, DESK_DEMO_MODE: "1", PORT: String(port), DESK_BRIEF_TICK_SECONDS: "2" }),
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

let stopping = false;
async function shutdown(code: number): Promise<never> {
  stopping = true;
  if (next.exitCode === null) next.kill("SIGTERM");
  await liveControl.close().catch(() => undefined);
  await service.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
next.on("exit", (code) => {
  if (!stopping) void shutdown(code ?? 1);
});
await waitForHttp(`${deskUrl}/`, next);
console.log(`e2e desk on ${deskUrl}, Alpha service on ${service.url}`);
