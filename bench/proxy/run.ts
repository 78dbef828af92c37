/**
 * Proxy bench: throughput of a paid GET (`/v1/news?limit=20`, 1 credit per page) through the desk's real proxy
 * (`/api/alpha/v1/news`: the catch-all's static twin, scripts/generate-contract.ts) served by `next start` (a
 * production build), against the framework's floor in the same run and the same process: (a) a bare Next.js route
 * handler answering the same bytes from memory and (b) a bare Next.js route handler forwarding the request to the
 * service with one keep-alive call (bench/proxy/floor.ts). The cached proxy is compared with (a), the proxy with
 * `fresh=1` (every call upstream and charged) with (b); and both with the service called directly, first and last (to
 * show drift). Each path has its own upstream account.
 *
 * The floor routes exist only in a bench build: `NEXT_BENCH_ROUTES=1 NEXT_DIST_DIR=.next-bench next build` (the bench
 * runs it when .next-bench is missing or older than the sources). Then the first-load JavaScript of each route of the
 * production build (.next/diagnostics/route-bundle-stats.json, gzip -9 per chunk).
 *
 * Run under the heavy-work lock: `flock /tmp/alpha-heavy.lock npm run bench:proxy` (options: `-- --duration 6
 * --connections 16 --warmup 2 --rounds 5 --latency 0 --port 3104 --profile`). Paths are measured in interleaved
 * rounds (a busy machine weighs on all alike) and the median round of each is reported: five by default, as one path's
 * rounds spread by ±10% on a 2-core machine whose speed moves under it (three gave a median that moved as much).
 * `--latency 20` puts a forwarder holding each request 20 ms in front of the service, for every path. `--profile` writes a V8 CPU profile of
 * the desk (`next start --cpu-prof`) into bench/results/. Prints tables and one JSON line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { cpuOfTree, loadFigures, median, medianRound, type LoadFigures } from "../load-figures";
import { DEFAULT_BUDGET_KB, measureBuild, sizesTable } from "../../scripts/bundle-sizes";
import { BUILD_SOURCE_ENTRIES, isBuildFresh } from "../../scripts/build-freshness";
import { benchArgs } from "../args";

const args = benchArgs({ duration: 6, connections: 16, warmup: 2, rounds: 5, latency: 0, port: 3104 }, { profile: { type: "boolean", default: false }, paths: { type: "string" } });
const { duration: DURATION, connections: CONNECTIONS, warmup: WARMUP, latency: LATENCY_MS, port: DESK_PORT, values } = args;
const ROUNDS = Math.max(1, args.rounds);
const PATH = "/v1/news?limit=20";
const ROOT = join(import.meta.dirname, "..", "..");
const BENCH_DIST_DIR = ".next-bench";

interface Child {
  proc: ChildProcess;
  info: { url: string; keys?: string[]; cookies?: string[] };
  lines: AsyncIterator<string>;
}

async function startChild(args: string[], env: Record<string, string> = {}): Promise<Child> {
  const proc = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", join(import.meta.dirname, "child.ts"), ...args], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", ...env },
  });
  const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<never>((_, reject) => proc.once("exit", (code) => reject(new Error(`bench child exited with ${code}`))));
  const first = await Promise.race([lines.next(), exited]);
  return { proc, lines, info: JSON.parse(String(first.value)) as Child["info"] };
}

function stopProcess(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.removeAllListeners("exit");
    proc.once("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

interface Figures extends LoadFigures {
  /** CPU time the servers spent per answered request (the service, plus the desk on desk paths), in ms. */
  cpuMsPerRequest: number;
  /** Of which the desk's `next start` process. */
  deskCpuMsPerRequest: number;
}

async function measure(url: string, headers: Record<string, string>, pids: { service: number; desk: number | null }): Promise<Figures> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
  const before = { service: cpuOfTree(pids.service), desk: pids.desk ? cpuOfTree(pids.desk) : 0 };
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const desk = pids.desk ? cpuOfTree(pids.desk) - before.desk : 0;
  const service = cpuOfTree(pids.service) - before.service;
  const per = (ms: number) => Math.round((ms / Math.max(1, r.requests.total)) * 1000) / 1000;
  return {
    cpuMsPerRequest: per(desk + service),
    deskCpuMsPerRequest: per(desk),
    ...loadFigures(r),
  };
}

