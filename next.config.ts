import type { NextConfig } from "next";
import { addCompileHints } from "./scripts/compile-hints";
import { precompressStatic } from "./scripts/precompress-static";
import { SIDE_BUILD_TSCONFIG } from "./scripts/build-freshness";

/** The build folder: `.next`, or another (the cluster's `.next-cluster`, the proxy bench's `.next-bench`) beside it. */
const distDir = process.env.NEXT_DIST_DIR ?? ".next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  productionBrowserSourceMaps: process.env.ATTR_MAPS === "1",
  // A separate build folder lets two builds (say, a developer's and a test run) live side by side.
  distDir,
  poweredByHeader: false,
  // The proxy bench's build only (bench/proxy/run.ts, into .next-bench): files `route.bench.ts` become routes too,
  // the framework's floor the proxy is measured against. Any other build ignores them.
  pageExtensions: process.env.NEXT_BENCH_ROUTES === "1" ? ["tsx", "ts", "jsx", "js", "bench.ts"] : ["tsx", "ts", "jsx", "js"],
  // Several instances behind one load balancer: one id per deploy keeps a browser on assets of the build it loaded
  // (docs/desk-instances.md). The server-actions key comes from NEXT_SERVER_ACTIONS_ENCRYPTION_KEY at build time.
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  typedRoutes: false,
  // Fewer, larger first-load chunks (minChunkSize 150 kB, 6 per group, against Turbopack's 50 kB and 40): the same
  // bytes in fewer requests, which on slow 4G wait their turn for one of six connections. A CI build's cache is
  // thrown away with its clean clone, so it writes none.
  experimental: {
    turbopackChunking: { minChunkSize: 150_000, maxChunkCountPerGroup: 6 },
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  serverExternalPackages: ["better-sqlite3", "pdfkit", "@node-rs/argon2", "pg", "ws", "ioredis", "pg-boss"],
  // Typecheck and lint run as their own steps of `npm test`; the build need not repeat them.
  // A build into another folder would add that folder's types to tsconfig.json (a tracked file, and a build source: every
  // build would then look stale). It reads tsconfig.side-build.json instead, which only extends tsconfig.json, and
  // Next.js leaves a config that extends another alone (scripts/side-build.test.ts).
  typescript: { ignoreBuildErrors: true, ...(distDir === ".next" ? {} : { tsconfigPath: SIDE_BUILD_TSCONFIG }) },
  compiler: {
    // V8's compile hint on the chunks every page loads first: their functions compile off the main thread as they
    // stream in, not one by one inside the page's boot (scripts/compile-hints.ts). Then each static file's Brotli
    // copy, of the file as served, which `npm start` sends to browsers that accept Brotli (scripts/precompress-static.ts).
    runAfterProductionCompile: async ({ distDir }) => {
      addCompileHints(distDir);
      await precompressStatic(distDir);
    },
  },
  // The static files' headers here are also set by the answers with their Brotli copies
  // (scripts/precompressed-static.mjs); e2e/desk-shell.spec.ts checks the two answers carry the same.
  async headers() {
    return [{ source: "/_next/static/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

export default nextConfig;
