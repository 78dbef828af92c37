import "server-only";
/**
 * "Never pay twice": paid GET answers kept in the desk database (shared by every instance), keyed by the answer's owner
 * (the account, or the key for key-scoped endpoints) and the normalised request, reused within their freshness.
 */
import { createHash } from "node:crypto";
import type * as z from "zod";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { catalogue } from "@/lib/alpha/catalogue";
import type { DeskContext } from "../core/context";
import { precompiled, writeGrouped } from "../core/precompiled";

/** The longest freshness window in the catalogue is a day; older rows are only ever misses, swept after this. */
export const RESPONSE_CACHE_KEEP_MS = 25 * 60 * 60 * 1000;

/**
 * Answers kept past that sweep: a call's analysis and a filing's table are settled once filed; a concall brief compares
 * quarters and the season scorecard reads tables (lib/server/briefs). Served as cached only within their freshness.
 */
export const KEPT_ENDPOINTS: readonly EndpointId[] = ["getConcallDetail", "getEarningsDetail"];

/** Every answer of `endpoint` the desk holds for an account, newest first: what a brief may use at 0 credits. */
export async function listHeldAnswers({ ctx, accountId, endpoint }: { ctx: DeskContext; accountId: string; endpoint: EndpointId }): Promise<CachedAnswer[]> {
  const rows = await ctx.db
    .selectFrom("response_cache")
    .select(["body", "fetched_at"])
    .where("account_id", "=", accountId)
    .where("endpoint", "=", endpoint)
    .orderBy("fetched_at", "desc")
    .execute();
  return rows.map((r) => ({ body: r.body, fetchedAt: new Date(r.fetched_at) }));
}