/** The bench build is made from the desk's sources and the floor routes. */
const SOURCE_ENTRIES = [...BUILD_SOURCE_ENTRIES, "bench/proxy/floor.ts"];

const nextBin = () => createRequire(import.meta.url).resolve("next/dist/bin/next");

/** The bench build (.next-bench, floor routes included): built when missing or older than the sources. */
async function ensureBenchBuild(): Promise<void> {
  const floorRoute = join(ROOT, BENCH_DIST_DIR, "server", "app", "api", "bench-floor", "memory", "route.js");
  const fresh = existsSync(floorRoute) && isBuildFresh(ROOT, BENCH_DIST_DIR, SOURCE_ENTRIES);
  if (fresh) return;
  console.log(`Building the bench build (${BENCH_DIST_DIR}, NEXT_BENCH_ROUTES=1)...`);
  // A build into another folder reads tsconfig.side-build.json and writes no tracked file (next.config.ts).
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin(), "build"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_BENCH_ROUTES: "1", NEXT_DIST_DIR: BENCH_DIST_DIR },
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (exit ${code})`))));
  });
  if (!existsSync(floorRoute)) throw new Error(`the bench build has no floor routes (${floorRoute})`);
}

/** `next start` on the bench build; it dies with this process (scripts/exit-with-parent.mjs). */
async function startDesk(env: NodeJS.ProcessEnv, profileDir: string | null): Promise<ChildProcess> {
  const preload = pathToFileURL(join(ROOT, "scripts", "exit-with-parent.mjs")).href;
  const args = ["--import", preload, ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), nextBin(), "start", "-H", "127.0.0.1", "-p", String(DESK_PORT)];
  const proc = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit", "pipe"], env: { ...env, ALPHA_DESK_PARENT_FD: "3" } });
  (proc.stdio[3] as Socket | null)?.unref();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`next start exited with ${proc.exitCode} (is port ${DESK_PORT} free?)`);
    try {
      if ((await fetch(`http://127.0.0.1:${DESK_PORT}/api/health`)).status < 500) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("next start did not answer within 60 s");
}

await ensureBenchBuild();
const service = await startChild(["service", "6"]);
const delay = LATENCY_MS > 0 ? await startChild(["delay", service.info.url, String(LATENCY_MS)]) : null;
const serviceUrl = delay?.info.url ?? service.info.url;
const [keyDirect = "", keyFresh = "", keyCached = "", keyFloor = "", keyDirectAgain = "", keyTeam = ""] = service.info.keys ?? [];
const dataDir = mkdtempSync(join(tmpdir(), "bench-proxy-desk-"));
const secrets = { AUTH_SECRET: randomBytes(32).toString("base64url"), DESK_ENCRYPTION_KEY: randomBytes(32).toString("base64") };
const deskData = await startChild(["desk-data", dataDir, serviceUrl, keyFresh, keyCached], { ...secrets, BENCH_ORG_KEY: keyTeam });
const [cookieFresh = "", cookieCached = "", cookieMember = ""] = deskData.info.cookies ?? [];
const profileDir = values.profile ? join(ROOT, "bench", "results", "proxy-profile") : null;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const desk = await startDesk(
  {
    ...process.env,
    ...secrets,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: BENCH_DIST_DIR,
    DESK_DATA_DIR: dataDir,
    ALPHA_BASE_URL: serviceUrl,
    AUTH_TRUST_HOST: "1",
    DESK_BRIEF_RUNNER: "off",
    BENCH_FLOOR_KEY: keyFloor,
  },
  profileDir,
);
const deskUrl = `http://127.0.0.1:${DESK_PORT}`;

