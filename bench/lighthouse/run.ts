/**
 * `npm run bench:lighthouse`: Lighthouse (performance only) against the desk's PRODUCTION build, signed in as the
 * demo admin `npm start` makes, on Debian's Chromium, in two profiles: Lighthouse's desktop config and its default
 * mobile profile (simulated slow 4G, 4× CPU slowdown). Then "first page load, navigation to settled" per page with
 * Playwright, on the machine as it is and again with a process burning one core (`--burn 1`), for the issue's
 * "hold under load" row. Prints tables, the LCP element and longest tasks of every page, and one JSON line; every
 * Lighthouse result (LHR) is kept in bench/results/lighthouse/<time>/ (gitignored) for the full diagnostics.
 *
 * Builds first (`next build`) when .next is missing or older than the sources, unless `--no-build`. Run it under the
 * machine's heavy-work lock: `flock /tmp/alpha-heavy.lock npm run bench:lighthouse`.
 * Options: --port 3102 --profiles desktop,mobile --pages today,alerts --runs 1 (with more, each page's median run by score,
 *          as Lighthouse's own variability guide advises; every run's figures are printed and in the JSON line too)
 *          --settle-runs 3 --burn 1
 *          --no-settle --no-lighthouse --no-build --traces (also keep each run's observed trace, `<name>.trace.json`,
 *          for the Performance panel: what ran before the first paint, and its network log, `<name>.devtoolslog.json`,
 *          for `npm run bench:lantern`: which requests and tasks the simulated FCP and LCP counted) --throttling devtools (throttle the browser
 *          itself and measure, instead of Lighthouse's default simulation from an unthrottled load; slower, and the
 *          figures are not comparable with the simulated ones)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Cookie } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { deskEnv, ensureDemo, hasFreshBuild, openDesk, ROOT, runNextBuild, startEmbeddedService, startNext, waitForHttp } from "../../scripts/embedded";
import { diagnostics, figuresOf, type LhrLike, medianRun, meetsMobileAim, type PageFigures, table } from "./report";
import { median } from "../load-figures";
import { measureSettle } from "./settle";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3102" },
    profiles: { type: "string", default: "desktop,mobile" },
    pages: { type: "string" },
    runs: { type: "string", default: "1" },
    "settle-runs": { type: "string", default: "3" },
    burn: { type: "string", default: "1" },
    "no-build": { type: "boolean", default: false },
    "no-settle": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    traces: { type: "boolean", default: false },
    throttling: { type: "string", default: "simulate" },
  },
});

/** /sign-in and every signed-in page of the desk's navigation. */
const PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: "sign-in", path: "/sign-in", signedIn: false },
  { name: "today", path: "/today", signedIn: true },
  { name: "season", path: "/season", signedIn: true },
  { name: "earnings", path: "/earnings", signedIn: true },
  { name: "alerts", path: "/alerts", signedIn: true },
  { name: "news", path: "/news", signedIn: true },
  { name: "announcements", path: "/announcements", signedIn: true },
  { name: "block-deals", path: "/block-deals", signedIn: true },
  { name: "concalls", path: "/concalls", signedIn: true },
  { name: "symbol", path: "/symbols/TCS", signedIn: true },
  { name: "watchlists", path: "/watchlists", signedIn: true },
  { name: "summaries", path: "/summaries", signedIn: true },
  { name: "batches", path: "/batches", signedIn: true },
  { name: "usage", path: "/usage", signedIn: true },
  { name: "settings", path: "/settings", signedIn: true },
];

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** As the machine's notes say: without the background-networking flags Chromium's connections are refused here. */
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

const port = Number(values.port);
const host = "127.0.0.1";
const deskUrl = `http://${host}:${port}`;
const profiles = values.profiles.split(",").map((p) => p.trim()) as PageFigures["profile"][];
for (const p of profiles) if (p !== "desktop" && p !== "mobile") throw new Error(`unknown profile ${p} (desktop, mobile)`);
const wanted = values.pages?.split(",").map((p) => p.trim());
const pages = wanted ? PAGES.filter((p) => wanted.includes(p.name)) : PAGES;
if (wanted && pages.length !== wanted.length) throw new Error(`unknown page in ${values.pages}; pages: ${PAGES.map((p) => p.name).join(", ")}`);
const runs = Math.max(1, Number(values.runs));
const settleRuns = Math.max(1, Number(values["settle-runs"]));
const burn = Math.max(0, Number(values.burn));
const throttlingMethod = values.throttling;
if (throttlingMethod !== "simulate" && throttlingMethod !== "devtools") throw new Error(`unknown --throttling ${throttlingMethod} (simulate, devtools)`);