/** The held answers of `endpoint` that `schema` reads, newest first; one that is not JSON or not of the shape is skipped. */
export async function listHeldParsed<T>({ ctx, accountId, endpoint, schema }: { ctx: DeskContext; accountId: string; endpoint: EndpointId; schema: z.ZodType<T> }): Promise<T[]> {
  const out: T[] = [];
  for (const answer of await listHeldAnswers({ ctx, accountId, endpoint })) {
    let parsed;
    try {
      parsed = schema.safeParse(JSON.parse(answer.body));
    } catch {
      continue;
    }
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Whose answer a call gets, as the catalogue scopes the endpoint: `account:<id>` or `key:<fingerprint>`. */
export function answerOwner(endpoint: EndpointId, who: { accountId: string; keyId: string }): string {
  return catalogue[endpoint].scope === "key" ? `key:${who.keyId}` : `account:${who.accountId}`;
}

/** The cache and in-flight key of a request: its owner (see answerOwner), the endpoint and the normalised URL. */
export function requestKey(owner: string, endpoint: EndpointId, method: string, url: string): string {
  const input = JSON.stringify([owner, endpoint, method, url]);
  // The desk asks the same few requests all day: each input's hash is kept (the owner is part of the input).
  let key = requestKeys.get(input);
  if (key === undefined) {
    key = createHash("sha256").update(input).digest("hex");
    if (requestKeys.size >= REQUEST_KEYS_MAX) requestKeys.clear();
    requestKeys.set(input, key);
  }
  return key;
}
const REQUEST_KEYS_MAX = 5_000;
const requestKeys = new Map<string, string>();

export interface CachedAnswer {
  body: string;
  fetchedAt: Date;
}

const selectAnswer = precompiled(1, (db: DeskContext["db"], key: string) =>
  db.selectFrom("response_cache").select(["body", "fetched_at"]).where("cache_key", "=", key),
);

const upsertAnswer = precompiled(5, (db: DeskContext["db"], key: string, accountId: string, endpoint: string, body: string, fetchedAt: string) =>
  db
    .insertInto("response_cache")
    .values({ cache_key: key, account_id: accountId, endpoint, body, fetched_at: fetchedAt })
    .onConflict((oc) => oc.column("cache_key").doUpdateSet((eb) => ({ body: eb.ref("excluded.body"), fetched_at: eb.ref("excluded.fetched_at") }))),
);

/**
 * A refresh that brought the body the row holds: only the row's fetched_at moves, and never back (concurrent refreshes
 * of one request commit together, not always in the order their answers came). Conditioned on the body itself, not on
 * the fetched_at this process last saw, so a second refresh in the same group commit still only moves the time.
 */
const touchAnswer = precompiled(3, (db: DeskContext["db"], key: string, fetchedAt: string, body: string) =>
  db
    .updateTable("response_cache")
    .set((eb) => ({ fetched_at: eb.case().when("fetched_at", "<", fetchedAt).then(fetchedAt).else(eb.ref("fetched_at")).end() }))
    .where("cache_key", "=", key)
    .where("body", "=", body),
);

const selectFetchedAt = precompiled(1, (db: DeskContext["db"], key: string) =>
  db.selectFrom("response_cache").select(["fetched_at"]).where("cache_key", "=", key),
);

/**
 * The bodies this process last read or wrote, by cache key, with the row's fetched_at. The database stays the truth:
 * a hit still reads the row's fetched_at (a small read), and the body held here is used only when that is the one it
 * came with; a row another instance replaced, or the sweep removed, is read again or missed. Bounded by total size.
 */
const HELD_MAX_CHARS = 32 * 1024 * 1024;
const HELD_MAX_ENTRIES = 5_000;
interface HeldBodies {
  /**
   * `bytes`: the body as UTF-8, made the first time a hit is sent (see heldBytes), or the upstream's own bytes of the
   * answer this process wrote. `checked`: this process's contract check passed those bytes (see checkedAnswer).
   */
  entries: Map<string, { fetchedAt: string; body: string; bytes?: Uint8Array; checked?: boolean }>;
  /** What is held, in string characters and bytes. */
  chars: number;
}
const heldBodies = new WeakMap<DeskContext, HeldBodies>();

function held(ctx: DeskContext): HeldBodies {
  let h = heldBodies.get(ctx);
  if (!h) heldBodies.set(ctx, (h = { entries: new Map(), chars: 0 }));
  return h;
}

function forgetBody(h: HeldBodies, key: string): void {
  const old = h.entries.get(key);
  if (!old) return;
  h.entries.delete(key);
  h.chars -= old.body.length + (old.bytes?.length ?? 0);
}

function holdBody(ctx: DeskContext, key: string, fetchedAt: string, body: string, checkedBytes?: Uint8Array): void {
  const h = held(ctx);
  forgetBody(h, key);
  if (body.length > HELD_MAX_CHARS / 4) return;
  // Bytes read from a socket may be a view of a larger buffer (the headers, other reads): held, they are copied alone.
  const bytes = checkedBytes && checkedBytes.byteLength !== checkedBytes.buffer.byteLength ? new Uint8Array(checkedBytes) : checkedBytes;
  h.entries.set(key, bytes ? { fetchedAt, body, bytes, checked: true } : { fetchedAt, body });
  h.chars += body.length + (bytes?.length ?? 0);
  // The oldest held first (a Map keeps insertion order).
  for (const oldest of h.entries.keys()) {
    if (h.chars <= HELD_MAX_CHARS && h.entries.size <= HELD_MAX_ENTRIES) break;
    forgetBody(h, oldest);
  }
}

async function readRow(ctx: DeskContext, key: string): Promise<{ body: string; fetched_at: string } | null> {
  const h = held(ctx);
  const mine = h.entries.get(key);
  if (mine) {
    const [row] = await selectFetchedAt(ctx.db, key);
    if (!row) {
      forgetBody(h, key);
      return null;
    }
    if (row.fetched_at === mine.fetchedAt) return { body: mine.body, fetched_at: mine.fetchedAt };
  }
  const [row] = await selectAnswer(ctx.db, key);
  if (!row) return null;
  holdBody(ctx, key, row.fetched_at, row.body);
  return row;
}

const encoder = new TextEncoder();

/**
 * A cached body as UTF-8 bytes, to send: encoded once while this process holds the body for the key (a hit is sent
 * as bytes, and encoding ~10 kB on every hit cost more than the rest of the envelope), else encoded now.
 */
export function heldBytes({ ctx, key, body }: { ctx: DeskContext; key: string; body: string }): Uint8Array {
  const h = held(ctx);
  const mine = h.entries.get(key);
  if (!mine || mine.body !== body) return encoder.encode(body);
  if (!mine.bytes) {
    mine.bytes = encoder.encode(body);
    h.chars += mine.bytes.length;
  }
  return mine.bytes;
}

/**
 * The held answer's text and bytes when this process wrote it from an answer that passed its check (the same bytes need
 * no second check); null when it came from the database, was changed by the check, or nothing is held.
 */
export function checkedAnswer({ ctx, key }: { ctx: DeskContext; key: string }): { text: string; bytes: Uint8Array } | null {
  const mine = held(ctx).entries.get(key);
  return mine?.checked && mine.bytes ? { text: mine.body, bytes: mine.bytes } : null;
}

/**
 * The cached answer within its freshness; past it, still when `stillCurrent` says nothing can have changed since it
 * was fetched (asked only then: it may read the market calendar).
 */
export async function readCachedAnswer({
  ctx,
  key,
  freshnessSeconds,
  stillCurrent,
}: {
  ctx: DeskContext;
  key: string;
  freshnessSeconds: number;
  stillCurrent?: (fetchedAt: Date) => Promise<boolean>;
}): Promise<CachedAnswer | null> {
  const row = await readRow(ctx, key);
  if (!row) return null;
  const fetchedAt = new Date(row.fetched_at);
  const age = ctx.now().getTime() - fetchedAt.getTime();
  if (age < 0) return null;
  if (age < freshnessSeconds * 1000) return { body: row.body, fetchedAt };
  return stillCurrent && age < RESPONSE_CACHE_KEEP_MS && (await stillCurrent(fetchedAt)) ? { body: row.body, fetchedAt } : null;
}

export async function writeCachedAnswer(
  { ctx, entry }: { ctx: DeskContext; entry: { key: string; accountId: string; endpoint: EndpointId; body: string; fetchedAt: Date; checkedBytes?: Uint8Array }; },
): Promise<void> {
  // Expired rows are swept by the desk's periodic job (lib/server/schedules/desk-jobs.ts), once for all instances.
  const fetchedAt = entry.fetchedAt.toISOString();
  // A paid refresh mostly brings the body already stored: then the ~10 kB body is not written again, only fetched_at.
  const mine = held(ctx).entries.get(entry.key);
  if (mine && mine.body === entry.body) {
    const [touched] = await writeGrouped(ctx, [touchAnswer.compile(ctx.db, entry.key, fetchedAt, entry.body)]);
    if (touched === 1) {
      // The row keeps the later of the two times; this process's writes of the key resolve in the order they ran.
      const latest = held(ctx).entries.get(entry.key);
      const rowFetchedAt = latest && latest.body === entry.body && latest.fetchedAt > fetchedAt ? latest.fetchedAt : fetchedAt;
      holdBody(ctx, entry.key, rowFetchedAt, entry.body, entry.checkedBytes);
      return;
    }
    // The row holds another body now (another instance replaced it), or the sweep removed it: written whole.
  }
  await writeGrouped(ctx, [upsertAnswer.compile(ctx.db, entry.key, entry.accountId, entry.endpoint, entry.body, fetchedAt)]);
  holdBody(ctx, entry.key, fetchedAt, entry.body, entry.checkedBytes);
}
