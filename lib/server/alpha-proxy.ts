import "server-only";
/**
 * The desk's access to the Alpha API with a user's stored key (interface for pages and route handlers):
 * - callAlpha(user, endpointId, { path?, query?, body? }, { fresh?, retention?, ctx? }) → { data, meta }
 *   meta = { endpoint, creditsCharged, balance, cached, ageSeconds, fetchedAt, rateLimit }
 * Order: the catalogue validates the input (400 before any credit is spent) → the user's key (428 no_api_key) →
 * a paid GET inside its freshness window comes from the desk cache (0 credits, cached, ageSeconds) → identical GETs
 * in flight share one upstream call (both keyed by the answer's owner: the account, or the key for key-scoped endpoints) → the call → spend log → cache. `fresh: true` skips the cache read and the
 * sharing (a paid refresh) and refreshes the cache. Errors are AlphaErrors with the desk's statuses: 401
 * invalid_api_key (stored key rejected), 402, 403, 404, 429 (retryAfter), 502 upstream_*, 504 upstream_timeout.
 */
import type { CallInput } from "@/lib/alpha/client";
import { createAlphaClient, prepareRequest } from "@/lib/alpha/client";
import type { EndpointId, ResponseOf } from "@/lib/alpha/catalogue";
import { catalogue } from "@/lib/alpha/catalogue";
import { chargeFor, isPaid } from "@/lib/alpha/costs";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import type { ProxyMeta } from "@/lib/desk/envelope";
import type { DeskContext } from "./context";
import { getDeskContext } from "./default-context";
import { scrubSecret, withUserKey } from "./key-vault";
import { assertNotBackingOff, backOff, rememberRpm, sharedFreeSeconds } from "./background-budget";
import { answerOwner, readCachedAnswer, requestKey, writeCachedAnswer } from "./response-cache";
import { reuseRecentSummary, recordAfterCall } from "./money-records";
import { canonicalBody, MAX_LINK_REUSE_SECONDS, reuseSignedLinks, SIGNED_LINK_ENDPOINTS } from "./signed-links";
import { recordSpend } from "./spend";
import type { SessionUser } from "./users";

export type { ProxyMeta } from "@/lib/desk/envelope";

export interface ProxyResult<K extends EndpointId> {
  data: ResponseOf<K>;
  meta: ProxyMeta;
}

export interface CallAlphaOptions {
  /** Skip the cache and the sharing of in-flight calls: a paid refresh. */
  fresh?: boolean;
  /** Only look in the desk's cache: the cached answer (0 credits), or null; never calls upstream, never charges. */
  peek?: boolean;
  /** `X-Alpha-Content-Retention: none` on summaries and batch uploads. */
  retention?: "none";
  /** The desk's own label of a call (where a summary's symbols came from), kept in its record; never sent upstream. */
  label?: string;
  ctx?: DeskContext;
}

/** Turns an upstream failure into the desk's answer; never lets the key through in a message or detail. */
export function mapUpstreamError(error: unknown, apiKey: string): AlphaError {
  if (!isAlphaError(error)) {
    const text = scrubSecret(error instanceof Error ? `${error.name}: ${error.message}` : String(error), apiKey);
    console.error(JSON.stringify({ level: "error", msg: "alpha call failed", error: text }));
    return new AlphaError("internal_error", "Something went wrong in the desk while calling the Alpha service");
  }
  const details = error.details ? (JSON.parse(scrubSecret(JSON.stringify(error.details), apiKey)) as Record<string, unknown>) : undefined;
  switch (error.code) {
    case "upstream_unreachable":
      return new AlphaError("upstream_unreachable", "The Alpha service could not be reached. Try again in a moment.");
    case "upstream_timeout":
      return new AlphaError("upstream_timeout", "The Alpha service did not answer in time. Try again in a moment.");
    case "upstream_contract_violation":
      return new AlphaError("upstream_contract_violation", scrubSecret(error.message, apiKey), { ...(details ? { details } : {}) });
  }
  if (error.status === 401) {
    return new AlphaError("invalid_api_key", "The Alpha service rejected your stored key. Replace it in Settings.");
  }
  if (error.status >= 500) {
    return new AlphaError("upstream_error", `The Alpha service failed to answer (HTTP ${error.status}). Try again later.`);
  }
  return new AlphaError(error.code, scrubSecret(error.message, apiKey), {
    status: error.status,
    ...(details ? { details } : {}),
    ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
  });
}

function sharedMeta(meta: ProxyMeta, now: Date): ProxyMeta {
  const ageSeconds = Math.max(0, Math.floor((now.getTime() - Date.parse(meta.fetchedAt)) / 1000));
  return { ...meta, creditsCharged: 0, cached: true, ageSeconds };
}

/** An answer as the proxy passes it on: its JSON text always, the parsed data when it is at hand. */
export interface ProxyAnswer {
  json: string;
  data: unknown;
  meta: ProxyMeta;
}

const NOT_PARSED = Symbol("not parsed");

