/**
 * What bench:lighthouse keeps of one Lighthouse result (LHR): the performance score, the five figures the issue
 * names, and the diagnostics that say why (the LCP element and its phases, the longest main-thread tasks, render-
 * blocking requests, the scripts that cost most CPU). Pure: reads the LHR's JSON shape, so it is unit-tested on a
 * hand-written one and works the same on any Lighthouse 12 result.
 */
import { median } from "../load-figures";

export interface PageFigures {
  page: string;
  profile: "desktop" | "mobile";
  /** 0–100, Lighthouse's performance category. */
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  cls: number | null;
  /** Speed index, for the tables' notes. */
  siMs: number | null;
  lcpElement: string | null;
  /** TTFB, load delay, load time, render delay of the LCP (ms), when Lighthouse gives them. */
  lcpPhases: Record<string, number>;
  longTasks: { url: string; ms: number }[];
  renderBlocking: { url: string; ms: number }[];
  bootup: { url: string; ms: number }[];
  /**
   * The scripts whose download ended before the LCP of the observed (unthrottled) run, and their bytes on the wire.
   * Lighthouse's mobile simulation (Lantern) counts such a script toward LCP, its download replayed on slow 4G, unless
   * its evaluation began after that LCP in a task of 10 ms or more (shorter tasks are pruned from its graph). On
   * loopback the scripts arrive within ~100 ms, so this moves with the race between them and the first paint.
   */
  scriptsBeforeLcp: { count: number; kB: number; observedLcpMs: number } | null;
  /** The load average when this page was measured. */
  load: string;
  /**
   * Lighthouse's benchmark index of the machine (its own CPU test, higher is faster; it does not adjust the scores).
   * The simulated 4× slowdown is applied to the tasks as this machine ran them, so TBT and LCP move with it.
   */
  benchmarkIndex: number | null;
  /** A Lighthouse runtime error (the page did not load, no FCP...), when there was one. */
  error?: string;
}

interface LhrAudit {
  numericValue?: number;
  details?: { type?: string; items?: unknown[] };
}
export interface LhrLike {
  categories?: { performance?: { score?: number | null } };
  audits?: Record<string, LhrAudit | undefined>;
  runtimeError?: { code?: string; message?: string };
  environment?: { benchmarkIndex?: number };
}

const num = (lhr: LhrLike, id: string): number | null => {
  const v = lhr.audits?.[id]?.numericValue;
  return typeof v === "number" && Number.isFinite(v) ? v : null;
};

/** Every object inside an audit's details, tables nested in lists included. */
function detailRows(audit: LhrAudit | undefined): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  const walk = (items: unknown[] | undefined) => {
    for (const item of items ?? []) {
      if (!item || typeof item !== "object") continue;
      const obj = item as Record<string, unknown> & { type?: string; items?: unknown[] };
      if ((obj.type === "table" || obj.type === "list" || obj.type === "opportunity") && Array.isArray(obj.items)) walk(obj.items);
      else rows.push(obj);
    }
  };
  walk(audit?.details?.items);
  return rows;
}

const shortUrl = (url: unknown): string => {
  if (typeof url !== "string") return "";
  try {
    const u = new URL(url);
    return u.pathname + (u.search.length > 40 ? `${u.search.slice(0, 40)}…` : u.search);
  } catch {
    return url;
  }
};

function describeNode(node: unknown): string | null {
  if (!node || typeof node !== "object") return null;
  const n = node as { nodeLabel?: string; selector?: string; snippet?: string };
  const label = n.nodeLabel ? n.nodeLabel.replace(/\s+/g, " ").slice(0, 60) : "";
  const where = n.selector ?? n.snippet ?? "";
  return [where, label && `“${label}”`].filter(Boolean).join(" ") || null;
}

