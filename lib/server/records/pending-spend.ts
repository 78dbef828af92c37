import "server-only";
/**
 * A paid call's spend row, written before the call is sent: pending under the id the desk sends as
 * X-Client-Request-Id, settled to the charge by the call's answer or, when the answer never came (a timeout, a cut-off
 * answer, a desk that died), by the ledger entry that names the id. One row per call, one ledger debit per row.
 */
import { randomBytes } from "node:crypto";
import type { EndpointId } from "@/lib/alpha/catalogue";
import type { DeskContext } from "../core/context";
import type { DeskDb } from "../core/db";
import { newSequentialId } from "../core/ids";
import type { SessionUser } from "../identity/users";
import type { Seat } from "@/lib/desk/teams";
import { moveAllowance, reserveAllowance } from "../teams/seats";
import { moveTokenCaps, reserveTokenCaps, type ActiveToken } from "../teams/desk-tokens";
import { istHourOf } from "./spend";
import { writeGrouped } from "../core/precompiled";

export interface PaidCall {
  rowId: string;
  clientRequestId: string;
  /** The most the call may cost (its reservation): what the page says may have been charged while it is pending. */
  quoted: number;
  /** Whether the call counts against a member's allowance (then its settlements move the allowance too). */
  counted: boolean;
}

export function newClientRequestId(): string {
  return `dsk_${randomBytes(16).toString("hex")}`;
}

/**
 * Logs the call as pending and counts its price against the member's allowance (on the organisation's key) in one
 * transaction, committed before the call leaves: a refused allowance logs nothing, a crash leaves both or neither.
 */
export async function openPaidCall({
  ctx,
  user,
  input,
}: {
  ctx: DeskContext;
  user: SessionUser;
  input: { endpoint: EndpointId; accountId: string; price: number; seat: Seat | null; token?: ActiveToken | null };
}): Promise<PaidCall> {
  const token = input.token ?? null;
  const now = ctx.now();
  const rowId = newSequentialId("spn", now.getTime());
  const clientRequestId = newClientRequestId();
  const quoted = Math.max(0, Math.round(input.price));
  const row = (allowanceDay: string | null, counted: number, tokenDay: string | null = null) => ({
    id: rowId,
    user_id: user.id,
    endpoint: input.endpoint,
    credits: 0,
    account_id: input.accountId,
    cached: 0,
    created_at: now.toISOString(),
    ist_hour: istHourOf(now),
    source: "desk",
    client_request_id: clientRequestId,
    state: "pending",
    quoted,
    allowance_day: allowanceDay,
    allowance_counted: counted,
    token_id: token?.id ?? null,
    token_day: tokenDay,
    token_counted: tokenDay === null ? 0 : quoted,
  });
  if (!input.seat && !token) {
    // No allowance to count: one insert, committed with the other writes of the moment.
    await writeGrouped(ctx, [ctx.db.insertInto("spend_log").values(row(null, 0)).compile()]);
    return { rowId, clientRequestId, quoted, counted: false };
  }
  await ctx.db.transaction().execute(async (trx) => {
    // A token's caps first, then its owner's seat: either refusal rolls back both and logs nothing.
    const tokenDay = token ? await reserveTokenCaps({ ctx, db: trx, token, price: quoted }) : null;
    const reservation = input.seat ? await reserveAllowance({ ctx, db: trx, user, input: { seat: input.seat, price: quoted } }) : null;
    await trx
      .insertInto("spend_log")
      .values(row(reservation?.day ?? null, reservation?.price ?? 0, tokenDay))
      .execute();
  });
  return { rowId, clientRequestId, quoted, counted: true };
}

/** A call the service refused (a 4xx answer): it charged nothing, so the row goes and its count comes back. */
export async function dropPaidCall({ ctx, input }: { ctx: DeskContext; input: { rowId: string } }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("spend_log")
      .where("id", "=", input.rowId)
      .where("state", "=", "pending")
      .returning(["user_id", "allowance_day", "allowance_counted", "token_id", "token_day", "token_counted"])
      .executeTakeFirst();
    if (row?.allowance_day) await moveAllowance({ db: trx, input: { userId: row.user_id, day: row.allowance_day, delta: -Number(row.allowance_counted) } });
    if (row?.token_id && row.token_day) await moveTokenCaps({ db: trx, input: { tokenId: row.token_id, day: row.token_day, delta: -Number(row.token_counted) } });
  });
}

export interface Settlement {
  rowId: string;
  credits: number;
  /** The ledger entry the charge was read from (a sync); the row then accounts for that debit alone. */
  ledgerEntryId?: string | null;
  requestId?: string | null;
  jobId?: string | null;
  /**
   * What the row counts against the allowance once settled: its credits unless given. A batch submission keeps its
   * reservation (its lines are billed later) until the job ends and releaseBatchAllowance settles it.
   */
  counted?: number | "keep";
  /** Set by the caller that opened the row without an allowance (PaidCall.counted false): a cheaper write. */
  uncounted?: boolean;
}

/**
 * The answer's settlement of a row that counts against no allowance: two updates committed with the other writes of
 * the moment. A row the ledger already settled keeps the ledger's figure and only learns the ids.
 */
