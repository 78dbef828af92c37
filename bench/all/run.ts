/**
 * `npm run bench:all`: every row of the performance table (issue 18) from one run each. Runs the benches one after
 * another — `bench:lighthouse` (both profiles, five runs per page, then navigation to settled), `bench:service`, `bench:proxy`,
 * `bench:streams`, `bench:relay`, each at its defaults — and before each waits until the machine is quiet (the
 * 1-minute load average under `--quiet`, 1.5 by default, as the issue measured), so no bench pays for the one before
 * it. Prints the issue's table with the load average beside each row, then Lighthouse's per-page table of both
 * profiles. Keeps each bench's output, the table and a JSON summary in bench/results/all/<time>/ (gitignored).
 *
 * Builds first (`next build`) when .next is missing or older than the sources, unless `--no-build`. Run it alone,
 * under the machine's heavy-work lock: `flock /tmp/alpha-heavy.lock npm run bench:all`.
 * Options: --quiet 1.5 --max-wait 600 (seconds a bench waits for quiet before it starts anyway, and says so)
 *          --lighthouse-runs 5 (runs per page and profile; the table takes the median run) --only lighthouse,proxy
 *          (run these benches only) --no-build
 * Exits 1 when a bench fails; the table says which rows met their aims.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { hasFreshBuild, ROOT, runNextBuild } from "../../scripts/embedded";
import { measureBuild } from "../../scripts/bundle-sizes";
import { markdown, type StepResult } from "./table";

const { values } = parseArgs({
  options: {
    quiet: { type: "string", default: "1.5" },
    "max-wait": { type: "string", default: "600" },
    only: { type: "string" },
    "lighthouse-runs": { type: "string", default: "5" },
    "no-build": { type: "boolean", default: false },
  },
});

/**
 * Lighthouse runs each page five times in each profile and the table takes its median run, as Lighthouse's own guide
 * to variability advises ("the median Lighthouse score of 5 runs is twice as stable as 1 run"); every load is counted
 * beside it. On loopback, whether a page's scripts finish before its first paint is a race from load to load, and the
 * mobile simulation's LCP moves by ~0.5 s with it (bench/README.md, "Session 9").
 */
const lighthouseRuns = String(Math.max(1, Number(values["lighthouse-runs"])));

const STEPS = [
  { name: "lighthouse", script: "bench:lighthouse", args: ["--no-build", "--runs", lighthouseRuns] },
  { name: "service", script: "bench:service", args: [] },
  { name: "proxy", script: "bench:proxy", args: [] },
  { name: "streams", script: "bench:streams", args: [] },
  { name: "relay", script: "bench:relay", args: [] },
] as const;

const quiet = Number(values.quiet);
const maxWaitS = Number(values["max-wait"]);
if (!(quiet > 0) || !(maxWaitS >= 0)) throw new Error("--quiet must be a positive load average and --max-wait a number of seconds");
const only = values.only?.split(",").map((s) => s.trim());
const unknown = only?.filter((n) => !STEPS.some((s) => s.name === n)) ?? [];
if (unknown.length) throw new Error(`unknown bench ${unknown.join(", ")}; benches: ${STEPS.map((s) => s.name).join(", ")}`);
const steps = only ? STEPS.filter((s) => only.includes(s.name)) : STEPS;

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const resultsDir = join(ROOT, "bench", "results", "all", stamp);
mkdirSync(resultsDir, { recursive: true });

if (!values["no-build"] && !hasFreshBuild()) {
  console.log("The production build is missing or older than the sources: next build...");
  await runNextBuild({ ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
}
const sizes = measureBuild({ root: ROOT });

/** Waits until the 1-minute load average is under `quiet`, at most `maxWaitS`; says how long it waited and whether it got there. */
async function waitForQuiet(): Promise<{ waitedS: number; quiet: boolean }> {
  const started = Date.now();
  while (loadavg()[0]! >= quiet) {
    const waited = (Date.now() - started) / 1000;
    if (waited >= maxWaitS) return { waitedS: Math.round(waited), quiet: false };
    await sleep(5_000);
  }
  return { waitedS: Math.round((Date.now() - started) / 1000), quiet: true };
}

/** The last line of a bench's output that parses as a JSON object: every bench ends with one. */
function lastJsonLine(out: string): Record<string, unknown> | null {
  const lines = out.split("\n").reverse();
  for (const line of lines) {
    const t = line.trim();
    if (!t.startsWith("{")) continue;
    try {
      const v = JSON.parse(t) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // a line of a table or a log that starts with a brace: not the bench's figures
    }
  }
  return null;
}

async function runStep(step: (typeof STEPS)[number]): Promise<StepResult> {
  const wait = await waitForQuiet();
  const loadBefore = loadavg();
  const startedAt = new Date().toISOString();
  console.log(`\n[${startedAt}] ${step.name}: load ${loadBefore.map((v) => v.toFixed(2)).join(" ")}${wait.waitedS ? ` after ${wait.waitedS} s` : ""}${wait.quiet ? "" : " (not quiet: starting anyway)"}`);
  const logPath = join(resultsDir, `${step.name}.log`);
  const log = createWriteStream(logPath);
  let out = "";
  const child = spawn("npm", ["run", "-s", step.script, "--", ...step.args], { cwd: ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
    log.write(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => log.write(chunk));
  const exitCode = await new Promise<number>((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  await new Promise<void>((resolve) => log.end(resolve));
  const endedAt = new Date().toISOString();
  const json = lastJsonLine(out);
  console.log(`[${endedAt}] ${step.name}: exit ${exitCode}${json ? "" : ", no figures"}; output in ${logPath}`);
  return { name: step.name, exitCode, json, loadBefore, loadAfter: loadavg(), startedAt, endedAt, waitedS: wait.waitedS, quiet: wait.quiet };
}

const results: StepResult[] = [];
for (const step of steps) results.push(await runStep(step));

const table = markdown(sizes, results);
writeFileSync(join(resultsDir, "table.md"), `${table}\n`);
writeFileSync(join(resultsDir, "summary.json"), `${JSON.stringify({ at: stamp, quiet, sizes, steps: results }, null, 1)}\n`);
console.log(`\n${table}\n\nEverything in ${resultsDir}`);
process.exit(results.some((r) => r.exitCode !== 0) ? 1 : 0);
