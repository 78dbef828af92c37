/**
 * What `npm start` and the Playwright server share: starting the embedded Alpha service, making the demo account,
 * key and desk user (idempotently, remembered in `${dataDir}/demo.json`), and running `next start`.
 * Run under `tsx --conditions=react-server` so lib/server's "server-only" guard resolves to its server build.
 */
import { randomBytes } from "node:crypto";
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { isBuildFresh } from "./build-freshness";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createAlphaClient } from "../lib/alpha/client";
import type { DeskContext } from "../lib/server/core/context";
import { createDeskContext } from "../lib/server/core/context";
import type { DemoState } from "../lib/server/core/demo";
import { DEMO_EMAIL, DEMO_MEMBER_EMAIL, DEMO_MEMBER_NAME, DEMO_NAME, readDemoState, writeDemoState } from "../lib/server/core/demo";
import { writeSeat } from "../lib/server/teams/members";
import { saveAlphaKey, saveOrganisationKey } from "../lib/server/upstream/stored-keys";
import { hashPassword } from "../lib/server/identity/passwords";
import { getActiveCalendar } from "../lib/server/market/calendar-store";
import { loadDeskSecrets } from "../lib/server/core/secrets";
import { withUserKey } from "../lib/server/identity/key-vault";
import { countUsers, createFirstAdmin, createUser } from "../lib/server/identity/users";
import type { CreateAccountInput } from "../service/accounts";
import { createAccount, issueApiKey } from "../service/accounts";
import type { ServiceConfig, ServiceConfigInput } from "../service/config";
import { serviceConfigFromEnv } from "../service/config";
import { MARKET_CALENDAR_FILE_NAME } from "../lib/market/calendar";
import type { RunningServer, StartServerOptions } from "../service/server";
import { startServer } from "../service/server";

export const ROOT = join(import.meta.dirname, "..");

/** Writes the desk's active market calendar to the file the embedded simulator reads (it may predate the file). */
export async function syncCalendarFile(ctx: DeskContext, path: string): Promise<void> {
  const { calendar } = await getActiveCalendar({ ctx });
  writeFileSync(path, `${JSON.stringify(calendar, null, 2)}\n`, { mode: 0o600 });
}

/**
 * The embedded service's settings, the same for `npm start` and `npm run cluster`: every ALPHA_SERVICE_* variable,
 * its database in the data folder unless ALPHA_SERVICE_DB names one, the simulator on unless
 * ALPHA_SERVICE_SIMULATOR says otherwise, and the market calendar the desk writes into the data folder when an admin
 * saves one (syncCalendarFile) unless ALPHA_SERVICE_MARKET_CALENDAR names another file.
 */
export function embeddedServiceConfig(env: NodeJS.ProcessEnv, dataDir: string): ServiceConfig & { marketCalendarPath: string } {
  const config = serviceConfigFromEnv(env);
  return {
    ...config,
    databasePath: env.ALPHA_SERVICE_DB ?? join(dataDir, "service.db"),
    simulator: env.ALPHA_SERVICE_SIMULATOR === undefined ? true : config.simulator,
    marketCalendarPath: config.marketCalendarPath ?? join(dataDir, MARKET_CALENDAR_FILE_NAME),
  };
}

/** Starts the service on its port; when that port is taken, on a free one (a second `npm start`, say). */
export async function startEmbeddedService(config: ServiceConfigInput, options: StartServerOptions = {}): Promise<RunningServer> {
  try {
    return await startServer(config, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || config.port === 0) throw error;
    console.log(`Port ${config.port} is busy; the embedded Alpha service takes a free port instead.`);
    return startServer({ ...config, port: 0 }, options);
  }
}

export interface DeskStorage {
  dataDir: string;
  databaseUrl?: string | undefined;
  authSecret?: string | undefined;
  encryptionKey?: string | undefined;
}

export function openDesk(storage: DeskStorage, alphaBaseUrl: string): Promise<DeskContext> {
  return createDeskContext({
    databaseUrl: storage.databaseUrl,
    sqlitePath: join(storage.dataDir, "desk.db"),
    secrets: loadDeskSecrets({ dataDir: storage.dataDir, authSecret: storage.authSecret, encryptionKey: storage.encryptionKey }),
    config: { alphaBaseUrl },
  });
}

