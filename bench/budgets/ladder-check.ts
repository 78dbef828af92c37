/**
 * What the budget ladder's check adds to every paid call: `ladderHold`'s one indexed read, timed on SQLite (and on
 * PostgreSQL when it answers at TEST_DATABASE_URL), with 0, 20 and 200 engaged ladder rows in the table.
 * Run: `node --conditions=react-server --import tsx bench/budgets/ladder-check.ts`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { createDeskContext, type DeskContext } from "../../lib/server/core/context";
import { budgetDb } from "../../lib/server/core/budget-tables";
import { ladderHold } from "../../lib/server/teams/budget-guard";

const CALLS = 2_000;

async function measure(ctx: DeskContext, rows: number): Promise<{ rows: number; medianUs: number; p99Us: number }> {
  const db = budgetDb({ ctx });
  await db.deleteFrom("budget_ladder").execute();
  const resets = new Date(Date.now() + 86_400_000).toISOString();
  for (let i = 0; i < rows; i++) {
    await db
      .insertInto("budget_ladder")
      .values({ budget_id: `bud_${i}`, period_key: "m:2026-11", account_id: `acct_${i % 10}`, scope_kind: i % 2 ? "member" : "feature", scope_id: i % 2 ? `usr_${i}` : "paid_data", budget_name: `B${i}`, step: 1 + (i % 3), undone_through: 0, resets_at: resets, updated_at: resets })
      .execute();
  }
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = process.hrtime.bigint();
    await ladderHold({ ctx, input: { accountId: "acct_3", userId: "usr_3", tokenId: null, features: ["paid_data"] } });
    times.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  times.sort((a, b) => a - b);
  return { rows, medianUs: Math.round(times[Math.floor(CALLS / 2)]!), p99Us: Math.round(times[Math.floor(CALLS * 0.99)]!) };
}

const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
const config = { alphaBaseUrl: "http://127.0.0.1:9" };
const targets: { name: string; open: () => Promise<DeskContext>; drop?: (ctx: DeskContext) => Promise<void> }[] = [
  { name: "sqlite", open: () => createDeskContext({ sqlitePath: join(mkdtempSync(join(tmpdir(), "bench-ladder-")), "desk.db"), secrets, config }) },
];
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `bench_ladder_${randomBytes(4).toString("hex")}`;
targets.push({ name: "postgres", open: () => createDeskContext({ databaseUrl: pgUrl, pgSchema: schema, secrets, config }), drop: async (ctx) => void (await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(ctx.db)) });

for (const target of targets) {
  let ctx: DeskContext;
  try {
    ctx = await target.open();
  } catch (error) {
    console.log(JSON.stringify({ db: target.name, skipped: String(error) }));
    continue;
  }
  for (const rows of [0, 20, 200]) console.log(JSON.stringify({ db: target.name, ...(await measure(ctx, rows)) }));
  await target.drop?.(ctx);
  await ctx.close();
}
