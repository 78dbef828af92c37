import "server-only";
/**
 * The organisation key (admins only): stored sealed with its own additional data once the service accepted it
 * (lib/server/upstream/stored-keys.ts), audited. Members use it when they have no key of their own.
 */
import type { OrgKeyStatus } from "@/lib/desk/teams";
import type { AccountProfile } from "@/lib/alpha/account";
import type { DeskContext } from "../core/context";
import { sealedKeyColumns } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { requireAdmin, writeAudit } from "./audit";
import { ORG_KEY_AAD, ORG_KEY_ID, teamsDb } from "../core/teams-tables";

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

/** Stores a key the service accepted (its own profile) as the organisation's, replacing the one before. */
export async function storeOrgKey({ ctx, user, apiKey, account }: { ctx: DeskContext; user: SessionUser; apiKey: string; account: AccountProfile }): Promise<OrgKeyStatus> {
  requireAdmin(user);
  const row = { id: ORG_KEY_ID, ...sealedKeyColumns({ ctx, apiKey, aad: ORG_KEY_AAD, account }), saved_by: user.id };
  await teamsDb({ ctx }).transaction().execute(async (trx) => {
    const before = await trx.selectFrom("org_key").select(["last4"]).where("id", "=", ORG_KEY_ID).executeTakeFirst();
    await trx.deleteFrom("org_key").where("id", "=", ORG_KEY_ID).execute();
    await trx.insertInto("org_key").values(row).execute();
    const change = before ? `key ending ${before.last4} replaced by key ending ${row.last4}` : `key ending ${row.last4} stored`;
    await writeAudit({ ctx, db: trx, user, input: { action: "org_key.saved", target: `organisation key (account ${row.account_name ?? row.account_id})`, change } });
  });
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
