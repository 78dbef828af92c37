import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, chunksWithoutCompileHint, COMPILE_HINT, entryFilesOf, firstLoadChunks, shiftSourceMap } from "./compile-hints";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build folder as `next build` leaves it after its compile: manifests and chunks. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), "compile-hints-"));
  dirs.push(dist);
  mkdirSync(join(dist, "static", "chunks"), { recursive: true });
  mkdirSync(join(dist, "server", "app", "(desk)", "alerts"), { recursive: true });
  writeFileSync(join(dist, "build-manifest.json"), JSON.stringify({ rootMainFiles: ["static/chunks/root.js"], polyfillFiles: ["static/chunks/polyfills.js"] }));
  const manifest = { "/(desk)/alerts/page": { entryJSFiles: { "[project]/app/layout": ["static/chunks/layout.js"], "[project]/app/(desk)/alerts/page": ["static/chunks/layout.js", "static/chunks/alerts.js", "static/chunks/styles.css"] } } };
  writeFileSync(
    join(dist, "server", "app", "(desk)", "alerts", "page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/(desk)/alerts/page"] = ${JSON.stringify(manifest["/(desk)/alerts/page"])};\n`,
  );
  for (const name of ["root", "layout", "alerts", "lazy-recharts", "polyfills"]) writeFileSync(join(dist, "static", "chunks", `${name}.js`), `(globalThis.TURBOPACK||[]).push(["${name}"]);\n`);
  writeFileSync(join(dist, "static", "chunks", "alerts.js.map"), JSON.stringify({ version: 3, sources: ["a.ts"], mappings: "AAAA;AACA" }));
  writeFileSync(join(dist, "static", "chunks", "layout.js.map"), JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, mappings: "AAAA" } }, { offset: { line: 4, column: 0 }, map: { version: 3, mappings: "AAAA" } }] }));
  return dist;
}

const chunk = (dist: string, name: string) => readFileSync(join(dist, "static", "chunks", name), "utf8");

describe("compile hints on the first-load chunks", () => {
  it("reads a client reference manifest's entry files without running it in this context", () => {
    const files = entryFilesOf(`globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {}; globalThis.__RSC_MANIFEST["/p/page"] = {"entryJSFiles":{"a":["static/chunks/x.js"]}};`);
    expect(files).toEqual(["static/chunks/x.js"]);
    expect((globalThis as { __RSC_MANIFEST?: unknown }).__RSC_MANIFEST).toBeUndefined();
  });

  it("names the root main files and every page's entry JS files, not the lazy chunks, the polyfills or CSS", () => {
    expect(firstLoadChunks(fakeBuild())).toEqual(["static/chunks/alerts.js", "static/chunks/layout.js", "static/chunks/root.js"]);
  });

  it("puts the hint on the first line of those chunks only, and moves their source maps a line down", () => {
    const dist = fakeBuild();
    const result = addCompileHints(dist);
    expect(result.hinted).toEqual(["static/chunks/alerts.js", "static/chunks/layout.js", "static/chunks/root.js"]);
    expect(chunk(dist, "alerts.js")).toBe(`${COMPILE_HINT}\n(globalThis.TURBOPACK||[]).push(["alerts"]);\n`);
    expect(chunk(dist, "root.js").startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(chunk(dist, "lazy-recharts.js").startsWith("//")).toBe(false);
    expect(chunk(dist, "polyfills.js").startsWith("//")).toBe(false);
    expect(JSON.parse(chunk(dist, "alerts.js.map")).mappings).toBe(";AAAA;AACA");
    expect(JSON.parse(chunk(dist, "layout.js.map")).sections.map((s: { offset: { line: number } }) => s.offset.line)).toEqual([1, 5]);
  });

  it("names the first-load chunks still without the hint, for the build check", () => {
    const dist = fakeBuild();
    expect(chunksWithoutCompileHint(dist)).toEqual(["static/chunks/alerts.js", "static/chunks/layout.js", "static/chunks/root.js"]);
    addCompileHints(dist);
    expect(chunksWithoutCompileHint(dist)).toEqual([]);
  });

  it("changes nothing when run again", () => {
    const dist = fakeBuild();
    addCompileHints(dist);
    const again = addCompileHints(dist);
    expect(again.hinted).toEqual([]);
    expect(again.alreadyHinted).toHaveLength(3);
    expect(chunk(dist, "alerts.js").split(COMPILE_HINT)).toHaveLength(2);
    expect(JSON.parse(chunk(dist, "alerts.js.map")).mappings).toBe(";AAAA;AACA");
  });

  it("fails, leaving the chunks as they were, when a manifest names a chunk that is not there", () => {
    const dist = fakeBuild();
    rmSync(join(dist, "static", "chunks", "root.js"));
    expect(() => addCompileHints(dist)).toThrow(/root\.js is named by the build's manifests but is not in/);
    expect(chunk(dist, "alerts.js").startsWith("//")).toBe(false);
  });

  it("fails on a folder with no build in it rather than hinting nothing", () => {
    const dist = fakeBuild();
    rmSync(join(dist, "server"), { recursive: true });
    expect(() => addCompileHints(dist)).toThrow(/no client reference manifests/);
    rmSync(join(dist, "build-manifest.json"));
    expect(() => firstLoadChunks(dist)).toThrow(/has not compiled/);
  });

  it("refuses a source map it cannot move", () => {
    expect(() => shiftSourceMap(JSON.stringify({ version: 3 }))).toThrow(/neither mappings nor sections/);
  });
});
