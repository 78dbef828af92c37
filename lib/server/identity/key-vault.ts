import "server-only";
/**
 * The key vault: a user's key (checked upstream first, lib/server/upstream/stored-keys.ts) sealed with AES-256-GCM and
 * the user id as additional data, so a row copied to another user does not decrypt. The key in use is the user's own,
 * else the organisation's. A key is never returned, logged or put in an error message.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { AccountProfile } from "@/lib/alpha/account";
import { AlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import { precompiled } from "../core/precompiled";
import type { KeySource } from "@/lib/desk/teams";
import { ORG_KEY_AAD, ORG_KEY_ID, teamsDb } from "../core/teams-tables";

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

/** A stored key's columns: the key sealed under `aad` (whose it is), its last four, the account it opens, when. */
export function sealedKeyColumns({ ctx, apiKey, aad, account }: { ctx: DeskContext; apiKey: string; aad: string; account: AccountProfile }) {
  const plan = account.metadata.subscription_plan_name ?? account.metadata.subscription_plan_id;
  return {
    ciphertext: encryptSecret(ctx.secrets.encryptionKey, apiKey, aad),
    last4: apiKey.slice(-4),
    account_id: account.account_id,
    account_name: account.name ?? null,
    plan: typeof plan === "string" ? plan : null,
    saved_at: ctx.now().toISOString(),
  };
}

/** Stores a key the service accepted (its own profile), sealed for this user. */
export async function storeAlphaKey({ ctx, userId, apiKey, account }: { ctx: DeskContext; userId: string; apiKey: string; account: AccountProfile }): Promise<AlphaKeyStatus> {
  const c = ctx;
  const row = { user_id: userId, ...sealedKeyColumns({ ctx, apiKey, aad: userId, account }) };
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

/**
 * A stored key opened for use. Another vault key (DESK_ENCRYPTION_KEY changed) or a tampered row cannot be opened:
 * then whoever saved it is asked, in `unreadable`, to add it again.
 */
function storedKey(ctx: DeskContext, row: { ciphertext: string; account_id: string }, aad: string, source: UserKey["source"], unreadable: string): UserKey {
  let key: { apiKey: string; keyId: string };
  try {
    key = openSealedKey(ctx.secrets.encryptionKey, row.ciphertext, aad);
  } catch {
    throw new AlphaError("no_api_key", unreadable);
  }
  return { apiKey: key.apiKey, accountId: row.account_id, keyId: key.keyId, source };
}

/** The user's decrypted key and its upstream account. Internal to lib/server: never hand the key to a page. */
export async function withUserKey({ ctx, userId }: { ctx: DeskContext; userId: string }): Promise<UserKey> {
  const [row] = await selectStoredKey(ctx.db, userId);
  if (!row) return withOrgKey({ ctx });
  return storedKey(ctx, row, userId, "personal", "Your stored Alpha key can no longer be read; add it again in Settings.");
}

/** The organisation's key, for a user without a key of their own. */
export async function withOrgKey({ ctx }: { ctx: DeskContext }): Promise<UserKey> {
  const [row] = await selectOrgKey(ctx.db, ORG_KEY_ID);
  if (!row) throw new AlphaError("no_api_key", NO_KEY_MESSAGE);
  return storedKey(ctx, row, ORG_KEY_AAD, "organisation", "The organisation's stored Alpha key can no longer be read; ask an admin to add it again.");
}
