/**
 * `npm run bench:morning`: a firm's market open on one box. Many simulated signed-in users, each with their own
 * session and their own key (on one account or several), work the desk as traders, portfolio managers and admins do
 * (the mix and its sources: bench/README.md, "The morning bench"): page navigations (HTML and RSC), API calls, paid
 * calls cached and fresh, a summary burst, a 2,000-line batch job and the usage page's reconciliation, with one SSE
 * stream per user held open for the whole level, while live events are stored in the service at a steady pace and
 * timed from the store to every stream that should show them.
 *
 * One instance (`npm start`'s default: SQLite, memory) and two (`npm run cluster`'s: PostgreSQL, Redis, the
 * round-robin proxy) in one run, each at every user count. The desks are `next start` of a production build (the
 * same preloads as `npm start`, scripts/embedded.ts); the service is bench/proxy/child.ts's, in its own process.
 * Per row: navigations and API calls per second, p50/p95/p99 per kind, errors, events delivered and their p99, the
 * desks' and the service's CPU and memory, this process's CPU (the load generator) and the load average.
 *
 * Run it alone, under the machine's heavy-work lock: `flock /tmp/alpha-heavy.lock npm run bench:morning`.
 * Options: --users 100,250,500,1000 --duration 30 (measured seconds per row) --warmup 5 --accounts 4 (users' keys
 *   spread round-robin over this many accounts; 1 puts every user on one) --modes single,cluster --event-every 1000
 *   (ms between live events) --port 3510 (desks on port..port+2, the proxy on port+3) --dist-dir .next
 *   --profile (V8 CPU profiles of the desks and the service into bench/results/morning-profile/<mode>/, and their
 *   top costs; see bench/morning/profile-top.ts) --desk-flags "<node flags for the desks>"
 * Needs PostgreSQL and Redis on 127.0.0.1 for the cluster (DATABASE_URL's server / REDIS_URL to point elsewhere).
 * Prints tables and one JSON line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { Redis } from "ioredis";
import { createDeskContext, type DeskContext } from "../../lib/server/core/context";
import { newId } from "../../lib/server/core/ids";
import { mintSessionCookie } from "../../lib/server/identity/session";
import { createFirstAdmin } from "../../lib/server/identity/users";
import { saveAlphaKey } from "../../lib/server/upstream/stored-keys";
import { deskEnv, hasFreshBuild, ROOT, runNextBuild, startNext, waitForHttp } from "../../scripts/embedded";
import { startRoundRobinProxy, type RoundRobinProxy } from "../../scripts/round-robin-proxy";
import { percentile } from "../cluster/harness";
import { benchArgs } from "../args";
import { cpuOfTree, rssOfTree } from "../load-figures";
import { profileTop } from "./profile-top";
import { ACTIONS, BATCH_LINES, batchFile, bookOf, BOOKS, pickAction, roleOf, THINK_MS, type Action, type Role } from "./workload";
import { onSseBlocks, sseRowId } from "../sse-blocks";

const {
  duration: DURATION_S,
  warmup: WARMUP_S,
  accounts,
  "event-every": EVENT_EVERY_MS,
  port: PORT,
  values,
} = benchArgs(
  { duration: 30, warmup: 5, accounts: 4, "event-every": 1000, port: 3510 },
  {
    users: { type: "string", default: "100,250,500,1000" },
    modes: { type: "string", default: "single,cluster" },
    "dist-dir": { type: "string", default: ".next" },
    profile: { type: "boolean", default: false },
    "desk-flags": { type: "string", default: "" },
  },
);
const LEVELS = values.users.split(",").map((u) => Number(u.trim())).filter((n) => n > 0).sort((a, b) => a - b);
const ACCOUNTS = Math.max(1, accounts);
const MODES = values.modes.split(",").map((m) => m.trim()) as ("single" | "cluster")[];
const DIST_DIR = values["dist-dir"];
/** Node flags for the desks, after `startNext`'s own (so `--desk-flags=--max-semi-space-size=16` measures Node's default). */
const DESK_FLAGS = values["desk-flags"].split(/\s+/).filter(Boolean);
const MAX_USERS = LEVELS.at(-1) ?? 0;
const HOST = "127.0.0.1";
const PG_SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
if (!LEVELS.length || !(DURATION_S > 0) || MODES.some((m) => m !== "single" && m !== "cluster")) throw new Error("--users needs counts, --duration seconds, --modes single and/or cluster");
if (!hasFreshBuild(ROOT, DIST_DIR)) {
  // .next is npm start's build, made as it makes it; another folder is someone else's (the cluster's has its deploy id).
  if (DIST_DIR !== ".next") throw new Error(`${DIST_DIR} holds no production build newer than the sources: \`npm run cluster\` builds .next-cluster`);
  console.log("The production build (.next) is missing or older than the sources: next build...");
  await runNextBuild({ ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" }, { logFile: join(tmpdir(), "bench-morning-next-build.log") });
}

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
/**
 * Microseconds so far in which some task waited for a CPU (Linux pressure stall information, /proc/pressure/cpu);
 * its growth over a row says how much the machine's other work held ours up. null where the kernel has none.
 */
function cpuStallUs(): number | null {
  try {
    const m = /^some .*total=(\d+)/m.exec(readFileSync("/proc/pressure/cpu", "utf8"));
    return m?.[1] ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));

// ---- the service (bench/proxy/child.ts), its keys, and its live events ----

interface Service {
  url: string;
  pid: number;
  accountKeys: string[][];
  event(product: string, symbol: string): Promise<{ event: string; at: number }>;
  proc: ChildProcess;
}

async function startService(profileDir: string | null): Promise<Service> {
  const perAccount = Math.ceil(MAX_USERS / ACCOUNTS) + 1;
  const flags = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const proc = spawn(process.execPath, ["--conditions=react-server", ...flags, "--import", "tsx", join(ROOT, "bench", "proxy", "child.ts"), "service", String(ACCOUNTS), String(perAccount)], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  children.add(proc);
  const lines = createInterface({ input: proc.stdout! });
  const waiting: ((line: string) => void)[] = [];
  let first: ((line: string) => void) | null = null;
  lines.on("line", (line) => (first ? (first(line), (first = null)) : waiting.shift()?.(line)));
  const info = await new Promise<{ url: string; keys: string[]; accountKeys?: string[][] }>((resolve, reject) => {
    first = (line) => resolve(JSON.parse(line) as { url: string; keys: string[]; accountKeys?: string[][] });
    proc.once("exit", (code) => reject(new Error(`the service exited (${code})`)));
  });
  const event = (product: string, symbol: string) =>
    new Promise<{ event: string; at: number }>((resolve, reject) => {
      waiting.push((line) => {
        const answer = JSON.parse(line) as { event?: string; at?: number; error?: string };
        if (answer.event && answer.at) resolve({ event: answer.event, at: answer.at });
        else reject(new Error(answer.error ?? `unexpected answer ${line}`));
      });
      proc.stdin!.write(`event ${product} ${symbol}\n`);
    });
  return { url: info.url, pid: proc.pid!, accountKeys: info.accountKeys ?? info.keys.map((k) => [k]), event, proc };
}

// ---- the firm: users, their keys and sessions, in the desk's database ----

interface User {
  index: number;
  role: Role;
  book: number;
  cookie: string;
}

/** The desk's users: one admin who set the desk up, the rest added by them; each saves their own key and signs in. */
async function makeFirm(ctx: DeskContext, service: Service): Promise<User[]> {
  const adminInput = { email: `morning-0@example.test`, name: "Morning 0", password: randomBytes(12).toString("hex") };
  const admin = await createFirstAdmin({ ctx, input: adminInput });
  const hash = (await ctx.db.selectFrom("users").select("password_hash").where("id", "=", admin.id).executeTakeFirstOrThrow()).password_hash;
  const now = new Date().toISOString();
  const rows = Array.from({ length: MAX_USERS - 1 }, (_, k) => {
    const i = k + 1;
    // One password hash for all (argon2 a thousand times would be the setup's whole cost); nobody signs in by password.
    return { id: newId("usr"), email: `morning-${i}@example.test`, name: `Morning ${i}`, password_hash: hash, role: (roleOf(i) === "admin" ? "admin" : "member") as "admin" | "member", disabled: 0, created_at: now, updated_at: now, must_change_password: 0, confirm_threshold: null };
  });
  for (let at = 0; at < rows.length; at += 200) await ctx.db.insertInto("users").values(rows.slice(at, at + 200)).execute();
  const all = [{ id: admin.id, email: admin.email, name: admin.name, role: "admin" as const }, ...rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role }))];
  const users: User[] = new Array<User>(all.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < all.length) {
        const i = next++;
        const u = all[i]!;
        const keys = service.accountKeys[i % ACCOUNTS]!;
        await saveAlphaKey({ ctx, userId: u.id, key: keys[Math.floor(i / ACCOUNTS)]! });
        users[i] = { index: i, role: roleOf(i), book: bookOf(i), cookie: await mintSessionCookie({ ctx, user: u }) };
      }
    }),
  );
  return users;
}

