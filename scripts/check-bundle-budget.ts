/**
 * `npm test`'s check after the build: every route's first-load JavaScript within its budget and free of zod, every
 * first-load chunk with V8's compile hint and a Brotli copy. A build that measured nothing fails too.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chunksWithoutCompileHint } from "./compile-hints";
import { firstLoadFilesWithoutBrotliCopy } from "./precompress-static";
import { aimFor, CEILING_SLACK_KB, firstLoadSizes, INTERIM_CEILINGS_KB, readRouteStats, sizesTable, statsPathOf, ZOD_PENDING_ROUTES, type RouteSize } from "./bundle-sizes";

export class BundleBudgetError extends Error {
  override name = "BundleBudgetError";
}

/** Sizes every route of the build under `root` and throws a BundleBudgetError listing what is wrong; else the sizes. */
export function checkBundleBudget({
  root,
  distDir = process.env.NEXT_DIST_DIR ?? ".next",
  ceilings = INTERIM_CEILINGS_KB,
  zodPending = ZOD_PENDING_ROUTES,
}: {
  root: string;
  distDir?: string;
  ceilings?: Readonly<Record<string, number>>;
  /** Routes that may still load zod at first load (interim; see ZOD_PENDING_ROUTES). */
  zodPending?: readonly string[];
}): RouteSize[] {
  const statsPath = statsPathOf(root, distDir);
  const stats = readRouteStats(statsPath);
  if (!stats) throw new BundleBudgetError(`No bundle stats at ${statsPath}: run \`next build\` first (it writes them).`);
  if (stats.length === 0) throw new BundleBudgetError(`${statsPath} names no routes: the build measured nothing.`);
  const sizes = firstLoadSizes(stats, { root, distDir, ceilings });
  const incomplete = sizes.filter((s) => s.missingChunks > 0);
  if (incomplete.length > 0) {
    const lines = incomplete.map((s) => `  ${s.route}: ${s.missingChunks} chunk(s) named by the stats are not on disk`);
    throw new BundleBudgetError(`The build's chunks do not match its stats (a build replaced mid-run?); rebuild:\n${lines.join("\n")}`);
  }
  const over = sizes.filter((s) => s.overBudget);
  if (over.length > 0) {
    const lines = over.map((s) => `  ${s.route}: ${s.gzipKb} kB gzip, budget ${s.budgetKb} kB, ${Math.round((s.gzipKb - s.budgetKb) * 10) / 10} kB over`);
    throw new BundleBudgetError(`${over.length} route(s) over their first-load JavaScript budget:\n${lines.join("\n")}`);
  }
  const withZod = sizes.filter((s) => s.zodChunks.length > 0 && !zodPending.includes(s.route));
  if (withZod.length > 0) {
    const lines = withZod.map((s) => `  ${s.route}: zod in ${s.zodChunks.join(", ")}`);
    throw new BundleBudgetError(`${withZod.length} route(s) load zod at first load (the contracts' schemas must load on demand):\n${lines.join("\n")}`);
  }
  // The ratchet: a ceiling is interim, so it comes down with the route and goes once the route is within its aim.
  const stale: string[] = [];
  const measured = new Map(sizes.map((s) => [s.route, s]));
  for (const [route, ceiling] of Object.entries(ceilings)) {
    const s = measured.get(route);
    const aim = aimFor(route);
    if (!s) stale.push(`  ${route}: has an interim ceiling but the build has no such route: remove it`);
    else if (ceiling <= aim) stale.push(`  ${route}: its interim ceiling ${ceiling} kB is not above its aim ${aim} kB: remove it`);
    else if (s.gzipKb <= aim) stale.push(`  ${route}: ${s.gzipKb} kB is within its aim ${aim} kB: remove its interim ceiling`);
    else if (ceiling - s.gzipKb > CEILING_SLACK_KB) stale.push(`  ${route}: ${s.gzipKb} kB, ${Math.round((ceiling - s.gzipKb) * 10) / 10} kB under its interim ceiling ${ceiling} kB: lower it to ${Math.ceil(s.gzipKb + 3)} kB`);
  }
  for (const route of zodPending) {
    const s = measured.get(route);
    if (!s) stale.push(`  ${route}: may load zod (ZOD_PENDING_ROUTES) but the build has no such route: remove it`);
    else if (s.zodChunks.length === 0) stale.push(`  ${route}: no longer loads zod at first load: remove it from ZOD_PENDING_ROUTES`);
  }
  if (stale.length > 0) throw new BundleBudgetError(`Interim ceilings and exemptions to bring down (scripts/bundle-sizes.ts):\n${stale.join("\n")}`);
  return sizes;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const root = join(import.meta.dirname, "..");
    const sizes = checkBundleBudget({ root });
    // The build's hooks (next.config.ts, compiler.runAfterProductionCompile) ran: every first-load chunk has V8's hint,
    // and every first-load chunk and stylesheet its Brotli copy.
    const dist = join(root, process.env.NEXT_DIST_DIR ?? ".next");
    const unhinted = chunksWithoutCompileHint(dist);
    if (unhinted.length > 0) throw new BundleBudgetError(`${unhinted.length} first-load chunk(s) lack V8's compile hint (scripts/compile-hints.ts): ${unhinted.slice(0, 5).join(", ")}`);
    const uncompressed = firstLoadFilesWithoutBrotliCopy(dist);
    if (uncompressed.length > 0) throw new BundleBudgetError(`${uncompressed.length} first-load file(s) lack a Brotli copy of the file as served (scripts/precompress-static.ts): ${uncompressed.slice(0, 5).join(", ")}`);
    console.log(`First-load JavaScript per route (gzip -9), all ${sizes.length} within their budgets (${sizes.filter((s) => s.gzipKb > s.aimKb).length} still over the aim, under an interim ceiling):\n\n${sizesTable(sizes)}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
