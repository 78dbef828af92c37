import "server-only";
/**
 * The spend log reconciled with the service's ledger: debits the desk did not log itself are filed to the user of a
 * desk batch job or to outside the desk; the ledger wins on a disagreement. One sync per account at a time.
 */
import type { LedgerEntry } from "@/lib/alpha/account";
import { CLIENT_REQUEST_ID_METADATA, clientRequestIdOf } from "@/lib/alpha/client-request-id";
import { istDayStart, toIstIso } from "@/lib/alpha/time";
import { accountMemoScope, callAlpha } from "../upstream/alpha-proxy";
import type { DeskContext } from "../core/context";
import { newSequentialId } from "../core/ids";
import { withUserKey } from "../identity/key-vault";
import { settlePaidCall } from "../records/pending-spend";
import { istHourOf, OUTSIDE_USER } from "../records/spend";
import type { SessionUser } from "../identity/users";

/** Route id of a batch line debit in the ledger. */
export const BATCH_LINE_ROUTE = "batch.summary";
export const LEDGER_SYNC_MS = 15_000;
const PAGE = 500;
/** A day with more debits than this is read over several syncs rather than in one burst against the rate limit. */
const MAX_PAGES = 20;

async function newDebits(ctx: DeskContext, user: SessionUser, since: string | null): Promise<LedgerEntry[]> {
  const out: LedgerEntry[] = [];
  let before: string | undefined;
  const from = toIstIso(istDayStart(ctx.now())).slice(0, 10);
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = { entry_type: "debit", limit: PAGE, ...(since ? {} : { from }), ...(before ? { before } : {}) };
    const { data } = await callAlpha({ ctx, user, id: "listAccountLedger", input: { query } });
    for (const entry of data.data) {
      if (since !== null && BigInt(entry.entry_id) <= BigInt(since)) return out;
      out.push(entry);
    }
    if (!data.has_next || !data.next_before) return out;
    before = data.next_before;
  }
  return out;
}

function clientRequestIdOfEntry(entry: LedgerEntry): string | null {
  return clientRequestIdOf(entry.metadata[CLIENT_REQUEST_ID_METADATA] as string | undefined);
}

