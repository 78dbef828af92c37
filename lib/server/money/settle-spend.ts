import "server-only";
/**
 * The periodic settlement of the spend log: calls still pending after their timeout (the answer never came, or the
 * desk died mid-call) are settled from the ledger, and a desk batch job that ended gives back its unspent reservation.
 */
import { isAlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import type { SessionUser } from "../identity/users";
import { releaseBatchAllowance, settlePaidCall } from "../records/pending-spend";
import { callAlpha } from "../upstream/alpha-proxy";
import { syncLedger } from "./ledger-sync";

export const SETTLE_EVERY_SECONDS = 20;
/** A pending call the ledger has not named this long after its timeout was not charged (a later debit still counts). */
const GIVE_UP_AFTER_TIMEOUT_MS = 25_000;

const ENDED_JOB = new Set(["completed", "cancelled", "failed", "expired"]);

function asUser(id: string): SessionUser {
  return { id, email: "", name: "", role: "member" };
}

export interface SettleOutcome {
  synced: number;
  settledUncharged: number;
  released: number;
}

export async function settlePendingSpend({ ctx, now }: { ctx: DeskContext; now: Date }): Promise<SettleOutcome> {
  const timeout = ctx.config.upstreamTimeoutMs;
  const due = new Date(now.getTime() - timeout).toISOString();
  const accounts = await ctx.db
    .selectFrom("spend_log")
    .select(["account_id", (eb) => eb.fn.min("user_id").as("user_id")])
    .where("state", "=", "pending")
    .where("created_at", "<", due)
    .groupBy("account_id")
    .execute();
  const synced = new Set<string>();
  for (const row of accounts) {
    try {
      await syncLedger({ ctx, user: asUser(String(row.user_id)), options: { force: true } });
      synced.add(row.account_id);
    } catch (error) {
      console.error(JSON.stringify({ level: "warn", msg: "pending spend not settled: ledger unreadable", account: row.account_id, error: String(error) }));
    }
  }
  // Read after the syncs, from accounts whose ledger was read: still pending means the ledger holds no such debit.
  const giveUp = new Date(now.getTime() - timeout - GIVE_UP_AFTER_TIMEOUT_MS).toISOString();
  const stale = await ctx.db.selectFrom("spend_log").select(["id", "account_id"]).where("state", "=", "pending").where("created_at", "<", giveUp).execute();
  let settledUncharged = 0;
  for (const row of stale) {
    if (!synced.has(row.account_id)) continue;
    await settlePaidCall({ ctx, input: { rowId: row.id, credits: 0 } });
    settledUncharged++;
  }
  return { synced: synced.size, settledUncharged, released: await releaseEndedJobs(ctx) };
}

/** Desk batch submissions still counting more than they were charged: those whose job ended are released. */
async function releaseEndedJobs(ctx: DeskContext): Promise<number> {
  const open = await ctx.db
    .selectFrom("spend_log as s")
    .select(["s.user_id", "s.account_id", "s.job_id"])
    .where("s.source", "=", "desk")
    .where("s.endpoint", "=", "createBatchJob")
    .where("s.state", "=", "settled")
    .where("s.job_id", "is not", null)
    .where((eb) => eb.or([eb("s.allowance_day", "is not", null), eb("s.token_day", "is not", null)]))
    .where(({ eb, ref, selectFrom, fn }) => {
      const charged = eb(
        ref("s.credits"),
        "+",
        fn.coalesce(
          selectFrom("spend_log as l")
            .select((l) => l.fn.sum<number>("l.credits").as("lines"))
            .whereRef("l.account_id", "=", "s.account_id")
            .whereRef("l.job_id", "=", "s.job_id")
            .where("l.source", "=", "batch_line"),
          eb.val(0),
        ),
      );
      // A reservation (a member's allowance or a desk token's caps) still above what the job was charged.
      return eb.or([eb("s.allowance_counted", ">", charged), eb("s.token_counted", ">", charged)]);
    })
    .limit(50)
    .execute();
  let released = 0;
  for (const row of open) {
    const user = asUser(row.user_id);
    try {
      const { data } = await callAlpha({ ctx, user, id: "getBatchJob", input: { path: { job_id: row.job_id! } } });
      if (!ENDED_JOB.has(data.status)) continue;
      // Its last line debits are read before the reservation is settled to them.
      await syncLedger({ ctx, user, options: { force: true } });
      await releaseBatchAllowance({ ctx, input: { accountId: row.account_id, jobId: row.job_id! } });
      released++;
    } catch (error) {
      if (isAlphaError(error) && error.code === "not_found") {
        await releaseBatchAllowance({ ctx, input: { accountId: row.account_id, jobId: row.job_id! } });
        released++;
        continue;
      }
      console.error(JSON.stringify({ level: "warn", msg: "batch reservation not released", job: row.job_id, error: String(error) }));
    }
  }
  return released;
}
