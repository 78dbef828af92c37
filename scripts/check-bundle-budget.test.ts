import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { aimFor, budgetFor, DEFAULT_BUDGET_KB, INTERIM_CEILINGS_KB, measureBuild, ZOD_PENDING_ROUTES } from "./bundle-sizes";
import { BundleBudgetError, checkBundleBudget } from "./check-bundle-budget";

const KB = 1024;
let root: string;

/** A planted chunk of `kb` kB of random bytes: gzip cannot shrink them, so its gzip size is `kb` kB and a few bytes. */
function chunk(name: string, kb: number): string {
  const path = `.next/static/chunks/${name}.js`;
  writeFileSync(join(root, path), randomBytes(Math.round(kb * KB)));
  return path;
}

function plantStats(stats: unknown, distDir = ".next") {
  mkdirSync(join(root, distDir, "diagnostics"), { recursive: true });
  writeFileSync(join(root, distDir, "diagnostics", "route-bundle-stats.json"), JSON.stringify(stats));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "bundle-budget-"));
  mkdirSync(join(root, ".next", "static", "chunks"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the first-load budget check", () => {
  it("passes when every route is under its budget, and sums a route's chunks", () => {
    const framework = chunk("framework", 120);
    plantStats([
      { route: "/today", firstLoadUncompressedJsBytes: 1, firstLoadChunkPaths: [framework, chunk("today", 60)] },
      { route: "/sign-in", firstLoadUncompressedJsBytes: 1, firstLoadChunkPaths: [framework, chunk("sign-in", 30)] },
    ]);
    const sizes = checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] });
    expect(sizes.map((s) => s.route)).toEqual(["/sign-in", "/today"]);
    const today = sizes.find((s) => s.route === "/today")!;
    expect(today.gzipKb).toBeGreaterThanOrEqual(180);
    expect(today.gzipKb).toBeLessThan(181);
    expect(today.budgetKb).toBe(DEFAULT_BUDGET_KB);
  });

  it("fails with the route, its size, its budget and how much over", () => {
    const framework = chunk("framework", 120);
    plantStats([
      { route: "/earnings", firstLoadChunkPaths: [framework, chunk("earnings", 95)] },
      { route: "/news", firstLoadChunkPaths: [framework, chunk("news", 40)] },
    ]);
    let error: unknown;
    try {
      checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundleBudgetError);
    const message = (error as Error).message;
    expect(message).toMatch(/1 route\(s\) over/);
    expect(message).toMatch(/\/earnings: 215(\.\d)? kB gzip, budget 200 kB, 15(\.\d)? kB over/);
    expect(message).not.toContain("/news");
  });

  it("holds the signed-out pages to their smaller budget", () => {
    expect(budgetFor("/sign-in")).toBe(170);
    expect(budgetFor("/setup")).toBe(170);
    expect(aimFor("/today")).toBe(DEFAULT_BUDGET_KB);
    expect(budgetFor("/today", {})).toBe(DEFAULT_BUDGET_KB);
    plantStats([{ route: "/sign-in", firstLoadChunkPaths: [chunk("framework", 120), chunk("form", 60)] }]);
    expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] })).toThrow(/\/sign-in: 180(\.\d)? kB gzip, budget 170 kB/);
  });

  it("fails when the build wrote no stats", () => {
    expect(measureBuild({ root, distDir: ".next" })).toBeNull();
    expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] })).toThrow(/No bundle stats/);
  });

  it("fails when the stats name no routes", () => {
    plantStats([]);
    expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] })).toThrow(/names no routes/);
  });

  it("fails when the stats name chunks that are not on disk", () => {
    plantStats([{ route: "/today", firstLoadChunkPaths: [chunk("framework", 10), ".next/static/chunks/gone.js"] }]);
    expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] })).toThrow(/\/today: 1 chunk\(s\) named by the stats are not on disk/);
  });

  it("fails on stats in another shape", () => {
    plantStats({ routes: [] });
    expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] })).toThrow();
  });

  it("reads a build in another folder and Windows separators", () => {
    mkdirSync(join(root, ".next-e2e", "static", "chunks"), { recursive: true });
    writeFileSync(join(root, ".next-e2e", "static", "chunks", "a.js"), randomBytes(20 * KB));
    plantStats([{ route: "/", firstLoadChunkPaths: [".next\\static\\chunks\\a.js"] }], ".next-e2e");
    const [home] = checkBundleBudget({ root, distDir: ".next-e2e", ceilings: {}, zodPending: [] });
    expect(home?.gzipKb).toBeGreaterThanOrEqual(20);
    expect(home?.missingChunks).toBe(0);
  });

  describe("interim ceilings (a ratchet towards the aim)", () => {
    const planted = (kb: number) => plantStats([{ route: "/earnings", firstLoadChunkPaths: [chunk("framework", 120), chunk("earnings", kb - 120)] }]);

    it("holds a route over its aim to its ceiling, and fails past it", () => {
      planted(240);
      const [earnings] = checkBundleBudget({ root, distDir: ".next", ceilings: { "/earnings": 245 }, zodPending: [] });
      expect(earnings?.budgetKb).toBe(245);
      expect(earnings?.aimKb).toBe(200);
      planted(250);
      expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: { "/earnings": 245 }, zodPending: [] })).toThrow(/\/earnings: 250(\.\d)? kB gzip, budget 245 kB, 5(\.\d)? kB over/);
    });

    it("asks for a ceiling to come down when the route shrank, and to go when it is within its aim", () => {
      planted(230);
      expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: { "/earnings": 245 }, zodPending: [] })).toThrow(/\/earnings: 230(\.\d)? kB, 1[45](\.\d)? kB under its interim ceiling 245 kB: lower it to 23[34] kB/);
      planted(190);
      expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: { "/earnings": 245 }, zodPending: [] })).toThrow(/within its aim 200 kB: remove its interim ceiling/);
    });

    it("refuses a ceiling for a route the build does not have, or one not above the aim", () => {
      planted(240);
      expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: { "/earnings": 245, "/gone": 260 }, zodPending: [] })).toThrow(/\/gone: has an interim ceiling but the build has no such route/);
      const framework = chunk("framework", 120);
      plantStats([
        { route: "/earnings", firstLoadChunkPaths: [framework, chunk("earnings", 120)] },
        { route: "/sign-in", firstLoadChunkPaths: [framework, chunk("form", 30)] },
      ]);
      expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: { "/earnings": 245, "/sign-in": 170 }, zodPending: [] })).toThrow(/\/sign-in: its interim ceiling 170 kB is not above its aim 170 kB/);
    });

    it("the project's ceilings are all above the aims (they are interim, not a second aim)", () => {
      for (const [route, ceiling] of Object.entries(INTERIM_CEILINGS_KB)) expect(ceiling, route).toBeGreaterThan(aimFor(route));
    });
  });

  describe("no zod at first load (the contracts' schemas load on demand)", () => {
    /** A chunk holding zod's own core (its schemas and its registry, as shipped), wrapped like a bundler would. */
    function zodChunk(name: string): string {
      const require = createRequire(import.meta.url);
      const zodRoot = dirname(require.resolve("zod/package.json"));
      const core = ["v4/core/schemas.js", "v4/core/registries.js"].map((m) => readFileSync(join(zodRoot, m), "utf8")).join("\n");
      const path = `.next/static/chunks/${name}.js`;
      writeFileSync(join(root, path), `(globalThis.chunks=globalThis.chunks||[]).push([${JSON.stringify(name)},function(){${core}}]);`);
      return path;
    }

    it("fails, naming the route and the chunk, when a first-load chunk holds zod's core", () => {
      const framework = chunk("framework", 120);
      const zod = zodChunk("contract");
      plantStats([
        { route: "/today", firstLoadChunkPaths: [framework, chunk("today", 20), zod] },
        { route: "/news", firstLoadChunkPaths: [framework, chunk("news", 20)] },
      ]);
      const run = () => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: [] });
      expect(run).toThrow(/1 route\(s\) load zod at first load/);
      expect(run).toThrow(new RegExp(`/today: zod in ${zod.replaceAll(".", "\\.")}`));
      expect(run).not.toThrow(/\/news/);
      plantStats([{ route: "/today", firstLoadChunkPaths: [framework, chunk("today", 20)] }]);
      expect(run()[0]?.zodChunks).toEqual([]);
    });

    it("lets a route named as pending keep zod for now, and asks for it to go once the route is free of it", () => {
      const framework = chunk("framework", 120);
      plantStats([{ route: "/news", firstLoadChunkPaths: [framework, zodChunk("search-params")] }]);
      expect(checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: ["/news"] })[0]?.zodChunks).toHaveLength(1);
      plantStats([{ route: "/news", firstLoadChunkPaths: [framework, chunk("news", 20)] }]);
      expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: ["/news"] })).toThrow(/\/news: no longer loads zod at first load: remove it/);
      expect(() => checkBundleBudget({ root, distDir: ".next", ceilings: {}, zodPending: ["/news", "/gone"] })).toThrow(/\/gone: may load zod .* no such route/);
    });

    it("the project's pending routes are signed-in pages (the signed-out ones never carried zod)", () => {
      for (const route of ZOD_PENDING_ROUTES) expect(aimFor(route), route).toBe(DEFAULT_BUDGET_KB);
    });
  });
});
