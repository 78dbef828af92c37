/**
 * Test helpers for lib/server (Vitest only): a desk context on a throwaway SQLite file or a fresh PostgreSQL schema,
 * the real Alpha service in-process, and accounts, keys and users with random names.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { DeskContext, DeskConfig } from "../../lib/server/core/context";
import { createDeskContext } from "../../lib/server/core/context";
import type { Clock } from "../../service/clock";
import type { CreateAccountInput, RunningServer } from "../../lib/server/core/embedded-service";
import { createAccount, issueApiKey, startServer } from "../../lib/server/core/embedded-service";
import { mintSessionCookie } from "../../lib/server/identity/session";
import type { SessionUser } from "../../lib/server/identity/users";
import type { BatchLine } from "../../lib/alpha/batch";
import { createFirstAdmin, createUser, countUsers } from "../../lib/server/identity/users";
import { writeSeat } from "../../lib/server/teams/members";
import { saveAlphaKey, saveOrganisationKey } from "../../lib/server/upstream/stored-keys";

/** A service clock that stands still until moved (for startTestService), re-exported for lib/ tests. */
export { ManualClock } from "../../service/clock";

export const TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

export function randomName(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

export function tempDir(prefix = "desk-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Whether the local PostgreSQL answers; in CI it must (the storage tests never skip there). */
export async function postgresAvailable(url = TEST_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type TestDialect = "sqlite" | "postgres";

export interface TestDesk {
  ctx: DeskContext;
  close(): Promise<void>;
}

export async function createTestDesk(
  options: { dialect?: TestDialect; config?: Partial<DeskConfig>; fetch?: typeof fetch; now?: () => Date; sleep?: (ms: number) => Promise<void> } = {},
): Promise<TestDesk> {
  const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
  const config = { alphaBaseUrl: "http://127.0.0.1:9", upstreamTimeoutMs: 5_000, signInDelayStepMs: 0, signInDelayMaxMs: 0, ...options.config };
  const common = {
    secrets,
    config,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  };
  if (options.dialect === "postgres") {
    const schema = `desk_test_${randomBytes(6).toString("hex")}`;
    const ctx = await createDeskContext({ ...common, databaseUrl: process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL, pgSchema: schema });
    return {
      ctx,
      close: async () => {
        const { sql } = await import("kysely");
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(ctx.db).catch(() => undefined);
        await ctx.close();
      },
    };
  }
  const ctx = await createDeskContext({ ...common, sqlitePath: join(tempDir(), "desk.db") });
  return { ctx, close: () => ctx.close() };
}

export async function startTestService(options: { clock?: Clock } = {}): Promise<RunningServer> {
  return startServer({ databasePath: join(tempDir("alpha-svc-"), "service.db"), port: 0, host: "127.0.0.1" }, { seedScale: 0.1, clock: options.clock });
}

/** The embedded service, started before the tests of the enclosing block or file and handed to `ready`, closed after. */
export function withService(ready: (service: RunningServer) => void): void {
  let service: RunningServer | undefined;
  beforeAll(async () => {
    service = await startTestService();
    ready(service);
  });
  afterAll(async () => {
    await service?.close();
  });
}

/** The desk storage dialects to test on: SQLite, and PostgreSQL when it is reachable. */
export async function testDialects(): Promise<TestDialect[]> {
  return (await postgresAvailable(process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL)) ? ["sqlite", "postgres"] : ["sqlite"];
}

type TestDeskOptions = NonNullable<Parameters<typeof createTestDesk>[0]>;

/** A desk (createTestDesk's options), opened before the tests of the enclosing block and handed to `ready`, closed after. */
export function withDesk(ready: (desk: TestDesk) => void, options: TestDeskOptions = {}): void {
  let desk: TestDesk | undefined;
  beforeAll(async () => {
    desk = await createTestDesk(options);
    ready(desk);
  });
  afterAll(async () => {
    await desk?.close();
  });
}

/** A block of tests once per storage dialect (testDialects), each round on its own desk of that dialect: `desk()`. */
export async function describeEachDialect(title: string, define: (desk: () => TestDesk) => void, options: TestDeskOptions = {}): Promise<void> {
  const dialects = await testDialects();
  describe.each(dialects)(title, (dialect) => {
    let desk: TestDesk | undefined;
    withDesk((d) => (desk = d), { ...options, dialect });
    define(() => {
      if (!desk) throw new Error("desk() is for the tests, after the desk has opened");
      return desk;
    });
  });
}

/**
 * The embedded service and a desk on it (`desk.config` and the rest as createTestDesk takes them), started before
 * the tests of the enclosing block or file and handed to `ready`, closed after them.
 */
export function withServiceAndDesk(ready: (service: RunningServer, desk: TestDesk) => void, options: TestDeskOptions = {}): void {
  let service: RunningServer | undefined;
  let desk: TestDesk | undefined;
  beforeAll(async () => {
    service = await startTestService();
    desk = await createTestDesk({ ...options, config: { alphaBaseUrl: service.url, ...options.config } });
    ready(service, desk);
  });
  afterAll(async () => {
    await desk?.close();
    await service?.close();
  });
}

/**
 * The embedded service (or what `start` starts) for a file whose tests each make desks on it with `desk()`, handed to
 * `ready` before them.
 * After them the desks and the service close, and no body pushed to `bodies` may hold a key pushed to `keys`.
 */
export function withServiceForDesks(ready: (service: RunningServer) => void, start: () => Promise<RunningServer> = startTestService) {
  let service: RunningServer | undefined;
  const desks: TestDesk[] = [];
  const bodies: string[] = [];
  const keys: string[] = [];
  beforeAll(async () => {
    service = await start();
    ready(service);
  });
  afterAll(async () => {
    await Promise.all(desks.map((d) => d.close()));
    await service?.close();
    for (const key of keys) for (const body of bodies) expect(body).not.toContain(key);
  });
  async function desk(options: TestDeskOptions = {}): Promise<DeskContext> {
    if (!service) throw new Error("desk() is for the tests, after the service has started");
    const d = await createTestDesk({ ...options, config: { alphaBaseUrl: service.url, ...options.config } });
    desks.push(d);
    return d.ctx;
  }
  return { desk, bodies, keys };
}

/** A fresh upstream account with one key; pro plan with everything unless told otherwise. */
export function makeAccount(service: RunningServer, input: Partial<CreateAccountInput> = {}): { accountId: string; key: string } {
  const ctx = service.service.ctx;
  const account = createAccount({ ctx, input: { name: randomName("acct"), plan: "pro", balance: 100_000, symbolsScope: true, ...input } });
  return { accountId: account.id, key: issueApiKey({ ctx, input: { accountId: account.id } }).key };
}

/** A desk user with a random email (the first one of a desk becomes its admin). */
export async function makeUser(ctx: DeskContext, role: "admin" | "member" = "member"): Promise<SessionUser & { password: string }> {
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const email = `${randomName("user")}@example.test`;
  if ((await countUsers({ ctx })) === 0) {
    const admin = await createFirstAdmin({ input: { email: `${randomName("admin")}@example.test`, name: "First admin", password }, ctx });
    if (role === "admin") return { ...admin, password };
    const created = await createUser({ user: admin, input: { email, name: "Test user", password, role }, ctx });
    return { ...created, password };
  }
  const actor: SessionUser = { id: "system", email: "system@example.test", name: "system", role: "admin" };
  const created = await createUser({ user: actor, input: { email, name: "Test user", password, role }, ctx });
  return { ...created, password };
}

/** A desk member holding the key of a fresh upstream account (see makeAccount). */
export async function makeUserWithKey({ ctx, service, account }: { ctx: DeskContext; service: RunningServer; account?: Partial<CreateAccountInput> }) {
  const { accountId, key } = makeAccount(service, account);
  const user = await makeUser(ctx);
  await saveAlphaKey({ ctx, userId: user.id, key });
  return { user, accountId, key };
}

/** An admin who saved a fresh account's key as the organisation's, and a member on it allowed every paid action. */
export async function makeOrgMember({ ctx, service, dailyAllowance }: { ctx: DeskContext; service: RunningServer; dailyAllowance: number }) {
  const { key } = makeAccount(service);
  const admin = await makeUser(ctx, "admin");
  await saveOrganisationKey({ ctx, user: admin, input: { key } });
  const member = await makeUser(ctx);
  await writeSeat({ ctx, input: { userId: member.id, seat: { dailyAllowance, actions: ["data", "summaries", "batch_jobs"] } } });
  return { key, admin, member };
}

/** A Request as the browser would send it: the user's session cookie and the desk's own origin. */
export async function browserRequest(
  ctx: DeskContext,
  user: SessionUser | null,
  url: string,
  init: RequestInit & { origin?: string | null } = {},
): Promise<Request> {
  const headers = new Headers(init.headers);
  const target = new URL(url, "http://desk.test");
  if (user) headers.set("cookie", await mintSessionCookie({ ctx, user }));
  if (init.origin !== null) headers.set("origin", init.origin ?? target.origin);
  const { origin: _origin, ...rest } = init;
  return new Request(target, { ...rest, headers });
}

/** Stores a key without asking the upstream (for upstreams that cannot answer GET /v1/account). */
export async function storeKeyUnchecked(ctx: DeskContext, userId: string, key: string, accountId: string): Promise<void> {
  const { encryptSecret } = await import("../../lib/server/identity/key-vault");
  await ctx.db
    .insertInto("alpha_keys")
    .values({ user_id: userId, ciphertext: encryptSecret(ctx.secrets.encryptionKey, key, userId), last4: key.slice(-4), account_id: accountId, account_name: null, plan: null, saved_at: ctx.now().toISOString() })
    .execute();
}

/** A fetch that counts the calls per upstream path (query left out). */
export function countingFetch(): { fetch: typeof fetch; calls: Map<string, number>; count(path: string): number } {
  const calls = new Map<string, number>();
  const counted: typeof fetch = (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    return globalThis.fetch(input, init);
  };
  return { fetch: counted, calls, count: (path) => calls.get(path) ?? 0 };
}

/** Submits a batch job through the desk's proxy for `user` and waits for it to end: the submit's answer, the last status. */
export async function runBatchJob(ctx: DeskContext, user: SessionUser, lines: BatchLine[]) {
  // Loaded here, not with the file: most tests that use these helpers never reach the proxy.
  const [{ callAlpha }, { isTerminalBatchStatus }, { toJsonl }] = await Promise.all([
    import("../../lib/server/upstream/alpha-proxy"),
    import("../../lib/alpha/batch"),
    import("../../components/batches/batch-lines"),
  ]);
  const job = await callAlpha({ ctx, user, id: "createBatchJob", input: { body: { file: toJsonl(lines) } } });
  let status = job.data.status;
  for (let i = 0; i < 200 && !isTerminalBatchStatus(status); i++) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await callAlpha({ ctx, user, id: "getBatchJob", input: { path: { job_id: job.data.id } } })).data.status;
  }
  return { job, status };
}
