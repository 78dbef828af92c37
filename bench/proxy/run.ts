/**
 * Proxy bench: throughput of a paid GET (`/v1/news?limit=20`, 1 credit per page) through the desk's real proxy
 * handler (session, key vault, catalogue validation, upstream call, spend log, cache) against the same call straight
 * to the service, in one run, each server in its own process; the desk both with `fresh=1` (every call goes
 * upstream and is charged) and cached (answered from the desk's cache). Then the first-load JavaScript of each route
 * of the production build (.next/diagnostics/route-bundle-stats.json, gzip -9 per chunk). Run: `npm run bench:proxy`
 * (options: `-- --duration 10 --connections 16 --latency 0`; `--latency 20` puts 20 ms of network-like delay in front
 * of the service, for both paths, as a hosted API would have). Prints tables and one JSON line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { DEFAULT_BUDGET_KB, measureBuild, sizesTable } from "../../scripts/bundle-sizes";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    warmup: { type: "string", default: "2" },
    latency: { type: "string", default: "0" },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP = Number(values.warmup);
const LATENCY_MS = Number(values.latency);
const PATH = "/v1/news?limit=20";
const ROOT = join(import.meta.dirname, "..", "..");

interface Child {
  proc: ChildProcess;
  info: { url: string; keys?: string[]; cookies?: string[] };
  lines: AsyncIterator<string>;
}

async function startChild(args: string[]): Promise<Child> {
  const proc = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", join(import.meta.dirname, "child.ts"), ...args], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<never>((_, reject) => proc.once("exit", (code) => reject(new Error(`bench child exited with ${code}`))));
  const first = await Promise.race([lines.next(), exited]);
  return { proc, lines, info: JSON.parse(String(first.value)) as Child["info"] };
}

/** CPU milliseconds the child has used so far. */
async function cpuOf(child: Child): Promise<number> {
  child.proc.stdin?.write("cpu\n");
  const line = await child.lines.next();
  return (JSON.parse(String(line.value)) as { cpuMs: number }).cpuMs;
}

function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.proc.removeAllListeners("exit");
    child.proc.once("exit", () => resolve());
    child.proc.kill("SIGTERM");
  });
}

interface Figures {
  /** CPU time the servers spent per answered request (service, plus the desk on the proxy paths), in ms. */
  cpuMsPerRequest: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function measure(url: string, headers: Record<string, string>, servers: Child[]): Promise<Figures> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
  const cpuBefore = await Promise.all(servers.map(cpuOf));
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const cpuAfter = await Promise.all(servers.map(cpuOf));
  const cpuMs = cpuAfter.reduce((sum, v, i) => sum + v - (cpuBefore[i] ?? 0), 0);
  return {
    cpuMsPerRequest: Math.round((cpuMs / Math.max(1, r.requests.total)) * 1000) / 1000,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
  };
}

const service = await startChild(["service"]);
const delay = LATENCY_MS > 0 ? await startChild(["delay", service.info.url, String(LATENCY_MS)]) : null;
const serviceUrl = delay?.info.url ?? service.info.url;
const [keyDirect = "", keyFresh = "", keyCached = "", keyDirectAgain = ""] = service.info.keys ?? [];
const desk = await startChild(["desk", serviceUrl, keyFresh, keyCached]);
const deskUrl = desk.info.url;
const [cookieFresh = "", cookieCached = ""] = desk.info.cookies ?? [];
let results: { direct: Figures; proxyFresh: Figures; proxyCached: Figures; directAgain: Figures };
try {
  // Each path has its own upstream account; direct runs first and last to show how much the machine drifted.
  const direct = await measure(`${serviceUrl}${PATH}`, { "X-API-Key": keyDirect }, [service]);
  const proxyFresh = await measure(`${deskUrl}/api/alpha${PATH}&fresh=1`, { cookie: cookieFresh }, [service, desk]);
  const proxyCached = await measure(`${deskUrl}/api/alpha${PATH}`, { cookie: cookieCached }, [service, desk]);
  const directAgain = await measure(`${serviceUrl}${PATH}`, { "X-API-Key": keyDirectAgain }, [service]);
  results = { direct, proxyFresh, proxyCached, directAgain };
} finally {
  await stopChild(desk);
  if (delay) await stopChild(delay);
  await stopChild(service);
}

const ratio = (f: Figures) => Math.round((f.reqPerSec / results.direct.reqPerSec) * 100) / 100;
/** Throughput ratio the CPU cost implies: what the same CPU would serve through the desk, relative to direct. */
const cpuRatio = (f: Figures) => Math.round((results.direct.cpuMsPerRequest / f.cpuMsPerRequest) * 100) / 100;
console.log(
  `\nGET ${PATH}, ${CONNECTIONS} connections, ${DURATION} s each (after ${WARMUP} s warm-up)${LATENCY_MS > 0 ? `, ${LATENCY_MS} ms before the service` : ""}\n`,
);
console.log("| path | req/s | p50 ms | p99 ms | non-2xx | vs direct | server CPU ms/req | vs direct by CPU |");
console.log("|---|---|---|---|---|---|---|---|");
const row = (name: string, f: Figures) =>
  console.log(`| ${name} | ${f.reqPerSec} | ${f.p50} | ${f.p99} | ${f.non2xx + f.errors} | ${ratio(f)}× | ${f.cpuMsPerRequest} | ${cpuRatio(f)}× |`);
row("straight to the service", results.direct);
row("desk proxy, fresh=1 (upstream every call)", results.proxyFresh);
row("desk proxy, cached", results.proxyCached);
row("straight to the service, again", results.directAgain);

const sizes = measureBuild({ root: ROOT });
if (sizes) {
  console.log(`\nFirst-load JavaScript per route (production build, gzip -9; budget ${DEFAULT_BUDGET_KB} kB, signed-out pages less)\n`);
  console.log(sizesTable(sizes));
} else {
  console.log("\nNo production build (.next/diagnostics/route-bundle-stats.json): run `npm run build` for the first-load sizes.");
}
console.log(
  `\n${JSON.stringify({ bench: "proxy", path: PATH, connections: CONNECTIONS, duration: DURATION, latencyMs: LATENCY_MS, ...results, ratioFresh: ratio(results.proxyFresh), ratioCached: ratio(results.proxyCached), cpuRatioFresh: cpuRatio(results.proxyFresh), cpuRatioCached: cpuRatio(results.proxyCached), firstLoad: sizes })}`,
);
