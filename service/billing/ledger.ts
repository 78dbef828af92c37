import { AlphaError } from "../../lib/alpha/errors";
import { istDateString } from "../../lib/alpha/time";
import type { Caller, ServiceContext } from "../context";

export interface DebitInput {
  caller: Caller;
  amount: number;
  /** Catalogue endpoint id, or a worker's route name such as `batch.summary`. */
  routeId: string;
  referenceId?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Debits an account in one transaction with its ledger row: all or nothing. A debit that would take the
 * balance below zero throws `insufficient_credits` and changes nothing. Safe under concurrent callers:
 * the guarded UPDATE is the check, so two calls can never both spend the same credits.
 */
export function debitCredits({ ctx, input }: { ctx: ServiceContext; input: DebitInput }): { balanceAfter: number } {
  if (!Number.isInteger(input.amount) || input.amount < 0) throw new Error(`debit amount must be a non-negative integer, got ${input.amount}`);
  return ctx.db.transaction(() => {
    if (input.amount === 0) {
      const row = ctx.db.prepare("SELECT balance FROM accounts WHERE id = ?").get(input.caller.accountId) as { balance: number } | undefined;
      return { balanceAfter: row?.balance ?? 0 };
    }
    const updated = ctx.db
      .prepare("UPDATE accounts SET balance = balance - ?, updated_at = ? WHERE id = ? AND balance >= ? RETURNING balance")
      .get(input.amount, ctx.clock.now().toISOString(), input.caller.accountId, input.amount) as { balance: number } | undefined;
    if (!updated) {
      const row = ctx.db.prepare("SELECT balance FROM accounts WHERE id = ?").get(input.caller.accountId) as { balance: number } | undefined;
      throw new AlphaError("insufficient_credits", `This call costs ${input.amount} credits and the balance is ${row?.balance ?? 0}`, {
        details: { required: input.amount, balance: row?.balance ?? 0 },
      });
    }
    writeLedgerRow(ctx, {
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
    const updated = ctx.db
      .prepare("UPDATE accounts SET balance = balance + ?, updated_at = ? WHERE id = ? RETURNING balance")
      .get(input.amount, ctx.clock.now().toISOString(), input.accountId) as { balance: number } | undefined;
    if (!updated) throw new AlphaError("not_found", `No account ${input.accountId}`);
    writeLedgerRow(ctx, { ...input, keyId: undefined, routeId: undefined, referenceId: input.referenceId, metadata: input.metadata, balanceAfter: updated.balance });
    return { balanceAfter: updated.balance };
  })();
}

function writeLedgerRow(
  ctx: ServiceContext,
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
  const now = ctx.clock.now();
  ctx.db
    .prepare(
      `INSERT INTO ledger (account_id, key_id, entry_type, amount, balance_after, route_id, reference_id, metadata, created_at, created_ms, ist_day)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
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
