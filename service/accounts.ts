import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { PRODUCTS, STREAM_PRODUCTS, type Product, type WebsocketAddon } from "../lib/alpha/account";
import { AlphaError, fieldErrorsFromZod } from "../lib/alpha/errors";
import { creditCredits } from "./billing/ledger";
import type { Caller, ServiceContext } from "./context";
import type { Db } from "./store/db";
import { prepared } from "./store/prepared";

export const PLAN_IDS = ["sandbox", "starter", "pro"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** REST products an account gets when none are named: everything but the Symbols scope. */
export const DEFAULT_PRODUCTS: readonly Product[] = PRODUCTS.filter((p) => p !== "symbols");
/** WebSocket tier granted on each stream product by default, per plan (sandbox has no WebSocket). */
export const DEFAULT_WEBSOCKET_TIER: Record<PlanId, string | null> = { sandbox: null, starter: "starter_100", pro: "pro_1000" };

export const API_KEY_PREFIX = "ak_live_";
const API_KEY_RANDOM_CHARS = 32;
const KEY_DISPLAY_CHARS = API_KEY_PREFIX.length + 4;

export interface PlanRecord {
  id: string;
  name: string;
  rpm: number;
  daily: number;
  credits: number;
  websocket: boolean;
}

export interface AccountRecord {
  id: string;
  name: string;
  status: string;
  plan: PlanRecord;
  balance: number;
  reserved: number;
  products: string[];
  websocketAddons: WebsocketAddon[];
  retentionPolicy: Record<string, unknown>;
  metadata: Record<string, unknown>;
  /** The plan's limits with the account's overrides applied. */
  limits: { rpm: number; daily: number };
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  prefix: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

interface AccountRow {
  id: string;
  name: string;
  status: string;
  plan_id: string;
  balance: number;
  reserved: number;
  products: string;
  websocket_addons: string;
  retention_policy: string;
  metadata: string;
  created_at: string;
  updated_at: string;
  rpm_limit: number | null;
  daily_limit: number | null;
  plan_name: string;
  plan_rpm: number;
  plan_daily: number;
  plan_credits: number;
  plan_websocket: number;
}

const ACCOUNT_COLUMNS = `a.id, a.name, a.status, a.plan_id, a.balance, a.reserved, a.products, a.websocket_addons,
  a.retention_policy, a.metadata, a.created_at, a.updated_at, a.rpm_limit, a.daily_limit,
  p.name AS plan_name, p.rpm AS plan_rpm, p.daily AS plan_daily, p.credits AS plan_credits, p.websocket AS plan_websocket`;

/** The JSON columns of accounts repeat across requests; parsing each distinct text once spares the hot path. */
const parsedJson = new Map<string, unknown>();
/** Shared between requests, so frozen all the way down: a mutation throws instead of leaking into another request. */
function deepFreeze(value: unknown): unknown {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
function parseStoredJson<T>(text: string): T {
  let value = parsedJson.get(text);
  if (value === undefined) {
    if (parsedJson.size >= 5_000) parsedJson.clear();
    value = deepFreeze(JSON.parse(text) as unknown);
    parsedJson.set(text, value);
  }
  return value as T;
}

function toAccountRecord(row: AccountRow): AccountRecord {
  const plan: PlanRecord = {
    id: row.plan_id,
    name: row.plan_name,
    rpm: row.plan_rpm,
    daily: row.plan_daily,
    credits: row.plan_credits,
    websocket: row.plan_websocket === 1,
  };
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    plan,
    balance: row.balance,
    reserved: row.reserved,
    products: parseStoredJson<string[]>(row.products),
    websocketAddons: parseStoredJson<WebsocketAddon[]>(row.websocket_addons),
    retentionPolicy: parseStoredJson<Record<string, unknown>>(row.retention_policy),
    metadata: parseStoredJson<Record<string, unknown>>(row.metadata),
    limits: { rpm: row.rpm_limit ?? plan.rpm, daily: row.daily_limit ?? plan.daily },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` uniformly random base62 characters (bytes ≥ 248 are rejected so no character is favoured). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function invalidInput(error: z.ZodError): AlphaError {
  const fields = fieldErrorsFromZod(error);
  const first = Object.entries(fields)[0];
  return new AlphaError("invalid_parameter", first ? `Invalid '${first[0]}': ${first[1][0]}` : "Invalid input", { details: { fields } });
}

const websocketAddonInputSchema = z.object({
  product: z.enum(STREAM_PRODUCTS),
  tier: z.string().trim().min(1).max(40),
  enabled: z.boolean().default(true),
});

export const createAccountInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  plan: z.enum(PLAN_IDS),
  /** Starting balance; the plan's credits when absent. */
  balance: z.number().int().min(0).optional(),
  products: z.array(z.enum(PRODUCTS)).optional(),
  /** WebSocket add-ons; the plan's default tier on every stream when absent. */
  websocketAddons: z.array(websocketAddonInputSchema).optional(),
  /** Adds (true) or removes (false) the Symbols scope on top of `products`. */
  symbolsScope: z.boolean().optional(),
  /** Whether the account may opt out of retained request content (`X-Alpha-Content-Retention: none`). */
  retentionOptOut: z.boolean().optional(),
  /** Overrides of the plan's rate limits. */
  rpm: z.number().int().min(1).optional(),
  daily: z.number().int().min(1).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type CreateAccountInput = z.input<typeof createAccountInputSchema>;

function getPlan(ctx: ServiceContext, planId: string): PlanRecord {
  const row = prepared(ctx.db, "SELECT id, name, rpm, daily, credits, websocket FROM plans WHERE id = ?").get(planId) as
    | (Omit<PlanRecord, "websocket"> & { websocket: number })
    | undefined;
  if (!row) throw new AlphaError("invalid_parameter", `Unknown plan '${planId}'`);
  return { ...row, websocket: row.websocket === 1 };
}

/** Creates an account on a plan with its starting balance (written to the ledger as a grant). */
export function createAccount({ ctx, input }: { ctx: ServiceContext; input: CreateAccountInput }): AccountRecord {
  const parsed = createAccountInputSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const v = parsed.data;
  const plan = getPlan(ctx, v.plan);

  const products = new Set<string>(v.products ?? DEFAULT_PRODUCTS);
  if (v.symbolsScope === true) products.add("symbols");
  if (v.symbolsScope === false) products.delete("symbols");

  const defaultTier = DEFAULT_WEBSOCKET_TIER[v.plan];
  const addons: WebsocketAddon[] =
    v.websocketAddons ?? (defaultTier ? STREAM_PRODUCTS.map((product) => ({ product, tier: defaultTier, enabled: true })) : []);
  if (!plan.websocket && addons.some((a) => a.enabled)) {
    throw new AlphaError("invalid_parameter", `The ${plan.name} plan holds no WebSocket add-ons`, {
      details: { fields: { websocketAddons: ["not available on this plan"] } },
    });
  }

  const id = `acc_${randomBase62(20)}`;
  const now = ctx.clock.now().toISOString();
  const balance = v.balance ?? plan.credits;
  const metadata = { crm_id: `crm_${randomBase62(12)}`, ...v.metadata };
  ctx.db.transaction(() => {
    prepared(
      ctx.db,
      `INSERT INTO accounts (id, name, status, plan_id, balance, reserved, products, websocket_addons, retention_policy, metadata,
         created_at, updated_at, rpm_limit, daily_limit)
       VALUES (?, ?, 'active', ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      v.name,
      plan.id,
      JSON.stringify(PRODUCTS.filter((p) => products.has(p))),
      JSON.stringify(addons),
      JSON.stringify({ allow_opt_out: v.retentionOptOut ?? false }),
      JSON.stringify(metadata),
      now,
      now,
      v.rpm ?? null,
      v.daily ?? null,
    );
    if (balance > 0) creditCredits({ ctx, input: { accountId: id, amount: balance, entryType: "grant", metadata: { reason: "opening balance" } } });
  })();
  return getAccountOrThrow(ctx, id);
}

export function getAccount(ctx: ServiceContext, accountId: string): AccountRecord | null {
  const row = prepared(ctx.db, `SELECT ${ACCOUNT_COLUMNS} FROM accounts a JOIN plans p ON p.id = a.plan_id WHERE a.id = ?`).get(accountId) as
    | AccountRow
    | undefined;
  return row ? toAccountRecord(row) : null;
}

export function getAccountOrThrow(ctx: ServiceContext, accountId: string): AccountRecord {
  const account = getAccount(ctx, accountId);
  if (!account) throw new AlphaError("not_found", `No account ${accountId}`);
  return account;
}

export function listAccounts(ctx: ServiceContext): AccountRecord[] {
  const rows = prepared(ctx.db, `SELECT ${ACCOUNT_COLUMNS} FROM accounts a JOIN plans p ON p.id = a.plan_id ORDER BY a.created_at, a.id`).all() as AccountRow[];
  return rows.map(toAccountRecord);
}

/** Issues a new key for an account. The key itself is returned once and only its SHA-256 is stored. */
export function issueApiKey({ ctx, input }: { ctx: ServiceContext; input: { accountId: string; label?: string } }): ApiKeyRecord & { key: string } {
  getAccountOrThrow(ctx, input.accountId);
  const key = `${API_KEY_PREFIX}${randomBase62(API_KEY_RANDOM_CHARS)}`;
  const record: ApiKeyRecord = {
    id: `key_${randomBase62(16)}`,
    accountId: input.accountId,
    prefix: key.slice(0, KEY_DISPLAY_CHARS),
    label: input.label?.trim() || null,
    createdAt: ctx.clock.now().toISOString(),
    revokedAt: null,
  };
  prepared(ctx.db, "INSERT INTO api_keys (id, account_id, key_hash, prefix, label, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    record.id,
    record.accountId,
    hashApiKey(key),
    record.prefix,
    record.label,
    record.createdAt,
  );
  return { ...record, key };
}

interface KeyRow {
  id: string;
  account_id: string;
  prefix: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}
const toKeyRecord = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  accountId: r.account_id,
  prefix: r.prefix,
  label: r.label,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** Revokes a key; later requests with it are answered `invalid_api_key`. Revoking twice keeps the first time. */
export function revokeApiKey({ ctx, input }: { ctx: ServiceContext; input: { keyId: string } }): ApiKeyRecord {
  prepared(ctx.db, "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?").run(ctx.clock.now().toISOString(), input.keyId);
  const row = prepared(ctx.db, "SELECT id, account_id, prefix, label, created_at, revoked_at FROM api_keys WHERE id = ?").get(input.keyId) as
    | KeyRow
    | undefined;
  if (!row) throw new AlphaError("not_found", `No API key ${input.keyId}`);
  return toKeyRecord(row);
}

export function listApiKeys(ctx: ServiceContext, accountId: string): ApiKeyRecord[] {
  const rows = prepared(ctx.db, "SELECT id, account_id, prefix, label, created_at, revoked_at FROM api_keys WHERE account_id = ? ORDER BY created_at, id").all(
    accountId,
  ) as KeyRow[];
  return rows.map(toKeyRecord);
}

interface AuthCache {
  version: number;
  byHash: Map<string, { caller: Caller; account: AccountRecord } | null>;
}
const authCaches = new WeakMap<Db, AuthCache>();
const MAX_CACHED_KEYS = 10_000;

function lookupKey(ctx: ServiceContext, keyHash: string): { caller: Caller; account: AccountRecord } | null {
  const row = prepared(
    ctx.db,
    `SELECT k.id AS key_id, ${ACCOUNT_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.id = a.plan_id
     WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
  ).get(keyHash) as (AccountRow & { key_id: string }) | undefined;
  return row ? { caller: { accountId: row.id, keyId: row.key_id }, account: toAccountRecord(row) } : null;
}

/**
 * The caller and account behind a key (null when unknown or revoked), and the dataset version, in one statement on
 * the hot path. Key lookups are cached until a trigger-kept version changes (any write to keys, plans or an
 * account's entitlements, from any connection); the balance is always read fresh.
 */
export function authenticateKey(ctx: ServiceContext, key: string): { found: { caller: Caller; account: AccountRecord } | null; dataVersion: number } {
  const keyHash = key.startsWith(API_KEY_PREFIX) && key.length <= 128 ? hashApiKey(key) : "";
  const live = prepared(
    ctx.db,
    `SELECT d.version, d.auth, a.balance, a.updated_at FROM data_version d
     LEFT JOIN api_keys k ON k.key_hash = ? LEFT JOIN accounts a ON a.id = k.account_id WHERE d.id = 1`,
  ).get(keyHash) as { version: number; auth: number; balance: number | null; updated_at: string | null } | undefined;
  if (!live || !keyHash || live.balance === null || live.updated_at === null) return { found: null, dataVersion: live?.version ?? -1 };
  let cache = authCaches.get(ctx.db);
  if (!cache || cache.version !== live.auth) {
    cache = { version: live.auth, byHash: new Map() };
    authCaches.set(ctx.db, cache);
  }
  let found = cache.byHash.get(keyHash);
  if (found === undefined) {
    found = deepFreeze(lookupKey(ctx, keyHash)) as { caller: Caller; account: AccountRecord } | null;
    if (cache.byHash.size >= MAX_CACHED_KEYS) cache.byHash.clear();
    cache.byHash.set(keyHash, found);
  }
  if (!found) return { found: null, dataVersion: live.version };
  return { found: { caller: found.caller, account: { ...found.account, balance: live.balance, updatedAt: live.updated_at } }, dataVersion: live.version };
}

/** The caller and account behind a key, or null when the key is unknown or revoked. */
export function findCallerByKey(ctx: ServiceContext, key: string): { caller: Caller; account: AccountRecord } | null {
  return authenticateKey(ctx, key).found;
}

/** Tops up an account (a `topup` ledger row). */
export function addCredits({ ctx, input }: { ctx: ServiceContext; input: { accountId: string; amount: number } }): { balanceAfter: number } {
  getAccountOrThrow(ctx, input.accountId);
  return creditCredits({ ctx, input: { accountId: input.accountId, amount: input.amount, entryType: "topup" } });
}

/** Enables or disables an account; a disabled account's keys are refused with `account_disabled`. */
export function setAccountStatus({ ctx, input }: { ctx: ServiceContext; input: { accountId: string; status: "active" | "disabled" } }): AccountRecord {
  const result = prepared(ctx.db, "UPDATE accounts SET status = ?, updated_at = ? WHERE id = ?").run(input.status, ctx.clock.now().toISOString(), input.accountId);
  if (result.changes === 0) throw new AlphaError("not_found", `No account ${input.accountId}`);
  return getAccountOrThrow(ctx, input.accountId);
}

/** Changes the products an account holds. */
export function setAccountProducts({ ctx, input }: { ctx: ServiceContext; input: { accountId: string; products: Product[] } }): AccountRecord {
  const wanted = new Set<string>(input.products);
  const result = prepared(ctx.db, "UPDATE accounts SET products = ?, updated_at = ? WHERE id = ?").run(
    JSON.stringify(PRODUCTS.filter((p) => wanted.has(p))),
    ctx.clock.now().toISOString(),
    input.accountId,
  );
  if (result.changes === 0) throw new AlphaError("not_found", `No account ${input.accountId}`);
  return getAccountOrThrow(ctx, input.accountId);
}