async function runSync(ctx: DeskContext, user: SessionUser, accountId: string): Promise<{ imported: number }> {
  const cursor = await ctx.db.selectFrom("ledger_cursor").select("last_entry_id").where("account_id", "=", accountId).executeTakeFirst();
  const entries = await newDebits(ctx, user, cursor?.last_entry_id ?? null);
  if (entries.length === 0) return { imported: 0 };
  const clientIds = entries.map(clientRequestIdOfEntry).filter((r): r is string => r !== null);
  const refs = entries.map((e) => e.reference_id).filter((r): r is string => typeof r === "string");
  const jobIds = [...new Set(entries.map((e) => e.metadata.job_id).filter((j): j is string => typeof j === "string"))];
  const [ownRows, deskRows, jobRows] = await Promise.all([
    clientIds.length
      ? ctx.db.selectFrom("spend_log").select(["id", "user_id", "client_request_id", "endpoint", "token_id"]).where("account_id", "=", accountId).where("client_request_id", "in", clientIds).execute()
      : [],
    refs.length
      ? ctx.db
          .selectFrom("spend_log")
          .select(["id", "request_id", "job_id", "endpoint", "credits"])
          .where("account_id", "=", accountId)
          .where("source", "=", "desk")
          .where((eb) => eb.or([eb("request_id", "in", refs), eb("job_id", "in", refs)]))
          .execute()
      : [],
    jobIds.length ? ctx.db.selectFrom("spend_log").select(["user_id", "job_id", "token_id"]).where("account_id", "=", accountId).where("source", "=", "desk").where("job_id", "in", jobIds).execute() : [],
  ]);
  // A desk call's debit names the id the desk sent (its row was written before the call left, so it is always found);
  // a row written before that id existed is matched by the request id, or a batch submit fee by the job it created.
  const ownByClientId = new Map(ownRows.map((r) => [r.client_request_id, r] as const));
  const deskByRef = new Map(deskRows.flatMap((r) => [[r.request_id, r] as const, ...(r.endpoint === "createBatchJob" && r.job_id ? [[r.job_id, r] as const] : [])]));
  // A job's lines are its submitter's: the member, and the desk token it was submitted with (if any).
  const submitter = new Map(jobRows.map((r) => [r.job_id, { userId: r.user_id, tokenId: r.token_id }]));
  // A submission whose fee is in this very read names its job only here: its lines in the same read are its member's.
  for (const entry of entries) {
    const own = ownByClientId.get(clientRequestIdOfEntry(entry));
    if (own?.endpoint === "createBatchJob" && entry.reference_id) submitter.set(entry.reference_id, { userId: own.user_id, tokenId: own.token_id });
  }
  let imported = 0;
  for (const entry of entries) {
    const credits = Math.max(0, -entry.amount);
    const clientId = clientRequestIdOfEntry(entry);
    const own = clientId ? ownByClientId.get(clientId) : undefined;
    const desk = own ?? (entry.reference_id ? deskByRef.get(entry.reference_id) : undefined);
    if (desk) {
      const submitJob = desk.endpoint === "createBatchJob" && entry.reference_id ? entry.reference_id : null;
      await settlePaidCall({
        ctx,
        input: { rowId: desk.id, credits, ledgerEntryId: entry.entry_id, ...(submitJob ? { jobId: submitJob, counted: "keep" as const } : {}) },
      });
      continue;
    }
    const jobId = typeof entry.metadata.job_id === "string" ? entry.metadata.job_id : null;
    const owner = entry.route_id === BATCH_LINE_ROUTE && jobId ? submitter.get(jobId) : undefined;
    const at = new Date(entry.created_at);
    const result = await ctx.db
      .insertInto("spend_log")
      .values({
        id: newSequentialId("spn", ctx.now().getTime()),
        user_id: owner?.userId ?? OUTSIDE_USER,
        token_id: owner?.tokenId ?? null,
        endpoint: entry.route_id ?? "unknown",
        credits,
        account_id: accountId,
        cached: 0,
        created_at: at.toISOString(),
        ist_hour: istHourOf(at),
        source: owner ? "batch_line" : "outside",
        request_id: entry.reference_id ?? null,
        job_id: jobId,
        ledger_entry_id: entry.entry_id,
      })
      // The unique index covers rows that account for a debit (ledger_entry_id set): the conflict target names that predicate.
      .onConflict((oc) => oc.columns(["account_id", "ledger_entry_id"]).where("ledger_entry_id", "is not", null).doNothing())
      .executeTakeFirst();
    imported += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  const newest = entries.reduce((max, e) => (BigInt(e.entry_id) > BigInt(max) ? e.entry_id : max), entries[0]!.entry_id);
  await ctx.db
    .insertInto("ledger_cursor")
    .values({ account_id: accountId, last_entry_id: newest, synced_at: ctx.now().toISOString() })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ last_entry_id: newest, synced_at: ctx.now().toISOString() }))
    .execute();
  return { imported };
}

/**
 * Syncs the user's account; callers within LEDGER_SYNC_MS of the last sync (or during one) share it, on any instance:
 * one sync at a time per account (ctx.shared single flight), its outcome kept in the account's shared memo.
 */
export async function syncLedger({ ctx, user, options = {} }: { ctx: DeskContext; user: SessionUser; options?: { force?: boolean }; }): Promise<{ imported: number }> {
  const { accountId } = await withUserKey({ userId: user.id, ctx });
  const scope = accountMemoScope(accountId);
  const sync = async () => {
    const result = await runSync(ctx, user, accountId);
    await ctx.shared.memoSet(scope, "ledger-sync", JSON.stringify(result), LEDGER_SYNC_MS);
    return result;
  };
  if (options.force) return sync();
  const held = await ctx.shared.memoGet(scope, "ledger-sync");
  if (held !== null) return JSON.parse(held) as { imported: number };
  return (await ctx.shared.singleFlight(`ledger-sync:${accountId}`, sync, { ttlMs: 60_000 })).value;
}
