import "server-only";
/**
 * Desk tokens: a script's key to the desk's `/alpha` base. Minted by an admin (for anyone) or a member (for
 * themselves, within their seat), shown once, stored as a SHA-256 hash; scopes from the endpoint catalogue, credit caps
 * per IST day and month counted before a call with the same conditional upsert that guards seats, an rpm limit, an
 * expiry and an optional source-address allow-list. Revoked by an admin or the owner.
 */
import { createHash, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { sql } from "kysely";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { isPaid } from "@/lib/alpha/costs";
import { AlphaError } from "@/lib/alpha/errors";
import { istDateString } from "@/lib/alpha/time";
import type { DeskToken, MintedToken, TokenScope } from "@/lib/desk/desk-tokens";
import { DESK_TOKEN_PREFIX, mintTokenInputSchema, TOKEN_SCOPE_LABELS, TOKEN_SCOPES } from "@/lib/desk/desk-tokens";
import type { DeskContext } from "../core/context";
import type { DeskDb } from "../core/db";
import { toNumber } from "../core/db";
import { newSequentialId } from "../core/ids";
import type { DeskTokensTable, TokenTables } from "../core/token-tables";
import { teamsDb } from "../core/teams-tables";
import { tokensDb } from "../core/token-tables";
import { parseOrThrow, type SessionUser } from "../identity/users";
import { writeAudit } from "./audit";
import { getSeat } from "./seats";

/** What the gateway needs of a token on each call (read once per call, never the hash). */
export interface ActiveToken {
  id: string;
  name: string;
  ownerId: string;
  scopes: readonly TokenScope[];
  dailyCap: number | null;
  monthlyCap: number | null;
  rpm: number | null;
  allowedAddresses: readonly string[] | null;
  expiresAt: string | null;
}

export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The scope an endpoint needs: batch endpoints are `batch`, the summary `summaries`, other paid calls `data`. */
export function scopeOf(id: EndpointId): TokenScope {
  if (id === "createBatchJob" || id === "listBatchJobs" || id === "getBatchJob" || id === "cancelBatchJob" || id === "getBatchJobResults") return "batch";
  if (id === "createDailySummary") return "summaries";
  return isPaid(id) ? "data" : "free";
}

function parseJsonList(text: string | null): string[] {
  if (text === null) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function toActive(row: DeskTokensTable): ActiveToken {
  const allowed = row.allowed_addresses === null ? null : parseJsonList(row.allowed_addresses);
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    scopes: parseJsonList(row.scopes).filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s)),
    dailyCap: row.daily_cap === null ? null : toNumber(row.daily_cap),
    monthlyCap: row.monthly_cap === null ? null : toNumber(row.monthly_cap),
    rpm: row.rpm === null ? null : toNumber(row.rpm),
    allowedAddresses: allowed && allowed.length > 0 ? allowed : null,
    expiresAt: row.expires_at,
  };
}

/** The periods a call counts in: the IST day and its month. */
export function tokenPeriods(now: Date): { day: string; month: string } {
  const day = istDateString(now);
  return { day, month: day.slice(0, 7) };
}

/** Midnight IST after `day` (YYYY-MM-DD), and the first midnight IST of the month after `month` (YYYY-MM), as ISO. */
export function periodReset(kind: "day" | "month", period: string): string {
  const [y, m, d] = period.split("-").map(Number) as [number, number, number | undefined];
  const next = kind === "day" ? Date.UTC(y, m - 1, (d ?? 1) + 1) : Date.UTC(y, m, 1);
  return new Date(next - 330 * 60_000).toISOString();
}

async function listRows(ctx: DeskContext, user: SessionUser) {
  let query = tokensDb({ ctx })
    .selectFrom("desk_tokens")
    .leftJoin("users", "users.id", "desk_tokens.owner_id")
    .selectAll("desk_tokens")
    .select("users.email as owner_email");
  if (user.role !== "admin") query = query.where("desk_tokens.owner_id", "=", user.id);
  return query.orderBy("desk_tokens.created_at", "desc").execute();
}

