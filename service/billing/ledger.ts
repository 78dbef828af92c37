import { AlphaError } from "../../lib/alpha/errors";
import { istDateString } from "../../lib/alpha/time";
import type { Caller, ServiceContext } from "../context";
import { prepared } from "../store/prepared";

export interface DebitInput {
  caller: Caller;
  amount: number;
  /** Catalogue endpoint id, or a worker's route name such as `batch.summary`. */
  routeId: string;
  referenceId?: string;
  metadata?: Record<string, unknown>;
}

/**
 * The writes of one debit, inside a caller's transaction. The guarded UPDATE is the balance check and comes first:
 * when it refuses, nothing has been written and `insufficient_credits` is thrown.
 */
function applyDebit(ctx: ServiceContext, input: DebitInput, now: Date): { balanceAfter: number } {
  if (!Number.isInteger(input.amount) || input.amount < 0) throw new Error(`debit amount must be a non-negative integer, got ${input.amount}`);
  const balanceOf = () =>
    (prepared(ctx.db, "SELECT balance FROM accounts WHERE id = ?").get(input.caller.accountId) as { balance: number } | undefined)?.balance ?? 0;
  if (input.amount === 0) return { balanceAfter: balanceOf() };
  const updated = prepared(ctx.db, "UPDATE accounts SET balance = balance - ?, updated_at = ? WHERE id = ? AND balance >= ? RETURNING balance").get(
    input.amount,
    now.toISOString(),
    input.caller.accountId,
    input.amount,
  ) as { balance: number } | undefined;
  if (!updated) {
    const balance = balanceOf();
    throw new AlphaError("insufficient_credits", `This call costs ${input.amount} credits and the balance is ${balance}`, {
      details: { required: input.amount, balance },
    });
  }
  writeLedgerRow(ctx, now, {
    accountId: input.caller.accountId,
    keyId: input.caller.keyId,
    entryType: "debit",
    amount: -input.amount,
    balanceAfter: updated.balance,
    routeId: input.routeId,
    referenceId: input.referenceId,
    metadata: input.metadata,
  });
  return { balanceAfter: updated.balance };
}

/**
 * Debits an account in one transaction with its ledger row: all or nothing. A debit that would take the
 * balance below zero throws `insufficient_credits` and changes nothing. Safe under concurrent callers:
 * the guarded UPDATE is the check, so two calls can never both spend the same credits.
 */
export function debitCredits({ ctx, input }: { ctx: ServiceContext; input: DebitInput }): { balanceAfter: number } {
  return ctx.db.transaction(() => applyDebit(ctx, input, ctx.clock.now()))();
}

export type DebitOutcome = { ok: true; balanceAfter: number } | { ok: false; error: AlphaError };

/**
 * Several independent debits committed together (group commit). Each is all or nothing on its own: a short balance
 * fails only that debit (before it writes anything). Any other failure rolls the whole group back and is thrown.
 */
export function debitCreditsBatch({ ctx, inputs }: { ctx: ServiceContext; inputs: readonly DebitInput[] }): DebitOutcome[] {
  return ctx.db.transaction(() => {
    const now = ctx.clock.now();
    return inputs.map((input): DebitOutcome => {
      try {
        return { ok: true, balanceAfter: applyDebit(ctx, input, now).balanceAfter };
      } catch (error) {
        if (error instanceof AlphaError && error.code === "insufficient_credits") return { ok: false, error };
        throw error;
      }
    });
  })();
}

/** Adds credits (a top-up, a plan grant or a refund) with its ledger row. */
export function creditCredits({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { accountId: string; amount: number; entryType: "topup" | "grant" | "refund"; referenceId?: string; metadata?: Record<string, unknown> };
}): { balanceAfter: number } {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AlphaError("invalid_parameter", "amount must be a positive integer");
  return ctx.db.transaction(() => {
    const now = ctx.clock.now();
    const updated = prepared(ctx.db, "UPDATE accounts SET balance = balance + ?, updated_at = ? WHERE id = ? RETURNING balance").get(
      input.amount,
      now.toISOString(),
      input.accountId,
    ) as { balance: number } | undefined;
    if (!updated) throw new AlphaError("not_found", `No account ${input.accountId}`);
    writeLedgerRow(ctx, now, { ...input, keyId: undefined, routeId: undefined, referenceId: input.referenceId, metadata: input.metadata, balanceAfter: updated.balance });
    return { balanceAfter: updated.balance };
  })();
}

function writeLedgerRow(
  ctx: ServiceContext,
  now: Date,
  row: {
    accountId: string;
    keyId: string | undefined;
    entryType: string;
    amount: number;
    balanceAfter: number;
    routeId: string | undefined;
    referenceId: string | undefined;
    metadata: Record<string, unknown> | undefined;
  },
): void {
  prepared(
    ctx.db,
    `INSERT INTO ledger (account_id, key_id, entry_type, amount, balance_after, route_id, reference_id, metadata, created_at, created_ms, ist_day)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
      row.accountId,
    row.keyId ?? null,
    row.entryType,
    row.amount,
    row.balanceAfter,
    row.routeId ?? null,
    row.referenceId ?? null,
    JSON.stringify(row.metadata ?? {}),
    now.toISOString(),
    now.getTime(),
    istDateString(now),
  );
}
