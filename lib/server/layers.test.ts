import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** lib/server's folders, lowest first: each may import only the folders before it (docs/desk-routes.md). */
export const LAYERS = ["shared", "core", "identity", "teams", "records", "inbox", "delivery", "upstream", "portfolio", "market", "money", "symbols", "season", "schedules", "live", "briefs", "alerts", "budgets", "spendwatch", "http", "routes"] as const;

/** What reaches the Alpha API: only lib/server/upstream may use it (the key, the URL and the metering are there). */
const DOOR_ONLY = [/^@\/lib\/alpha\/client$/, /^ws$/, /core\/upstream-fetch$/, /upstream\/upstream-stream$/];

const root = join(import.meta.dirname, "..", "..");
const server = join(root, "lib", "server");

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module specifier of a source: imports, re-exports and dynamic imports, type-only ones included. */
export function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((m) => m[1]!);
}

/** The lib/server folder a specifier of `file` points into, or null outside lib/server. */
export function folderOf(file: string, spec: string): string | null {
  const target = spec.startsWith("@/lib/server/") ? join(root, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(file), spec) : null;
  if (!target) return null;
  const rel = relative(server, target).split(/[\\/]/);
  return rel[0] && rel[0] !== ".." && rel.length > 1 ? rel[0] : null;
}

export function layerViolations(file: string, source: string): string[] {
  const own = relative(server, file).split(/[\\/]/)[0]!;
  const rank = (folder: string) => (LAYERS as readonly string[]).indexOf(folder);
  const out: string[] = [];
  if (rank(own) < 0) out.push(`${own}/ is not a layer of lib/server (add it to LAYERS)`);
  for (const spec of specifiers(source)) {
    const folder = folderOf(file, spec);
    if (folder && folder !== own && !(rank(folder) >= 0 && rank(folder) < rank(own))) out.push(`imports ${spec} (${folder}/ is not below ${own}/)`);
    if (own !== "upstream" && DOOR_ONLY.some((door) => door.test(spec)) && !file.endsWith("core/upstream-fetch.ts")) out.push(`imports ${spec}: only lib/server/upstream reaches the Alpha API`);
  }
  return out;
}

describe("lib/server in layers", () => {
  it("no folder imports one above it or beside it, so no import loop among its folders; only upstream/ reaches the Alpha API", () => {
    const files = modules(server);
    expect(files.length).toBeGreaterThan(60);
    const violations = files.flatMap((file) => layerViolations(file, readFileSync(file, "utf8")).map((v) => `${relative(root, file)}: ${v}`));
    expect(violations).toEqual([]);
  });

  it("the check finds an import upwards, sideways, a dynamic one, a type one, and the Alpha client outside the door", () => {
    const at = join(server, "teams", "example.ts");
    const source = `
      import { a } from "../money/spend-view";
      import type { B } from "@/lib/server/records/spend";
      const c = await import("../upstream/alpha-proxy");
      export { d } from "./audit";
      import { createAlphaClient } from "@/lib/alpha/client";
      import { e } from "../identity/users";`;
    expect(layerViolations(at, source)).toEqual([
      "imports ../money/spend-view (money/ is not below teams/)",
      "imports @/lib/server/records/spend (records/ is not below teams/)",
      "imports ../upstream/alpha-proxy (upstream/ is not below teams/)",
      "imports @/lib/alpha/client: only lib/server/upstream reaches the Alpha API",
    ]);
  });
});