/**
 * A full collection of this process's heap, when node runs with --expose-gc (the npm script passes it): Lighthouse
 * parses each run's trace here, and a major GC of that heap running on the second core during the next page's load
 * would land in the page's measured tasks.
 */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(" ");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const resultsDir = join(ROOT, "bench", "results", "lighthouse", stamp);

if (!values["no-build"] && !hasFreshBuild()) {
  console.log("The production build is missing or older than the sources: next build...");
  await runNextBuild({ ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
}

// The desk as `npm start` prepares it, on a data folder of its own: the embedded service (simulator off, so every
// run sees the same data), the demo team's admin holding the organisation key, the demo mode of the sign-in page.
const dataDir = mkdtempSync(join(tmpdir(), "alpha-desk-lighthouse-"));
const service = await startEmbeddedService({ databasePath: join(dataDir, "service.db"), host, port: 0, simulator: false });
const deskCtx = await openDesk({ dataDir }, service.url);
const demo = await ensureDemo(deskCtx, service, dataDir);
await deskCtx.close();

const baseEnv = { ...process.env };
for (const name of ["DATABASE_URL", "REDIS_URL", "DESK_URL", "NEXTAUTH_URL", "AUTH_SECRET", "DESK_ENCRYPTION_KEY", "ALPHA_BASE_URL"]) delete baseEnv[name];
const deskLog = join(dataDir, "desk.log");
const next = startNext({ port, host, env: deskEnv(baseEnv, { ALPHA_BASE_URL: service.url, DESK_DATA_DIR: dataDir, DESK_DEMO_MODE: "1", PORT: String(port) }), stdio: "pipe" });
const logStream = createWriteStream(deskLog);
next.stdout?.pipe(logStream);
next.stderr?.pipe(logStream);
const burners: ChildProcess[] = [];

/** Replaces the cookies of the Chrome that Lighthouse drives (its default context, through CDP) with `jar`. */
async function setBrowserSession(cdpPort: number, jar: Cookie[]) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("the Chrome Lighthouse drives has no default context");
    await context.clearCookies();
    if (jar.length > 0) await context.addCookies(jar);
  } finally {
    // Disconnects; the browser, and the cookies in its profile, stay.
    await browser.close();
  }
}

async function cleanup() {
  for (const b of burners) b.kill("SIGKILL");
  if (next.exitCode === null) next.kill("SIGTERM");
  await service.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));

