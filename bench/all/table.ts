/**
 * The performance table of issue 18 from the JSON lines the benches print: one row per line of the issue, its figure,
 * its aim, whether this run met it, and the load average beside it. Pure, so it is unit-tested on hand-written lines
 * of the benches' shapes (`bench/all/run.ts` runs the benches and feeds it).
 *
 * "Hold" rows are held to the issue's figure of the day it was written, within HOLD_SLACK, so a row that drifts a
 * little on a noisy machine still reads as held and a real step back does not.
 */
import { meetsMobileAim, table as lighthouseTable, type TableFigures } from "../lighthouse/report";
import { DEFAULT_BUDGET_KB, ROUTE_BUDGETS_KB, type RouteSize } from "../../scripts/bundle-sizes";

/** How far a "hold" row may move from the issue's figure and still hold: 10%. */
export const HOLD_SLACK = 0.1;

/** The issue's figures for the rows it asks to hold. */
export const HOLD = {
  /** Lighthouse desktop: 99 to 100 on the pages it named. */
  desktopScore: 99,
  /** Navigation to settled, the best of its "now" figures (2.2–3.8 s): one core busy should stay under it. */
  settleBusyMs: 2_200,
  /** The service with its response cache on: 0.93× bare, p99 11 ms. */
  serviceRatio: 0.93,
  serviceP99Ms: 11,
  /** WebSocket fan-out to 1,000 clients: p99 31 ms, 1.08× a bare `ws` broadcast at p50. */
  wsP99Ms: 31,
  wsP50Ratio: 1.08,
} as const;

/** What one bench's step left: its JSON line (null when it printed none) and the machine's load around it. */
export interface StepResult {
  name: string;
  exitCode: number;
  json: Record<string, unknown> | null;
  /** The 1-, 5- and 15-minute load averages when the step started and when it ended. */
  loadBefore: number[];
  loadAfter: number[];
  startedAt: string;
  endedAt: string;
  /** Seconds the step waited for the machine to be quiet, and whether it was when the step started. */
  waitedS: number;
  quiet: boolean;
}

export interface Row {
  what: string;
  figure: string;
  aim: string;
  met: boolean | null;
  load: string;
}

/** One load's figures, and a page's line in bench:lighthouse's JSON (with every run when it ran several). */
type RunFigures = Pick<TableFigures, "score" | "lcpMs" | "tbtMs">;
type LighthouseLine = TableFigures & { runs?: RunFigures[] };
type Settle = { page: string; quietMs: number | null; loadedMs: number | null; quietLoad: string; loadedLoad: string };
type Summary = { p50: number; p90: number; p99: number; max: number };

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const range = (values: (number | null)[], fmt: (v: number) => string): string => {
  const xs = values.filter((v): v is number => v !== null);
  if (xs.length === 0) return "–";
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
};
const s2 = (ms: number) => (ms / 1000).toFixed(2);
const x2 = (r: number | null) => (r === null ? "–" : `${r.toFixed(2)}×`);
const firstFigure = (load: string) => Number(load.split(" ")[0]);
const loadRange = (loads: string[]) => range(loads.map(firstFigure).filter((v) => !Number.isNaN(v)), (v) => v.toFixed(1));
/** "2.9 → 1.4": the 1-minute load average as the step started and ended. */
export const stepLoad = (s: StepResult | undefined): string =>
  s ? `${s.loadBefore[0]?.toFixed(1) ?? "?"} → ${s.loadAfter[0]?.toFixed(1) ?? "?"}${s.quiet ? "" : " (started before the machine was quiet)"}` : "–";
const notRun = (what: string, aim: string, step: StepResult | undefined): Row => ({
  what,
  figure: step ? `no figures (the bench exited with ${step.exitCode})` : "not run",
  aim,
  met: null,
  load: stepLoad(step),
});

/** Routes of Next's own with no desk page behind them (the root redirects; the 404), shown apart from the desk's. */
const FRAMEWORK_ROUTES = ["/", "/_not-found"];

