/**
 * The cluster's round-robin proxy on its own: what each request costs the proxy and the instances behind it, with the
 * proxy as it is (scripts/round-robin-proxy.ts) against the proxy of an earlier commit, rounds interleaved.
 * The instances are two bare HTTP servers (each its own process) answering a body the size of an RSC navigation, so
 * the figures are the proxy's and the connections', not a desk's. autocannon drives the proxy from this process with
 * keep-alive clients; the proxy runs in a child of its own, so its CPU is its own.
 *   npx tsx bench/cluster/proxy-pool.ts --baseline 51bedb1d --connections 64 --duration 10 --rounds 3 --rate 0 --port 3330
 * Run it under the heavy-work lock. Prints a table and one JSON line.
 */
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import type { startRoundRobinProxy as Start } from "../../scripts/round-robin-proxy";
import { benchArgs } from "../args";
import { cpuOfTree } from "../load-figures";

const ROOT = join(import.meta.dirname, "..", "..");
const role = process.argv[2];

if (role === "backend") {
  // A stand-in instance: 12 kB answers (an RSC navigation's size), counting the connections it accepts.
  const body = Buffer.alloc(12_000, "x");
  let connections = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "text/x-component" }).end(body);
  });
  server.on("connection", () => (connections += 1));
  server.listen(Number(process.argv[3]), "127.0.0.1", () => process.send!("ready"));
  process.on("message", () => process.send!({ connections }));
} else if (role === "proxy") {
  const [, , , modulePath, port, ...backends] = process.argv;
  const { startRoundRobinProxy } = (await import(modulePath!)) as { startRoundRobinProxy: typeof Start };
  // Health checks as often as `npm run cluster`'s (an instance that failed a request is out of rotation until the next).
  await startRoundRobinProxy({ backends, port: Number(port) });
  process.send!("ready");
} else {
  // --rate caps the requests a second (0: as fast as answered); a proxy opening a connection per request runs out of
  // loopback ports (TIME_WAIT) within seconds at full speed here, so its CPU per request is compared at a capped rate.
  const { connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, port: PORT, rate: RATE, values } = benchArgs(
    { connections: 64, duration: 10, rounds: 3, port: 3330, rate: 0 },
    { baseline: { type: "string", default: "51bedb1d" } },
  );
  const children: ChildProcess[] = [];
  process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));
  const start = (args: string[]) =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(import.meta.filename, args, { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
      children.push(child);
      child.once("message", () => resolve(child));
      child.once("exit", (code) => reject(new Error(`${args[0]} exited (${code})`)));
    });
  const ask = (child: ChildProcess) => new Promise<number>((resolve) => (child.once("message", (m: { connections: number }) => resolve(m.connections)), child.send("count")));

  const dir = mkdtempSync(join(tmpdir(), "proxy-pool-"));
  const baseline = join(dir, "round-robin-proxy.ts");
  writeFileSync(baseline, execFileSync("git", ["show", `${values.baseline}:scripts/round-robin-proxy.ts`], { cwd: ROOT }));
  const variants = [
    { name: `baseline (${values.baseline})`, module: baseline },
    { name: "as it is", module: join(ROOT, "scripts", "round-robin-proxy.ts") },
  ];
  const backendPorts = [PORT + 1, PORT + 2];
  const backends = await Promise.all(backendPorts.map((p) => start(["backend", String(p)])));
  const rows: { variant: string; round: number; reqPerSec: number; p50: number; p99: number; proxyCpuUsPerReq: number; backendCpuUsPerReq: number; backendConnections: number; errors: number; non2xx: number; load: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const v of variants) {
      const proxy = await start(["proxy", v.module, String(PORT), ...backendPorts.map((p) => `http://127.0.0.1:${p}`)]);
      const url = `http://127.0.0.1:${PORT}/x`;
      await autocannon({ url, connections: CONNECTIONS, duration: 2, ...(RATE > 0 ? { overallRate: RATE } : {}) });
      const cpu0 = { proxy: cpuOfTree(proxy.pid!), backends: backends.map((b) => cpuOfTree(b.pid!)) };
      const conn0 = await Promise.all(backends.map(ask));
      const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...(RATE > 0 ? { overallRate: RATE } : {}) });
      const conn1 = await Promise.all(backends.map(ask));
      const proxyMs = cpuOfTree(proxy.pid!) - cpu0.proxy;
      const backendMs = backends.reduce((sum, b, i) => sum + cpuOfTree(b.pid!) - cpu0.backends[i]!, 0);
      const total = Math.max(1, r.requests.total);
      rows.push({
        variant: v.name,
        round,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        proxyCpuUsPerReq: Math.round((proxyMs * 1000) / total),
        backendCpuUsPerReq: Math.round((backendMs * 1000) / total),
        backendConnections: conn1.reduce((s, c, i) => s + c - conn0[i]!, 0),
        errors: r.errors,
        non2xx: r.non2xx,
        load: Math.round(loadavg()[0]! * 100) / 100,
      });
      await new Promise<void>((resolve) => (proxy.once("exit", () => resolve()), proxy.kill("SIGTERM")));
    }
  }
  backends.forEach((b) => b.kill("SIGTERM"));
  console.log(`\n${CONNECTIONS} keep-alive clients${RATE > 0 ? ` at ${RATE} requests/s` : ""}, ${DURATION} s per round, two bare instances behind the proxy:\n`);
  console.log("| proxy | round | req/s | p50 ms | p99 ms | proxy CPU µs/req | instances' CPU µs/req | connections the instances accepted | errors | not 2xx | load (1 min) |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.variant} | ${r.round} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.proxyCpuUsPerReq} | ${r.backendCpuUsPerReq} | ${r.backendConnections} | ${r.errors} | ${r.non2xx} | ${r.load} |`);
  console.log(`\n${JSON.stringify({ connections: CONNECTIONS, duration: DURATION, rows })}`);
  process.exit(0);
}