try {
  await waitForHttp(`${deskUrl}/`, next);
  console.log(`desk (production build) on ${deskUrl}, Alpha service on ${service.url}; load ${load()}`);

  // Sign in as a user does, through the sign-in page; the session cookie is what Lighthouse and Playwright carry.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => f !== "--headless") });
  let cookies: Cookie[];
  {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${deskUrl}/sign-in`);
    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password").fill(demo.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("navigation", { name: "Desk" }).first().waitFor({ timeout: 30_000 });
    cookies = await context.cookies(deskUrl);
    await context.close();
  }
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  if (!cookies.some((c) => c.name.includes("session-token"))) throw new Error("signed in, but no session cookie was set");

  // One request per page first, so no measurement pays for the server's first render of a route.
  for (const p of pages) {
    const res = await fetch(`${deskUrl}${p.path}`, { headers: p.signedIn ? { cookie: cookieHeader } : {}, redirect: "manual" });
    if (res.status !== 200) throw new Error(`${p.path} answered ${res.status} (signed in: ${p.signedIn})`);
    await res.arrayBuffer();
  }

  const lighthouseResults: PageFigures[] = [];
  /** Every run of each profile and page, when there are several: the JSON line carries them beside the median run. */
  const everyRun = new Map<string, PageFigures[]>();
  if (!values["no-lighthouse"]) {
    mkdirSync(resultsDir, { recursive: true });
    for (const profile of profiles) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
      let signedIn: boolean | null = null;
      try {
        for (const p of pages) {
          // The session is in the browser's own cookie jar, as a signed-in user's is. Lighthouse's extraHeaders
          // Cookie gives way to the jar as soon as a page sets a cookie of its own (the desk keeps the browser's
          // choices in cookies, lib/browser-prefs.ts), and every later page then loaded signed out.
          if (signedIn !== p.signedIn) {
            await setBrowserSession(chrome.port, p.signedIn ? cookies : []);
            signedIn = p.signedIn;
          }
          const perRun: PageFigures[] = [];
          // One run: its result (the LHR, the ~50 MB trace) goes out of scope when it returns, so the full GC after it
          // frees it here, between runs, and no collection of this process's 1–2 GB heap runs beside the next load.
          const runOnce = async (i: number): Promise<PageFigures> => {
            const audit = () =>
              lighthouse(
                `${deskUrl}${p.path}`,
                { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], throttlingMethod },
                profile === "desktop" ? desktopConfig : undefined,
              );
            let result = await audit();
            // A trace Lighthouse could not read (NO_NAVSTART, seen on a busy machine) says nothing of the page: once more.
            if (result?.lhr.runtimeError) result = await audit();
            if (!result) throw new Error(`Lighthouse gave no result for ${p.path}`);
            // A redirect (to /sign-in, say) would measure another page under this one's name.
            const landed = result.lhr.finalDisplayedUrl ? new URL(result.lhr.finalDisplayedUrl).pathname : p.path;
            if (!result.lhr.runtimeError && landed !== p.path) throw new Error(`Lighthouse asked for ${p.path} and measured ${landed}`);
            const name = `${profile}-${p.name}${runs > 1 ? `-${i + 1}` : ""}`;
            writeFileSync(join(resultsDir, `${name}.json`), JSON.stringify(result.lhr));
            if (values.traces && result.artifacts.Trace) {
              writeFileSync(join(resultsDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
              // With the trace, the network log: `npm run bench:lantern` replays Lighthouse's simulation from the two.
              writeFileSync(join(resultsDir, `${name}.devtoolslog.json`), JSON.stringify(result.artifacts.DevtoolsLog));
            }
            return figuresOf(result.lhr as unknown as LhrLike, p.name, profile, load());
          };
          for (let i = 0; i < runs; i++) {
            perRun.push(await runOnce(i));
            collectGarbage();
          }
          const f = medianRun(perRun);
          lighthouseResults.push(f);
          everyRun.set(`${profile} ${p.name}`, perRun);
          const ms = (v: number | null) => (v === null ? "–" : String(Math.round(v)));
          // With several runs, the median run's figures, then every run's: the spread is part of the result.
          const spread = perRun.length > 1 ? `  runs: ${perRun.map((r) => `${r.score ?? "–"}/${ms(r.lcpMs)}/${ms(r.tbtMs)}`).join(", ")} (score/LCP/TBT)` : "";
          console.log(`${profile.padEnd(7)} ${p.name.padEnd(14)} score ${f.score ?? "–"}  LCP ${ms(f.lcpMs)} ms  TBT ${ms(f.tbtMs)} ms  FCP ${ms(f.fcpMs)} ms  CLS ${f.cls?.toFixed(3) ?? "–"}  [load ${f.load}; BI ${f.benchmarkIndex ?? "–"}]${spread}${f.error ? `  ${f.error}` : ""}`);
        }
      } finally {
        chrome.kill();
      }
    }
  }

  // Navigation to settled, cold cache, desktop viewport: quiet, then with `burn` processes each spinning a core.
  const settle: { page: string; quietMs: number | null; loadedMs: number | null; quietLoad: string; loadedLoad: string; errors: string[] }[] = [];
  if (!values["no-settle"]) {
    const pass = async (label: string) => {
      const out = new Map<string, { ms: number | null; load: string; errors: string[] }>();
      for (const p of pages) {
        const times: number[] = [];
        const errors: string[] = [];
        for (let i = 0; i < settleRuns; i++) {
          const r = await measureSettle(browser, `${deskUrl}${p.path}`, p.signedIn ? cookies : []);
          if (r.ms === null) errors.push(r.error ?? "not settled");
          else times.push(r.ms);
        }
        const m = median(times);
        out.set(p.name, { ms: m, load: load(), errors });
        console.log(`settle ${label.padEnd(6)} ${p.name.padEnd(14)} ${m === null ? "–" : `${Math.round(m)} ms`} (${times.map(Math.round).join(", ")})  [load ${load()}]${errors.length ? `  ${errors[0]}` : ""}`);
      }
      return out;
    };
    const quiet = await pass("quiet");
    let loaded: typeof quiet | null = null;
    if (burn > 0) {
      for (let i = 0; i < burn; i++) burners.push(spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
      await new Promise((r) => setTimeout(r, 2_000));
      try {
        loaded = await pass(`+${burn} core`);
      } finally {
        for (const b of burners.splice(0)) b.kill("SIGKILL");
      }
    }
    for (const p of pages) {
      const q = quiet.get(p.name)!;
      const l = loaded?.get(p.name);
      settle.push({ page: p.name, quietMs: q.ms, loadedMs: l?.ms ?? null, quietLoad: q.load, loadedLoad: l?.load ?? "", errors: [...q.errors, ...(l?.errors ?? [])] });
    }
  }
  await browser.close();

  console.log(`\nLighthouse ${profiles.join(" and ")}, production build, signed in (load at the end ${load()}; per page in the last column):\n`);
  if (lighthouseResults.length) {
    console.log(table(lighthouseResults));
    console.log(`\nMobile aim (score ≥ 90, LCP < 2.5 s, TBT < 200 ms): ${lighthouseResults.filter((r) => r.profile === "mobile" && !meetsMobileAim(r)).map((r) => r.page).join(", ") || "met on every page"}${profiles.includes("mobile") ? "" : " (mobile not run)"}`);
    console.log(`\nWhat the mobile runs' LCP waits for, and the longest tasks:\n${diagnostics(lighthouseResults)}`);
    console.log(`\nEvery Lighthouse result: ${resultsDir}`);
  }
  if (settle.length) {
    console.log(`\nFirst page load, navigation to settled (median of ${settleRuns}, cold cache, 1440×900):\n`);
    console.log(`| page | quiet | load | +${burn} core busy | load |\n|---|---|---|---|---|`);
    for (const s of settle) console.log(`| ${s.page} | ${s.quietMs === null ? "–" : `${Math.round(s.quietMs)} ms`} | ${s.quietLoad} | ${s.loadedMs === null ? "–" : `${Math.round(s.loadedMs)} ms`} | ${s.loadedLoad} |`);
  }
  console.log(
    JSON.stringify({
      bench: "lighthouse",
      at: new Date().toISOString(),
      load: load(),
      lighthouse: lighthouseResults.map((r) => ({ page: r.page, profile: r.profile, score: r.score, lcpMs: r.lcpMs && Math.round(r.lcpMs), tbtMs: r.tbtMs && Math.round(r.tbtMs), fcpMs: r.fcpMs && Math.round(r.fcpMs), cls: r.cls, load: r.load, benchmarkIndex: r.benchmarkIndex, lcpElement: r.lcpElement, ...(r.error ? { error: r.error } : {}), ...(runs > 1 ? { runs: everyRun.get(`${r.profile} ${r.page}`)?.map((x) => ({ score: x.score, lcpMs: x.lcpMs && Math.round(x.lcpMs), tbtMs: x.tbtMs && Math.round(x.tbtMs) })) } : {}) })),
      settle: settle.map((s) => ({ page: s.page, quietMs: s.quietMs && Math.round(s.quietMs), loadedMs: s.loadedMs && Math.round(s.loadedMs), burn, quietLoad: s.quietLoad, loadedLoad: s.loadedLoad, ...(s.errors.length ? { errors: s.errors } : {}) })),
    }),
  );
} catch (error) {
  console.error(`bench:lighthouse failed: ${error instanceof Error ? error.message : String(error)} (the desk's output: ${deskLog}, kept)`);
  process.exitCode = 1;
} finally {
  if (process.exitCode) {
    for (const b of burners) b.kill("SIGKILL");
    if (next.exitCode === null) next.kill("SIGTERM");
    await service.close().catch(() => undefined);
  } else {
    await cleanup();
  }
}
process.exit(process.exitCode ?? 0);