function bundleRows(sizes: RouteSize[] | null): Row[] {
  if (!sizes) return [{ what: "first-load JS per signed-in route (gzip -9)", figure: "no production build", aim: `≤ ${DEFAULT_BUDGET_KB} kB`, met: null, load: "sizes do not depend on load" }];
  const framework = sizes.filter((s) => FRAMEWORK_ROUTES.includes(s.route));
  const signedIn = sizes.filter((s) => !(s.route in ROUTE_BUDGETS_KB) && !FRAMEWORK_ROUTES.includes(s.route));
  const signedOut = sizes.filter((s) => s.route in ROUTE_BUDGETS_KB);
  const within = [...signedIn, ...framework].filter((s) => s.gzipKb <= DEFAULT_BUDGET_KB);
  const largest = [...signedIn].sort((a, b) => b.gzipKb - a.gzipKb)[0];
  const outAim = Math.min(...signedOut.map((s) => ROUTE_BUDGETS_KB[s.route]!));
  return [
    {
      what: "first-load JS per signed-in route (gzip -9)",
      figure: `${range(signedIn.map((s) => s.gzipKb), (v) => v.toFixed(1))} kB, ${within.length} of ${signedIn.length + framework.length} within ${DEFAULT_BUDGET_KB}${largest ? ` (largest ${largest.route})` : ""}${framework.length ? `; Next's own ${framework.map((s) => `\`${s.route}\` ${s.gzipKb.toFixed(1)}`).join(", ")} kB` : ""}`,
      aim: `≤ ${DEFAULT_BUDGET_KB} kB`,
      met: within.length === signedIn.length + framework.length,
      load: "sizes do not depend on load",
    },
    {
      what: "first-load JS, signed-out pages",
      figure: signedOut.map((s) => `\`${s.route}\` ${s.gzipKb.toFixed(1)} kB`).join(", "),
      aim: `≤ ${outAim} kB`,
      met: signedOut.every((s) => s.gzipKb <= ROUTE_BUDGETS_KB[s.route]!),
      load: "–",
    },
  ];
}

function lighthouseRows(step: StepResult | undefined): Row[] {
  const lh = (Array.isArray(step?.json?.lighthouse) ? step.json.lighthouse : []) as LighthouseLine[];
  const settle = (Array.isArray(step?.json?.settle) ? step.json.settle : []) as Settle[];
  const rows: Row[] = [];
  if (settle.length) {
    const busy = settle.map((s) => s.loadedMs);
    rows.push({
      what: "first page load, navigation to settled (median of 3 per page)",
      figure: `quiet ${range(settle.map((s) => s.quietMs), s2)} s; one core kept busy ${range(busy, s2)} s`,
      aim: `hold under load (every page under ${s2(HOLD.settleBusyMs)} s with a core busy)`,
      met: busy.every((v) => v !== null && v < HOLD.settleBusyMs),
      load: `quiet ${loadRange(settle.map((s) => s.quietLoad))}; busy ${loadRange(settle.map((s) => s.loadedLoad))}`,
    });
  } else rows.push(notRun("first page load, navigation to settled", "hold under load", step));
  const desktop = lh.filter((r) => r.profile === "desktop");
  const mobile = lh.filter((r) => r.profile === "mobile");
  const loads = (list: LighthouseLine[]) => loadRange(list.map((r) => r.load));
  const bi = (list: LighthouseLine[]) => {
    const r = range(list.map((f) => f.benchmarkIndex ?? null), (v) => String(v));
    return r === "–" ? "" : `; benchmark index ${r}`;
  };
  if (desktop.length) {
    const held = desktop.filter((r) => (r.score ?? 0) >= HOLD.desktopScore);
    rows.push({
      what: "Lighthouse, desktop: score",
      figure: `${range(desktop.map((r) => r.score), String)} (${held.length} of ${desktop.length} at ${HOLD.desktopScore} or more); LCP ${range(desktop.map((r) => r.lcpMs), s2)} s; TBT ${range(desktop.map((r) => r.tbtMs), String)} ms`,
      aim: `hold (${HOLD.desktopScore}–100)`,
      met: held.length === desktop.length,
      load: `${loads(desktop)}${bi(desktop)}`,
    });
  } else rows.push(notRun("Lighthouse, desktop", "hold (99–100)", step));
  if (mobile.length) {
    const n = mobile.length;
    const scoreOk = (r: RunFigures) => (r.score ?? 0) >= 90;
    const lcpOk = (r: RunFigures) => r.lcpMs !== null && r.lcpMs < 2500;
    const tbtOk = (r: RunFigures) => r.tbtMs !== null && r.tbtMs < 200;
    // With several runs per page, the table's figure is each page's median run; every load is counted beside it.
    const loadsRun = mobile.flatMap((r) => r.runs ?? [r]);
    const several = loadsRun.length > n;
    const of = (ok: (r: RunFigures) => boolean) => `${mobile.filter(ok).length} of ${n}${several ? ` (every load: ${loadsRun.filter(ok).length} of ${loadsRun.length})` : ""}`;
    const what = several ? `Lighthouse, mobile (simulated slow 4G, 4× CPU), each page's median run of ${Math.round(loadsRun.length / n)}: score` : "Lighthouse, mobile (simulated slow 4G, 4× CPU): score";
    const load = `${loads(mobile)}${bi(mobile)}`;
    rows.push(
      { what, figure: `${range(mobile.map((r) => r.score), String)}, ${of(scoreOk)} at 90 or more`, aim: "≥ 90", met: mobile.every(scoreOk), load },
      { what: "the same: LCP", figure: `${range(mobile.map((r) => r.lcpMs), s2)} s, ${of(lcpOk)} under 2.5 s`, aim: "< 2.5 s", met: mobile.every(lcpOk), load },
      { what: "the same: TBT", figure: `${range(mobile.map((r) => r.tbtMs), String)} ms, ${of(tbtOk)} under 200 ms`, aim: "< 200 ms", met: mobile.every(tbtOk), load },
    );
  } else rows.push(notRun("Lighthouse, mobile", "≥ 90, LCP < 2.5 s, TBT < 200 ms", step));
  return rows;
}

