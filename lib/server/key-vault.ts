import "server-only";
/**
 * The key vault (interface for pages and routes; optional trailing DeskContext):
 * - saveAlphaKey(userId, key) → AlphaKeyStatus: checks the key with the free GET /v1/account first and stores it only
 *   when the service accepts it (400 key_rejected, 502 upstream_unreachable, 504 upstream_timeout otherwise)
 * - getAlphaKeyStatus(userId) → { hasKey, last4, savedAt, account?: { account_id, name, plan } }
 * - deleteAlphaKey(userId) → AlphaKeyStatus (hasKey false)
 * - withUserKey(userId) → { apiKey, accountId, keyId } for the proxy only; 428 no_api_key when none is stored
 * Keys are AES-256-GCM encrypted under the vault key with the user id as additional data, so a row copied to
 * another user does not decrypt. A key is never returned, logged or put in an error message.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { AccountProfile } from "@/lib/alpha/account";
import type { RateLimitInfo } from "@/lib/alpha/client";
import { createAlphaClient } from "@/lib/alpha/client";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "./context";
import { getDeskContext } from "./default-context";
import { precompiled } from "./precompiled";

export interface AlphaKeyStatus {
  hasKey: boolean;
  last4: string | null;
  savedAt: string | null;
  account?: { account_id: string; name: string | null; plan: string | null };
}

export interface UserKey {
  apiKey: string;
  /** The upstream account the key belongs to. */
  accountId: string;
  /** A keyed fingerprint of the key itself (reveals nothing without the vault key): the identity of key-scoped answers. */
  keyId: string;
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

const KEY_SHAPE = /^[\x21-\x7e]{8,200}$/;

function notSaved(code: string, message: string, status?: number, retryAfter?: number): AlphaError {
  return new AlphaError(code, message, { ...(status ? { status } : {}), ...(retryAfter !== undefined ? { retryAfter } : {}) });
}

/** Asks the service who the key belongs to; maps every failure to a sentence that never contains the key. */
async function checkKeyUpstream(ctx: DeskContext, apiKey: string) {
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

/** The key check's answer, for a caller that shares it (lib/server/alpha-proxy.ts seedSharedAnswer). */
export interface CheckedKey {
  accountId: string;
  keyId: string;
  /** The body of GET /v1/account as the service answered it ({ data: profile }). */
  body: { data: AccountProfile };
  rateLimit: RateLimitInfo | null;
}

export async function saveAlphaKey(userId: string, key: string, ctx?: DeskContext, onChecked?: (checked: CheckedKey) => void): Promise<AlphaKeyStatus> {
  const c = ctx ?? (await getDeskContext());
  const apiKey = typeof key === "string" ? key.trim() : "";
  if (!KEY_SHAPE.test(apiKey)) throw notSaved("key_rejected", "That does not look like an Alpha API key: paste the whole key, without spaces.");
  const checked = await checkKeyUpstream(c, apiKey);
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
  onChecked?.({ accountId: account.account_id, keyId: keyFingerprint(c.secrets.encryptionKey, apiKey), body: checked.data, rateLimit: checked.meta.rateLimit ?? null });
  return getAlphaKeyStatus(userId, c);
}

export async function getAlphaKeyStatus(userId: string, ctx?: DeskContext): Promise<AlphaKeyStatus> {
  const c = ctx ?? (await getDeskContext());
  const row = await c.db
    .selectFrom("alpha_keys")
    .select(["last4", "saved_at", "account_id", "account_name", "plan"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return { hasKey: false, last4: null, savedAt: null };
  return { hasKey: true, last4: row.last4, savedAt: row.saved_at, account: { account_id: row.account_id, name: row.account_name, plan: row.plan } };
}

export async function deleteAlphaKey(userId: string, ctx?: DeskContext): Promise<AlphaKeyStatus> {
  const c = ctx ?? (await getDeskContext());
  await c.db.deleteFrom("alpha_keys").where("user_id", "=", userId).execute();
  return { hasKey: false, last4: null, savedAt: null };
}

export const NO_KEY_MESSAGE = "Add your Alpha API key in Settings to load this data.";

const selectStoredKey = precompiled(1, (db: DeskContext["db"], userId: string) =>
  db.selectFrom("alpha_keys").select(["ciphertext", "account_id"]).where("user_id", "=", userId),
);

/** The user's decrypted key and its upstream account. Internal to lib/server: never hand the key to a page. */
export async function withUserKey(userId: string, ctx?: DeskContext): Promise<UserKey> {
  const c = ctx ?? (await getDeskContext());
  const [row] = await selectStoredKey(c.db, userId);
  if (!row) throw new AlphaError("no_api_key", NO_KEY_MESSAGE);
  let apiKey: string;
  try {
    apiKey = decryptSecret(c.secrets.encryptionKey, row.ciphertext, userId);
  } catch {
    // Another vault key (DESK_ENCRYPTION_KEY changed) or a tampered row: ask for the key again.
    throw new AlphaError("no_api_key", "Your stored Alpha key can no longer be read; add it again in Settings.");
  }
  return { apiKey, accountId: row.account_id, keyId: keyFingerprint(c.secrets.encryptionKey, apiKey) };
}
