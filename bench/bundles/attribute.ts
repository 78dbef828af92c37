/**
 * Where a route's first-load JavaScript comes from: each first-load chunk's gzip size (level 9, as the budget check
 * counts it) shared out among the sources its source map names, in proportion to the bytes each source produced, and
 * summed per package (node_modules) or per file of the desk.
 *
 *   ATTR_MAPS=1 npx next build          # source maps on (next.config.ts); never for a size measurement
 *   npm run bench:bundles -- /alerts                 # everything /alerts loads first, beyond the framework (route /)
 *   npm run bench:bundles -- /alerts "/[...missing]" # what /alerts adds to the signed-in shell alone
 *   npm run bench:bundles -- /sign-in / --min 0.1    # rows of at least 0.1 kB (default 0.2)
 *
 * Chunks shared with the compared route are left out whole, so the total is what the route loads that the other
 * does not. A chunk without a source map is one row, named after the chunk.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";
import { readRouteStats, statsPathOf } from "../../scripts/bundle-sizes";

const ROOT = join(import.meta.dirname, "..", "..");
const DIST = process.env.NEXT_DIST_DIR ?? ".next";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { min: { type: "string", default: "0.2" } },
});
const [route, compareWith = "/"] = positionals;
if (!route) {
  console.error('usage: npm run bench:bundles -- <route> [<compared route, default "/">] [--min kB]');
  process.exit(2);
}
const minKb = Number(values.min);
if (!Number.isFinite(minKb) || minKb < 0) {
  console.error(`--min must be a number of kB, not "${values.min}"`);
  process.exit(2);
}

const stats = readRouteStats(statsPathOf(ROOT, DIST));
if (!stats) {
  console.error(`no ${DIST}/diagnostics/route-bundle-stats.json: run ATTR_MAPS=1 npx next build first`);
  process.exit(2);
}
const chunksOf = (name: string): string[] => {
  const entry = stats.find((s) => s.route === name);
  if (!entry) {
    console.error(`no route "${name}" in the build; routes: ${stats.map((s) => s.route).join(" ")}`);
    process.exit(2);
  }
  return [...new Set(entry.firstLoadChunkPaths.map((p) => join(ROOT, p.replaceAll("\\", "/").replace(/^\.next\//, `${DIST}/`))))];
};

/** A package (node_modules/<name> or <@scope/name>) or a desk file relative to the repository. */
function sourceName(source: string): string {
  const inModules = source.lastIndexOf("node_modules/");
  if (inModules >= 0) {
    const [first = "", second = ""] = source.slice(inModules + "node_modules/".length).split("/");
    return first.startsWith("@") ? `${first}/${second}` : first;
  }
  return /(?:^|\/)((?:app|components|lib)\/.*)$/.exec(source)?.[1] ?? source;
}

type Section = { offset: { line: number; column: number }; map: RawSourceMap };

function attribute(chunk: string): Map<string, number> {
  const code = readFileSync(chunk, "utf8");
  const gzip = gzipSync(code, { level: 9 }).length;
  const shares = new Map<string, number>();
  const mapUrl = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const mapPath = mapUrl && !mapUrl.startsWith("data:") ? join(dirname(chunk), mapUrl) : null;
  if (!mapPath || !existsSync(mapPath)) {
    shares.set(`(no source map) ${basename(chunk)}`, gzip);
    return shares;
  }
  const raw = JSON.parse(readFileSync(mapPath, "utf8")) as RawSourceMap & { sections?: Section[] };
  const sections: Section[] = raw.sections ?? [{ offset: { line: 0, column: 0 }, map: raw }];
  const segments: { line: number; column: number; source: string }[] = [];
  for (const { offset, map } of sections) {
    new SourceMapConsumer(map).eachMapping((m) =>
      segments.push({
        line: m.generatedLine - 1 + offset.line,
        column: m.generatedColumn + (m.generatedLine === 1 ? offset.column : 0),
        source: m.source ?? "(unmapped)",
      }),
    );
  }
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  const lines = code.split("\n");
  const bytes = new Map<string, number>();
  let total = 0;
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const length = (next && next.line === segment.line ? next.column : (lines[segment.line] ?? "").length) - segment.column;
    if (length <= 0) return;
    const name = sourceName(segment.source);
    bytes.set(name, (bytes.get(name) ?? 0) + length);
    total += length;
  });
  for (const [name, n] of bytes) shares.set(name, (n / total) * gzip);
  return shares;
}

const excluded = new Set(chunksOf(compareWith));
const totals = new Map<string, number>();
for (const chunk of chunksOf(route)) {
  if (excluded.has(chunk) || !existsSync(chunk)) continue;
  for (const [name, size] of attribute(chunk)) totals.set(name, (totals.get(name) ?? 0) + size);
}
const rows = [...totals].sort((a, b) => b[1] - a[1]);
const kb = (bytes: number) => (bytes / 1024).toFixed(2);
const sum = rows.reduce((s, [, v]) => s + v, 0);
console.log(`${route} beyond ${compareWith}: ${kb(sum)} kB gzip\n`);
console.log("| gzip kB | source |\n|---|---|");
for (const [name, size] of rows) if (size / 1024 >= minKb) console.log(`| ${kb(size)} | ${name} |`);
