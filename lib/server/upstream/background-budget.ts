import "server-only";
/**
 * The desk's budget for its own calls, shared per upstream account: a back-off after a 429, free answers shared a while
 * per owner, the gauge's snapshot at most a tenth of the rpm, and fewer background pages on a low-rpm account.
 */
import type { EndpointId } from "@/lib/alpha/catalogue";
import { catalogue } from "@/lib/alpha/catalogue";
import { AlphaError } from "@/lib/alpha/errors";
import { toIstIso } from "@/lib/alpha/time";
import type { DeskContext } from "../core/context";
import { pagesForRpm } from "@/lib/desk/rate-budget";

const DEFAULT_BACKOFF_SECONDS = 60;
export const SHARED_FREE_SECONDS = 120;
export const SHARED_KEY_LIST_SECONDS = 4;

const backoffKey = (accountId: string) => `backoff:${accountId}`;

/** "14:05 IST" of an instant. */
export function istClock(at: Date): string {
  return `${toIstIso(at).slice(11, 16)} IST`;
}

/** Kept in ctx.shared, so every instance of the desk waits with the account, not only the one that saw the 429. */
export async function backOff({ ctx, accountId, retryAfterSeconds }: { ctx: DeskContext; accountId: string; retryAfterSeconds: number | undefined }): Promise<void> {
  const seconds = Math.max(1, retryAfterSeconds ?? DEFAULT_BACKOFF_SECONDS);
  await ctx.shared.extendUntil(backoffKey(accountId), Date.now() + seconds * 1000);
}

export async function assertNotBackingOff({ ctx, accountId }: { ctx: DeskContext; accountId: string }): Promise<void> {
  const until = await ctx.shared.readUntil(backoffKey(accountId));
  if (until === null) return;
  const left = until - Date.now();
  if (left <= 0) return;
  const resumesAt = new Date(ctx.now().getTime() + left);
  throw new AlphaError("rate_limit_exceeded", `The Alpha service is rate limiting this account; the desk resumes at ${istClock(resumesAt)}.`, {
    status: 429,
    retryAfter: Math.ceil(left / 1000),
    details: { resumes_at: resumesAt.toISOString() },
  });
}

export function sharedFreeSeconds(id: EndpointId): number {
  const def = catalogue[id];
  if (def.method !== "GET" || def.cost.kind !== "free") return 0;
  // A key's list (its batch jobs) is polled by every tab of the key: one answer serves them a few seconds. A single
  // job is not shared: its page follows it closely.
  if (def.scope === "key") return def.path.includes("{") ? 0 : SHARED_KEY_LIST_SECONDS;
  // The gauge's usage has its own, rpm-scaled sharing (lib/server/money/usage.ts); the ledger is read by the sync.
  if (id === "getAccountUsage" || id === "listAccountLedger") return 0;
  return SHARED_FREE_SECONDS;
}

/** The usage snapshot is shared for this long: a tenth of the rpm at most, never under 3 s (Sandbox: 60 s). */
export function usageTtlMs(rpm: number | undefined): number {
  if (!rpm || rpm <= 0) return 3_000;
  return Math.max(3_000, Math.ceil(60_000 / (rpm * 0.1)));
}

/** The account's rpm as its last upstream answer said, per desk context. */
const rpmSeen = new WeakMap<DeskContext, Map<string, number>>();

export function rememberRpm({ ctx, accountId, rpm }: { ctx: DeskContext; accountId: string; rpm: number | null | undefined }): void {
  if (typeof rpm !== "number" || rpm <= 0) return;
  let seen = rpmSeen.get(ctx);
  if (!seen) rpmSeen.set(ctx, (seen = new Map()));
  seen.set(accountId, rpm);
}

export function knownRpm({ ctx, accountId }: { ctx: DeskContext; accountId: string }): number | undefined {
  return rpmSeen.get(ctx)?.get(accountId);
}

export { LOW_RPM, LOW_RPM_PAGES } from "@/lib/desk/rate-budget";

export function backgroundPages({ ctx, accountId, max }: { ctx: DeskContext; accountId: string; max: number }): number {
  return pagesForRpm(knownRpm({ ctx, accountId }), max);
}
