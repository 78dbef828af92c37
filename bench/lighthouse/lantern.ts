/**
 * Why a simulated LCP is what it is: replays Lighthouse's own Lantern simulation of a run kept by
 * `npm run bench:lighthouse -- --traces` and lists what it counted.
 *
 *   npm run bench:lantern -- bench/results/lighthouse/<ts>/mobile-news            one run
 *   npm run bench:lantern -- bench/results/lighthouse/<ts>                          every run kept there, one line each
 *   npm run bench:lantern -- <dir or run> --tbt                                     where each run's simulated TBT comes from
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
import { LanternInteractive } from "lighthouse/core/computed/metrics/lantern-interactive.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import { ProcessedNavigation } from "lighthouse/core/computed/processed-navigation.js";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

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

const tbtMode = process.argv.includes("--tbt");
const arg = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!arg) {
  console.error("usage: npm run bench:lantern -- <results dir> | <results dir>/<profile>-<page> [--tbt]");
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
  const tbt = tbtMode ? ((await LanternTotalBlockingTime.request(data, context)) as unknown as LanternMetric) : undefined;
  const tti = tbtMode ? ((await LanternInteractive.request(data, context)) as unknown as LanternMetric) : undefined;
  const analysis = (await NetworkAnalysis.request(devtoolsLog, context)) as unknown as { serverResponseTimeByOrigin: Map<string, number>; additionalRttByOrigin: Map<string, number> };
  const origin = new URL(lhr.mainDocumentUrl).origin;
  return { lhr, fcp, lcp, tbt, tti, nav, origin, serverMs: analysis.serverResponseTimeByOrigin.get(origin) ?? 0 };
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

/**
 * Lantern's TBT is the mean of two estimates over the same simulated tasks: the optimistic one counts the window from
 * the pessimistic FCP to the optimistic TTI, the pessimistic one from the optimistic FCP to the pessimistic TTI. Each task
 * of 50 ms or more (simulated) is clipped to the window and 50 ms taken off. This lists, per run, every task that
 * counted in either estimate: its observed and simulated times, its blocking in each, and what ran in it.
 */
if (tbtMode) {
  for (const base of runs) {
    const replayed = await replay(base).catch((e: Error) => e);
    if (replayed instanceof Error) {
      console.log(`${basename(base)}: ${replayed.message}`);
      continue;
    }
    const { fcp, tbt, tti, nav } = replayed;
    if (!tbt || !tti) continue;
    const windows = {
      optimistic: [fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
      pessimistic: [fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
    } as const;
    // Lighthouse's own rule for one top-level task: clipped to the window, less 50 ms.
    const blocking = (t: Timing, [from, to]: readonly [number, number]) =>
      Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent({ start: t.startTime, end: t.endTime, duration: t.duration }, from, to);
    console.log(`${basename(base)}: TBT ${tbt.timing.toFixed(0)} ms (optimistic ${tbt.optimisticEstimate.timeInMs.toFixed(0)}, window ${ms(windows.optimistic[0])}–${ms(windows.optimistic[1])}; pessimistic ${tbt.pessimisticEstimate.timeInMs.toFixed(0)}, window ${ms(windows.pessimistic[0])}–${ms(windows.pessimistic[1])}); observed FCP ${nav.timings.firstContentfulPaint.toFixed(0)}`);
    const timeOrigin = nav.timestamps.timeOrigin;
    // The render-blocking requests: when they end in the FCP graphs and in the whole page's (TBT's) graph.
    const endOf = (estimate: Estimate) => new Map([...estimate.nodeTimings].filter(([n]) => n.type === "network").map(([n, t]) => [n.id, t.endTime]));
    const [fcpOpt, fcpPess] = [endOf(fcp.optimisticEstimate), endOf(fcp.pessimisticEstimate)];
    for (const [node, t] of tbt.pessimisticEstimate.nodeTimings) {
      if (node.type !== "network" || !fcpPess.has(node.id) || !node.request) continue;
      console.log(`  request ${short(node.request.url).padEnd(40)} ends ${ms(fcpOpt.get(node.id) ?? Number.NaN)} / ${ms(fcpPess.get(node.id) ?? Number.NaN)} in FCP's graphs, ${ms(t.endTime)} in the page's`);
    }
    // The tasks the page's graph runs before the first paint's task that FCP's graph leaves out (the navigation's
    // commit, later parses of the streamed HTML): each delays that task past the simulated FCP by its simulated time.
    const fcpIds = new Set([...fcp.optimisticEstimate.nodeTimings.keys()].map((n) => n.id));
    const cpu = [...tbt.pessimisticEstimate.nodeTimings].filter(([n]) => n.type === "cpu").sort((a, b) => a[1].startTime - b[1].startTime);
    const paintAt = cpu.findIndex(([n]) => (n.childEvents ?? []).some((e) => e.name === "Paint"));
    if (paintAt >= 0) {
      const [paintNode, paintTiming] = cpu[paintAt] as [LanternNode, Timing];
      const before = cpu.slice(0, paintAt).filter(([n]) => !fcpIds.has(n.id));
      const listed = before.map(([n, t]) => `${(((n.event?.dur ?? 0) / 1000).toFixed(1))}→${t.duration.toFixed(0)}`).join(" + ") || "none";
      console.log(`  first paint's task ${(((paintNode.event?.dur ?? 0) / 1000).toFixed(1))} ms observed, simulated ${ms(paintTiming.startTime)}–${ms(paintTiming.endTime)}; before it and not in FCP's graph (observed→simulated ms): ${listed}`);
    }
    const optTimings = new Map([...tbt.optimisticEstimate.nodeTimings].map(([n, t]) => [n.id, t]));
    for (const [node, t] of [...tbt.pessimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
      if (node.type !== "cpu") continue;
      const o = optTimings.get(node.id);
      const bo = o ? blocking(o, windows.optimistic) : 0;
      const bp = blocking(t, windows.pessimistic);
      if (bo === 0 && bp === 0) continue;
      console.log(`  observed ${ms((node.startTime - timeOrigin) / 1000)}  simulated ${ms(t.startTime)}–${ms(t.endTime)}  blocking ${ms(bo)} / ${ms(bp)}  ${describe(node)}`);
    }
  }
} else if (runs.length > 1) {
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
