import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { batchJobCost } from "@/lib/alpha/costs";
import { createDeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { countedToday } from "../teams/seats";
import { makeOrgMember, runBatchJob, tempDir, withService } from "@/test/support/desk";
import { settlePendingSpend } from "./settle-spend";

let service: RunningServer;
withService((started) => (service = started));

const ROOT = join(import.meta.dirname, "..", "..", "..");

async function debited(key: string): Promise<number> {
  const direct = createAlphaClient({ baseUrl: service.url, apiKey: key });
  return (await direct.getAccountUsage({})).data.data.debited_today;
}

describe("allowances settle to what the ledger charged", () => {
  it("after a kill -9 of the desk mid-call: the restarted desk counts what was charged, not what was reserved", async () => {
    const sqlitePath = join(tempDir(), "desk.db");
    const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
    const ctx = await createDeskContext({ sqlitePath, secrets, config: { alphaBaseUrl: service.url, upstreamTimeoutMs: 2_000 } });
    try {
      const { key, member } = await makeOrgMember({ ctx, service, dailyAllowance: 100 });

      // Another desk process on the same database: three calls the service charged, two never sent, none answered.
      const config = { sqlitePath, serviceUrl: service.url, authSecret: secrets.authSecret, encryptionKey: secrets.encryptionKey.toString("base64"), user: member, charged: 3, held: 2 };
      const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", join(ROOT, "test", "support", "desk-call-process.ts")], {
        cwd: ROOT,
        env: { ...process.env, DESK_CALL_PROCESS: JSON.stringify(config) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let errors = "";
      child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("in-flight") && resolve());
        child.on("exit", (code) => reject(new Error(`the desk process ended early (${code}): ${errors}`)));
      });
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGKILL");
      await exited;

      // Each call counted its price (3 symbols: 3 credits) before it left; the service charged the two it knows, three times.
      expect((await countedToday({ ctx })).get(member.id)).toBe(5 * 3);
      const charged = await debited(key);
      expect(charged).toBe(3 * 2);

      // The restarted desk's periodic settlement: the ledger names three of the calls; the other two were never charged.
      const outcome = await settlePendingSpend({ ctx, now: new Date(Date.now() + 60_000) });
      expect(outcome.settledUncharged).toBe(2);
      expect((await countedToday({ ctx })).get(member.id)).toBe(charged);
      const rows = await ctx.db.selectFrom("spend_log").select(["user_id", "credits", "state", "source"]).where("user_id", "=", member.id).execute();
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => r.state === "settled" && r.source === "desk")).toBe(true);
      expect(rows.reduce((sum, r) => sum + Number(r.credits), 0)).toBe(charged);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it("a finished batch job gives back the part of its upper bound it did not spend", async () => {
    const sqlitePath = join(tempDir(), "desk.db");
    const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
    const ctx = await createDeskContext({ sqlitePath, secrets, config: { alphaBaseUrl: service.url } });
    try {
      const { key, member } = await makeOrgMember({ ctx, service, dailyAllowance: 1_000 });
      // One line the service cannot summarise (an unknown symbol) is not billed: the job spends less than its bound.
      const lines = ["TCS", "INFY", "NOSUCHCO"].map((symbol, i) => ({ custom_id: `l${i}`, symbols: [symbol], mode: "news_context" as const, context_window_days: 7 }));
      const { status } = await runBatchJob(ctx, member, lines);
      expect(status).toBe("completed");
      expect((await countedToday({ ctx })).get(member.id)).toBe(batchJobCost(3));

      const outcome = await settlePendingSpend({ ctx, now: new Date() });
      expect(outcome.released).toBe(1);
      const charged = await debited(key);
      expect(charged).toBeLessThan(batchJobCost(3));
      expect((await countedToday({ ctx })).get(member.id)).toBe(charged);
      // Released once: a second pass finds nothing left to give back.
      expect((await settlePendingSpend({ ctx, now: new Date() })).released).toBe(0);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
