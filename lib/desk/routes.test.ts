import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { deskUrl } from "./client";
import * as api from "./route-meta";
import { deskRouteIds, deskRoutes } from "./routes";
import { catalogue } from "@/lib/alpha/catalogue";
import { GENERATED_MARK, staleFiles } from "@/scripts/generate-contract";

const API = join(process.cwd(), "app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(join(dir, e.name)) : e.name === "route.ts" ? [join(dir, e.name)] : []));
}

describe("the desk's own contract", () => {
  it("has one entry per /api route, and every route file is generated from its entry", () => {
    const seen = new Set<string>();
    for (const file of routeFiles(API)) {
      const path = `/api/${relative(API, file).split(sep).slice(0, -1).join("/")}`;
      if (path === "/api/auth/[...nextauth]") continue; // next-auth's own protocol
      if (path === "/api/[...missing]") continue; // no route: the JSON 404 of every unknown /api URL (below)
      const text = readFileSync(file, "utf8");
      expect(text.startsWith(GENERATED_MARK), `${file} is written by scripts/generate-contract.ts`).toBe(true);
      // A static twin of the Alpha proxy's catch-all for a fixed path: the catch-all's routes.
      const fixedAlpha = path.startsWith("/api/alpha/v1/") && Object.values(catalogue).some((def) => `/api/alpha${def.path.replace(/\/+$/, "")}` === path);
      const contractPath = fixedAlpha ? "/api/alpha/[...path]" : path;
      const served = /^export const \{ GET, POST, PUT, PATCH, DELETE \} = deskMethods\(\{ (.*) \}\);$/m.exec(text)?.[1] ?? "";
      const exports = [...served.matchAll(/(GET|POST|PUT|PATCH|DELETE): "(\w+)"/g)];
      expect(exports.length, file).toBeGreaterThan(0);
      for (const [, method, id] of exports) {
        const def = deskRoutes[id as keyof typeof deskRoutes];
        expect(def, `${method} ${path}: ${id} is not in lib/desk/routes.ts`).toBeDefined();
        expect({ method: def.method, path: def.path }).toEqual({ method, path: contractPath });
        seen.add(id!);
      }
    }
    expect([...seen].sort()).toEqual([...deskRouteIds].sort());
  });

  it("has its generated files as scripts/generate-contract.ts writes them (npx tsx scripts/generate-contract.ts)", () => {
    expect(staleFiles(process.cwd())).toEqual({ write: [], remove: [] });
  });

  it("has no other route files than route.ts, but for the proxy bench's floor routes, which only its build sees", async () => {
    const all = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(join(dir, e.name)) : [join(dir, e.name)]));
    const odd = all(join(process.cwd(), "app"))
      .map((f) => relative(process.cwd(), f).split(sep).join("/"))
      .filter((f) => /\/route\.[^/]+$/.test(f) && !/\/route\.tsx?$/.test(f));
    expect(odd.sort()).toEqual(["app/api/bench-floor/forward/route.bench.ts", "app/api/bench-floor/memory/route.bench.ts"]);
    const extensions = async (bench: string | undefined) => {
      vi.resetModules();
      vi.stubEnv("NEXT_BENCH_ROUTES", bench);
      const { default: config } = await import("../../next.config");
      vi.unstubAllEnvs();
      return config.pageExtensions;
    };
    expect(await extensions(undefined)).not.toContain("bench.ts");
    expect(await extensions("0")).not.toContain("bench.ts");
    expect(await extensions("1")).toContain("bench.ts");
  });

  it("answers an /api URL it has no route for with a JSON 404 in the contract's error shape, for every method", async () => {
    const { GET, POST, DELETE } = await import("../../app/api/[...missing]/route");
    for (const [handler, method] of [[GET, "GET"], [POST, "POST"], [DELETE, "DELETE"]] as const) {
      const response = handler(new Request(`http://desk.test/api/no-such/route?key=x`, { method }));
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("not_found");
      expect(body.error.message).toBe(`The desk has no API route ${method} /api/no-such/route.`);
      expect(body.error.message).not.toContain("key=x");
    }
  });

  it("builds concrete URLs from the contract's paths", () => {
    expect(deskUrl(api.updateWatchlistItem, { params: { id: "wl 1", symbol: "M&M" }, body: {} })).toBe("/api/watchlists/wl%201/items/M%26M");
    expect(deskUrl(api.getSpend, { query: { range: "7d", scope: "all" } })).toBe("/api/usage/spend?range=7d&scope=all");
    expect(() => deskUrl(api.getSummary, { params: {} as { id: string } })).toThrow(/id is missing/);
  });

  it("has a zod-free half (route-meta/, generated) that agrees with it on every route", () => {
    expect(Object.keys(api.deskRouteMeta).sort()).toEqual([...deskRouteIds].sort());
    for (const id of deskRouteIds) {
      const { method, path, access } = deskRoutes[id];
      expect(api.deskRouteMeta[id], id).toMatchObject({ id, method, path, access });
    }
  });

  it("names only GET routes in what a mutation makes stale", () => {
    for (const id of deskRouteIds) {
      for (const stale of (deskRoutes[id] as { invalidates?: readonly string[] }).invalidates ?? []) {
        expect(deskRoutes[stale as keyof typeof deskRoutes]?.method, `${id} invalidates ${stale}`).toBe("GET");
      }
    }
  });
});
