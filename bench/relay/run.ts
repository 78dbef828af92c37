/**
 * Relay bench: the desk's live relay at 1,000 browsers. One desk instance on the embedded default (SQLite, memory,
 * no PostgreSQL, no Redis) serves N SSE streams (`GET /api/live`, the desk's real handler) of ONE user of ONE Alpha
 * account; the service runs here and stores one news row at a time (recordLiveEvent), each timed from just before the
 * store to the moment the LAST of the N browsers has it. The desk and the browsers run in their own processes.
 * It also reads the desk's memory (after a full GC) idle, with the first few streams open, and with all N, and checks
 * that the desk holds one upstream socket per account and product, however many tabs: the service's count of the
 * account's WebSocket connections must equal the number of products streamed, or the bench fails.
 * Run: `npm run bench:relay` (optional: `-- --clients 1000 --events 200 --warmup 20 --gap 20 --cpu-prof`), under the
 * heavy-work lock. `--cpu-prof` writes the desk's CPU profile to bench/results/relay/.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createDeskContext } from "../../lib/server/core/context";
import { createAccount, issueApiKey, startServer } from "../../lib/server/core/embedded-service";
import { saveAlphaKey } from "../../lib/server/upstream/stored-keys";
import { mintSessionCookie } from "../../lib/server/identity/session";
import { createFirstAdmin } from "../../lib/server/identity/users";
import { recordLiveEvent } from "../../scripts/live-events";
import { startBrowsers, startDesk, stopChildren, summary, wallNow } from "../cluster/harness";
import { benchArgs } from "../args";

// gap: the pause between events (ms): the relay is measured per event, not as a flood.
const { clients: CLIENTS, events: EVENTS, warmup: WARMUP, gap: GAP_MS, values } = benchArgs({ clients: 1000, events: 200, warmup: 20, gap: 20 }, { "cpu-prof": { type: "boolean", default: false } });
/** Streams open before the "warm" memory reading: the first stream's one-time costs (code, channel, socket). */
const FIRST = Math.min(10, CLIENTS);
/** Every tab streams both products (one upstream socket each); the rows stored are news. */
const PRODUCTS = ["news", "alerts"] as const;
const SYMBOLS = "TCS,INFY";
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