// ---- HTTP: one keep-alive pool for requests, one socket per SSE stream ----

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

interface Answer {
  status: number;
  ms: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * One request on the keep-alive pool. A request on a reused socket that the desk closed meanwhile (its keep-alive
 * timeout) is sent again once on a new one, as browsers do and as Node's documentation advises
 * (`req.reusedSocket`); the time counted is from the first try.
 */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string, started = performance.now(), retried = false): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { method, headers: { ...headers, ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
      res.on("error", () => resolve({ status: 0, ms: performance.now() - started, body: "", headers: {} }));
    });
    req.setTimeout(60_000, () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === "ECONNRESET" && !retried) resolve(send(base, method, path, headers, body, started, true));
      else resolve({ status: 0, ms: performance.now() - started, body: error.message, headers: {} });
    });
    req.end(body);
  });
}

// ---- RSC navigations: as the router sends them from Today (its state tree, and the `_rsc` hash Next.js checks) ----

const STATE_TREE = encodeURIComponent(JSON.stringify(["", { children: ["(desk)", { children: ["today", { children: ["__PAGE__", {}] }] }] }]));
const RSC_HEADERS = { rsc: "1", "next-router-state-tree": STATE_TREE };
const { computeCacheBustingSearchParam } = createRequire(import.meta.url)("next/dist/shared/lib/router/utils/cache-busting-search-param.js") as {
  computeCacheBustingSearchParam: (prefetch: string | undefined, segment: string | undefined, tree: string | undefined, nextUrl: string | undefined) => Promise<string>;
};
const RSC_PARAM = await computeCacheBustingSearchParam(undefined, undefined, STATE_TREE, undefined);

