import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isBuildFresh, newestMtime } from "./build-freshness";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A repository with app/page.tsx and tsconfig.json at `sourceAt` and a build's BUILD_ID at `builtAt` (seconds). */
function repo({ sourceAt, builtAt }: { sourceAt: number; builtAt?: number }): string {
  const root = mkdtempSync(join(tmpdir(), "alpha-freshness-"));
  dirs.push(root);
  mkdirSync(join(root, "app"));
  for (const file of ["app/page.tsx", "tsconfig.json"]) {
    writeFileSync(join(root, file), "x");
    utimesSync(join(root, file), sourceAt, sourceAt);
  }
  if (builtAt !== undefined) {
    mkdirSync(join(root, ".next"));
    writeFileSync(join(root, ".next", "BUILD_ID"), "id");
    utimesSync(join(root, ".next", "BUILD_ID"), builtAt, builtAt);
  }
  return root;
}

describe("isBuildFresh", () => {
  it("is fresh when the build is newer than every source, stale when a source is newer or there is no build", () => {
    expect(isBuildFresh(repo({ sourceAt: 1_000, builtAt: 2_000 }), ".next")).toBe(true);
    expect(isBuildFresh(repo({ sourceAt: 3_000, builtAt: 2_000 }), ".next")).toBe(false);
    expect(isBuildFresh(repo({ sourceAt: 1_000 }), ".next")).toBe(false);
  });

  it("looks inside folders but not in node_modules or dot-folders, and takes another list of entries", () => {
    const root = repo({ sourceAt: 1_000, builtAt: 2_000 });
    for (const ignored of ["app/node_modules", "app/.cache"]) {
      mkdirSync(join(root, ignored));
      writeFileSync(join(root, ignored, "f.js"), "x");
      utimesSync(join(root, ignored, "f.js"), 5_000, 5_000);
    }
    expect(newestMtime(join(root, "app"))).toBe(1_000_000);
    expect(isBuildFresh(root, ".next")).toBe(true);
    utimesSync(join(root, "tsconfig.json"), 4_000, 4_000);
    expect(isBuildFresh(root, ".next")).toBe(false);
    expect(isBuildFresh(root, ".next", ["app"])).toBe(true);
  });
});
