import { describe, expect, it } from "vitest";
import { toJsonl } from "@/components/batches/batch-lines";
import { createAlphaClient } from "@/lib/alpha/client";
import { isTerminalBatchStatus } from "@/lib/alpha/batch";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import type { SessionUser } from "../identity/users";
import { getDaySpend } from "../records/spend";
import { callAlpha } from "../upstream/alpha-proxy";
import { saveAlphaKey } from "../upstream/stored-keys";
import { clusterServersUp, createTestCluster } from "@/test/support/cluster";
import { createTestDesk, makeAccount, makeUser, withService } from "@/test/support/desk";
import { syncLedger } from "./ledger-sync";
import { settlePendingSpend } from "./settle-spend";

/** Ledger syncs forced while paid calls are in flight, on one desk (SQLite) and on two instances (PostgreSQL). */

let service: RunningServer;
withService((started) => (service = started));

const ROUNDS = 50;
const clusterUp = await clusterServersUp("the two-instance ledger sync test");

async function ledgerOf(key: string): Promise<{ debited: number; entries: number }> {
  const direct = createAlphaClient({ baseUrl: service.url, apiKey: key });
  let debited = 0;
  let entries = 0;
  for await (const entry of direct.paginate("listAccountLedger", { query: { entry_type: ["debit"], limit: 500 } })) {
    debited -= entry.amount;
    entries++;
  }
  return { debited, entries };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Rounds of concurrent paid calls from two members (a batch submission among them every tenth round), each round with
 * a forced ledger sync on every instance started a few milliseconds in, while the calls are on their way.
 */
async function bursts(desks: DeskContext[], users: SessionUser[]): Promise<string[]> {
  const jobs: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 4; i++) {
      const ctx = desks[i % desks.length]!;
      const user = users[i % users.length]!;
      calls.push(callAlpha({ ctx, user, id: "listNews", input: { query: { limit: 2, page: round * 4 + i + 1 } }, options: { fresh: true } }));
    }
    if (round % 10 === 0) {
      const lines = [{ custom_id: `r${round}`, symbols: ["TCS"], mode: "news_context" as const, context_window_days: 7 }];
      calls.push(callAlpha({ ctx: desks[round % desks.length]!, user: users[0]!, id: "createBatchJob", input: { body: { file: toJsonl(lines) } } }).then((j) => jobs.push(j.data.id)));
    }
    // Spread over the calls' flight: some syncs read the ledger before a debit, some between a debit and its answer.
    for (const [n, ctx] of desks.entries()) calls.push(wait((round * 7 + n * 3) % 9).then(() => syncLedger({ ctx, user: users[n % users.length]!, options: { force: true } })));
    await Promise.all(calls);
  }
  return jobs;
}

async function expectSpendEqualsLedger(desks: DeskContext[], users: SessionUser[], key: string, accountId: string, jobs: string[]) {
  const direct = createAlphaClient({ baseUrl: service.url, apiKey: key });
  for (const job of jobs) {
    for (let i = 0; i < 200; i++) {
      if (isTerminalBatchStatus((await direct.getBatchJob({ path: { job_id: job } })).data.status)) break;
      await wait(50);
    }
  }
  await syncLedger({ ctx: desks[0]!, user: users[0]!, options: { force: true } });
  const ledger = await ledgerOf(key);
  const ctx = desks[0]!;
  const rows = await ctx.db.selectFrom("spend_log").select(["credits", "source", "ledger_entry_id", "state"]).where("account_id", "=", accountId).execute();
  const total = rows.reduce((sum, r) => sum + Number(r.credits), 0);
  expect(ledger.debited).toBeGreaterThan(ROUNDS * 4);
  // To the credit: every debit once, every desk row of a debit matched to its ledger entry, nothing outside the desk.
  expect(total).toBe(ledger.debited);
  expect(rows.filter((r) => r.ledger_entry_id !== null)).toHaveLength(ledger.entries);
  expect(rows.filter((r) => r.source === "outside")).toEqual([]);
  expect(rows.filter((r) => r.state === "pending")).toEqual([]);
  const day = await getDaySpend({ ctx, accountId });
  expect(day.desk).toBe(ledger.debited);
  expect(day.outside).toBe(0);
  expect((await direct.getAccountUsage({})).data.data.debited_today).toBe(ledger.debited);
  // The periodic settlement on either database finds nothing left to settle, and changes nothing.
  expect(await settlePendingSpend({ ctx, now: new Date(Date.now() + 120_000) })).toEqual({ synced: 0, settledUncharged: 0, released: 0 });
  expect((await getDaySpend({ ctx, accountId })).desk).toBe(ledger.debited);
}

describe("ledger syncs while paid calls are in flight", () => {
  it(`SQLite: ${ROUNDS} rounds of concurrent calls with syncs forced in between end with desk spend = the ledger, to the credit`, async () => {
    const desk = await createTestDesk({ config: { alphaBaseUrl: service.url } });
    try {
      const { key, accountId } = makeAccount(service, { rpm: 100_000, daily: 1_000_000 });
      const users = [await makeUser(desk.ctx), await makeUser(desk.ctx)];
      for (const user of users) await saveAlphaKey({ userId: user.id, key, ctx: desk.ctx });
      const jobs = await bursts([desk.ctx], users);
      await expectSpendEqualsLedger([desk.ctx], users, key, accountId, jobs);
    } finally {
      await desk.close();
    }
  }, 120_000);

  it.runIf(clusterUp)(
    `PostgreSQL, two instances: ${ROUNDS} rounds with syncs forced on both end with desk spend = the ledger, to the credit`,
    async () => {
      const cluster = await createTestCluster({ instances: 2, config: { alphaBaseUrl: service.url } });
      try {
        const { key, accountId } = makeAccount(service, { rpm: 100_000, daily: 1_000_000 });
        const [a, b] = cluster.desks as [DeskContext, DeskContext];
        const users = [await makeUser(a), await makeUser(b)];
        for (const user of users) await saveAlphaKey({ userId: user.id, key, ctx: a });
        const jobs = await bursts([a, b], users);
        await expectSpendEqualsLedger([a, b], users, key, accountId, jobs);
      } finally {
        await cluster.close();
      }
    },
    180_000,
  );
});
