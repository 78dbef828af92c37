import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { deskUrl } from "./client";
import { deskRouteIds, deskRoutes } from "./routes";

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
      const text = readFileSync(file, "utf8");
      const exports = [...text.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (\w+)\(("(\w+)")?/g)];
      expect(exports.length, file).toBeGreaterThan(0);
      for (const [, method, wrapper, , id] of exports) {
        expect(wrapper, `${method} ${path} must be deskRoute(...)`).toBe("deskRoute");
        const def = deskRoutes[id as keyof typeof deskRoutes];
        expect(def, `${method} ${path}: ${id} is not in lib/desk/routes.ts`).toBeDefined();
        expect({ method: def.method, path: def.path }).toEqual({ method, path });
        seen.add(id!);
      }
    }
    expect([...seen].sort()).toEqual([...deskRouteIds].sort());
  });

  it("builds concrete URLs from the contract's paths", () => {
    expect(deskUrl("updateWatchlistItem", { params: { id: "wl 1", symbol: "M&M" } })).toBe("/api/watchlists/wl%201/items/M%26M");
    expect(deskUrl("getSpend", { query: { range: "7d", scope: "all" } })).toBe("/api/usage/spend?range=7d&scope=all");
    expect(() => deskUrl("getSummary")).toThrow(/id is missing/);
  });
});
