import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { deskUrl } from "./client";
import { deskRouteMeta } from "./route-meta";
import { deskRouteIds, deskRoutes } from "./routes";
import { catalogue } from "@/lib/alpha/catalogue";
import { ALPHA_ROUTES_DIR, GENERATED_MARK, alphaStaticRoutes, generatedRoutesOnDisk } from "@/scripts/alpha-static-routes";

const API = join(process.cwd(), "app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(join(dir, e.name)) : e.name === "route.ts" ? [join(dir, e.name)] : []));
}

describe("the desk's own contract", () => {
  it("has one entry per /api route, and every route file is derived from its entry", () => {
    const seen = new Set<string>();
    for (const file of routeFiles(API)) {
      const path = `/api/${relative(API, file).split(sep).slice(0, -1).join("/")}`;
      if (path === "/api/auth/[...nextauth]") continue; // next-auth's own protocol
      if (path === "/api/[...missing]") continue; // no route: the JSON 404 of every unknown /api URL (below)
      const text = readFileSync(file, "utf8");
      // A static twin of the Alpha proxy's catch-all for a fixed path (scripts/alpha-static-routes.ts): its routes.
      const contractPath = text.startsWith(GENERATED_MARK) && path.startsWith("/api/alpha/") ? "/api/alpha/[...path]" : path;
      const exports = [...text.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (\w+)\(("(\w+)")?/g)];
      expect(exports.length, file).toBeGreaterThan(0);
      for (const [, method, wrapper, , id] of exports) {
        expect(wrapper, `${method} ${path} must be deskRoute(...)`).toBe("deskRoute");
        const def = deskRoutes[id as keyof typeof deskRoutes];
        expect(def, `${method} ${path}: ${id} is not in lib/desk/routes.ts`).toBeDefined();
        expect({ method: def.method, path: def.path }).toEqual({ method, path: contractPath });
        seen.add(id!);
      }
    }
    expect([...seen].sort()).toEqual([...deskRouteIds].sort());
  });

  it("has a static twin of the Alpha catch-all for every fixed Alpha path, as scripts/alpha-static-routes.ts writes it", () => {
    const wanted = alphaStaticRoutes();
    const onDisk = generatedRoutesOnDisk(process.cwd());
    expect([...onDisk.keys()].sort(), "run: npx tsx scripts/alpha-static-routes.ts").toEqual([...wanted.keys()].sort());
    for (const [file, content] of wanted) expect(onDisk.get(file), `${file}: run npx tsx scripts/alpha-static-routes.ts`).toBe(content);
    // Each is a path of the catalogue without parameters, under the catch-all's own folder.
    const fixed = new Set(Object.values(catalogue).map((def) => def.path.replace(/\/+$/, "")));
    for (const file of wanted.keys()) {
      expect(file.startsWith(`${ALPHA_ROUTES_DIR}/v1/`)).toBe(true);
      expect(fixed.has(file.slice(ALPHA_ROUTES_DIR.length).replace(/\/route\.ts$/, "")), file).toBe(true);
    }
    expect(wanted.has(`${ALPHA_ROUTES_DIR}/v1/news/route.ts`)).toBe(true);
    expect([...wanted.keys()].some((file) => file.includes("{"))).toBe(false);
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
    expect(deskUrl("updateWatchlistItem", { params: { id: "wl 1", symbol: "M&M" } })).toBe("/api/watchlists/wl%201/items/M%26M");
    expect(deskUrl("getSpend", { query: { range: "7d", scope: "all" } })).toBe("/api/usage/spend?range=7d&scope=all");
    expect(() => deskUrl("getSummary")).toThrow(/id is missing/);
  });

  it("has a zod-free twin (route-meta.ts) that agrees with it on every route: same ids, method, path, access and kind", () => {
    expect(Object.keys(deskRouteMeta).sort()).toEqual([...deskRouteIds].sort());
    for (const id of deskRouteIds) {
      const { method, path, access, kind } = deskRoutes[id] as { method: string; path: string; access: string; kind?: string };
      expect(deskRouteMeta[id], id).toEqual({ method, path, access, ...(kind ? { kind } : {}) });
    }
  });
});
