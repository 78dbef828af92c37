import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)), "server-only": fileURLToPath(new URL("./scripts/server-only-stub.ts", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "service/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