function topBy(rows: Record<string, unknown>[], msKey: string, n: number): { url: string; ms: number }[] {
  return rows
    .filter((r) => typeof r[msKey] === "number")
    .map((r) => ({ url: shortUrl(r.url) || String(r.url ?? ""), ms: Math.round(r[msKey] as number) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n);
}

function scriptsBefore(lhr: LhrLike): PageFigures["scriptsBeforeLcp"] {
  const observed = detailRows(lhr.audits?.metrics)[0]?.observedLargestContentfulPaint;
  if (typeof observed !== "number") return null;
  const scripts = detailRows(lhr.audits?.["network-requests"]).filter(
    (r) => r.resourceType === "Script" && typeof r.networkEndTime === "number" && r.networkEndTime <= observed,
  );
  const bytes = scripts.reduce((sum, r) => sum + (typeof r.transferSize === "number" ? r.transferSize : 0), 0);
  return { count: scripts.length, kB: Math.round(bytes / 1024), observedLcpMs: Math.round(observed) };
}

export function figuresOf(lhr: LhrLike, page: string, profile: PageFigures["profile"], load: string): PageFigures {
  const score = lhr.categories?.performance?.score;
  const lcpRows = detailRows(lhr.audits?.["largest-contentful-paint-element"]);
  const nodeRow = lcpRows.find((r) => r.node);
  const lcpPhases: Record<string, number> = {};
  for (const r of lcpRows) if (typeof r.phase === "string" && typeof r.timing === "number") lcpPhases[r.phase] = Math.round(r.timing);
  const figures: PageFigures = {
    page,
    profile,
    score: typeof score === "number" ? Math.round(score * 100) : null,
    lcpMs: num(lhr, "largest-contentful-paint"),
    tbtMs: num(lhr, "total-blocking-time"),
    fcpMs: num(lhr, "first-contentful-paint"),
    cls: num(lhr, "cumulative-layout-shift"),
    siMs: num(lhr, "speed-index"),
    lcpElement: describeNode(nodeRow?.node),
    lcpPhases,
    longTasks: topBy(detailRows(lhr.audits?.["long-tasks"]), "duration", 3),
    renderBlocking: topBy(detailRows(lhr.audits?.["render-blocking-resources"]), "wastedMs", 3),
    bootup: topBy(detailRows(lhr.audits?.["bootup-time"]), "total", 3),
    scriptsBeforeLcp: scriptsBefore(lhr),
    load,
    benchmarkIndex: typeof lhr.environment?.benchmarkIndex === "number" ? Math.round(lhr.environment.benchmarkIndex) : null,
  };
  if (lhr.runtimeError?.code) figures.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message ?? ""}`.trim();
  return figures;
}

/** Whether a mobile result meets the issue's aim (score ≥ 90, LCP < 2.5 s, TBT < 200 ms). */
export function meetsMobileAim(f: Pick<PageFigures, "score" | "lcpMs" | "tbtMs">): boolean {
  return f.score !== null && f.score >= 90 && f.lcpMs !== null && f.lcpMs < 2500 && f.tbtMs !== null && f.tbtMs < 200;
}

/** Of several runs of one page and profile, the one with the median score (ties: the median LCP). */
export function medianRun(runs: PageFigures[]): PageFigures {
  if (runs.length === 0) throw new Error("no runs");
  const sorted = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1) || (b.lcpMs ?? Infinity) - (a.lcpMs ?? Infinity));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const ms = (v: number | null) => (v === null ? "–" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);

/** What the table shows of a page's figures: the JSON line bench:lighthouse prints holds these too. */
export type TableFigures = Pick<PageFigures, "page" | "profile" | "score" | "lcpMs" | "tbtMs" | "fcpMs" | "cls" | "load" | "benchmarkIndex" | "error">;

/**
 * A Markdown table, one row per page, both profiles side by side, each with the 1-minute load average when it was
 * measured (profiles run one after the other, so a page's two loads differ).
 */
export function table(results: TableFigures[]): string {
  const pages = [...new Set(results.map((r) => r.page))];
  const head = "| page | desktop score | LCP | TBT | FCP | CLS | load | mobile score | LCP | TBT | FCP | CLS | load |";
  const lines = [head, "|---|---|---|---|---|---|---|---|---|---|---|---|---|"];
  for (const page of pages) {
    const cells = (profile: PageFigures["profile"]) => {
      const f = results.find((r) => r.page === page && r.profile === profile);
      if (!f) return ["", "", "", "", "", ""];
      const load = f.load.split(" ")[0] ?? "";
      if (f.error && f.score === null) return [`error`, "", "", "", "", load];
      return [String(f.score ?? "–"), ms(f.lcpMs), ms(f.tbtMs), ms(f.fcpMs), f.cls === null ? "–" : f.cls.toFixed(3), load];
    };
    const mobile = results.find((r) => r.page === page && r.profile === "mobile");
    const mark = mobile && !meetsMobileAim(mobile) ? " ✗" : "";
    lines.push(`| ${page}${mark} | ${cells("desktop").join(" | ")} | ${cells("mobile").join(" | ")} |`);
  }
  const indexes = results.map((r) => r.benchmarkIndex).filter((v): v is number => v !== null);
  if (indexes.length) {
    lines.push("", `Lighthouse's benchmark index of this machine (higher is faster): median ${median(indexes)}, ${Math.min(...indexes)}–${Math.max(...indexes)} over ${indexes.length} loads.`);
  }
  return lines.join("\n");
}

/** What the lead needs to match pages with the bundles work: LCP element and phases, long tasks, per page. */
export function diagnostics(results: PageFigures[]): string {
  const out: string[] = [];
  for (const f of results.filter((r) => r.profile === "mobile")) {
    const phases = Object.entries(f.lcpPhases)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(", ");
    out.push(`${f.page}: LCP ${f.lcpElement ?? "?"}${phases ? ` (${phases})` : ""}`);
    if (f.longTasks.length) out.push(`  long tasks: ${f.longTasks.map((t) => `${t.url || "(page)"} ${t.ms} ms`).join("; ")}`);
    if (f.bootup.length) out.push(`  script CPU: ${f.bootup.map((t) => `${t.url} ${t.ms} ms`).join("; ")}`);
    if (f.renderBlocking.length) out.push(`  render-blocking: ${f.renderBlocking.map((t) => `${t.url} ${t.ms} ms`).join("; ")}`);
    if (f.scriptsBeforeLcp) out.push(`  scripts loaded before the observed LCP (${f.scriptsBeforeLcp.observedLcpMs} ms): ${f.scriptsBeforeLcp.count}, ${f.scriptsBeforeLcp.kB} kB`);
    if (f.error) out.push(`  error: ${f.error}`);
  }
  return out.join("\n");
}