/**
 * The proxy logic shared by callAlpha (server components) and the /api/alpha route (which sends `json` on as is, so a
 * cached answer is never parsed and re-serialised).
 */
export async function proxyAlphaCall<K extends EndpointId>(
  user: SessionUser,
  id: K,
  input: CallInput<K>,
  options: CallAlphaOptions & { peek: true },
): Promise<ProxyAnswer | null>;
export async function proxyAlphaCall<K extends EndpointId>(user: SessionUser, id: K, input: CallInput<K>, options?: CallAlphaOptions): Promise<ProxyAnswer>;
export async function proxyAlphaCall<K extends EndpointId>(
  user: SessionUser,
  id: K,
  input: CallInput<K>,
  options: CallAlphaOptions = {},
): Promise<ProxyAnswer | null> {
  const ctx = options.ctx ?? (await getDeskContext());
  const def = catalogue[id];
  const callOptions = options.retention ? { retention: options.retention } : {};
  // Validation first: a request the catalogue refuses never reaches the key, the cache or the upstream.
  const prepared = prepareRequest(id, input, callOptions);
  const { apiKey, accountId, keyId } = await withUserKey(user.id, ctx);
  const paid = isPaid(id);
  const isGet = def.method === "GET";
  // Signed links are reused until shortly before they expire: their POST is cached and shared like a paid GET.
  const signedLinks = SIGNED_LINK_ENDPOINTS.has(id);
  const cacheable = (isGet && paid && def.freshnessSeconds > 0) || signedLinks;
  const shared = isGet || signedLinks;
  // Cache and in-flight sharing are keyed by the answer's owner: a key-scoped answer (a batch job) is never shared
  // with another key of the same account.
  const key = requestKey(answerOwner(id, { accountId, keyId }), id, def.method, signedLinks ? `${prepared.url}#${canonicalBody(prepared.parsed)}` : prepared.url);

  const participantFree = (shared: ProxyAnswer): ProxyAnswer => ({ ...shared, meta: sharedMeta(shared.meta, ctx.now()) });
  const participant = async (shared: ProxyAnswer): Promise<ProxyAnswer> => {
    if (paid) await recordSpend(ctx, { userId: user.id, endpoint: id, credits: 0, accountId, cached: true });
    return { ...shared, meta: sharedMeta(shared.meta, ctx.now()) };
  };

  const fromUpstream = async (): Promise<ProxyAnswer> => {
    const client = createAlphaClient({
      baseUrl: ctx.config.alphaBaseUrl,
      apiKey,
      fetch: ctx.fetch,
      timeoutMs: ctx.config.upstreamTimeoutMs,
      // A paid call that timed out may have been charged: never send it twice on our own.
      retries: paid ? 0 : 1,
      maxRetryWaitMs: 0,
    });
    let response;
    try {
      response = await client.call(id, input, callOptions);
    } catch (error) {
      const mapped = mapUpstreamError(error, apiKey);
      // The account's rate limit is spent: every caller of this account waits with it, instead of asking again.
      if (mapped.status === 429) backOff(ctx, accountId, mapped.retryAfter);
      throw mapped;
    }
    const fetchedAt = ctx.now();
    rememberRpm(ctx, accountId, response.meta.rateLimit?.limit);
    const credits = response.meta.creditsCharged ?? chargeFor(id, prepared.parsed, response.data);
    const json = JSON.stringify(response.data);
    // Spent credits or changed state (a cancelled job): shared answers of the account are out of date.
    if (credits > 0 || !isGet) forgetAccountMemo(ctx, accountId);
    // The credits are spent: a failing write of the log, the record or the cache must not cost the user the answer too.
    const written = await Promise.all([
      paid
        ? recordSpend(ctx, {
            userId: user.id,
            endpoint: id,
            credits,
            accountId,
            cached: false,
            requestId: response.meta.requestId,
            jobId: id === "createBatchJob" ? (response.data as { id: string }).id : null,
          })
        : null,
      cacheable ? writeCachedAnswer(ctx, { key, accountId, endpoint: id, body: json, fetchedAt }) : null,
      recordAfterCall(ctx, user, id, { accountId, parsed: prepared.parsed, data: response.data, credits, retention: options.retention, label: options.label }),
    ]).catch((error: unknown) => {
      console.error(JSON.stringify({ level: "error", msg: "spend log, record or cache write failed", endpoint: id, error: String(error) }));
      return null;
    });
    const meta: ProxyMeta = {
      endpoint: id,
      creditsCharged: credits,
      balance: response.meta.balance,
      cached: false,
      ageSeconds: 0,
      fetchedAt: fetchedAt.toISOString(),
      rateLimit: response.meta.rateLimit,
      recordId: written?.[2] ?? null,
    };
    return { json, data: response.data, meta };
  };

  // A summary repeated within its dedupe window opens the earlier paid result: the server decides, at 0 credits.
  if (id === "createDailySummary" && !options.fresh) {
    const earlier = await reuseRecentSummary(ctx, user, prepared.parsed);
    if (earlier) {
      await recordSpend(ctx, { userId: user.id, endpoint: id, credits: 0, accountId, cached: true });
      const ageSeconds = Math.max(0, Math.floor((ctx.now().getTime() - Date.parse(earlier.createdAt)) / 1000));
      const meta: ProxyMeta = { endpoint: id, creditsCharged: 0, balance: null, cached: true, ageSeconds, fetchedAt: earlier.createdAt, rateLimit: null, recordId: earlier.id };
      return { json: JSON.stringify(earlier.response), data: earlier.response, meta };
    }
  }

  const fromCache = async (): Promise<ProxyAnswer | null> => {
    if (!cacheable) return null;
    const hit = await readCachedAnswer(ctx, key, signedLinks ? MAX_LINK_REUSE_SECONDS : def.freshnessSeconds);
    const age = hit ? Math.max(0, Math.floor((ctx.now().getTime() - hit.fetchedAt.getTime()) / 1000)) : 0;
    const json = hit && signedLinks ? reuseSignedLinks(hit.body, age) : (hit?.body ?? null);
    if (!hit || json === null) return null;
    const fetchedAt = hit.fetchedAt.toISOString();
    return { json, data: NOT_PARSED, meta: { endpoint: id, creditsCharged: 0, balance: null, cached: true, ageSeconds: 0, fetchedAt, rateLimit: null, recordId: null } };
  };

  if (options.peek) {
    if (!cacheable) return null;
    const hit = await fromCache();
    return hit ? participant(hit) : null;
  }

  if (!shared || options.fresh) {
    assertNotBackingOff(ctx, accountId);
    return fromUpstream();
  }

  // A free answer of the account (calendars, indexes, the profile) is shared a while by every tab and user of it:
  // the desk's own page loads must not spend the account's rate limit.
  const shareSeconds = sharedFreeSeconds(id);
  if (shareSeconds > 0) {
    const memoKey = `${accountId}:free:${key}`;
    const hit = ctx.memo.get(memoKey);
    if (hit && hit.expiresAt > Date.now()) return participantFree(await (hit.value as Promise<ProxyAnswer>));
    assertNotBackingOff(ctx, accountId);
    const value = fromUpstream();
    ctx.memo.set(memoKey, { expiresAt: Date.now() + shareSeconds * 1000, value });
    value.catch(() => {
      if (ctx.memo.get(memoKey)?.value === value) ctx.memo.delete(memoKey);
    });
    return value;
  }
  assertNotBackingOff(ctx, accountId);

  // Identical GETs share one flight: the first looks in the cache and, on a miss, calls upstream.
  const inFlight = ctx.flights.get(key) as Promise<ProxyAnswer> | undefined;
  if (inFlight) return participant(await inFlight);
  const flight = (async (): Promise<ProxyAnswer> => (await fromCache()) ?? fromUpstream())();
  ctx.flights.set(key, flight);
  try {
    const result = await flight;
    return result.meta.cached ? await participant(result) : result;
  } finally {
    if (ctx.flights.get(key) === flight) ctx.flights.delete(key);
  }
}