const paths = {
  direct: { url: `${serviceUrl}${PATH}`, headers: { "X-API-Key": keyDirect }, desk: false },
  floorMemory: { url: `${deskUrl}/api/bench-floor/memory`, headers: {}, desk: true },
  proxyCached: { url: `${deskUrl}/api/alpha${PATH}`, headers: { cookie: cookieCached }, desk: true },
  floorForward: { url: `${deskUrl}/api/bench-floor/forward?limit=20`, headers: {}, desk: true },
  proxyFresh: { url: `${deskUrl}/api/alpha${PATH}&fresh=1`, headers: { cookie: cookieFresh }, desk: true },
  proxyFreshMember: { url: `${deskUrl}/api/alpha${PATH}&fresh=1`, headers: { cookie: cookieMember }, desk: true },
  directAgain: { url: `${serviceUrl}${PATH}`, headers: { "X-API-Key": keyDirectAgain }, desk: false },
} as const;
type PathName = keyof typeof paths;
const ALL_PATHS = Object.keys(paths) as PathName[];
/** `--paths floorForward,proxyFresh`: only those (an A/B of one comparison in less time); default every path. */
const chosen = values.paths ? values.paths.split(",").map((name) => name.trim()).filter(Boolean) : ALL_PATHS;
for (const name of chosen) if (!ALL_PATHS.includes(name as PathName)) throw new Error(`--paths: no path "${name}" (the paths: ${ALL_PATHS.join(", ")})`);
const measured = ALL_PATHS.filter((name) => chosen.includes(name));
/**
 * The order of a round: the service called directly first and last (to show drift), the desk paths between them in
 * an order that turns by one each round, so no path always follows the same one (what ran just before, its garbage
 * and its writes, weighs on the next).
 */
