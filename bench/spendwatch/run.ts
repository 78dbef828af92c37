/**
 * The spend watch's reads against a week of spend log: the weekly report, the runway's pace and the unusual-spend
 * comparison, on a SQLite desk holding N rows for one account in the week (plus the week before), each timed as the
 * median of a few runs. Run alone: `flock /tmp/alpha-heavy.lock npx tsx --conditions=react-server bench/spendwatch/run.ts`
 * Options: --rows 10000,100000,500000 --runs 5
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createDeskContext } from "../../lib/server/core/context";
import { istHourOf } from "../../lib/server/records/spend";
import { computeRunway, computeUnusualSpend, getWeeklyReport } from "../../lib/server/spendwatch/spend-watch";

const { values } = parseArgs({ options: { rows: { type: "string", default: "10000,100000,500000" }, runs: { type: "string", default: "5" } } });
const sizes = values.rows.split(",").map(Number);
const runs = Number(values.runs);
const ENDPOINTS = ["listNews", "listEarnings", "listAnnouncements", "createDailySummary", "createBatchJob", "batch.summary", "listAlerts"];
const WEEK = "2026-12-07";
const weekStart = Date.parse(`${WEEK}T00:00:00+05:30`);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

console.log("| rows in the week | weekly report | runway pace | unusual spend |");
console.log("|---:|---:|---:|---:|");
for (const size of sizes) {
  const now = new Date(weekStart + 7 * 86_400_000 + 4 * 3_600_000);
  const ctx = await createDeskContext({
    sqlitePath: join(mkdtempSync(join(tmpdir(), "bench-spendwatch-")), "desk.db"),
    secrets: { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) },
    config: { alphaBaseUrl: "http://127.0.0.1:9" },
    now: () => now,
  });
  const users = Array.from({ length: 25 }, (_, i) => `usr_${i}`);
  // Two weeks of rows: the week reported and the one before (the unusual rule's seven sessions reach into it).
  for (let done = 0; done < 2 * size; done += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, 2 * size - done) }, (_, j) => {
      const i = done + j;
      const at = new Date(weekStart - 7 * 86_400_000 + Math.floor((i / (2 * size)) * 14 * 86_400_000));
      return {
        id: `spn_${i.toString(36).padStart(8, "0")}`,
        user_id: i % 10 === 0 ? "" : users[i % users.length]!,
        endpoint: ENDPOINTS[i % ENDPOINTS.length]!,
        credits: 1 + (i % 5),
        account_id: "acct_bench",
        cached: 0,
        created_at: at.toISOString(),
        ist_hour: istHourOf(at),
        source: i % 10 === 0 ? "outside" : "desk",
        request_id: null,
        token_id: i % 7 === 0 ? "dtk_bench" : null,
      };
    });
    await ctx.db.insertInto("spend_log").values(rows).execute();
  }
  const report = await timed(() => getWeeklyReport({ ctx, input: { accountId: "acct_bench", week: WEEK } }));
  const runway = await timed(() => computeRunway({ ctx, input: { accountId: "acct_bench", balance: 1_000_000, horizonDays: 2 } }));
  const unusual = await timed(() => computeUnusualSpend({ ctx, input: { accountId: "acct_bench" } }));
  console.log(`| ${size.toLocaleString("en-IN")} | ${report.toFixed(1)} ms | ${runway.toFixed(1)} ms | ${unusual.toFixed(1)} ms |`);
  await ctx.close();
}
