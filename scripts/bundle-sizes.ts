/**
 * First-load JavaScript per route of a production build, from the build's own chunk lists, gzip -9 summed (a shared
 * chunk counts in each route), and the budgets it is held to: the proxy bench prints it, `npm test` checks it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as z from "zod";

/** The budget of every route not named below, in kB (1 kB = 1,024 bytes) of gzip. */
export const DEFAULT_BUDGET_KB = 200;

/**
 * Routes held to a smaller budget: the signed-out pages, the first thing a new user loads (no desk shell, no data
 * layer beyond the form's).
 */
export const ROUTE_BUDGETS_KB: Readonly<Record<string, number>> = {
  "/sign-in": 170,
  "/setup": 170,
  "/join": 170,
  "/change-password": 170,
};

/**
 * Interim ceilings, a ratchet towards the aims. The check fails over a ceiling, within the aim (remove it), and more
 * than CEILING_SLACK_KB under it (lower it), so a cut is kept. None left.
 */
export const INTERIM_CEILINGS_KB: Readonly<Record<string, number>> = {};

/**
 * Strings of zod's core that any build carrying zod (classic or mini) holds, minified or not: the name every schema
 * class registers under and the global registry's key. No route's first load may hold them: the contracts' schemas
 * are loaded on demand (lib/desk/client.ts, lib/query/alpha.ts).
 */
export const ZOD_SIGNATURES: readonly string[] = ['"$ZodType"', "__zod_globalRegistry"];

/**
 * Routes whose first load may still carry zod, a ratchet like the ceilings (none left): the check fails when another
 * route loads zod, and when one named here no longer does.
 */
export const ZOD_PENDING_ROUTES: readonly string[] = [];

/** How far under its interim ceiling a route may sit before the check asks for the ceiling to come down. */
export const CEILING_SLACK_KB = 8;

/** The aim of a route: 200 kB, 170 kB for the signed-out pages. */
export function aimFor(route: string): number {
  return ROUTE_BUDGETS_KB[route] ?? DEFAULT_BUDGET_KB;
}

/** What the check holds a route to: its interim ceiling while it has one, else its aim. */
export function budgetFor(route: string, ceilings: Readonly<Record<string, number>> = INTERIM_CEILINGS_KB): number {
  return ceilings[route] ?? aimFor(route);
}

const routeStatsSchema = z.array(
  z.looseObject({
    route: z.string().min(1),
    firstLoadChunkPaths: z.array(z.string()),
  }),
);
export type RouteStats = z.infer<typeof routeStatsSchema>;

export interface RouteSize {
  route: string;
  /** Sum of the gzip -9 sizes of the route's first-load chunks, in kB, one decimal. */
  gzipKb: number;
  rawKb: number;
  /** What the check holds the route to (its interim ceiling, else its aim). */
  budgetKb: number;
  aimKb: number;
  overBudget: boolean;
  /** Chunks the stats name that are not on disk (a build replaced mid-run): the sizes are then incomplete. */
  missingChunks: number;
  /** The route's first-load chunks that hold zod (one of ZOD_SIGNATURES). */
  zodChunks: string[];
}

/** Where a build keeps the stats: `NEXT_DIST_DIR` (next.config.ts) or `.next`, under the project root. */
export function statsPathOf(root: string, distDir = process.env.NEXT_DIST_DIR ?? ".next"): string {
  return join(root, distDir, "diagnostics", "route-bundle-stats.json");
}

/** The build's per-route chunk list, or null when there is no such file. A file in another shape throws. */
export function readRouteStats(statsPath: string): RouteStats | null {
  if (!existsSync(statsPath)) return null;
  return routeStatsSchema.parse(JSON.parse(readFileSync(statsPath, "utf8")));
}

/**
 * The first-load size of each route in `stats`, sorted by route. Chunk paths are relative to `root` and start with
 * `.next/` whatever the build folder (`distDir` replaces it); Windows separators are read too.
 */
export function firstLoadSizes(
  stats: RouteStats,
  { root, distDir = process.env.NEXT_DIST_DIR ?? ".next", ceilings = INTERIM_CEILINGS_KB }: { root: string; distDir?: string; ceilings?: Readonly<Record<string, number>> },
): RouteSize[] {
  const sizes = new Map<string, { path: string; raw: number; gzip: number; zod: boolean } | null>();
  const sizeOf = (path: string) => {
    if (!sizes.has(path)) {
      const full = join(root, path);
      if (existsSync(full)) {
        const bytes = readFileSync(full);
        const zod = ZOD_SIGNATURES.some((signature) => bytes.includes(signature));
        sizes.set(path, { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, zod });
      } else {
        sizes.set(path, null);
      }
    }
    return sizes.get(path) ?? null;
  };
  return stats
    .map(({ route, firstLoadChunkPaths }) => {
      const named = [...new Set(firstLoadChunkPaths.map((p) => p.replaceAll("\\", "/").replace(/^\.next\//, `${distDir}/`)))];
      const found = named.map(sizeOf).filter((s) => s !== null);
      const gzipKb = found.reduce((sum, s) => sum + s.gzip, 0) / 1024;
      const rawKb = found.reduce((sum, s) => sum + s.raw, 0) / 1024;
      const budgetKb = budgetFor(route, ceilings);
      return {
        route,
        gzipKb: Math.round(gzipKb * 10) / 10,
        rawKb: Math.round(rawKb),
        budgetKb,
        aimKb: aimFor(route),
        overBudget: gzipKb > budgetKb,
        missingChunks: named.length - found.length,
        zodChunks: found.filter((s) => s.zod).map((s) => s.path),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** Reads the stats of the build under `root` and sizes every route; null when the build wrote no stats. */
export function measureBuild({ root, distDir = process.env.NEXT_DIST_DIR ?? ".next" }: { root: string; distDir?: string }): RouteSize[] | null {
  const stats = readRouteStats(statsPathOf(root, distDir));
  return stats ? firstLoadSizes(stats, { root, distDir }) : null;
}

/** The sizes as a Markdown table (route, gzip kB, budget, raw kB), notes on routes over or incomplete. */
export function sizesTable(sizes: RouteSize[]): string {
  const lines = ["| route | gzip kB | aim kB | ceiling kB | raw kB |", "|---|---|---|---|---|"];
  for (const s of sizes) {
    const note = s.missingChunks > 0 ? ` (${s.missingChunks} chunks missing: rebuild)` : s.overBudget ? " (over its ceiling)" : s.gzipKb > s.aimKb ? " (over the aim)" : "";
    lines.push(`| ${s.route} | ${s.gzipKb}${note} | ${s.aimKb} | ${s.budgetKb === s.aimKb ? "–" : s.budgetKb} | ${s.rawKb} |`);
  }
  return lines.join("\n");
}