async function main(): Promise<void> {
  const caps: { accountId?: string } = {};
  // The account may open as many sockets as it likes here: a relay that opened one per tab must show up as such.
  const running = await startServer(
    { databasePath: join(mkdtempSync(join(tmpdir(), "bench-relay-svc-")), "service.db"), port: 0, host: "127.0.0.1" },
    { seedScale: 0.05, streams: { connectionCapFor: (accountId) => (accountId === caps.accountId ? 100_000 : undefined) } },
  );
  const sctx = running.service.ctx;
  const account = createAccount({ ctx: sctx, input: { name: "relay bench", plan: "pro", balance: 1_000_000_000, symbolsScope: true } });
  caps.accountId = account.id;
  const key = issueApiKey({ ctx: sctx, input: { accountId: account.id } }).key;
  const upstreamSockets = () => running.streams.stats().connectionsByAccount[account.id] ?? 0;

  const authSecret = randomBytes(32).toString("base64url");
  const encryptionKey = randomBytes(32);
  const sqlitePath = join(mkdtempSync(join(tmpdir(), "bench-relay-")), "desk.db");
  const setup = await createDeskContext({ sqlitePath, secrets: { authSecret, encryptionKey }, config: { alphaBaseUrl: running.url } });
  const user = await createFirstAdmin({ ctx: setup, input: { email: "relay-bench@example.test", name: "Bench", password: randomBytes(12).toString("hex") } });
  await saveAlphaKey({ ctx: setup, userId: user.id, key });
  const cookie = await mintSessionCookie({ ctx: setup, user });

  let profileDir: string | null = null;
  if (values["cpu-prof"]) {
    profileDir = join(import.meta.dirname, "..", "results", "relay");
    mkdirSync(profileDir, { recursive: true });
  }
  const desk = await startDesk(running.url, { sqlitePath, authSecret, encryptionKey: encryptionKey.toString("base64") }, profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []);
  const loadBefore = load();
  await new Promise((r) => setTimeout(r, 500));
  const idle = await desk.memory();

  const url = `${desk.url}/api/live?products=${PRODUCTS.join(",")}&symbols=${SYMBOLS}`;
  const openStarted = wallNow();
  const browsers = startBrowsers("news", cookie, FIRST, [url]);
  await browsers.ready(FIRST);
  const warm = await desk.memory();
  browsers.open(CLIENTS - FIRST);
  await browsers.ready(CLIENTS);
  const openMs = wallNow() - openStarted;
  const full = await desk.memory();
  const socketsOpen = upstreamSockets();

  const delays: number[] = [];
  for (let i = 0; i < WARMUP + EVENTS; i++) {
    const started = wallNow();
    const id = recordLiveEvent(running, { product: "news", symbol: "TCS" }).id;
    const at = await browsers.allReceived(id, 30_000);
    if (i >= WARMUP) delays.push(at - started);
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  const after = await desk.memory();
  const socketsAfter = upstreamSockets();
  const loadAfter = load();
  await stopChildren();
  await setup.close();
  await running.close();

  const result = summary(delays);
  const growth = full.rss - warm.rss;
  const perConnection = growth / (CLIENTS - FIRST);
  const memoryRow = (label: string, m: typeof idle) => `| ${label} | ${mb(m.rss)} MB | ${mb(m.heapUsed)} MB | ${mb(m.external)} MB |`;
  console.log(`\nDesk live relay: ${CLIENTS} SSE streams on one desk instance, one account; store → last browser (${EVENTS} events after ${WARMUP} warm-up, ${GAP_MS} ms apart), ms:\n`);
  console.log("| p50 | p90 | p99 | max | mean |\n|---|---|---|---|---|");
  console.log(`| ${result.p50} | ${result.p90} | ${result.p99} | ${result.max} | ${result.mean} |`);
  console.log(`\nDesk memory (after a full GC):\n\n| streams open | RSS | heap used | external |\n|---|---|---|---|`);
  console.log(memoryRow("0 (idle)", idle));
  console.log(memoryRow(String(FIRST), warm));
  console.log(memoryRow(String(CLIENTS), full));
  console.log(memoryRow(`${CLIENTS}, after the events`, after));
  console.log(`\nRSS growth from ${FIRST} to ${CLIENTS} streams: ${mb(growth)} MB, ${kb(perConnection)} kB per stream (heap ${kb((full.heapUsed - warm.heapUsed) / (CLIENTS - FIRST))} kB per stream); from idle: ${kb((full.rss - idle.rss) / CLIENTS)} kB per stream.`);
  console.log(`Opening ${CLIENTS} streams took ${Math.round(openMs)} ms.`);
  console.log(`Upstream WebSocket connections of the account: ${socketsOpen} with ${CLIENTS} streams open, ${socketsAfter} after the events (products streamed: ${PRODUCTS.length}).`);
  console.log(`Load average before ${loadBefore.join(" / ")}, after ${loadAfter.join(" / ")}${profileDir ? `; CPU profile of the desk in ${profileDir}` : ""}\n`);
  console.log(
    JSON.stringify({
      clients: CLIENTS,
      events: EVENTS,
      gapMs: GAP_MS,
      ...result,
      memory: { idle, warm, full, after, perConnectionBytes: Math.round(perConnection) },
      upstreamSockets: { open: socketsOpen, after: socketsAfter, products: PRODUCTS.length },
      loadBefore,
      loadAfter,
    }),
  );
  if (socketsOpen !== PRODUCTS.length || socketsAfter !== PRODUCTS.length) {
    console.error(`FAIL: the desk holds ${Math.max(socketsOpen, socketsAfter)} upstream sockets for one account and ${PRODUCTS.length} products; it must hold exactly one per product, not one per tab.`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