function roundOrder(round: number): PathName[] {
  const inner = measured.filter((name) => name !== "direct" && name !== "directAgain");
  const turn = inner.length > 0 ? round % inner.length : 0;
  const turned = [...inner.slice(turn), ...inner.slice(0, turn)];
  return [...(measured.includes("direct") ? ["direct" as const] : []), ...turned, ...(measured.includes("directAgain") ? ["directAgain" as const] : [])];
}
const rounds = Object.fromEntries(measured.map((name) => [name, [] as Figures[]])) as Partial<Record<PathName, Figures[]>>;
try {
  // The cached answer's bytes, as the proxy sends them, are what floor (a) answers from memory.
  const primed = await fetch(paths.proxyCached.url, { headers: paths.proxyCached.headers });
  if (primed.status !== 200) throw new Error(`priming the desk's cache answered HTTP ${primed.status}: ${await primed.text()}`);
  const given = await fetch(paths.floorMemory.url, { method: "POST", headers: { Origin: deskUrl }, body: await primed.arrayBuffer() });
  if (given.status !== 204) throw new Error(`floor (a) refused its bytes: HTTP ${given.status}`);
  for (const name of measured) {
    const p = paths[name];
    const res = await fetch(p.url, { headers: p.headers });
    if (res.status !== 200) throw new Error(`${name} answered HTTP ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of roundOrder(round)) {
      const p = paths[name];
      rounds[name]!.push(await measure(p.url, p.headers, { service: service.proc.pid!, desk: p.desk ? desk.pid! : null }));
    }
  }
} finally {
  await stopProcess(desk);
  if (delay) await stopProcess(delay.proc);
  await stopProcess(service.proc);
}

/** The median round of a path, by throughput. */
const results = Object.fromEntries(Object.entries(rounds).map(([name, list]) => [name, medianRound(list)])) as Partial<Record<PathName, Figures>>;
const ratio = (f: Figures | undefined, base: Figures | undefined) => (f && base ? Math.round((f.reqPerSec / base.reqPerSec) * 100) / 100 : null);
/** Throughput ratio the CPU cost implies: what the same CPU would serve on this path, relative to the base. */
const cpuRatio = (f: Figures | undefined, base: Figures | undefined) => (f && base ? Math.round((base.cpuMsPerRequest / f.cpuMsPerRequest) * 100) / 100 : null);
/**
 * The median of a comparison's round-by-round ratios. The two paths of a round ran one after the other, so each
 * round's ratio is paired against the same state of the machine; the ratio of the two median rounds above mixes rounds.
 */
const pairedRatio = (path: PathName, base: PathName): { reqPerSec: number | null; cpu: number | null } => {
  const mine = rounds[path];
  const theirs = rounds[base];
  if (!mine || !theirs) return { reqPerSec: null, cpu: null };
  const med = (values: (number | null)[]) => {
    const m = median(values.filter((x): x is number => x !== null));
    return m === null ? null : Math.round(m * 100) / 100;
  };
  return { reqPerSec: med(mine.map((f, i) => ratio(f, theirs[i]))), cpu: med(mine.map((f, i) => cpuRatio(f, theirs[i]))) };
};
const ratios = {
  pairedCachedVsFloorMemory: pairedRatio("proxyCached", "floorMemory").reqPerSec,
  pairedFreshVsFloorForward: pairedRatio("proxyFresh", "floorForward").reqPerSec,
  cachedVsFloorMemory: ratio(results.proxyCached, results.floorMemory),
  freshVsFloorForward: ratio(results.proxyFresh, results.floorForward),
  cpuCachedVsFloorMemory: cpuRatio(results.proxyCached, results.floorMemory),
  cpuFreshVsFloorForward: cpuRatio(results.proxyFresh, results.floorForward),
  memberFreshVsFloorForward: ratio(results.proxyFreshMember, results.floorForward),
  cachedVsDirect: ratio(results.proxyCached, results.direct),
  freshVsDirect: ratio(results.proxyFresh, results.direct),
};
console.log(
  `\nGET ${PATH}, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved rounds of ${DURATION} s (after ${WARMUP} s warm-up each)${LATENCY_MS > 0 ? `, ${LATENCY_MS} ms before the service` : ""}\n`,
);
console.log("| path | req/s | p50 ms | p99 ms | non-2xx | vs direct | CPU ms/req (desk + service) | desk CPU ms/req |");
console.log("|---|---|---|---|---|---|---|---|");
const row = (name: string, f: Figures | undefined) => {
  const vsDirect = ratio(f, results.direct);
  if (f) console.log(`| ${name} | ${f.reqPerSec} | ${f.p50} | ${f.p99} | ${f.non2xx + f.errors} | ${vsDirect === null ? "—" : `${vsDirect}×`} | ${f.cpuMsPerRequest} | ${f.deskCpuMsPerRequest} |`);
};
row("straight to the service", results.direct);
row("(a) bare Next.js route, same bytes from memory", results.floorMemory);
row("desk proxy, cached", results.proxyCached);
row("(b) bare Next.js route, one keep-alive call to the service", results.floorForward);
row("desk proxy, fresh=1 (upstream every call)", results.proxyFresh);
row("desk proxy, fresh=1, a member on the organisation's key (seat, allowance)", results.proxyFreshMember);
row("straight to the service, again", results.directAgain);
/** A comparison's median and the same ratio round by round (paths of one round ran next to each other). */
const compare = (label: string, path: PathName, base: PathName) => {
  const mine = rounds[path];
  const theirs = rounds[base];
  if (!mine || !theirs) return;
  const perRound = mine.map((f, i) => `${ratio(f, theirs[i])}× (${cpuRatio(f, theirs[i])}×)`).join(", ");
  const paired = pairedRatio(path, base);
  console.log(
    `${label}: ${ratio(results[path], results[base])}× by req/s, ${cpuRatio(results[path], results[base])}× by CPU per call; median of the rounds' own ratios ${paired.reqPerSec}× (${paired.cpu}×); round by round ${perRound}`,
  );
};
console.log("\nRound by round, req/s (desk CPU ms per call):");
for (const [name, list] of Object.entries(rounds)) console.log(`- ${name}: ${list.map((f) => `${f.reqPerSec} (${f.deskCpuMsPerRequest})`).join(", ")}`);
console.log("");
compare("cached proxy / (a)", "proxyCached", "floorMemory");
compare("fresh proxy / (b)", "proxyFresh", "floorForward");
compare("fresh proxy, a member on the organisation's key / (b)", "proxyFreshMember", "floorForward");
if (profileDir) console.log(`\nCPU profile of the desk: ${profileDir}`);

const sizes = measureBuild({ root: ROOT });
if (sizes) {
  console.log(`\nFirst-load JavaScript per route (production build, gzip -9; budget ${DEFAULT_BUDGET_KB} kB, signed-out pages less)\n`);
  console.log(sizesTable(sizes));
} else {
  console.log("\nNo production build (.next/diagnostics/route-bundle-stats.json): run `npm run build` for the first-load sizes.");
}
console.log(
  `\n${JSON.stringify({ bench: "proxy", path: PATH, connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, latencyMs: LATENCY_MS, ...results, ratios, firstLoad: sizes })}`,
);
