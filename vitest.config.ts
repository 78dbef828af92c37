import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const INCLUDE = ["lib/**/*.test.ts", "service/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"];
/**
 * Files that mock or reset modules, or drive a module-level singleton (the live hub): each runs on fresh modules.
 * Every other file shares its worker's modules with the files before it, so zod, kysely, the contract and the
 * service are loaded once a worker rather than once a file; they make their own desks, services and data.
 */
const OWN_MODULES = [
  "components/feeds/live-hub.test.ts",
  "components/feeds/live-hub-load.test.ts",
  "components/symbol-search/resolve-typed.test.ts",
  "lib/desk/routes.test.ts",
  "lib/server/core/precompiled.test.ts",
  "lib/url-state/store.test.ts",
];

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)), "server-only": fileURLToPath(new URL("./scripts/server-only-stub.ts", import.meta.url)) } },
  test: {
    environment: "node",
    pool: "forks",
    // Many tests wait on servers, sockets and timers: a third worker on two cores fills those waits.
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "shared-modules", include: INCLUDE, exclude: [...configDefaults.exclude, ...OWN_MODULES], isolate: false } },
      { extends: true, test: { name: "own-modules", include: OWN_MODULES } },
    ],
  },
});