function serviceRows(step: StepResult | undefined): Row[] {
  const j = obj(step?.json);
  const ratio = num(j.ratio);
  const ratioOff = num(j.ratioNoCache);
  const p99 = num(obj(j.service).p99);
  const p99Off = num(obj(j.serviceNoCache).p99);
  const queries = obj(j.noCacheQueries);
  const load = stepLoad(step);
  if (ratio === null || ratioOff === null || p99 === null || p99Off === null) {
    return [notRun("service `GET /v1/news?limit=50`", "hold; cache off ≥ 0.5×, p99 < 25 ms", step)];
  }
  const holdRatio = HOLD.serviceRatio * (1 - HOLD_SLACK);
  const holdP99 = HOLD.serviceP99Ms * (1 + HOLD_SLACK);
  return [
    {
      what: "service `GET /v1/news?limit=50`, response cache on",
      figure: `${num(obj(j.service).reqPerSec)} req/s, ${x2(ratio)} bare, p99 ${p99} ms`,
      aim: `hold (${HOLD.serviceRatio}×, p99 ${HOLD.serviceP99Ms} ms)`,
      met: ratio >= holdRatio && p99 <= holdP99,
      load,
    },
    {
      what: "same, cache off, every query distinct",
      figure: `${num(obj(j.serviceNoCache).reqPerSec)} req/s, ${x2(ratioOff)} bare, p99 ${p99Off} ms (${num(queries.sent)} sent, ${num(queries.distinct)} distinct)`,
      aim: "≥ 0.5×, p99 < 25 ms",
      met: ratioOff >= 0.5 && p99Off < 25,
      load,
    },
  ];
}

function proxyRows(step: StepResult | undefined): Row[] {
  const j = obj(step?.json);
  const r = obj(j.ratios);
  const load = stepLoad(step);
  const rps = (path: string) => num(obj(j[path]).reqPerSec);
  const cached = num(r.cachedVsFloorMemory);
  const fresh = num(r.freshVsFloorForward);
  if (cached === null || fresh === null) return [notRun("desk proxy against the framework's floor", "≥ 0.8×", step)];
  const pairedCached = num(r.pairedCachedVsFloorMemory);
  const pairedFresh = num(r.pairedFreshVsFloorForward);
  const member = num(r.memberFreshVsFloorForward);
  return [
    {
      what: "desk proxy, cached, vs (a) a bare Next.js route answering the bytes from memory",
      figure: `${rps("proxyCached")} vs ${rps("floorMemory")} req/s: ${x2(cached)} (${x2(num(r.cpuCachedVsFloorMemory))} by CPU per call); median of the rounds' own ratios ${x2(pairedCached)}`,
      aim: "≥ 0.8×",
      met: cached >= 0.8,
      load,
    },
    {
      what: "desk proxy, `fresh=1`, vs (b) a bare Next.js route forwarding with one keep-alive call",
      figure: `${rps("proxyFresh")} vs ${rps("floorForward")} req/s: ${x2(fresh)} (${x2(num(r.cpuFreshVsFloorForward))} by CPU per call); median of the rounds' own ratios ${x2(pairedFresh)}${member === null ? "" : `; a member on the organisation's key ${x2(member)}`}`,
      aim: "≥ 0.8×",
      met: fresh >= 0.8,
      load,
    },
  ];
}

