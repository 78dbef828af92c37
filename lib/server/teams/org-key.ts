import "server-only";
/**
 * The organisation key (verbs `verb({ ctx, user, input })`; admins only):
 * - saveOrgKey → OrgKeyStatus: checked with the free GET /v1/account first (the same check as a personal key), stored
 *   encrypted (AES-256-GCM, its own additional data), audited. Members use it through withUserKey when they have no
 *   key of their own; the key is never returned, logged or put in a message.
 * - getOrgKeyStatus → OrgKeyStatus (last 4, account, who saved it)
 * - deleteOrgKey → OrgKeyStatus (hasKey false), audited
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { OrgKeyStatus } from "@/lib/desk/teams";
import { putOrgKeyInputSchema } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import type { CheckedKey } from "../identity/key-vault";
import { checkKeyUpstream, encryptSecret, KEY_SHAPE, keyFingerprint } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import { requireAdmin, writeAudit } from "./audit";
import { ORG_KEY_AAD, ORG_KEY_ID, teamsDb } from "./tables";

export async function getOrgKeyStatus({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<OrgKeyStatus> {
  requireAdmin(user);
  const row = await teamsDb({ ctx })
    .selectFrom("org_key")
    .leftJoin("users", "users.id", "org_key.saved_by")
    .select(["org_key.last4", "org_key.saved_at", "org_key.account_id", "org_key.account_name", "org_key.plan", "users.email"])
    .where("org_key.id", "=", ORG_KEY_ID)
    .executeTakeFirst();
  if (!row) return { hasKey: false, last4: null, savedAt: null, savedBy: null, account: null };
  return { hasKey: true, last4: row.last4, savedAt: row.saved_at, savedBy: row.email ?? null, account: { account_id: row.account_id, name: row.account_name, plan: row.plan } };
}

export async function saveOrgKey({
  ctx,
  user,
  input,
  onChecked,
}: {
  ctx: DeskContext;
  user: SessionUser;
  input: unknown;
  onChecked?: (checked: CheckedKey) => void;
}): Promise<OrgKeyStatus> {
  requireAdmin(user);
  const apiKey = parseOrThrow(putOrgKeyInputSchema, input).key.trim();
  if (!KEY_SHAPE.test(apiKey)) throw new AlphaError("key_rejected", "That does not look like an Alpha API key: paste the whole key, without spaces.");
  const checked = await checkKeyUpstream({ ctx, apiKey });
  const account = checked.data.data;
  const plan = account.metadata.subscription_plan_name ?? account.metadata.subscription_plan_id;
  const row = {
    id: ORG_KEY_ID,
    ciphertext: encryptSecret(ctx.secrets.encryptionKey, apiKey, ORG_KEY_AAD),
    last4: apiKey.slice(-4),
    account_id: account.account_id,
    account_name: account.name ?? null,
    plan: typeof plan === "string" ? plan : null,
    saved_by: user.id,
    saved_at: ctx.now().toISOString(),
  };
  await teamsDb({ ctx }).transaction().execute(async (trx) => {
    const before = await trx.selectFrom("org_key").select(["last4"]).where("id", "=", ORG_KEY_ID).executeTakeFirst();
    await trx.deleteFrom("org_key").where("id", "=", ORG_KEY_ID).execute();
    await trx.insertInto("org_key").values(row).execute();
    const change = before ? `key ending ${before.last4} replaced by key ending ${row.last4}` : `key ending ${row.last4} stored`;
    await writeAudit({ ctx, db: trx, user, input: { action: "org_key.saved", target: `organisation key (account ${row.account_name ?? row.account_id})`, change } });
  });
  onChecked?.({ accountId: account.account_id, keyId: keyFingerprint(ctx.secrets.encryptionKey, apiKey), body: checked.data, rateLimit: checked.meta.rateLimit ?? null });
  return getOrgKeyStatus({ ctx, user });
}

export async function deleteOrgKey({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<OrgKeyStatus> {
  requireAdmin(user);
  await teamsDb({ ctx }).transaction().execute(async (trx) => {
    const before = await trx.selectFrom("org_key").select(["last4", "account_id", "account_name"]).where("id", "=", ORG_KEY_ID).executeTakeFirst();
    if (!before) return;
    await trx.deleteFrom("org_key").where("id", "=", ORG_KEY_ID).execute();
    await writeAudit({ ctx, db: trx, user, input: { action: "org_key.deleted", target: `organisation key (account ${before.account_name ?? before.account_id})`, change: `key ending ${before.last4} deleted` } });
  });
  return getOrgKeyStatus({ ctx, user });
}
