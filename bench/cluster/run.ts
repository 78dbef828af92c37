/**
 * Cluster bench: live events from the service's store to the LAST browser, through two desk instances on PostgreSQL
 * and Redis (one upstream socket, its events through a Redis stream, each instance fanning out to its half of the
 * browsers), beside one desk instance with the in-memory default (SQLite, no Redis) serving all of them.
 * Every desk and the browsers run in their own processes; the service runs here and stores one news row at a time
 * (recordLiveEvent), each timed from just before the store to the moment the last of the N browsers has it.
 * Run: `npm run bench:cluster` (optional: `-- --clients 400 --events 100 --warmup 10`), under the heavy-work lock.
 * Needs PostgreSQL and Redis on 127.0.0.1 (DATABASE_URL / REDIS_URL to point elsewhere).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { createDeskContext } from "../../lib/server/core/context";
import { createAccount, issueApiKey, startServer } from "../../lib/server/core/embedded-service";
import { saveAlphaKey } from "../../lib/server/upstream/stored-keys";
import { mintSessionCookie } from "../../lib/server/identity/session";
import { createFirstAdmin } from "../../lib/server/identity/users";
import { recordLiveEvent } from "../../scripts/live-events";
import { startBrowsers, startDesk, stopChildren, summary, wallNow } from "./harness";
import { benchArgs } from "../args";

const { clients: CLIENTS, events: EVENTS, warmup: WARMUP } = benchArgs({ clients: 400, events: 100, warmup: 10 });
const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
async function measure(label: string, mode: "single" | "cluster", serviceUrl: string, key: string) {
  const authSecret = randomBytes(32).toString("base64url");
  const encryptionKey = randomBytes(32);
  const schema = `bench_cluster_${randomBytes(5).toString("hex")}`;
  const base =
    mode === "cluster"
      ? { databaseUrl: DATABASE_URL, pgSchema: schema, redisUrl: REDIS_URL, redisPrefix: `bench:${schema}:` }
      : { sqlitePath: join(mkdtempSync(join(tmpdir(), "bench-cluster-")), "desk.db") };
  const setup = await createDeskContext({ ...base, secrets: { authSecret, encryptionKey }, config: { alphaBaseUrl: serviceUrl } });
  const user = await createFirstAdmin({ ctx: setup, input: { email: `bench-${schema}@example.test`, name: "Bench", password: randomBytes(12).toString("hex") } });
  await saveAlphaKey({ ctx: setup, userId: user.id, key });
  const cookie = await mintSessionCookie({ ctx: setup, user });
  const settings = { ...base, authSecret, encryptionKey: encryptionKey.toString("base64") };
  const urls = (await Promise.all((mode === "cluster" ? [0, 1] : [0]).map(() => startDesk(serviceUrl, settings)))).map((d) => d.url);
  const symbols = "TCS";
  const browsers = startBrowsers("news", cookie, CLIENTS, urls.map((u) => `${u}/api/live?products=news&symbols=${symbols}`));
  await browsers.ready(CLIENTS);
  const delays: number[] = [];
  for (let i = 0; i < WARMUP + EVENTS; i++) {
    const started = wallNow();
    const id = recordLiveEvent(serviceHolder.service!, { product: "news", symbol: symbols }).id;
    const at = await browsers.allReceived(id, 30_000);
    if (i >= WARMUP) delays.push(at - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  await stopChildren();
  if (mode === "cluster") await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(setup.db);
  await setup.close();
  return { label, instances: urls.length, ...summary(delays) };
}

const serviceHolder: { service?: Awaited<ReturnType<typeof startServer>> } = {};

async function main(): Promise<void> {
  const running = await startServer({ databasePath: join(mkdtempSync(join(tmpdir(), "bench-cluster-svc-")), "service.db"), port: 0, host: "127.0.0.1" }, { seedScale: 0.05 });
  serviceHolder.service = running;
  const ctx = running.service.ctx;
  const account = createAccount({ ctx, input: { name: "cluster bench", plan: "pro", balance: 1_000_000_000, symbolsScope: true } });
  const key = issueApiKey({ ctx, input: { accountId: account.id } }).key;
  const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
  const loadBefore = load();
  const single = await measure("one instance (memory, SQLite)", "single", running.url, key);
  const cluster = await measure("two instances (PostgreSQL + Redis stream)", "cluster", running.url, key);
  const loadAfter = load();
  await running.close();
  console.log(`\nLive events, store → last of ${CLIENTS} browsers (${EVENTS} events after ${WARMUP} warm-up), ms:\n`);
  console.log("| setup | instances | p50 | p90 | p99 | max | mean |\n|---|---|---|---|---|---|---|");
  for (const r of [single, cluster]) console.log(`| ${r.label} | ${r.instances} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.mean} |`);
  console.log(`\np99 two instances / one: ${(cluster.p99 / single.p99).toFixed(2)}×; load average before ${loadBefore.join(" / ")}, after ${loadAfter.join(" / ")}\n`);
  console.log(JSON.stringify({ clients: CLIENTS, events: EVENTS, single, cluster, loadBefore, loadAfter }));
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