function streamRows(step: StepResult | undefined): Row[] {
  const j = obj(step?.json);
  const ours = obj(j.store_to_last_client_ms) as Partial<Summary>;
  const bare = obj(j.bare_ws_broadcast_to_last_client_ms) as Partial<Summary>;
  const p50Ratio = num(obj(j.ratio_to_bare).p50);
  if (num(ours.p99) === null || p50Ratio === null) return [notRun("WebSocket fan-out, 1,000 clients", "hold", step)];
  return [
    {
      what: `WebSocket fan-out, ${num(j.clients) ?? "?"} clients`,
      figure: `p50 ${ours.p50} / p99 ${ours.p99} ms; ${x2(p50Ratio)} a bare \`ws\` broadcast at p50 (bare p50 ${bare.p50}, p99 ${bare.p99} ms)`,
      aim: `hold (p99 ${HOLD.wsP99Ms} ms, ${HOLD.wsP50Ratio}× at p50)`,
      met: ours.p99! <= HOLD.wsP99Ms * (1 + HOLD_SLACK) && p50Ratio <= HOLD.wsP50Ratio * (1 + HOLD_SLACK),
      load: stepLoad(step),
    },
  ];
}

function relayRows(step: StepResult | undefined): Row[] {
  const j = obj(step?.json);
  const p99 = num(j.p99);
  const sockets = obj(j.upstreamSockets);
  const perConnection = num(obj(j.memory).perConnectionBytes);
  if (p99 === null) return [notRun("the desk's SSE relay", "p99 < 150 ms", step)];
  const open = num(sockets.open);
  const products = num(sockets.products);
  return [
    {
      what: `the desk's SSE relay, ${num(j.clients) ?? "?"} browsers, one account`,
      figure: `p50 ${num(j.p50)} / p90 ${num(j.p90)} / p99 ${p99} / max ${num(j.max)} ms; ${open} upstream sockets for ${products} products; RSS +${perConnection === null ? "?" : (perConnection / 1024).toFixed(1)} kB per stream`,
      aim: "p99 < 150 ms, one upstream socket per account and product",
      met: p99 < 150 && open !== null && open === products,
      load: stepLoad(step),
    },
  ];
}

/** Every row of the issue's table, in its order. */
export function issueRows(sizes: RouteSize[] | null, steps: StepResult[]): Row[] {
  const step = (name: string) => steps.find((s) => s.name === name);
  return [
    ...bundleRows(sizes),
    ...lighthouseRows(step("lighthouse")),
    ...serviceRows(step("service")),
    ...proxyRows(step("proxy")),
    ...streamRows(step("streams")),
    ...relayRows(step("relay")),
  ];
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The issue's table, then Lighthouse's per-page table of both profiles, as Markdown. */
export function markdown(sizes: RouteSize[] | null, steps: StepResult[]): string {
  const rows = issueRows(sizes, steps);
  const lines = ["| what | figure | aim | met | load average (1 min) |", "|---|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${cell(r.what)} | ${cell(r.figure)} | ${cell(r.aim)} | ${r.met === null ? "–" : r.met ? "**yes**" : "**no**"} | ${cell(r.load)} |`);
  const lh = steps.find((s) => s.name === "lighthouse")?.json?.lighthouse;
  if (Array.isArray(lh) && lh.length) {
    const mobile = (lh as TableFigures[]).filter((r) => r.profile === "mobile");
    const missed = mobile.filter((r) => !meetsMobileAim(r)).map((r) => r.page);
    lines.push("", "Lighthouse per page, both profiles (load: the 1-minute load average as the page was measured):", "", lighthouseTable(lh as TableFigures[]));
    if (mobile.length) lines.push("", `Mobile aim (score ≥ 90, LCP < 2.5 s, TBT < 200 ms): ${missed.length ? `missed on ${missed.join(", ")}` : `met on all ${mobile.length}`}.`);
  }
  lines.push("", "When each bench ran:", "");
  for (const s of steps) {
    lines.push(`- ${s.name}: ${s.startedAt} → ${s.endedAt}, load ${s.loadBefore.map((v) => v.toFixed(2)).join(" ")} → ${s.loadAfter.map((v) => v.toFixed(2)).join(" ")}${s.waitedS > 0 ? `, after ${s.waitedS} s waiting for a quiet machine` : ""}${s.quiet ? "" : " (it was not quiet: started anyway)"}${s.exitCode ? `; exited with ${s.exitCode}` : ""}`);
  }
  return lines.join("\n");
}

/** Whether every row with a figure met its aim and every row had one. */
export function allMet(sizes: RouteSize[] | null, steps: StepResult[]): boolean {
  return issueRows(sizes, steps).every((r) => r.met === true);
}
