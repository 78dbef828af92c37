/**
 * Streams bench: 1,000 WebSocket clients on loopback subscribed to the alerts full feed (every row goes to every
 * client); rows are stored one at a time through record.ts and each delay is measured from just before the store
 * to the LAST client receiving the row. Baseline in the same run, interleaved event by event: a bare `ws` server
 * broadcasting a frame of the same size to another 1,000 clients with ws.send (no auth, no database, no
 * mapping). The servers run here, the clients in a child process (bench/streams/clients.ts).
 * Run: `npm run bench:streams` (optional: `-- --clients 1000 --events 200 --warmup 20 --bare-clients 1000`;
 * `--bare-clients 0` leaves the baseline out, as at 10,000 clients, where both groups would not fit the machine's
 * open-file limit). With `--expose-gc` (the npm script passes it) it also weighs what a connection costs the
 * service's process: its heap and resident memory after a full collection, before and after the clients connect.
 * Every event must reach every client within 30 s, or the run fails. Prints a table and one JSON line.
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocketServer, type WebSocket } from "ws";
import { createAccount, issueApiKey } from "../../service/accounts";
import { companies } from "../../service/dataset/companies";
import { createRng } from "../../service/dataset/rng";
import { buildAlert } from "../../service/dataset/rows";
import { alertStreamJsonById } from "../../service/routes/alerts";
import { startServer } from "../../service/server";
import { recordAlert } from "../../service/store/record";
import { benchArgs } from "../args";

const {
  clients: CLIENTS,
  events: EVENTS,
  warmup: WARMUP,
  values,
} = benchArgs({ clients: 1000, events: 200, warmup: 20 }, { "bare-clients": { type: "string" } });
const BARE = values["bare-clients"] === undefined ? CLIENTS : Number(values["bare-clients"]);
if (BARE !== 0 && BARE !== CLIENTS) throw new Error("--bare-clients is the same count as --clients, or 0 (no baseline)");

/** This process's memory after a full collection (needs --expose-gc; null without it). */
function settledMemory(): { heapUsed: number; rss: number } | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

type ChildMessage =
  | { type: "ready"; group: string; clients: number; ms: number }
  | { type: "all-received"; id: string; at: number }
  | { type: "closed"; code: number; reason: string }
  | { type: "failed"; error: string };

const wallNow = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

interface Summary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

function summary(values: number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 100) / 100;
  return { p50: r(percentile(s, 50)), p90: r(percentile(s, 90)), p99: r(percentile(s, 99)), max: r(s[s.length - 1] ?? Number.NaN), mean: r(s.reduce((a, b) => a + b, 0) / s.length) };
}

