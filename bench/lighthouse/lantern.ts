/**
 * Why a simulated LCP is what it is: replays Lighthouse's own Lantern simulation of a run kept by
 * `npm run bench:lighthouse -- --traces` and lists what it counted.
 *
 *   npm run bench:lantern -- bench/results/lighthouse/<ts>/mobile-news            one run
 *   npm run bench:lantern -- bench/results/lighthouse/<ts>                          every run kept there, one line each
 *
 * Lighthouse's default mobile figures are not measured: they are Lantern's replay of an unthrottled load on slow 4G
 * and a 4× slower CPU. For LCP, Lantern keeps every request that finished before the observed LCP (except scripts
 * whose first evaluation started after it) and every task that started before it, simulates both graphs (the
 * pessimistic one with every layout too) and takes their mean. So a page's figure moves with what happened to finish
 * on loopback before its paint. This prints, per run: the observed FCP and LCP, the simulated ones, the server
 * response time Lantern adds to each request of the origin, and for one run every node of the LCP graphs with its
 * observed and simulated times.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { NetworkAnalysis } from "lighthouse/core/computed/network-analysis.js";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { ProcessedNavigation } from "lighthouse/core/computed/processed-navigation.js";

type Timing = { startTime: number; endTime: number; duration: number };
type LanternNode = {
  id: string;
  type: "network" | "cpu";
  startTime: number;
  endTime: number;
  request?: { url: string; transferSize: number; priority: string; resourceType?: string };
  event?: { dur?: number };
  childEvents?: { name: string }[];
  getEvaluateScriptURLs?: () => Set<string>;
};
type Estimate = { timeInMs: number; nodeTimings: Map<LanternNode, Timing> };
type LanternMetric = { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };
type Lhr = { requestedUrl: string; mainDocumentUrl: string; finalDisplayedUrl: string; configSettings: Record<string, unknown> };

const arg = process.argv[2];
if (!arg) {
  console.error("usage: npm run bench:lantern -- <results dir> | <results dir>/<profile>-<page>");
  process.exit(2);
}

const runs = existsSync(arg) && statSync(arg).isDirectory()
  ? readdirSync(arg).filter((f) => f.endsWith(".devtoolslog.json")).map((f) => join(arg, f.replace(/\.devtoolslog\.json$/, ""))).sort()
  : [arg.replace(/\.(json|trace\.json|devtoolslog\.json)$/, "")];
if (runs.length === 0) throw new Error(`no <name>.devtoolslog.json in ${arg}: run bench:lighthouse with --traces`);

const short = (url: string) => {
  const u = new URL(url);
  return (u.pathname + u.search).replace(/^\/_next\/static\/chunks\//, "chunks/").slice(0, 60);
};
const ms = (v: number) => v.toFixed(0).padStart(5);

async function replay(base: string) {
  const lhr = JSON.parse(readFileSync(`${base}.json`, "utf8")) as Lhr;
  const trace = JSON.parse(readFileSync(`${base}.trace.json`, "utf8"));
  const devtoolsLog = JSON.parse(readFileSync(`${base}.devtoolslog.json`, "utf8"));
  const data = {
    trace,
    devtoolsLog,
    settings: lhr.configSettings,
    gatherContext: { gatherMode: "navigation" },
    URL: { requestedUrl: lhr.requestedUrl, mainDocumentUrl: lhr.mainDocumentUrl, finalDisplayedUrl: lhr.finalDisplayedUrl },
    SourceMaps: [],
    simulator: null,
  } as unknown as Parameters<typeof LanternLargestContentfulPaint.request>[0];
  const context = { computedCache: new Map(), settings: lhr.configSettings } as unknown as Parameters<typeof LanternLargestContentfulPaint.request>[1];
  const fcp = (await LanternFirstContentfulPaint.request(data, context)) as unknown as LanternMetric;
  const lcp = (await LanternLargestContentfulPaint.request(data, context)) as unknown as LanternMetric;
  const nav = (await ProcessedNavigation.request(trace, context)) as unknown as { timings: { firstContentfulPaint: number; largestContentfulPaint?: number }; timestamps: { timeOrigin: number } };
  const analysis = (await NetworkAnalysis.request(devtoolsLog, context)) as unknown as { serverResponseTimeByOrigin: Map<string, number>; additionalRttByOrigin: Map<string, number> };
  const origin = new URL(lhr.mainDocumentUrl).origin;
  return { lhr, fcp, lcp, nav, origin, serverMs: analysis.serverResponseTimeByOrigin.get(origin) ?? 0 };
}

function describe(node: LanternNode): string {
  if (node.type === "network" && node.request) {
    const r = node.request;
    return `${(r.resourceType ?? "").padEnd(10)} ${short(r.url).padEnd(60)} ${(r.transferSize / 1024).toFixed(1).padStart(6)} kB ${r.priority}`;
  }
  const urls = [...(node.getEvaluateScriptURLs?.() ?? [])].map(short);
  const names = [...new Set((node.childEvents ?? []).map((e) => e.name))].filter((n) => /^(ParseHTML|Layout|Paint|EvaluateScript|FunctionCall|TimerFire|RunMicrotasks|v8\.compile|EventDispatch|HitTest|UpdateLayoutTree|PrePaint)$/.test(n));
  return `task ${(((node.event?.dur ?? 0) / 1000).toFixed(1) + " ms").padStart(9)}  ${names.join(",")}${urls.length ? `  eval ${urls.join(" ")}` : ""}`;
}

if (runs.length > 1) {
  console.log(`run                        obs FCP  obs LCP  sim FCP  sim LCP (opt/pess)  server ms  LCP nodes: net/cpu`);
  for (const base of runs) {
    const replayed = await replay(base).catch((e: Error) => e);
    if (replayed instanceof Error) {
      console.log(`${basename(base).padEnd(26)} ${replayed.message} (a trace Lighthouse could not read either)`);
      continue;
    }
    const { fcp, lcp, nav, serverMs } = replayed;
    const nodes = [...lcp.pessimisticEstimate.nodeTimings.keys()];
    console.log(
      `${basename(base).padEnd(26)} ${ms(nav.timings.firstContentfulPaint)}   ${ms(nav.timings.largestContentfulPaint ?? 0)}    ${ms(fcp.timing)}    ${ms(lcp.timing)} (${ms(lcp.optimisticEstimate.timeInMs)}/${ms(lcp.pessimisticEstimate.timeInMs)})   ${serverMs.toFixed(1).padStart(6)}    ${nodes.filter((n) => n.type === "network").length}/${nodes.filter((n) => n.type === "cpu").length}`,
    );
  }
} else {
  const base = runs[0] as string;
  const { fcp, lcp, nav, origin, serverMs } = await replay(base);
  console.log(`${basename(base)}: observed FCP ${nav.timings.firstContentfulPaint.toFixed(0)} ms, LCP ${nav.timings.largestContentfulPaint?.toFixed(0)} ms`);
  console.log(`simulated FCP ${fcp.timing.toFixed(0)} ms (optimistic ${fcp.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${fcp.pessimisticEstimate.timeInMs.toFixed(0)})`);
  console.log(`simulated LCP ${lcp.timing.toFixed(0)} ms (optimistic ${lcp.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${lcp.pessimisticEstimate.timeInMs.toFixed(0)})`);
  console.log(`server response time Lantern adds to each request of ${origin}: ${serverMs.toFixed(1)} ms\n`);
  const timeOrigin = nav.timestamps.timeOrigin;
  const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  console.log(`observed start–end (ms)   simulated pessimistic start–end   in optimistic  node`);
  for (const [node, t] of rows) {
    const inOpt = [...lcp.optimisticEstimate.nodeTimings.keys()].some((n) => n.id === node.id);
    console.log(`${ms((node.startTime - timeOrigin) / 1000)}–${ms((node.endTime - timeOrigin) / 1000)}          ${ms(t.startTime)}–${ms(t.endTime)}                  ${inOpt ? "yes" : " no"}      ${describe(node)}`);
  }
}