// ---- one level: N users for warmup + duration ----

type Kind = "nav-html" | "nav-rsc" | "api" | "paid-cached" | "paid-fresh" | "summary" | "summary-burst" | "reconcile" | "batch-submit";
const KINDS: Kind[] = ["nav-html", "nav-rsc", "api", "paid-cached", "paid-fresh", "summary", "summary-burst", "reconcile", "batch-submit"];

interface LevelResult {
  mode: string;
  instances: number;
  users: number;
  navPerSec: number;
  apiPerSec: number;
  kinds: Record<string, { n: number; p50: number; p95: number; p99: number; errors: number }>;
  errors: number;
  errorSamples: string[];
  events: { stored: number; expected: number; delivered: number; p50: number; p99: number };
  /** polledProducts: stream × product pairs served by REST polling (no live socket) at the end of the level. */
  streams: { opened: number; connected: number; dropped: number; polledProducts: number };
  batch: { lines: number; submitMs: number | null; doneS: number | null; state: string };
  cpu: { deskPct: number[]; servicePct: number; generatorPct: number };
  rssMb: { desk: number[]; service: number };
  loadBefore: number[];
  loadAfter: number[];
  /** Share of the measured window in which some task on the machine waited for a CPU (null: not known here). */
  cpuStallPct: number | null;
}