/**
 * A free answer the desk already holds from another path (the key check's account profile) joins the share as if
 * fetched now, so the first page after it does not ask the upstream again; the rpm it reported is remembered too.
 */
export function seedSharedAnswer<K extends EndpointId>(
  ctx: DeskContext,
  who: { accountId: string; keyId: string },
  id: K,
  input: CallInput<K>,
  answer: { data: unknown; rateLimit: ProxyMeta["rateLimit"] },
): void {
  rememberRpm(ctx, who.accountId, answer.rateLimit?.limit);
  const shareSeconds = sharedFreeSeconds(id);
  if (shareSeconds <= 0) return;
  const def = catalogue[id];
  const key = requestKey(answerOwner(id, who), id, def.method, prepareRequest(id, input).url);
  const meta: ProxyMeta = {
    endpoint: id,
    creditsCharged: 0,
    balance: null,
    cached: false,
    ageSeconds: 0,
    fetchedAt: ctx.now().toISOString(),
    rateLimit: answer.rateLimit,
    recordId: null,
  };
  const value: ProxyAnswer = { json: JSON.stringify(answer.data), data: answer.data, meta };
  ctx.memo.set(`${who.accountId}:free:${key}`, { expiresAt: Date.now() + shareSeconds * 1000, value: Promise.resolve(value) });
}

export async function callAlpha<K extends EndpointId>(
  user: SessionUser,
  id: K,
  input: CallInput<K>,
  options: CallAlphaOptions = {},
): Promise<ProxyResult<K>> {
  const answer = await proxyAlphaCall(user, id, input, options);
  const data = answer.data === NOT_PARSED ? (JSON.parse(answer.json) as unknown) : answer.data;
  return { data: data as ResponseOf<K>, meta: answer.meta };
}

/** Drops the memoised free account calls of an account (its balance just changed). */
export function forgetAccountMemo(ctx: DeskContext, accountId: string): void {
  for (const k of ctx.memo.keys()) if (k.startsWith(`${accountId}:`)) ctx.memo.delete(k);
}