/** A pro account with every product, the Symbols scope, WebSocket add-ons and a large balance, unless told otherwise. */
export function makeServiceAccount(service: RunningServer, input: Partial<CreateAccountInput> & { name: string }) {
  const ctx = service.service.ctx;
  const account = createAccount({ ctx, input: { plan: "pro", balance: 10_000_000, symbolsScope: true, retentionOptOut: true, ...input } });
  const { key } = issueApiKey({ ctx, input: { accountId: account.id, label: "alpha desk" } });
  return { accountId: account.id, key, plan: account.plan.id };
}

async function keyStillWorks(ctx: DeskContext, userId: string): Promise<boolean> {
  try {
    const { apiKey } = await withUserKey({ userId, ctx });
    await createAlphaClient({ baseUrl: ctx.config.alphaBaseUrl, apiKey, fetch: ctx.fetch, retries: 0 }).getAccount({});
    return true;
  } catch {
    return false;
  }
}

export interface DemoLogin {
  email: string;
  password: string;
  userId: string;
  accountId: string | undefined;
  created: boolean;
  /** The demo team's member, when the demo user is an admin who holds the organisation key. */
  member?: DemoState["member"];
}

/** The demo team's member seat: a daily allowance the member can see on Settings, every paid action. */
export const DEMO_MEMBER_SEAT = { dailyAllowance: 2_000, actions: ["data", "summaries", "batch_jobs"] as ("data" | "summaries" | "batch_jobs")[] };

/** The demo team's member, made once (a member who has no key of their own and uses the organisation's at once). */
async function ensureDemoMember(ctx: DeskContext, admin: { id: string; email: string; name: string }, known: DemoState["member"]): Promise<NonNullable<DemoState["member"]>> {
  const existing = await ctx.db.selectFrom("users").select(["id"]).where("email", "=", DEMO_MEMBER_EMAIL).executeTakeFirst();
  if (existing && known && known.userId === existing.id) return known;
  const password = randomBytes(12).toString("base64url");
  let userId: string;
  if (existing) {
    await ctx.db.updateTable("users").set({ password_hash: await hashPassword(password), disabled: 0 }).where("id", "=", existing.id).execute();
    userId = existing.id;
  } else {
    userId = (await createUser({ ctx, user: { ...admin, role: "admin" }, input: { email: DEMO_MEMBER_EMAIL, name: DEMO_MEMBER_NAME, password, role: "member" } })).id;
  }
  await writeSeat({ ctx, input: { userId, seat: DEMO_MEMBER_SEAT } });
  return { email: DEMO_MEMBER_EMAIL, password, userId };
}

/**
 * The demo desk user with a working key of a demo account in the embedded service. Idempotent: a second start
 * reuses demo.json; a lost service database gets a new account and key; the first user of a desk is its admin.
 */
export async function ensureDemo(ctx: DeskContext, service: RunningServer, dataDir: string, options: { team?: boolean } = {}): Promise<DemoLogin> {
  const team = options.team ?? true;
  const state = readDemoState(dataDir);
  let user = state ? await ctx.db.selectFrom("users").select(["id", "email"]).where("id", "=", state.userId).executeTakeFirst() : undefined;
  if (state && user && (await keyStillWorks(ctx, user.id))) {
    return { email: state.email, password: state.password, userId: user.id, accountId: state.accountId, created: false, ...(state.member ? { member: state.member } : {}) };
  }
  const password = state && user ? state.password : randomBytes(12).toString("base64url");
  if (!user) {
    const existing = await ctx.db.selectFrom("users").select(["id", "email"]).where("email", "=", DEMO_EMAIL).executeTakeFirst();
    if (existing) {
      // demo.json was lost: give the demo user a new password rather than leave it unusable.
      await ctx.db.updateTable("users").set({ password_hash: await hashPassword(password), disabled: 0 }).where("id", "=", existing.id).execute();
      user = existing;
    } else if ((await countUsers({ ctx })) === 0) {
      user = await createFirstAdmin({ input: { email: DEMO_EMAIL, name: DEMO_NAME, password }, ctx });
    } else {
      const system = { id: "system", email: "system@alphadesk.local", name: "npm start", role: "admin" as const };
      user = await createUser({ user: system, input: { email: DEMO_EMAIL, name: DEMO_NAME, password, role: "member" }, ctx });
    }
  }
  const account = makeServiceAccount(service, { name: "Alpha Desk demo" });
  const role = (await ctx.db.selectFrom("users").select("role").where("id", "=", user.id).executeTakeFirst())?.role;
  let member: DemoState["member"];
  if (team && role === "admin") {
    // The demo team: the admin holds the organisation key; the member uses it at once, with a seat.
    const admin = { id: user.id, email: DEMO_EMAIL, name: DEMO_NAME, role: "admin" as const };
    await saveOrganisationKey({ ctx, user: admin, input: { key: account.key } });
    await ctx.db.deleteFrom("alpha_keys").where("user_id", "=", user.id).execute();
    member = await ensureDemoMember(ctx, admin, state?.member);
  } else {
    await saveAlphaKey({ userId: user.id, key: account.key, ctx });
  }
  writeDemoState(dataDir, { email: DEMO_EMAIL, password, userId: user.id, accountId: account.accountId, ...(member ? { member } : {}), createdAt: new Date().toISOString() });
  return { email: DEMO_EMAIL, password, userId: user.id, accountId: account.accountId, created: true, ...(member ? { member } : {}) };
}

