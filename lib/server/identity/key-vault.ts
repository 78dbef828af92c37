import "server-only";
/**
 * The key vault (interface for pages and routes; each verb takes one object with a required `ctx: DeskContext`):
 * - saveAlphaKey(userId, key) → AlphaKeyStatus: checks the key with the free GET /v1/account first and stores it only
 *   when the service accepts it (400 key_rejected, 502 upstream_unreachable, 504 upstream_timeout otherwise)
 * - getAlphaKeyStatus(userId) → { hasKey, last4, savedAt, account?, source }: the key the user's requests use — their
 *   own (it takes precedence) or the organisation's (lib/server/teams/org-key.ts; its last 4 never shown to members)
 * - deleteAlphaKey(userId) → AlphaKeyStatus (the organisation's key, when there is one, is then the one in use)
 * - withUserKey(userId) → { apiKey, accountId, keyId, source } for the proxy only; 428 no_api_key when none applies
 * Keys are AES-256-GCM encrypted under the vault key with the user id as additional data, so a row copied to
 * another user does not decrypt. A key is never returned, logged or put in an error message.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { AccountProfile } from "@/lib/alpha/account";
import type { RateLimitInfo } from "@/lib/alpha/client";
import { createAlphaClient } from "@/lib/alpha/client";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import { precompiled } from "../core/precompiled";
import type { KeySource } from "@/lib/desk/teams";
import { ORG_KEY_AAD, ORG_KEY_ID, teamsDb } from "../teams/tables";

export interface AlphaKeyStatus {
  hasKey: boolean;
  last4: string | null;
  savedAt: string | null;
  account?: { account_id: string; name: string | null; plan: string | null };
  /** Whose key the user's requests use; null when none applies. */
  source: KeySource | null;
}

export interface UserKey {
  apiKey: string;
  /** The upstream account the key belongs to. */
  accountId: string;
  /** A keyed fingerprint of the key itself (reveals nothing without the vault key): the identity of key-scoped answers. */
  keyId: string;
  /** The user's own key, or the organisation's (then seats, allowances and job ownership apply). */
  source: KeySource;
}