async function runLevel(mode: string, base: string, users: User[], service: Service, deskPids: number[], instances: number): Promise<LevelResult> {
  const loadBefore = load();
  let measuring = false;
  let stopped = false;
  const samples = new Map<Kind, { ms: number[]; errors: number }>(KINDS.map((k) => [k, { ms: [], errors: 0 }]));
  const errorSamples: string[] = [];
  const record = (kind: Kind, answer: Answer, ok: boolean, path: string) => {
    // What failed is kept from warm-up on too (the first calls are the likeliest to find a fault); counts are measured.
    if (!ok && errorSamples.length < 8) errorSamples.push(`${measuring ? "" : "(warm-up) "}${kind} ${path} HTTP ${answer.status}: ${answer.body.slice(0, 160)}`);
    if (!measuring) return;
    const s = samples.get(kind)!;
    s.ms.push(answer.ms);
    if (!ok) s.errors += 1;
  };

  // Every user's live stream, open for the whole level: their book's symbols, the three feeds Today shows.
  const byBook = new Map<number, Set<number>>();
  const streamDone: (() => void)[] = [];
  let connected = 0;
  let dropped = 0;
  const polled = new Set<string>();
  const receipts = new Map<string, number[]>();
  for (const u of users) {
    const symbols = BOOKS[u.book]!.join(",");
    const req = request(`${base}/api/live?products=news,announcements,alerts&symbols=${encodeURIComponent(symbols)}`, { headers: { cookie: u.cookie, accept: "text/event-stream" }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        dropped += 1;
        if (errorSamples.length < 8) errorSamples.push(`live HTTP ${res.statusCode}`);
        res.resume();
        return;
      }
      let seen = false;
      onSseBlocks(res, (block) => {
        // Which of the stream's products the desk serves by polling its REST list instead of a live socket.
        if (block.startsWith("event: status\n")) {
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          const status = data ? (JSON.parse(data.slice(6)) as { product?: string; state?: string }) : {};
          if (status.state === "polling") polled.add(`${u.index}:${status.product}`);
          else if (status.state) polled.delete(`${u.index}:${status.product}`);
        }
        if (!seen && block.startsWith("event: status") && block.includes('"state":"connected"')) {
          seen = true;
          connected += 1;
          (byBook.get(u.book) ?? byBook.set(u.book, new Set()).get(u.book)!).add(u.index);
        }
        if (!block.startsWith("event: news\n") && !block.startsWith("event: announcements\n")) return;
        const id = sseRowId(block);
        if (id) (receipts.get(id) ?? receipts.set(id, []).get(id)!).push(Date.now());
      });
      res.on("close", () => {
        if (!stopped) dropped += 1;
      });
    });
    req.on("error", () => {
      if (!stopped) dropped += 1;
    });
    req.end();
    streamDone.push(() => req.destroy());
  }
  const deadline = Date.now() + 60_000;
  while (connected + dropped < users.length && Date.now() < deadline) await sleep(100);

  // Each user's working loop: think, act, record.
  const loops = users.map(async (u) => {
    await sleep(Math.random() * THINK_MS[u.role]);
    while (!stopped) {
      await act(u, pickAction(u.role, Math.random()));
      await sleep(-Math.log(1 - Math.random()) * THINK_MS[u.role]);
    }
  });
  async function act(u: User, action: Action): Promise<void> {
    const headers: Record<string, string> = { cookie: u.cookie, ...(action.kind === "nav-rsc" ? RSC_HEADERS : action.kind === "nav-html" ? { accept: "text/html" } : {}) };
    const path = action.kind === "nav-rsc" ? `${action.path(u)}?_rsc=${RSC_PARAM}` : action.path(u);
    if (action.kind === "summary") {
      const answer = await send(base, "POST", path, { ...headers, "content-type": "application/json", origin: base }, JSON.stringify(action.body!(u)));
      record("summary", answer, answer.status === 200, path);
      return;
    }
    const answer = await send(base, "GET", path, headers);
    let kind: Kind = action.kind;
    if (kind === "paid-cached" || kind === "paid-fresh") {
      // What the desk did, from its own envelope: served from the cache, or bought upstream now.
      kind = answer.status === 200 && (JSON.parse(answer.body) as { meta?: { cached?: boolean } }).meta?.cached ? "paid-cached" : "paid-fresh";
    }
    record(kind, answer, answer.status === 200, path);
  }

  // Live events at a steady pace on the books' symbols, from warm-up to the end.
  const stored: { id: string; at: number; book: number; expected: number }[] = [];
  const eventLoop = (async () => {
    for (let k = 0; !stopped; k++) {
      const book = k % BOOKS.length;
      const symbol = BOOKS[book]![Math.floor(k / BOOKS.length) % BOOKS[book]!.length]!;
      const expected = byBook.get(book)?.size ?? 0;
      const e = await service.event(k % 2 ? "announcements" : "news", symbol);
      if (measuring) stored.push({ id: e.event, at: e.at, book, expected });
      await sleep(EVENT_EVERY_MS);
    }
  })();

  await sleep(WARMUP_S * 1000);
  const cpu0 = { desks: deskPids.map(cpuOfTree), service: cpuOfTree(service.pid), generator: process.cpuUsage(), stall: cpuStallUs() };
  const started = performance.now();
  measuring = true;

  // The batch job (a portfolio manager's 2,000 lines) and, a third in, the summary burst (every PM at once).
  const pm = users.find((u) => u.role === "pm") ?? users[0]!;
  const batch = (async () => {
    const boundary = `----morning${randomBytes(8).toString("hex")}`;
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="morning.jsonl"\r\nContent-Type: application/jsonl\r\n\r\n${batchFile(BATCH_LINES)}\r\n--${boundary}\r\nContent-Disposition: form-data; name="display_name"\r\n\r\nMorning book\r\n--${boundary}--\r\n`,
    );
    const submitted = performance.now();
    const answer = await send(base, "POST", "/api/alpha/v1/batch/jobs", { cookie: pm.cookie, origin: base, "content-type": `multipart/form-data; boundary=${boundary}` }, body);
    record("batch-submit", answer, answer.status === 200, "/api/alpha/v1/batch/jobs");
    if (answer.status !== 200) return { submitMs: answer.ms, doneS: null, state: `HTTP ${answer.status}` };
    const id = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
    let state = "submitted";
    while (!stopped) {
      await sleep(2_000);
      const poll = await send(base, "GET", `/api/alpha/v1/batch/jobs/${id}`, { cookie: pm.cookie });
      record("api", poll, poll.status === 200, `/api/alpha/v1/batch/jobs/${id}`);
      if (poll.status !== 200) continue;
      state = (JSON.parse(poll.body) as { data: { status: string } }).data.status;
      if (state !== "pending" && state !== "in_progress") return { submitMs: answer.ms, doneS: (performance.now() - submitted) / 1000, state };
    }
    return { submitMs: answer.ms, doneS: null, state };
  })();
  const burst = (async () => {
    await sleep(DURATION_S * 300);
    const summary = ACTIONS.pm.find((a) => a.kind === "summary")!;
    await Promise.all(
      users
        .filter((u) => u.role === "pm")
        .map(async (u) => {
          const answer = await send(base, "POST", summary.path(u), { cookie: u.cookie, origin: base, "content-type": "application/json" }, JSON.stringify(summary.body!(u)));
          record("summary-burst", answer, answer.status === 200, summary.path(u));
        }),
    );
  })();

  await sleep(DURATION_S * 1000);
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const cpuPct = (ms: number) => Math.round((ms / (seconds * 1000)) * 1000) / 10;
  const generator = process.cpuUsage(cpu0.generator);
  const cpu = {
    deskPct: deskPids.map((p, i) => cpuPct(cpuOfTree(p) - cpu0.desks[i]!)),
    servicePct: cpuPct(cpuOfTree(service.pid) - cpu0.service),
    generatorPct: cpuPct((generator.user + generator.system) / 1000),
  };
  const rssMb = { desk: deskPids.map(rssOfTree), service: rssOfTree(service.pid) };
  const stallNow = cpuStallUs();
  const cpuStallPct = stallNow !== null && cpu0.stall !== null ? Math.round(((stallNow - cpu0.stall) / (seconds * 1e6)) * 1000) / 10 : null;
  stopped = true;
  // The last events' arrivals; then every stream and loop ends.
  await sleep(3_000);
  streamDone.forEach((done) => done());
  const batchResult = await Promise.race([batch, sleep(5_000).then(() => ({ submitMs: null, doneS: null, state: "unfinished" }))]);
  await Promise.race([Promise.all([...loops, eventLoop, burst]), sleep(65_000)]);

  const delays: number[] = [];
  let expected = 0;
  let delivered = 0;
  for (const e of stored) {
    const got = receipts.get(e.id) ?? [];
    expected += e.expected;
    delivered += Math.min(got.length, e.expected);
    for (const at of got) delays.push(at - e.at);
  }
  delays.sort((a, b) => a - b);
  const kinds: LevelResult["kinds"] = {};
  let errors = 0;
  let navs = 0;
  let apis = 0;
  for (const [kind, s] of samples) {
    if (!s.ms.length) continue;
    s.ms.sort((a, b) => a - b);
    const r = (x: number) => Math.round(x);
    kinds[kind] = { n: s.ms.length, p50: r(percentile(s.ms, 50)), p95: r(percentile(s.ms, 95)), p99: r(percentile(s.ms, 99)), errors: s.errors };
    errors += s.errors;
    if (kind.startsWith("nav")) navs += s.ms.length;
    else apis += s.ms.length;
  }
  return {
    mode,
    instances,
    users: users.length,
    navPerSec: Math.round((navs / seconds) * 10) / 10,
    apiPerSec: Math.round((apis / seconds) * 10) / 10,
    kinds,
    errors,
    errorSamples,
    events: { stored: stored.length, expected, delivered, p50: Math.round(percentile(delays, 50)), p99: Math.round(percentile(delays, 99)) },
    streams: { opened: users.length, connected, dropped, polledProducts: polled.size },
    batch: { lines: BATCH_LINES, submitMs: batchResult.submitMs === null ? null : Math.round(batchResult.submitMs), doneS: batchResult.doneS === null ? null : Math.round(batchResult.doneS * 10) / 10, state: batchResult.state },
    cpu,
    rssMb,
    loadBefore,
    loadAfter: load(),
    cpuStallPct,
  };
}

// ---- one mode: its desks, every level ----

async function runMode(mode: "single" | "cluster", service: Service, profileRoot: string | null): Promise<LevelResult[]> {
  const tag = randomBytes(4).toString("hex");
  const dataDir = mkdtempSync(join(tmpdir(), `bench-morning-${mode}-`));
  const authSecret = randomBytes(32).toString("base64url");
  const encryptionKey = randomBytes(32);
  const database = `bench_morning_${tag}`;
  const databaseUrl = (() => {
    const u = new URL(PG_SERVER);
    u.pathname = `/${database}`;
    return u.href;
  })();
  const redisPrefix = `bench:morning:${tag}:`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  if (mode === "cluster") {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
  }
  const ports = mode === "cluster" ? [PORT + 1, PORT + 2] : [PORT];
  const desks: ChildProcess[] = [];
  let proxy: RoundRobinProxy | null = null;
  try {
    const ctx = await createDeskContext({
      ...(mode === "cluster" ? { databaseUrl, redisUrl: REDIS_URL, redisPrefix } : { sqlitePath: join(dataDir, "desk.db") }),
      secrets: { authSecret, encryptionKey },
      config: { alphaBaseUrl: service.url },
    });
    const setupStarted = performance.now();
    const users = await makeFirm(ctx, service);
    await ctx.close();
    console.log(`${mode}: ${users.length} users with their keys and sessions in ${Math.round(performance.now() - setupStarted)} ms`);

    const profileDir = profileRoot ? join(profileRoot, mode) : null;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    for (const port of ports) {
      const env = deskEnv(process.env, {
        ALPHA_BASE_URL: service.url,
        DESK_DATA_DIR: dataDir,
        AUTH_SECRET: authSecret,
        DESK_ENCRYPTION_KEY: encryptionKey.toString("base64"),
        NEXT_DIST_DIR: DIST_DIR,
        DESK_URL: `http://${HOST}:${mode === "cluster" ? PORT + 3 : PORT}`,
        PORT: String(port),
        ...(mode === "cluster" ? { DATABASE_URL: databaseUrl, REDIS_URL, DESK_REDIS_PREFIX: redisPrefix, DESK_TRUST_PROXY: "1" } : { DATABASE_URL: undefined, REDIS_URL: undefined }),
      });
      if (mode === "single") {
        delete env.DATABASE_URL;
        delete env.REDIS_URL;
      }
      const child = startNext({ port, host: HOST, env, stdio: "pipe", nodeArgs: [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), ...DESK_FLAGS] });
      child.stdout?.resume();
      child.stderr?.on("data", (c: Buffer) => process.stderr.write(`[desk ${port}] ${c.toString("utf8")}`));
      children.add(child);
      desks.push(child);
    }
    await Promise.all(ports.map((p, i) => waitForHttp(`http://${HOST}:${p}/api/health`, desks[i]!)));
    if (mode === "cluster") proxy = await startRoundRobinProxy({ backends: ports.map((p) => `http://${HOST}:${p}`), port: PORT + 3, host: HOST });
    const base = proxy ? proxy.url.replace(/\/$/, "") : `http://${HOST}:${PORT}`;
    const results: LevelResult[] = [];
    for (const n of LEVELS) {
      const r = await runLevel(mode === "cluster" ? "two instances (PostgreSQL, Redis, proxy)" : "one instance (SQLite, memory)", base, users.slice(0, n), service, desks.map((d) => d.pid!), ports.length);
      console.log(`${mode} ${n} users: ${r.navPerSec} nav/s, ${r.apiPerSec} api/s, ${r.errors} errors, events ${r.events.delivered}/${r.events.expected} p99 ${r.events.p99} ms, load ${r.loadAfter.join(" ")}`);
      results.push(r);
      await sleep(2_000);
    }
    return results;
  } finally {
    await proxy?.close();
    await Promise.all(
      desks.map(
        (d) =>
          new Promise<void>((resolve) => {
            if (d.exitCode !== null) return resolve();
            const t = setTimeout(() => (d.kill("SIGKILL"), resolve()), 15_000);
            d.once("exit", () => (clearTimeout(t), resolve()));
            d.kill("SIGTERM");
          }),
      ),
    );
    if (mode === "cluster") {
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
      const redis = new Redis(REDIS_URL);
      for await (const keys of redis.scanStream({ match: `${redisPrefix}*`, count: 500 }) as AsyncIterable<string[]>) if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function tables(results: LevelResult[]): string {
  const out: string[] = [];
  out.push("| setup | users | nav/s | API/s | errors | events delivered | event p50 / p99 ms | desk CPU % | desk RSS MB | service CPU % | service RSS MB | generator CPU % | load before → after | CPU stall % |");
  out.push("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    out.push(
      `| ${r.mode} | ${r.users} | ${r.navPerSec} | ${r.apiPerSec} | ${r.errors} | ${r.events.delivered}/${r.events.expected} | ${r.events.p50} / ${r.events.p99} | ${r.cpu.deskPct.join(" + ")} | ${r.rssMb.desk.join(" + ")} | ${r.cpu.servicePct} | ${r.rssMb.service} | ${r.cpu.generatorPct} | ${r.loadBefore[0]} → ${r.loadAfter[0]} | ${r.cpuStallPct ?? "—"} |`,
    );
  }
  out.push("", "| setup | users | kind | count | p50 ms | p95 ms | p99 ms | errors |", "|---|---|---|---|---|---|---|---|");
  for (const r of results) for (const [kind, k] of Object.entries(r.kinds)) out.push(`| ${r.mode} | ${r.users} | ${kind} | ${k.n} | ${k.p50} | ${k.p95} | ${k.p99} | ${k.errors} |`);
  out.push("", "| setup | users | batch lines | submit ms | done after s | state | streams connected / dropped | stream products polled |", "|---|---|---|---|---|---|---|---|");
  for (const r of results) out.push(`| ${r.mode} | ${r.users} | ${r.batch.lines} | ${r.batch.submitMs ?? "—"} | ${r.batch.doneS ?? "—"} | ${r.batch.state} | ${r.streams.connected} / ${r.streams.dropped} | ${r.streams.polledProducts} |`);
  return out.join("\n");
}

async function main(): Promise<void> {
  const profileRoot = values.profile ? join(ROOT, "bench", "results", "morning-profile", new Date().toISOString().replace(/[:.]/g, "-")) : null;
  const serviceProfile = profileRoot ? join(profileRoot, "service") : null;
  if (serviceProfile) mkdirSync(serviceProfile, { recursive: true });
  console.log(`Starting the service (${ACCOUNTS} accounts, ${MAX_USERS} keys)...`);
  const service = await startService(serviceProfile);
  const results: LevelResult[] = [];
  for (const mode of MODES) results.push(...(await runMode(mode, service, profileRoot)));
  await new Promise<void>((resolve) => {
    service.proc.once("exit", () => resolve());
    service.proc.kill("SIGTERM");
  });
  console.log(`\nThe morning (${DURATION_S} s measured per row after ${WARMUP_S} s warm-up; users' keys on ${ACCOUNTS} account${ACCOUNTS === 1 ? "" : "s"}; one live event every ${EVENT_EVERY_MS} ms):\n`);
  console.log(tables(results));
  for (const r of results) if (r.errorSamples.length) console.log(`\n${r.mode} ${r.users}: ${r.errorSamples.join(" | ")}`);
  if (profileRoot) {
    for (const dir of [...MODES, "service"]) {
      console.log(`\nTop self time, ${dir} (${join(profileRoot, dir)}):\n`);
      console.log(profileTop(join(profileRoot, dir), 15));
    }
  }
  console.log(`\n${JSON.stringify({ durationS: DURATION_S, accounts: ACCOUNTS, eventEveryMs: EVENT_EVERY_MS, results })}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
