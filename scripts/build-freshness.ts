/**
 * Whether a production build is newer than the sources it was built from: `npm start`, the cluster, the Lighthouse
 * bench (the default build folder) and the proxy bench (its own folder, with the floor routes) all ask this before
 * deciding to build. No imports but node's, so any script may use it.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** What a desk build is made from, relative to the repository root. */
export const BUILD_SOURCE_ENTRIES: readonly string[] = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
  "tsconfig.side-build.json",
  // The build's own hooks (next.config.ts): they rewrite and add to its static files.
  "scripts/compile-hints.ts",
  "scripts/precompress-static.ts",
  "scripts/precompressed-static.mjs",
];

/**
 * The TypeScript config of a build into another folder than `.next` (next.config.ts): it only extends tsconfig.json,
 * so Next.js, which reconfigures a project's own config, writes nothing to it nor to tsconfig.json.
 */
export const SIDE_BUILD_TSCONFIG = "tsconfig.side-build.json";

/** The newest modification time under `path` (node_modules and dot-entries left out), 0 when it does not exist. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Whether `distDir` under `root` holds a production build (its BUILD_ID) newer than every source entry. `entries`
 * replaces the list (a build folder whose build rewrites one of them, such as tsconfig.json, leaves it out).
 */
export function isBuildFresh(root: string, distDir: string, entries: readonly string[] = BUILD_SOURCE_ENTRIES): boolean {
  const buildId = join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return entries.every((entry) => newestMtime(join(root, entry)) <= built);
}
