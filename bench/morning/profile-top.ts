/**
 * The top costs of V8 CPU profiles (`--cpu-prof`): every .cpuprofile in a folder, merged. Self time per function, and
 * inclusive time (any frame of it on the stack) per source module, so a cost spread over many small functions shows
 * whole. Frames in a minified Next.js build are named through the build's source maps (`<chunk>.js.map`) as the
 * original file and function; node_modules paths are shortened to the package.
 *   npx tsx bench/morning/profile-top.ts <folder> [count]
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a path lives: its package for node_modules, else the path from the repository's root. */
function place(url: string): string {
  const path = url.replace(/^file:\/\//, "").replace(/^turbopack:\/\/\/\[project\]\//, "/");
  const nm = path.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = path.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const at = path.search(/(^|\/)(app|lib|service|scripts|bench|components|proxy\.ts|instrumentation\.ts|\.next[^/]*)(\/|$)/);
  return at >= 0 ? path.slice(at).replace(/^\//, "") : path || "(native)";
}

const maps = new Map<string, SourceMapConsumer | null>();
/** The original file and function of a frame in a built chunk with a source map beside it; null elsewhere. */
function original(url: string, line: number, column: number): { source: string; name: string | null } | null {
  if (!url.startsWith("file://") || !/\/\.next[^/]*\/server\//.test(url)) return null;
  const file = fileURLToPath(url);
  let consumer = maps.get(file);
  if (consumer === undefined) {
    consumer = existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8")) as RawSourceMap) : null;
    maps.set(file, consumer);
  }
  if (!consumer) return null;
  const at = consumer.originalPositionFor({ line: line + 1, column: Math.max(0, column) });
  return at.source ? { source: place(at.source), name: at.name ?? null } : null;
}

interface Frame {
  fn: string;
  module: string;
}

function frameOf(node: ProfileNode): Frame {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const name = functionName || "(anonymous)";
  if (!url) return { fn: name, module: name.startsWith("(") ? name : "(native)" };
  const from = original(url, lineNumber, columnNumber);
  if (from) return { fn: `${from.name ?? name} — ${from.source}`, module: from.source };
  const where = place(url);
  return { fn: `${name} — ${where}:${lineNumber + 1}`, module: where.replace(/^node:.*/, "node:*") };
}

/** A frame as the summaries name it: `function — original file` (build frames) or `function — file:line`. */
export function frameName(callFrame: ProfileNode["callFrame"]): string {
  return frameOf({ id: 0, callFrame }).fn;
}

export function profileTop(folder: string, count = 15): string {
  if (!existsSync(folder)) return "(no profiles)";
  const selfMs = new Map<string, number>();
  const byPlace = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let totalMs = 0;
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(folder, file), "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const frames = new Map<number, Frame>();
    const frame = (n: ProfileNode) => frames.get(n.id) ?? frames.set(n.id, frameOf(n)).get(n.id)!;
    // The modules on each node's stack, worked out once per node.
    const stacks = new Map<number, Set<string>>();
    const stackOf = (id: number): Set<string> => {
      const known = stacks.get(id);
      if (known) return known;
      const node = byId.get(id)!;
      const up = parent.get(id);
      const set = new Set(up === undefined ? [] : stackOf(up));
      set.add(frame(node).module);
      stacks.set(id, set);
      return set;
    };
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      if (!node || ms <= 0) return;
      const name = node.callFrame.functionName;
      if (name === "(idle)" || name === "(program)") return;
      const f = frame(node);
      selfMs.set(f.fn, (selfMs.get(f.fn) ?? 0) + ms);
      const where = node.callFrame.url && !f.module.startsWith(".next") ? f.module : f.module.replace(/(\.next[^/]*\/server\/chunks)\/.*/, "$1");
      byPlace.set(where, (byPlace.get(where) ?? 0) + ms);
      for (const m of stackOf(id)) inclusive.set(m, (inclusive.get(m) ?? 0) + ms);
      totalMs += ms;
    });
  }
  const pct = (ms: number) => `${((ms / Math.max(1, totalMs)) * 100).toFixed(1)}%`;
  const rows = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, count);
  const places = [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 10);
  // The desk's own modules first: the framework's and Node's are on nearly every stack.
  const own = [...inclusive].filter(([m]) => /^(app|lib|components|proxy\.ts|instrumentation\.ts|scripts)(\/|$)/.test(m)).sort((a, b) => b[1] - a[1]).slice(0, count);
  const packages = [...inclusive].filter(([m]) => !/^(app|lib|components|proxy\.ts|instrumentation\.ts|scripts)(\/|$)/.test(m) && !m.startsWith("(")).sort((a, b) => b[1] - a[1]).slice(0, count);
  return [
    `by where (self): ${places.map(([k, ms]) => `${k} ${pct(ms)}`).join(", ")}`,
    "",
    `busy ${Math.round(totalMs)} ms sampled (idle left out)`,
    "| self ms | share | function — where |",
    "|---|---|---|",
    ...rows.map(([k, ms]) => `| ${Math.round(ms)} | ${pct(ms)} | ${k.replace(/\|/g, "\\|")} |`),
    "",
    "| inclusive ms | share | the desk's module on the stack |",
    "|---|---|---|",
    ...own.map(([k, ms]) => `| ${Math.round(ms)} | ${pct(ms)} | ${k.replace(/\|/g, "\\|")} |`),
    "",
    "| inclusive ms | share | package or runtime module on the stack |",
    "|---|---|---|",
    ...packages.map(([k, ms]) => `| ${Math.round(ms)} | ${pct(ms)} | ${k.replace(/\|/g, "\\|")} |`),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [folder, count] = process.argv.slice(2);
  if (!folder) throw new Error("usage: profile-top.ts <folder> [count]");
  console.log(profileTop(folder, Number(count ?? 15)));
}