/** Whether the build folder (NEXT_DIST_DIR, default .next) holds a production build newer than every source file. */
export function hasFreshBuild(root = ROOT, distDir = process.env.NEXT_DIST_DIR ?? ".next"): boolean {
  return isBuildFresh(root, distDir);
}

const nextBin = () => createRequire(import.meta.url).resolve("next/dist/bin/next");

export function runNextBuild(env: NodeJS.ProcessEnv, options: { logFile?: string } = {}): Promise<void> {
  const { logFile } = options;
  return new Promise((resolve, reject) => {
    // With a log file the build's own report (a table of every route) goes there, and only a failure's tail is shown.
    const child = spawn(process.execPath, [nextBin(), "build"], { cwd: ROOT, stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit", env });
    const out: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => out.push(chunk));
    child.on("exit", (code) => {
      if (logFile) writeFileSync(logFile, Buffer.concat(out));
      if (code === 0) return resolve();
      if (logFile) console.error(Buffer.concat(out).toString("utf8").split("\n").slice(-40).join("\n"));
      reject(new Error(`next build failed (exit ${code})${logFile ? `; its whole output is in ${logFile}` : ""}`));
    });
    child.on("error", reject);
  });
}

/**
 * `next start` as a child that dies with this process (a pipe on fd 3), so a crashed parent never leaves it holding the
 * port; preloads give the desk each request's real peer address and send the static files' Brotli copies.
 */
export function startNext(options: { port: number; host: string; env: NodeJS.ProcessEnv; stdio?: "inherit" | "pipe"; nodeArgs?: string[] }): ChildProcess {
  const preload = (name: string) => pathToFileURL(join(ROOT, "scripts", name)).href;
  // A larger young generation: a desk allocates per request what dies with it, and Node's 16 MB semi-spaces made it
  // collect (and promote) that often. nodeArgs: Node's own flags before the preloads (a bench's --cpu-prof), later wins.
  const child = spawn(process.execPath, ["--max-semi-space-size=64", ...(options.nodeArgs ?? []), "--import", preload("exit-with-parent.mjs"), "--import", preload("peer-address.mjs"), "--import", preload("precompressed-static-preload.mjs"), nextBin(), "start", "-H", options.host, "-p", String(options.port)], {
    cwd: ROOT,
    stdio: options.stdio === "pipe" ? ["ignore", "pipe", "pipe", "pipe"] : ["inherit", "inherit", "inherit", "pipe"],
    env: { ...options.env, ALPHA_DESK_PARENT_FD: "3" },
  });
  (child.stdio[3] as Socket | null)?.unref();
  return child;
}

/** Waits until the desk answers (any status below 500). */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The environment `next start` runs with: the service URL, the data dir, and how next-auth finds its own URL. */
export function deskEnv(base: NodeJS.ProcessEnv, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  // next-auth builds its callback URLs from NEXTAUTH_URL, else (with AUTH_TRUST_HOST) from the request's host.
  if (env.DESK_URL && !env.NEXTAUTH_URL) env.NEXTAUTH_URL = env.DESK_URL;
  if (!env.NEXTAUTH_URL) env.AUTH_TRUST_HOST ??= "1";
  return env;
}