/** The fingerprint that tells two keys apart in caches without ever storing the key. */
export function keyFingerprint(vaultKey: Buffer, apiKey: string): string {
  return createHmac("sha256", vaultKey).update(`alpha-key:${apiKey}`).digest("hex").slice(0, 32);
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function encryptSecret(vaultKey: Buffer, plaintext: string, associatedData: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", vaultKey, iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

export function decryptSecret(vaultKey: Buffer, sealed: string, associatedData: string): string {
  const raw = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", vaultKey, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(associatedData, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** Replaces every occurrence of a secret in a text. */
export function scrubSecret(text: string, secret: string | null | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
}

export const KEY_SHAPE = /^[\x21-\x7e]{8,200}$/;

function notSaved(code: string, message: string, status?: number, retryAfter?: number): AlphaError {
  return new AlphaError(code, message, { ...(status ? { status } : {}), ...(retryAfter !== undefined ? { retryAfter } : {}) });
}

/** Asks the service who the key belongs to; maps every failure to a sentence that never contains the key. */
export async function checkKeyUpstream({ ctx, apiKey }: { ctx: DeskContext; apiKey: string }) {
  const client = createAlphaClient({
    baseUrl: ctx.config.alphaBaseUrl,
    apiKey,
    fetch: ctx.fetch,
    timeoutMs: ctx.config.upstreamTimeoutMs,
    retries: 1,
    maxRetryWaitMs: 0,
  });
  try {
    return await client.getAccount({});
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

/** The key check's answer, for a caller that shares it (lib/server/upstream/alpha-proxy.ts seedSharedAnswer). */
export interface CheckedKey {
  accountId: string;
  keyId: string;
  /** The body of GET /v1/account as the service answered it ({ data: profile }). */
  body: { data: AccountProfile };
  rateLimit: RateLimitInfo | null;
}

export async function saveAlphaKey({ ctx, userId, key, onChecked }: { ctx: DeskContext; userId: string; key: string; onChecked?: (checked: CheckedKey) => void | Promise<void> }): Promise<AlphaKeyStatus> {
  const c = ctx;
  const apiKey = typeof key === "string" ? key.trim() : "";
  if (!KEY_SHAPE.test(apiKey)) throw notSaved("key_rejected", "That does not look like an Alpha API key: paste the whole key, without spaces.");
  const checked = await checkKeyUpstream({ ctx: c, apiKey });
  const account = checked.data.data;
  const plan = account.metadata.subscription_plan_name ?? account.metadata.subscription_plan_id;
  const row = {
    user_id: userId,
    ciphertext: encryptSecret(c.secrets.encryptionKey, apiKey, userId),
    last4: apiKey.slice(-4),
    account_id: account.account_id,
    account_name: account.name ?? null,
    plan: typeof plan === "string" ? plan : null,
    saved_at: c.now().toISOString(),
  };
  await c.db
    .insertInto("alpha_keys")
    .values(row)
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        ciphertext: row.ciphertext,
        last4: row.last4,
        account_id: row.account_id,
        account_name: row.account_name,
        plan: row.plan,
        saved_at: row.saved_at,
      }),
    )
    .execute();
  await onChecked?.({ accountId: account.account_id, keyId: keyFingerprint(c.secrets.encryptionKey, apiKey), body: checked.data, rateLimit: checked.meta.rateLimit ?? null });
  return getAlphaKeyStatus({ userId, ctx: c });
}

export async function getAlphaKeyStatus({ ctx, userId }: { ctx: DeskContext; userId: string }): Promise<AlphaKeyStatus> {
  const c = ctx;
  const row = await c.db
    .selectFrom("alpha_keys")
    .select(["last4", "saved_at", "account_id", "account_name", "plan"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (row) return { hasKey: true, last4: row.last4, savedAt: row.saved_at, account: { account_id: row.account_id, name: row.account_name, plan: row.plan }, source: "personal" };
  const org = await teamsDb({ ctx: c }).selectFrom("org_key").select(["account_id", "account_name", "plan"]).where("id", "=", ORG_KEY_ID).executeTakeFirst();
  // Members use the organisation's key without seeing it: not even its last four characters.
  if (org) return { hasKey: true, last4: null, savedAt: null, account: { account_id: org.account_id, name: org.account_name, plan: org.plan }, source: "organisation" };
  return { hasKey: false, last4: null, savedAt: null, source: null };
}

export async function deleteAlphaKey({ ctx, userId }: { ctx: DeskContext; userId: string }): Promise<AlphaKeyStatus> {
  const c = ctx;
  await c.db.deleteFrom("alpha_keys").where("user_id", "=", userId).execute();
  return getAlphaKeyStatus({ ctx: c, userId });
}

export const NO_KEY_MESSAGE = "Add your Alpha API key in Settings to load this data.";

const selectStoredKey = precompiled(1, (db: DeskContext["db"], userId: string) =>
  db.selectFrom("alpha_keys").select(["ciphertext", "account_id"]).where("user_id", "=", userId),
);
const selectOrgKey = precompiled(1, (db: DeskContext["db"], id: string) => teamsDb({ ctx: { db } }).selectFrom("org_key").select(["ciphertext", "account_id"]).where("id", "=", id));

/**
 * Decrypted keys by their sealed row (ciphertext and additional data): the row is read on every call, so a replaced,
 * deleted or moved key is seen at once; only the AES-GCM open and the fingerprint's HMAC (~40 µs) are skipped for a
 * row seen before. Per vault key (the context's secrets), bounded.
 */
const OPENED_MAX = 1_000;
const opened = new WeakMap<Buffer, Map<string, { apiKey: string; keyId: string }>>();

function openSealedKey(vaultKey: Buffer, sealed: string, associatedData: string): { apiKey: string; keyId: string } {
  let memo = opened.get(vaultKey);
  if (!memo) opened.set(vaultKey, (memo = new Map()));
  const id = `${associatedData}\u0000${sealed}`;
  const hit = memo.get(id);
  if (hit) return hit;
  const apiKey = decryptSecret(vaultKey, sealed, associatedData);
  const key = { apiKey, keyId: keyFingerprint(vaultKey, apiKey) };
  if (memo.size >= OPENED_MAX) memo.clear();
  memo.set(id, key);
  return key;
}

/** The user's decrypted key and its upstream account. Internal to lib/server: never hand the key to a page. */
export async function withUserKey({ ctx, userId }: { ctx: DeskContext; userId: string }): Promise<UserKey> {
  const c = ctx;
  const [row] = await selectStoredKey(c.db, userId);
  if (!row) return withOrgKey(c);
  let key: { apiKey: string; keyId: string };
  try {
    key = openSealedKey(c.secrets.encryptionKey, row.ciphertext, userId);
  } catch {
    // Another vault key (DESK_ENCRYPTION_KEY changed) or a tampered row: ask for the key again.
    throw new AlphaError("no_api_key", "Your stored Alpha key can no longer be read; add it again in Settings.");
  }
  return { apiKey: key.apiKey, accountId: row.account_id, keyId: key.keyId, source: "personal" };
}

/** The organisation's key, for a user without a key of their own. */
async function withOrgKey(ctx: DeskContext): Promise<UserKey> {
  const [row] = await selectOrgKey(ctx.db, ORG_KEY_ID);
  if (!row) throw new AlphaError("no_api_key", NO_KEY_MESSAGE);
  let key: { apiKey: string; keyId: string };
  try {
    key = openSealedKey(ctx.secrets.encryptionKey, row.ciphertext, ORG_KEY_AAD);
  } catch {
    throw new AlphaError("no_api_key", "The organisation's stored Alpha key can no longer be read; ask an admin to add it again.");
  }
  return { apiKey: key.apiKey, accountId: row.account_id, keyId: key.keyId, source: "organisation" };
}
