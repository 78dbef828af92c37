import "server-only";
/**
 * Saving a key, personal or the organisation's: the service is asked who the key belongs to (the free GET /v1/account)
 * and the key is stored only when it accepts it. The answer's profile seeds the account's shared answer, so the first
 * page after the save reads it instead of asking again. Failures are sentences that never contain the key.
 */
import type { AccountProfile } from "@/lib/alpha/account";
import type { RateLimitInfo } from "@/lib/alpha/client";
import { createAlphaClient } from "@/lib/alpha/client";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import type { OrgKeyStatus } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import type { AlphaKeyStatus } from "../identity/key-vault";
import { deleteAlphaKey, getAlphaKeyStatus, keyFingerprint, storeAlphaKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { requireAdmin, writeAudit } from "../teams/audit";
import { storeOrgKey } from "../teams/org-key";
import { seedSharedAnswer } from "./alpha-proxy";

export const KEY_SHAPE = /^[\x21-\x7e]{8,200}$/;

/** The key check's answer, for a caller that shares it (seedSharedAnswer). */
export interface CheckedKey {
  accountId: string;
  keyId: string;
  /** The body of GET /v1/account as the service answered it ({ data: profile }). */
  body: { data: AccountProfile };
  rateLimit: RateLimitInfo | null;
}

function notSaved(code: string, message: string, status?: number, retryAfter?: number): AlphaError {
  return new AlphaError(code, message, { ...(status ? { status } : {}), ...(retryAfter !== undefined ? { retryAfter } : {}) });
}

/** Asks the service who the key belongs to; maps every failure to a sentence that never contains the key. */
export async function checkAlphaKey({ ctx, key }: { ctx: DeskContext; key: string }): Promise<{ apiKey: string; checked: CheckedKey }> {
  const apiKey = key.trim();
  if (!KEY_SHAPE.test(apiKey)) throw notSaved("key_rejected", "That does not look like an Alpha API key: paste the whole key, without spaces.");
  const client = createAlphaClient({ baseUrl: ctx.config.alphaBaseUrl, apiKey, fetch: ctx.fetch, timeoutMs: ctx.config.upstreamTimeoutMs, retries: 1, maxRetryWaitMs: 0 });
  try {
    const answer = await client.getAccount({});
    const checked = { accountId: answer.data.data.account_id, keyId: keyFingerprint(ctx.secrets.encryptionKey, apiKey), body: answer.data, rateLimit: answer.meta.rateLimit ?? null };
    return { apiKey, checked };
  } catch (error) {
    if (!isAlphaError(error)) throw notSaved("upstream_error", "The key could not be checked; it was not saved. Try again.");
    if (error.status === 401) {
      throw notSaved("key_rejected", "The Alpha service rejected this key: it is unknown or revoked. Check that you pasted the whole key.");
    }
    if (error.code === "account_disabled") throw notSaved("key_rejected", "The Alpha account of this key is disabled; the key was not saved.");
    if (error.code === "upstream_unreachable") {
      throw notSaved("upstream_unreachable", `The Alpha service at ${ctx.config.alphaBaseUrl} could not be reached; the key was not saved. Try again.`);
    }
    if (error.code === "upstream_timeout") throw notSaved("upstream_timeout", "The Alpha service did not answer in time; the key was not saved.");
    if (error.status === 429) throw notSaved("rate_limit_exceeded", "The Alpha service is rate limiting this key; try again shortly.", 429, error.retryAfter);
    if (error.code === "upstream_contract_violation") throw notSaved("upstream_contract_violation", "The Alpha service answered the key check in an unexpected shape; the key was not saved.");
    throw notSaved("upstream_error", `The Alpha service could not check the key (HTTP ${error.status}); it was not saved.`, 502);
  }
}

function shareProfile(ctx: DeskContext, checked: CheckedKey): Promise<void> {
  return seedSharedAnswer({ ctx, who: checked, id: "getAccount", input: {}, answer: { data: checked.body, rateLimit: checked.rateLimit } });
}

/** A user's own key, checked first; `share` seeds the account's profile for the pages that follow. */
export async function saveAlphaKey({ ctx, userId, key, share = false }: { ctx: DeskContext; userId: string; key: string; share?: boolean }): Promise<AlphaKeyStatus> {
  const { apiKey, checked } = await checkAlphaKey({ ctx, key: typeof key === "string" ? key : "" });
  const status = await storeAlphaKey({ ctx, userId, apiKey, account: checked.body.data });
  if (share) await shareProfile(ctx, checked);
  return status;
}

export async function saveOwnKey({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { key: string } }): Promise<AlphaKeyStatus> {
  const status = await saveAlphaKey({ ctx, userId: user.id, key: input.key, share: true });
  await writeAudit({ ctx, user, input: { action: "personal_key.saved", target: `${user.name} <${user.email}>`, change: `own key ending ${status.last4 ?? ""} stored` } });
  return status;
}

export async function deleteOwnKey({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<AlphaKeyStatus> {
  const before = await getAlphaKeyStatus({ ctx, userId: user.id });
  const status = await deleteAlphaKey({ ctx, userId: user.id });
  if (before.source === "personal") {
    await writeAudit({ ctx, user, input: { action: "personal_key.deleted", target: `${user.name} <${user.email}>`, change: `own key ending ${before.last4 ?? ""} deleted` } });
  }
  return status;
}

export async function saveOrganisationKey({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { key: string } }): Promise<OrgKeyStatus> {
  requireAdmin(user);
  const { apiKey, checked } = await checkAlphaKey({ ctx, key: input.key });
  const status = await storeOrgKey({ ctx, user, apiKey, account: checked.body.data });
  await shareProfile(ctx, checked);
  return status;
}
