import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { LIVE } from "./e2e/support/tags";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
// The @live tests share a market, so they run one at a time; with two markets (scripts/e2e-server.ts starts one desk and
// service per lane, the second on PORT + 1) they run in two lines. These specs run on the second, about half the time.
const LANES = Number(process.env.E2E_LIVE_LANES ?? 2);
const SECOND_LANE = /(briefs|budgets|alerts|alert-delivery|materiality|desk-tokens|block-deals)\.spec\.ts$/;

// Debian's Chromium: Playwright cannot download its own browser on this network. Its headless shell when installed
// (what Playwright runs headless by default): the same engine without the browser's own UI, lighter on two cores.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Every test makes its own users, accounts and data (e2e/README.md), so tests run side by side, one desk shared.
  fullyParallel: true,
  // Three on two cores: many tests wait on the desk or a clock, not the CPU (6.3 min against 7.5 with two); a fourth
  // made the run no shorter and let a loaded machine run pinned clocks past their boundaries (bench/README).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // PLAYWRIGHT_JSON_OUTPUT_NAME=<file> adds each test's time as JSON (bench/README reads runs this way).
  reporter: [["list"], ...(process.env.CI ? [["html", { open: "never" }] as const] : []), ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["json"] as const] : [])],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    // Signs in an admin and a member once (e2e/.auth/*.json); every desk spec starts from those states.
    { name: "setup", testMatch: /.*\.setup\.ts/, teardown: "secrets", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    // After every spec: no Alpha key in the server logs captured during the suite.
    { name: "secrets", testMatch: /.*\.teardown\.ts/ },
    // Tests that change or count what every open live feed shows: one at a time on each market, beside the others.
    // Listed first, so a worker starts on each line at once instead of leaving them all to the end.
    { name: "live", dependencies: ["setup"], grep: new RegExp(LIVE), testIgnore: LANES > 1 ? SECOND_LANE : undefined, workers: 1, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    ...(LANES > 1
      ? [{ name: "live-2", dependencies: ["setup"], grep: new RegExp(LIVE), testMatch: SECOND_LANE, workers: 1, use: { ...devices["Desktop Chrome"], launchOptions: chromium, baseURL: `http://127.0.0.1:${PORT + 1}` } }]
      : []),
    { name: "chromium", dependencies: ["setup"], grepInvert: new RegExp(LIVE), use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
  ],
  webServer: {
    command: `node --conditions=react-server --import tsx scripts/e2e-server.ts`,
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT), NEXT_TELEMETRY_DISABLED: "1" },
  },
});
