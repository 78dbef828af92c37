import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, type BrowserContext, type BrowserContextOptions, expect, type Page } from "@playwright/test";
import { saveKey, signInThroughApi } from "./desk";
import { AUTH_DIR, randomSuffix, readFixtures } from "./fixtures";
import { type AccountOptions, makeAccount } from "./service";
import { test } from "./test";

/** Each private desk's log is a file of AUTH_DIR named with this prefix: the suite's final check reads them for keys. */
export const FRESH_DESK_LOG_PREFIX = "fresh-desk-";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface FreshDesk {
  url: string;
  /** Its data folder (desk.db), for specs that check what the desk recorded. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A second desk on the suite's production build with an empty data folder: a fresh install, so first-run setup
 * and sign-in throttling can be tested without touching the shared desk's users. Its output goes to its own log.
 */
export async function startFreshDesk(alphaBaseUrl: string, extraEnv: (url: string) => Record<string, string> = () => ({})): Promise<FreshDesk> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "alpha-desk-fresh-"));
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ALPHA_BASE_URL: alphaBaseUrl, DESK_DATA_DIR: dataDir, AUTH_TRUST_HOST: "1" };
  for (const name of ["DATABASE_URL", "DESK_URL", "NEXTAUTH_URL", "DESK_DEMO_MODE", "AUTH_SECRET", "DESK_ENCRYPTION_KEY"]) delete env[name];
  Object.assign(env, extraEnv(`http://127.0.0.1:${port}`));
  const logFile = join(AUTH_DIR, `${FRESH_DESK_LOG_PREFIX}${port}.log`);
  const log = createWriteStream(logFile, { flags: "w" });
  // Like npm start: one preload stamps each request with its real peer address (per-source sign-in limits), the other
  // sends the build's static files as their Brotli copies.
  const preload = (name: string) => pathToFileURL(join(import.meta.dirname, "..", "..", "scripts", name)).href;
  const child: ChildProcess = spawn(process.execPath, ["--import", preload("peer-address.mjs"), "--import", preload("precompressed-static-preload.mjs"), nextBin, "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: join(import.meta.dirname, "..", ".."),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the fresh desk exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/sign-in`, { redirect: "manual" });
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the fresh desk did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        // Next waits for open keep-alive connections (a page still open on the desk) before it exits.
        const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(kill);
      }
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OwnDesk extends FreshDesk {
  admin: { email: string; password: string };
  /** The admin's signed-in browser state (a file for `browser.newContext({ storageState })`). */
  adminState: string;
}

/**
 * A fresh desk whose first user, the admin, is signed in (its browser state saved under `name`): for a spec that must
 * find the desk as installed, whatever the other specs of its worker did to theirs.
 */
export async function startOwnDesk(browser: Browser, name: string): Promise<OwnDesk> {
  const desk = await startFreshDesk(readFixtures().serviceUrl);
  const admin = { email: `e2e-own-admin-${randomSuffix()}@example.com`, password: `pw-${randomSuffix()}-${randomSuffix()}` };
  const setup = await fetch(`${desk.url}/api/setup`, { method: "POST", headers: { "Content-Type": "application/json", Origin: desk.url }, body: JSON.stringify({ ...admin, name: "Own desk admin" }) });
  expect(setup.status, await setup.text()).toBe(201);
  const context = await browser.newContext({ baseURL: desk.url });
  await signInThroughApi(context, desk.url, admin.email, admin.password);
  const adminState = join(AUTH_DIR, `own-desk-admin-${name}.json`);
  await context.storageState({ path: adminState });
  await context.close();
  return { ...desk, admin, adminState };
}

/** A new browser signed in as the desk's admin, with one page open. */
export async function adminOf(browser: Browser, desk: Pick<OwnDesk, "adminState" | "url">, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: desk.adminState, baseURL: desk.url, ...options });
  return { context, page: await context.newPage() };
}

/** As `adminOf`, the admin having stored the key of a new service account of their own. */
export async function adminWithOwnKey(browser: Browser, desk: Pick<OwnDesk, "adminState" | "url">, account: AccountOptions = {}) {
  const admin = await adminOf(browser, desk);
  const made = await makeAccount(account);
  await saveKey(admin.page.request, desk.url, made.key);
  return { ...admin, account: made };
}

/**
 * For a serial describe block: a desk of its own, started before the block's tests and stopped after them, with its
 * admin signed in on one page. Read `desk` and `page` inside the tests (they are set by then).
 */
export function ownDeskForBlock(name: string): { desk: OwnDesk; page: Page } {
  const block = {} as { desk: OwnDesk; page: Page; admin?: BrowserContext };
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    block.desk = await startOwnDesk(browser, `${name}-${randomSuffix()}`);
    ({ context: block.admin, page: block.page } = await adminOf(browser, block.desk));
  });
  test.afterAll(async () => {
    await block.admin?.close();
    await block.desk?.stop();
  });
  return block;
}

/**
 * The suite's test on a desk of its own, for specs that change what every user of a desk sees (the organisation key,
 * lists shared with the team): one fresh desk per worker, its first user the admin, and `baseURL` pointing at it.
 */
export const testOnOwnDesk = test.extend<object, { ownDesk: OwnDesk }>({
  ownDesk: [
    async ({ browser }, use, workerInfo) => {
      const desk = await startOwnDesk(browser, `worker-${workerInfo.workerIndex}`);
      await use(desk);
      await desk.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ ownDesk }, provide) => provide(ownDesk.url),
});