async function settleUncounted(ctx: DeskContext, input: Settlement): Promise<void> {
  const credits = Math.max(0, Math.round(input.credits));
  const { db } = ctx;
  await writeGrouped(ctx, [
    db.updateTable("spend_log").set({ credits, state: "settled" }).where("id", "=", input.rowId).where("ledger_entry_id", "is", null).where("allowance_day", "is", null).compile(),
    ...(input.requestId || input.jobId
      ? [db.updateTable("spend_log").set({ ...(input.requestId ? { request_id: input.requestId } : {}), ...(input.jobId ? { job_id: input.jobId } : {}) }).where("id", "=", input.rowId).compile()]
      : []),
  ]);
}

type RowState = {
  user_id: string;
  credits: number;
  state: string;
  allowance_day: string | null;
  allowance_counted: number;
  ledger_entry_id: string | null;
  token_id: string | null;
  token_day: string | null;
  token_counted: number;
};

/**
 * Settles a row to what was charged and moves its member's allowance by the difference, in one transaction. A row the
 * ledger already settled keeps the ledger's figure (the desk only adds the ids it learnt). Concurrent settlements of
 * one row (a sync on another instance) are applied one after the other: the write checks the row it read.
 */
export async function settlePaidCall({ ctx, input }: { ctx: DeskContext; input: Settlement }): Promise<void> {
  if (input.uncounted && !input.ledgerEntryId) return settleUncounted(ctx, input);
  for (let attempt = 0; attempt < 8; attempt++) {
    const done = await ctx.db.transaction().execute(async (trx) => settleOnce(trx, input));
    if (done) return;
  }
  throw new Error(`spend row ${input.rowId} kept changing while it was settled`);
}

async function settleOnce(trx: DeskDb, input: Settlement): Promise<boolean> {
  const row = (await trx
    .selectFrom("spend_log")
    .select(["user_id", "credits", "state", "allowance_day", "allowance_counted", "ledger_entry_id", "token_id", "token_day", "token_counted"])
    .where("id", "=", input.rowId)
    .executeTakeFirst()) as RowState | undefined;
  if (!row) return true;
  const ids = { ...(input.requestId ? { request_id: input.requestId } : {}), ...(input.jobId ? { job_id: input.jobId } : {}) };
  if (row.ledger_entry_id !== null && !input.ledgerEntryId) {
    if (Object.keys(ids).length > 0) await trx.updateTable("spend_log").set(ids).where("id", "=", input.rowId).execute();
    return true;
  }
  const credits = Math.max(0, Math.round(input.credits));
  const before = Number(row.allowance_counted);
  const counted = row.allowance_day === null ? 0 : input.counted === "keep" ? Math.max(before, credits) : (input.counted ?? credits);
  const tokenBefore = Number(row.token_counted);
  const tokenCounted = row.token_day === null ? 0 : input.counted === "keep" ? Math.max(tokenBefore, credits) : (input.counted ?? credits);
  if (input.ledgerEntryId) {
    // An entry imported as spent outside the desk before this row could be matched is this row's: one row per debit.
    await trx.deleteFrom("spend_log").where("ledger_entry_id", "=", input.ledgerEntryId).where("id", "!=", input.rowId).where("source", "=", "outside").execute();
  }
  const result = await trx
    .updateTable("spend_log")
    .set({ credits, state: "settled", allowance_counted: counted, token_counted: tokenCounted, ...ids, ...(input.ledgerEntryId ? { ledger_entry_id: input.ledgerEntryId } : {}) })
    .where("id", "=", input.rowId)
    .where("state", "=", row.state)
    .where("credits", "=", row.credits)
    .where("allowance_counted", "=", row.allowance_counted)
    .where("token_counted", "=", row.token_counted)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (row.allowance_day !== null) await moveAllowance({ db: trx, input: { userId: row.user_id, day: row.allowance_day, delta: counted - before } });
  if (row.token_id !== null && row.token_day !== null) await moveTokenCaps({ db: trx, input: { tokenId: row.token_id, day: row.token_day, delta: tokenCounted - tokenBefore } });
  return true;
}

/**
 * A finished or cancelled batch job's reservation comes back: its submission counts what the job was charged (the fee
 * and the line debits the ledger sync filed under it), not its upper bound.
 */
export async function releaseBatchAllowance({ ctx, input }: { ctx: DeskContext; input: { accountId: string; jobId: string } }): Promise<void> {
  const submit = await ctx.db
    .selectFrom("spend_log")
    .select(["id", "credits", "ledger_entry_id"])
    .where("account_id", "=", input.accountId)
    .where("job_id", "=", input.jobId)
    .where("source", "=", "desk")
    .where("endpoint", "=", "createBatchJob")
    .executeTakeFirst();
  if (!submit) return;
  const lines = await ctx.db
    .selectFrom("spend_log")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("credits"), eb.val(0)).as("credits"))
    .where("account_id", "=", input.accountId)
    .where("job_id", "=", input.jobId)
    .where("source", "=", "batch_line")
    .executeTakeFirstOrThrow();
  const charged = Number(submit.credits) + Number(lines.credits);
  await settlePaidCall({ ctx, input: { rowId: submit.id, credits: Number(submit.credits), ledgerEntryId: submit.ledger_entry_id, counted: charged } });
}
