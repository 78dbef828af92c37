/**
 * V8's `//# allFunctionsCalledOnLoad` on a page's first-load chunks (not the on-demand ones): nearly all their functions
 * run at boot, so they compile off the main thread as they stream in. Source maps move with the added line.
 */
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

type RscManifestEntry = { entryJSFiles?: Record<string, string[]> };

/** Every file under `dir` (recursively) whose name `keep` accepts; none when `dir` is missing. */
export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(name)) out.push(path);
  }
  return out;
}

/** The entry JS files one client reference manifest names (`static/chunks/…js`, relative to the build folder). */
export function entryFilesOf(manifestSource: string): string[] {
  // The manifest is a script that sets globalThis.__RSC_MANIFEST; it is run in a context of its own, not this one.
  const sandbox: { __RSC_MANIFEST?: Record<string, RscManifestEntry> } = {};
  runInNewContext(manifestSource, { globalThis: sandbox }, { timeout: 1000 });
  const files: string[] = [];
  for (const entry of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
    for (const list of Object.values(entry.entryJSFiles ?? {})) files.push(...list);
  }
  return files;
}

/** Every chunk some page of the build under `distDir` loads before it boots: paths relative to `distDir`. */
export function firstLoadChunks(distDir: string): string[] {
  const buildManifestPath = join(distDir, "build-manifest.json");
  if (!existsSync(buildManifestPath)) throw new Error(`no ${buildManifestPath}: the build has not compiled`);
  const buildManifest = JSON.parse(readFileSync(buildManifestPath, "utf8")) as { rootMainFiles?: string[] };
  const manifests = filesUnder(join(distDir, "server", "app"), (name) => name.endsWith("_client-reference-manifest.js"));
  if (manifests.length === 0) throw new Error(`no client reference manifests under ${join(distDir, "server", "app")}: the build has no pages`);
  const chunks = new Set<string>(buildManifest.rootMainFiles ?? []);
  for (const manifest of manifests) for (const file of entryFilesOf(readFileSync(manifest, "utf8"))) chunks.add(file);
  return [...chunks].filter((file) => file.endsWith(".js")).sort();
}

/** Moves a source map's generated positions down one line, as the hint's line moves the chunk's code. */
export function shiftSourceMap(mapSource: string): string {
  const map = JSON.parse(mapSource) as { mappings?: string; sections?: { offset: { line: number; column: number } }[] };
  if (Array.isArray(map.sections)) for (const section of map.sections) section.offset.line += 1;
  else if (typeof map.mappings === "string") map.mappings = `;${map.mappings}`;
  else throw new Error("a source map with neither mappings nor sections");
  return JSON.stringify(map);
}

export type CompileHintsResult = { hinted: string[]; alreadyHinted: string[] };

/** Puts the hint on the first line of every first-load chunk of the build under `distDir`. */
export function addCompileHints(distDir: string): CompileHintsResult {
  const result: CompileHintsResult = { hinted: [], alreadyHinted: [] };
  const chunks = firstLoadChunks(distDir);
  if (chunks.length === 0) throw new Error(`the build under ${distDir} names no first-load chunks`);
  // Every chunk is checked before any is changed: a build that does not add up is left as it was.
  const missing = chunks.filter((file) => !existsSync(join(distDir, file)));
  if (missing.length > 0) throw new Error(`${missing.join(", ")} is named by the build's manifests but is not in ${distDir}`);
  for (const file of chunks) {
    const path = join(distDir, file);
    const source = readFileSync(path, "utf8");
    if (source.startsWith(`${COMPILE_HINT}\n`)) {
      result.alreadyHinted.push(file);
      continue;
    }
    // Both are written aside and then renamed into place, so a server reading the folder never sees half a chunk.
    const mapPath = `${path}.map`;
    const shiftedMap = existsSync(mapPath) ? shiftSourceMap(readFileSync(mapPath, "utf8")) : undefined;
    writeFileSync(`${path}.hinting`, `${COMPILE_HINT}\n${source}`);
    if (shiftedMap !== undefined) writeFileSync(`${mapPath}.hinting`, shiftedMap);
    renameSync(`${path}.hinting`, path);
    if (shiftedMap !== undefined) renameSync(`${mapPath}.hinting`, mapPath);
    result.hinted.push(file);
  }
  return result;
}

/** The first-load chunks of the build under `distDir` that lack the hint (npm test's build check fails on any). */
export function chunksWithoutCompileHint(distDir: string): string[] {
  return firstLoadChunks(distDir).filter((file) => !readFileSync(join(distDir, file), "utf8").startsWith(`${COMPILE_HINT}\n`));
}