/** The plain `ws` way: one server, every client sent the same string with ws.send (framed per socket). */
async function startBareServer(): Promise<{ url: string; clients: Set<WebSocket>; close(): void }> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const clients = new Set<WebSocket>();
  wss.on("connection", (ws) => {
    clients.add(ws);
    ws.on("close", () => clients.delete(ws));
    ws.on("message", () => ws.send('{"status":"subscribed"}'));
  });
  return { url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, clients, close: () => wss.close() };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "alpha-bench-streams-"));
  let benchAccount = "";
  const running = await startServer(
    { databasePath: join(dir, "service.db"), port: 0, simulator: false },
    { seedScale: 0.05, streams: { connectionCapFor: (accountId) => (accountId === benchAccount ? CLIENTS + 10 : undefined) } },
  );
  const ctx = running.service.ctx;
  const account = createAccount({ ctx, input: { name: "streams-bench", plan: "pro" } });
  benchAccount = account.id;
  const { key } = issueApiKey({ ctx, input: { accountId: account.id, label: "bench" } });
  const bare = await startBareServer();

  const child = fork(join(import.meta.dirname, "clients.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const waiters = new Map<string, (at: number) => void>();
  const readiness = new Map<string, (m: { clients: number; ms: number }) => void>();
  let closedSockets = 0;
  const failed = new Promise<never>((_resolve, reject) => {
    child.on("message", (m: ChildMessage) => {
      if (m.type === "ready") readiness.get(m.group)?.(m);
      else if (m.type === "failed") reject(new Error(m.error));
      else if (m.type === "closed") closedSockets++;
      else if (m.type === "all-received") waiters.get(m.id)?.(m.at);
    });
    child.once("exit", (code) => reject(new Error(`clients exited with ${code}`)));
  });
  const openGroup = (group: string, url: string) => {
    const ready = new Promise<{ clients: number; ms: number }>((resolve) => readiness.set(group, resolve));
    child.send({ type: "start", group, url, key, clients: CLIENTS, product: "alerts", symbols: [], detailed: true });
    return Promise.race([ready, failed]);
  };
  const memoryBefore = settledMemory();
  const alpha = await openGroup("alpha", `${running.url.replace(/^http/, "ws")}/v1/ws`);
  const memoryAfter = settledMemory();
  const perConnection =
    memoryBefore && memoryAfter
      ? { heapBytes: Math.round((memoryAfter.heapUsed - memoryBefore.heapUsed) / CLIENTS), rssBytes: Math.round((memoryAfter.rss - memoryBefore.rss) / CLIENTS) }
      : null;
  if (BARE) await openGroup("bare", bare.url);
  if (running.streams.stats().connections !== CLIENTS) throw new Error(`expected ${CLIENTS} connections, the hub holds ${running.streams.stats().connections}`);

  const rng = createRng("streams-bench");
  const pool = companies.slice(0, 50);
  const ours = { lastClient: [] as number[], withIpc: [] as number[], sync: [] as number[] };
  const base = { lastClient: [] as number[], sync: [] as number[] };
  let frameBytes = 0;
  const arrival = (id: string) =>
    Promise.race([
      new Promise<number>((resolve) => waiters.set(id, resolve)),
      failed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`row ${id} did not reach all ${CLIENTS} clients within 30 s`)), 30_000).unref()),
    ]);

  for (let i = 0; i < WARMUP + EVENTS; i++) {
    const company = pool[i % pool.length] ?? companies[0];
    if (!company) throw new Error("no companies");
    // Ours: store through record.ts; the bus, the hub and the sockets do the rest.
    const row = buildAlert(rng, company, Date.now(), { type: "price_alert" });
    const ourDone = arrival(row.id);
    const t0 = wallNow();
    recordAlert(ctx, row);
    const t1 = wallNow();
    const ourAt = await ourDone;
    const t2 = wallNow();
    waiters.delete(row.id);

    if (!BARE) {
      frameBytes = Buffer.byteLength(JSON.stringify({ channel: "alerts", data: JSON.parse(alertStreamJsonById(ctx, row.id) ?? "{}") as object }));
      if (i >= WARMUP) {
        ours.lastClient.push(ourAt - t0);
        ours.withIpc.push(t2 - t0);
        ours.sync.push(t1 - t0);
      }
      continue;
    }
    // Baseline: the same frame bytes (another id) broadcast with ws.send.
    const frame = JSON.stringify({ channel: "alerts", data: { ...(JSON.parse(alertStreamJsonById(ctx, row.id) ?? "{}") as object), id: `bare_${row.id.slice(4)}` } });
    frameBytes = Buffer.byteLength(frame);
    const bareDone = arrival(`bare_${row.id.slice(4)}`);
    const b0 = wallNow();
    for (const ws of bare.clients) ws.send(frame);
    const b1 = wallNow();
    const bareAt = await bareDone;

    if (i < WARMUP) continue;
    ours.lastClient.push(ourAt - t0);
    ours.withIpc.push(t2 - t0);
    ours.sync.push(t1 - t0);
    base.lastClient.push(bareAt - b0);
    base.sync.push(b1 - b0);
  }

  const stats = running.streams.stats();
  const o = summary(ours.lastClient);
  const b = BARE ? summary(base.lastClient) : { p50: Number.NaN, p90: Number.NaN, p99: Number.NaN, max: Number.NaN, mean: Number.NaN };
  const ratio = (x: number, y: number) => Math.round((x / y) * 100) / 100;
  const result = {
    bench: "streams",
    clients: CLIENTS,
    events: EVENTS,
    frame_bytes: frameBytes,
    connect_ms: Math.round(alpha.ms),
    memory_per_connection: perConnection,
    store_to_last_client_ms: o,
    store_to_last_client_with_ipc_ms: summary(ours.withIpc),
    store_and_fan_out_sync_ms: summary(ours.sync),
    bare_ws_broadcast_to_last_client_ms: b,
    bare_ws_send_loop_ms: BARE ? summary(base.sync) : b,
    ratio_to_bare: { p50: ratio(o.p50, b.p50), p99: ratio(o.p99, b.p99) },
    frames_sent: stats.framesSent,
    slow_consumers_cut: stats.slowConsumersCut,
    sockets_closed: closedSockets,
  };

  const line = (label: string, s: Summary) =>
    `| ${label.padEnd(48)} | ${String(s.p50).padStart(7)} | ${String(s.p90).padStart(7)} | ${String(s.p99).padStart(7)} | ${String(s.max).padStart(7)} |`;
  console.log(`\n${CLIENTS} clients ${BARE ? "each side" : "(no baseline)"}, ${EVENTS} events (after ${WARMUP} warm-up), alerts full feed, detailed, ${frameBytes}-byte frames\n`);
  console.log(`| ${"delay (ms)".padEnd(48)} |     p50 |     p90 |     p99 |     max |`);
  console.log(`|${"-".repeat(50)}|---------|---------|---------|---------|`);
  console.log(line("Alpha: store → last client received", o));
  console.log(line("Alpha: store → parent told (adds the IPC hop)", result.store_to_last_client_with_ipc_ms));
  console.log(line("Alpha: inside recordAlert (insert + fan-out)", result.store_and_fan_out_sync_ms));
  if (BARE) {
    console.log(line("bare ws: send loop start → last client received", b));
    console.log(line("bare ws: the ws.send loop itself", result.bare_ws_send_loop_ms));
    console.log(`\nratio Alpha / bare ws: p50 ${result.ratio_to_bare.p50}×, p99 ${result.ratio_to_bare.p99}×`);
  }
  console.log(`frames sent ${stats.framesSent}, slow consumers cut ${stats.slowConsumersCut}, sockets closed ${closedSockets}`);
  console.log(perConnection ? `memory per connection (after a full GC): heap ${perConnection.heapBytes} B, RSS ${perConnection.rssBytes} B; connecting took ${Math.round(alpha.ms)} ms\n` : "memory per connection: run with --expose-gc\n");
  console.log(JSON.stringify(result));

  child.send({ type: "stop" });
  await new Promise((resolve) => child.once("exit", resolve));
  bare.close();
  await running.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