export async function listDeskTokens({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<DeskToken[]> {
  const rows = await listRows(ctx, user);
  const { day, month } = tokenPeriods(ctx.now());
  const counts = rows.length
    ? await tokensDb({ ctx })
        .selectFrom("desk_token_periods")
        .select(["token_id", "period", "counted"])
        .where("token_id", "in", rows.map((r) => r.id))
        .where("period", "in", [`d:${day}`, `m:${month}`])
        .execute()
    : [];
  const counted = new Map(counts.map((c) => [`${c.token_id}\u0000${c.period}`, toNumber(c.counted)]));
  return rows.map((row) => {
    const active = toActive(row);
    return {
      id: row.id,
      name: row.name,
      last4: row.last4,
      ownerId: row.owner_id,
      ownerEmail: row.owner_email ?? null,
      scopes: [...active.scopes],
      dailyCap: active.dailyCap,
      monthlyCap: active.monthlyCap,
      rpm: active.rpm,
      allowedAddresses: [...(active.allowedAddresses ?? [])],
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
      state: row.revoked_at !== null ? "revoked" : row.expires_at !== null && Date.parse(row.expires_at) <= ctx.now().getTime() ? "expired" : "active",
      lastUsedAt: row.last_used_at,
      spentToday: counted.get(`${row.id}\u0000d:${day}`) ?? 0,
      spentThisMonth: counted.get(`${row.id}\u0000m:${month}`) ?? 0,
    };
  });
}

const SEAT_SCOPE: Partial<Record<TokenScope, string>> = { data: "data", summaries: "summaries", batch: "batch_jobs" };

/**
 * Mints a token and answers its secret (the only time it is seen). A member mints for themselves only, with scopes
 * their seat permits and a daily cap within their allowance; an admin may mint for any active member.
 */
export async function mintDeskToken({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: unknown }): Promise<MintedToken> {
  const parsed = parseOrThrow(mintTokenInputSchema, input);
  const ownerId = parsed.ownerId ?? user.id;
  if (ownerId !== user.id && user.role !== "admin") throw new AlphaError("forbidden", "Only admins can mint a token for another member");
  const owner = await tokensDb({ ctx }).selectFrom("users").select(["id", "email", "role", "disabled"]).where("id", "=", ownerId).executeTakeFirst();
  if (!owner || toNumber(owner.disabled) === 1) throw new AlphaError("invalid_body", "The token's owner is not an active member", { status: 400, details: { ownerId: ["is not an active member"] } });
  if (owner.role !== "admin") {
    const seat = await getSeat({ ctx, input: { userId: owner.id } });
    const outside = parsed.scopes.filter((s) => SEAT_SCOPE[s] && !seat.actions.includes(SEAT_SCOPE[s] as (typeof seat.actions)[number]));
    if (outside.length > 0) {
      throw new AlphaError("invalid_body", `The member's seat does not include ${outside.map((s) => TOKEN_SCOPE_LABELS[s].toLowerCase()).join(", ")}`, {
        status: 400,
        details: { scopes: ["are outside the member's seat"] },
      });
    }
    if (seat.dailyAllowance !== null && parsed.dailyCap !== null && parsed.dailyCap > seat.dailyAllowance) {
      throw new AlphaError("invalid_body", `The daily cap may not exceed the member's daily allowance of ${seat.dailyAllowance} credits`, {
        status: 400,
        details: { dailyCap: [`may be at most ${seat.dailyAllowance}`] },
      });
    }
  }
  for (const address of parsed.allowedAddresses) {
    const bare = address.split("/")[0]!;
    if (isIP(bare) === 0) throw new AlphaError("invalid_body", `${address} is not an IP address`, { status: 400, details: { allowedAddresses: [`${address} is not an IP address`] } });
  }
  const now = ctx.now();
  const secret = `${DESK_TOKEN_PREFIX}${randomBytes(24).toString("base64url")}`;
  const row: DeskTokensTable = {
    id: newSequentialId("dtk", now.getTime()),
    token_hash: hashTokenSecret(secret),
    last4: secret.slice(-4),
    name: parsed.name,
    owner_id: owner.id,
    created_by: user.id,
    scopes: JSON.stringify([...new Set(parsed.scopes)]),
    daily_cap: parsed.dailyCap,
    monthly_cap: parsed.monthlyCap,
    rpm: parsed.rpm,
    allowed_addresses: parsed.allowedAddresses.length > 0 ? JSON.stringify(parsed.allowedAddresses) : null,
    expires_at: parsed.expiresInDays === null ? null : new Date(now.getTime() + parsed.expiresInDays * 86_400_000).toISOString(),
    created_at: now.toISOString(),
    revoked_at: null,
    last_used_at: null,
  };
  await teamsDb({ ctx }).transaction().execute(async (trx) => {
    await trx.withTables<TokenTables>().insertInto("desk_tokens").values(row).execute();
    await writeAudit({ ctx, db: trx, user, input: { action: "token.minted", target: `desk token "${row.name}" (…${row.last4}) for ${owner.email}`, change: `scopes ${JSON.parse(row.scopes).join(", ")}` } });
  });
  const token = (await listDeskTokens({ ctx, user })).find((t) => t.id === row.id);
  if (!token) throw new Error("minted token not found");
  return { token, secret };
}

type RevocationListener = (tokenId: string) => void;
const revocationListeners = new WeakMap<DeskContext, Set<RevocationListener>>();

/** Called on this instance as soon as a token is revoked here (other instances notice within their poll). */
export function onTokenRevoked({ ctx, listener }: { ctx: DeskContext; listener: RevocationListener }): () => void {
  let set = revocationListeners.get(ctx);
  if (!set) revocationListeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export async function revokeDeskToken({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<DeskToken> {
  const row = await tokensDb({ ctx }).selectFrom("desk_tokens").select(["id", "owner_id", "name", "last4", "revoked_at"]).where("id", "=", id).executeTakeFirst();
  if (!row || (user.role !== "admin" && row.owner_id !== user.id)) throw new AlphaError("not_found", "No such token");
  if (row.revoked_at === null) {
    await teamsDb({ ctx }).transaction().execute(async (trx) => {
      await trx.withTables<TokenTables>().updateTable("desk_tokens").set({ revoked_at: ctx.now().toISOString() }).where("id", "=", id).where("revoked_at", "is", null).execute();
      await writeAudit({ ctx, db: trx, user, input: { action: "token.revoked", target: `desk token "${row.name}" (…${row.last4})`, change: "revoked" } });
    });
    for (const listener of revocationListeners.get(ctx) ?? []) listener(id);
  }
  const token = (await listDeskTokens({ ctx, user })).find((t) => t.id === id);
  if (!token) throw new AlphaError("not_found", "No such token");
  return token;
}

/**
 * The token a secret names, when it is live (not revoked, not expired); else 401 in the service's words. The secret
 * is compared by its hash only.
 */
export async function authenticateDeskToken({ ctx, secret }: { ctx: DeskContext; secret: string | null }): Promise<ActiveToken> {
  if (!secret) throw new AlphaError("missing_api_key", "Send your desk token in the X-API-Key header");
  const row = await tokensDb({ ctx }).selectFrom("desk_tokens").selectAll().where("token_hash", "=", hashTokenSecret(secret)).executeTakeFirst();
  if (!row || row.revoked_at !== null) throw new AlphaError("invalid_api_key", "The desk token is not valid (unknown or revoked)");
  if (row.expires_at !== null && Date.parse(row.expires_at) <= ctx.now().getTime()) throw new AlphaError("invalid_api_key", `The desk token expired at ${row.expires_at}`);
  const owner = await tokensDb({ ctx }).selectFrom("users").select(["disabled"]).where("id", "=", row.owner_id).executeTakeFirst();
  if (!owner || toNumber(owner.disabled) === 1) throw new AlphaError("invalid_api_key", "The desk token's owner is no longer an active member");
  return toActive(row);
}

/** Tokens among `ids` that are no longer live (revoked, expired or gone): open streams of them are closed. */
export async function deadTokens({ ctx, ids }: { ctx: DeskContext; ids: readonly string[] }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tokensDb({ ctx }).selectFrom("desk_tokens").select(["id", "revoked_at", "expires_at"]).where("id", "in", [...ids]).execute();
  const now = ctx.now().getTime();
  const live = new Set(rows.filter((r) => r.revoked_at === null && (r.expires_at === null || Date.parse(r.expires_at) > now)).map((r) => r.id));
  return new Set(ids.filter((id) => !live.has(id)));
}

export async function touchDeskToken({ ctx, id }: { ctx: DeskContext; id: string }): Promise<void> {
  await tokensDb({ ctx }).updateTable("desk_tokens").set({ last_used_at: ctx.now().toISOString() }).where("id", "=", id).execute();
}

function ipv4ToNumber(address: string): number | null {
  const parts = address.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
  return (((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!) >>> 0;
}

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) reads as its IPv4 form. */
function normalAddress(address: string): string {
  const lower = address.trim().toLowerCase().replace(/^\[|\]$/g, "");
  return lower.startsWith("::ffff:") && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

export function addressAllowed(address: string | null, allowed: readonly string[] | null): boolean {
  if (allowed === null) return true;
  if (!address) return false;
  const client = normalAddress(address);
  return allowed.some((entry) => {
    const [base, bits] = entry.split("/") as [string, string | undefined];
    if (bits === undefined) return normalAddress(base) === client;
    const a = ipv4ToNumber(client);
    const b = ipv4ToNumber(base);
    const n = Number(bits);
    if (a === null || b === null || !Number.isInteger(n) || n < 0 || n > 32) return false;
    const mask = n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0;
    return (a & mask) === (b & mask);
  });
}

/** Scope (null: none needed yet, a socket's handshake), address and rpm, checked before anything is counted or sent. */
export async function admitTokenCall({ ctx, token, input }: { ctx: DeskContext; token: ActiveToken; input: { scope: TokenScope | null; address: string | null } }): Promise<void> {
  if (!addressAllowed(input.address, token.allowedAddresses)) {
    throw new AlphaError("address_not_allowed", "This desk token may not be used from this address. Nothing was charged.", { status: 403, details: { address: input.address } });
  }
  if (input.scope !== null && !token.scopes.includes(input.scope)) {
    throw new AlphaError("scope_required", `This desk token's scopes do not include ${TOKEN_SCOPE_LABELS[input.scope].toLowerCase()}. Nothing was charged.`, {
      details: { required_scope: input.scope, token_scopes: [...token.scopes] },
    });
  }
  if (token.rpm !== null) {
    const nowMs = ctx.now().getTime();
    const minute = Math.floor(nowMs / 60_000);
    const used = await ctx.shared.increment(`desk-token-rpm:${token.id}:${minute}`, 61_000);
    if (used > token.rpm) {
      const retryAfter = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
      throw new AlphaError("rate_limit_exceeded", `This desk token allows ${token.rpm} requests a minute. Try again in ${retryAfter} s.`, { retryAfter, details: { limit: token.rpm } });
    }
  }
}

/**
 * Counts `price` against the token's caps of the IST day and month inside `db` (the transaction that logs the pending
 * call): each is one conditional upsert that adds only while counted + price stays within the cap, so concurrent calls
 * on any instance never pass it. Refused with which cap and when it resets.
 */
export async function reserveTokenCaps({ ctx, db, token, price }: { ctx: DeskContext; db: DeskDb; token: ActiveToken; price: number }): Promise<string | null> {
  if (price <= 0) return null;
  const { day, month } = tokenPeriods(ctx.now());
  const tdb = db.withTables<{ desk_token_periods: { token_id: string; period: string; counted: number } }>();
  const count = async (period: string, cap: number | null): Promise<boolean> => {
    const values = db.selectNoFrom([sql<string>`${token.id}`.as("token_id"), sql<string>`${period}`.as("period"), sql<number>`cast(${price} as integer)`.as("counted")]);
    const result = await tdb
      .insertInto("desk_token_periods")
      .columns(["token_id", "period", "counted"])
      .expression(cap === null ? values : values.where(sql<boolean>`cast(${price} as integer) <= cast(${cap} as integer)`))
      .onConflict((oc) => {
        const update = oc.columns(["token_id", "period"]).doUpdateSet({ counted: sql<number>`desk_token_periods.counted + excluded.counted` });
        return cap === null ? update : update.where(sql<boolean>`desk_token_periods.counted + excluded.counted <= cast(${cap} as integer)`);
      })
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  };
  const refuse = async (kind: "day" | "month", period: string, cap: number): Promise<never> => {
    const row = await tdb.selectFrom("desk_token_periods").select("counted").where("token_id", "=", token.id).where("period", "=", period).executeTakeFirst();
    const remaining = Math.max(0, cap - toNumber(row?.counted));
    const resetsAt = periodReset(kind, period.slice(2));
    throw new AlphaError(
      "budget_exceeded",
      `This costs up to ${price} credits and desk token "${token.name}" has ${remaining} of its ${cap}-credit ${kind === "day" ? "daily" : "monthly"} cap left. Nothing was charged; the cap resets at ${resetsAt}.`,
      { details: { budget: { kind: `token_${kind === "day" ? "daily" : "monthly"}_cap`, token_id: token.id, cap, remaining, price, resets_at: resetsAt } } },
    );
  };
  if (!(await count(`d:${day}`, token.dailyCap))) await refuse("day", `d:${day}`, token.dailyCap!);
  if (!(await count(`m:${month}`, token.monthlyCap))) await refuse("month", `m:${month}`, token.monthlyCap!);
  return day;
}

/** Moves a token's counts of the day `day` and its month by `delta` (a settlement: the charge against what was counted). */
export async function moveTokenCaps({ db, input }: { db: DeskDb; input: { tokenId: string; day: string; delta: number } }): Promise<void> {
  if (input.delta === 0) return;
  const tdb = db.withTables<{ desk_token_periods: { token_id: string; period: string; counted: number } }>();
  await tdb
    .updateTable("desk_token_periods")
    .set({ counted: sql<number>`counted + ${Math.round(input.delta)}` })
    .where("token_id", "=", input.tokenId)
    .where("period", "in", [`d:${input.day}`, `m:${input.day.slice(0, 7)}`])
    .execute();
}
