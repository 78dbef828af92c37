/**
 * Service bench: throughput and latency of `GET /v1/news?limit=50` with a key and metering (auth, rate limits,
 * a debit and its ledger row per call) against a bare node:http server answering a JSON body of the same size,
 * in the same run, each server in its own process; and the service with its response cache off answering distinct
 * queries (bench/service/queries.ts: every request a query string never sent before). Run: `npm run bench:service`
 * (optional: `-- --duration 10 --connections 64 --port 3140`, the servers then on ports 3140–3142). Prints a table and
 * one JSON line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { loadFigures, medianRound, type LoadFigures } from "../load-figures";
import type { NewsSpan } from "./queries";
import { newsQueries } from "./queries";
import { benchArgs } from "../args";

const { duration: DURATION, connections: CONNECTIONS, warmup: WARMUP, rounds: ROUNDS, port: PORT } = benchArgs({ duration: 10, connections: 64, warmup: 3, rounds: 3, port: 0 });
const PATH = "/v1/news?limit=50";

/** `port=N` for a child: the base port plus `offset`, or one the system picks. */
function portArg(offset: number): string[] {
  return PORT > 0 ? [`port=${PORT + offset}`] : [];
}

interface Child {
  proc: ChildProcess;
  info: { url: string; key?: string; span?: NewsSpan };
}

function startChild(args: string[]): Promise<Child> {
  const proc = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "child.ts"), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`bench child exited with ${code}`)));
    const lines = createInterface({ input: proc.stdout! });
    lines.once("line", (line) => resolve({ proc, info: JSON.parse(line) as Child["info"] }));
  });
}

function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.proc.removeAllListeners("exit");
    child.proc.once("exit", () => resolve());
    child.proc.kill("SIGTERM");
  });
}

interface Target {
  url: string;
  headers: Record<string, string>;
  /** The path of each request, when they differ (the distinct queries); else every request asks the url's. */
  nextPath?: () => string;
}

async function load(t: Target, duration: number): Promise<autocannon.Result> {
  const next = t.nextPath;
  const requests = next ? [{ method: "GET" as const, setupRequest: (req: autocannon.Request) => ({ ...req, path: next() }) }] : undefined;
  return autocannon({ url: t.url, headers: t.headers, connections: CONNECTIONS, duration, pipelining: 1, requests });
}

type Figures = LoadFigures;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "alpha-bench-service-"));
  const children: Child[] = [];
  try {
    const seeded = await startChild(["seed", join(dir, "cached")]);
    await new Promise((resolve) => (seeded.proc.exitCode === null ? seeded.proc.once("exit", resolve) : resolve(null)));
    const span = seeded.info.span;
    if (!span) throw new Error("the seed child did not report the news span");
    mkdirSync(join(dir, "uncached"));
    copyFileSync(join(dir, "cached", "service.db"), join(dir, "uncached", "service.db"));
    const service = await startChild(["service", join(dir, "cached"), ...portArg(1)]);
    children.push(service);
    const headers = { "X-API-Key": service.info.key ?? "" };
    const sample = await fetch(`${service.info.url}${PATH}`, { headers });
    if (sample.status !== 200) throw new Error(`service answered ${sample.status}: ${await sample.text()}`);
    const body = Buffer.from(await sample.arrayBuffer());
    const bodyFile = join(dir, "body.json");
    writeFileSync(bodyFile, body);

    const bare = await startChild(["bare", bodyFile, ...portArg(0)]);
    children.push(bare);
    // The same service with its response cache off, asked a query string never sent before on every request (as traffic
    // with many filters asks): every call parses its query and reads its page.
    const uncached = await startChild(["service", join(dir, "uncached"), "nocache", ...portArg(2)]);
    children.push(uncached);
    const queries = newsQueries(span);
    const sentPaths = new Set<string>();
    const nextPath = () => {
      const path = queries.next();
      sentPaths.add(path);
      return path;
    };
    const uncachedHeaders = { "X-API-Key": uncached.info.key ?? "" };
    for (let i = 0; i < 200; i++) {
      const probe = await fetch(`${uncached.info.url}${nextPath()}`, { headers: uncachedHeaders });
      if (probe.status !== 200) throw new Error(`the uncached service answered ${probe.status} to a bench query: ${await probe.text()}`);
      await probe.arrayBuffer();
    }
    const targets: Record<"bare" | "service" | "noCache", Target> = {
      bare: { url: `${bare.info.url}${PATH}`, headers: {} },
      service: { url: `${service.info.url}${PATH}`, headers },
      noCache: { url: `${uncached.info.url}${PATH}`, headers: uncachedHeaders, nextPath },
    };
    // Rounds interleave the three servers so a busy machine weighs on each alike; the median round is reported.
    const runs: Record<keyof typeof targets, Figures[]> = { bare: [], service: [], noCache: [] };
    for (const t of Object.values(targets)) if (WARMUP > 0) await load(t, WARMUP);
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        const t = targets[name];
        const f = loadFigures(await load(t, DURATION));
        runs[name].push(f);
        console.error(`round ${round + 1} ${name}: ${f.reqPerSec} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`);
      }
    }
    const bareFigures = medianRound(runs.bare);
    const serviceFigures = medianRound(runs.service);
    const uncachedFigures = medianRound(runs.noCache);

    const ratio = serviceFigures.reqPerSec / bareFigures.reqPerSec;
    const row = (name: string, f: Figures) =>
      `${name.padEnd(8)} ${String(f.reqPerSec).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ${String(f.bytesPerAnswer).padStart(6)} B/answer   non-2xx ${f.non2xx}   errors ${f.errors}`;
    const distinct = sentPaths.size === queries.sent();
    if (!distinct) throw new Error(`the uncached row repeated a query: ${sentPaths.size} distinct of ${queries.sent()} sent`);
    console.log(
      `GET ${PATH}: ${body.length} bytes, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved rounds of ${DURATION} s (after ${WARMUP} s warm-up), Node ${process.version}`,
    );
    console.log(row("bare", bareFigures));
    console.log(row("service", serviceFigures));
    console.log(row("no cache", uncachedFigures));
    const uncachedRatio = uncachedFigures.reqPerSec / bareFigures.reqPerSec;
    console.log(`ratio service/bare: ${ratio.toFixed(2)} (aim ≥ 0.5); service p99 ${serviceFigures.p99} ms (aim < 25 ms)`);
    console.log(
      `ratio with the response cache off, every query distinct (${sentPaths.size} sent, all distinct): ${uncachedRatio.toFixed(2)} (aim ≥ 0.5); p99 ${uncachedFigures.p99} ms (aim < 25 ms)`,
    );
    console.log(
      JSON.stringify({
        bench: "service",
        path: PATH,
        bodyBytes: body.length,
        connections: CONNECTIONS,
        duration: DURATION,
        rounds: ROUNDS,
        bare: bareFigures,
        service: serviceFigures,
        serviceNoCache: uncachedFigures,
        ratio: Number(ratio.toFixed(3)),
        ratioNoCache: Number(uncachedRatio.toFixed(3)),
        noCacheQueries: { sent: queries.sent(), distinct: sentPaths.size },
      }),
    );
  } finally {
    for (const child of children) if (child.proc.exitCode === null) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
