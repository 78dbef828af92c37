import "server-only";
/**
 * The desk's door to the Alpha API with a user's key: the input checked before any credit, a paid GET answered from the
 * cache within its freshness, identical calls in flight merged (keyed by the answer's owner), the spend recorded.
 */
import type { AlphaClient, CallInput, PreparedRequest } from "@/lib/alpha/client";
import { createAlphaClient, prepareRequest } from "@/lib/alpha/client";
import type { EndpointId, ResponseOf } from "@/lib/alpha/catalogue";
import { catalogue } from "@/lib/alpha/catalogue";
import { chargeFor, isPaid } from "@/lib/alpha/costs";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import type { ProxyMeta } from "@/lib/desk/envelope";
import type { DeskContext } from "../core/context";
import { marketQuietBetween } from "@/lib/market/quiet-market";
import { activeCalendarView } from "../core/active-calendar";
import { scrubSecret, withUserKey } from "../identity/key-vault";
import { assertNotBackingOff, backOff, knownRpm, rememberRpm, sharedFreeSeconds, usageTtlMs } from "./background-budget";
import { unchangedCheckOf } from "./contract-check";
import { answerOwner, checkedAnswer, heldBytes, readCachedAnswer, requestKey, writeCachedAnswer } from "./response-cache";
import { requestedSymbols, STREAMED_LISTS, streamVerdict, type StreamVerdict } from "./stream-coverage";
import { reuseRecentSummary, recordAfterCall, recordsAfterCall } from "../records/money-records";
import { canonicalBody, MAX_LINK_REUSE_SECONDS, reuseSignedLinks, SIGNED_LINK_ENDPOINTS } from "./signed-links";
import { recordSpend } from "../records/spend";
import type { SessionUser } from "../identity/users";
import { guardPaidCall, reservationPrice } from "../teams/seats";
import { featureOf, ladderHold, ladderRefusal, ladderVerdict } from "../teams/budget-guard";
import { dropPaidCall, openPaidCall, settlePaidCall, type PaidCall } from "../records/pending-spend";
import { assertJobVisible, batchJobIdOf, ownershipApplies, recordJobOwner, visibleJobIds } from "../teams/visibility";

export type { ProxyMeta } from "@/lib/desk/envelope";

/** Feeds whose pages follow the market: a page bought while it was shut stays current until the next session. */
const FEED_LISTS: ReadonlySet<EndpointId> = new Set<EndpointId>(["listAnnouncements", "listNews", "listAlerts", "listBlockDeals", "listEarnings", "listConcalls"]);

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
}

/** One proxied call: the context, the signed-in user whose key pays, the endpoint and its input, and the call's options. */
export interface ProxyCall<K extends EndpointId> {
  ctx: DeskContext;
  user: SessionUser;
  id: K;
  input: CallInput<K>;
  options?: CallAlphaOptions;
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

/** An error the service answered with (a 4xx refusal): the service charges nothing for those. */
function refusedByService(error: unknown): boolean {
  return isAlphaError(error) && error.status >= 400 && error.status < 500 && !error.code.startsWith("upstream_");
}

/** The caller's error of a paid call whose charge is not known yet: it names the most it may have cost. */
function chargePending(mapped: AlphaError, call: PaidCall): AlphaError {
  return new AlphaError(mapped.code, `${mapped.message} The service may have charged up to ${call.quoted} credit${call.quoted === 1 ? "" : "s"}; the desk will confirm.`, {
    status: mapped.status,
    details: { ...mapped.details, charge_pending: { max_credits: call.quoted, client_request_id: call.clientRequestId } },
    ...(mapped.retryAfter !== undefined ? { retryAfter: mapped.retryAfter } : {}),
  });
}

function sharedMeta(meta: ProxyMeta, now: Date): ProxyMeta {
  const ageSeconds = Math.max(0, Math.floor((now.getTime() - Date.parse(meta.fetchedAt)) / 1000));
  // A call shared with the one that bought it was not bought again by this caller.
  const { boughtAgainBecause: _bought, ...rest } = meta;
  return { ...rest, creditsCharged: 0, cached: true, ageSeconds, heldBecause: meta.heldBecause ?? "fresh" };
}

/** An answer as the proxy passes it on: its JSON text always, the parsed data when it is at hand. */
export interface ProxyAnswer {
  json: string;
  /** `json` as UTF-8, when already at hand (a cached hit, or the upstream's own bytes of a call): sent as they are. */
  bytes?: Uint8Array;
  data: unknown;
  meta: ProxyMeta;
}

const NOT_PARSED = Symbol("not parsed");

/**
 * The proxy logic shared by callAlpha (server components) and the /api/alpha route (which sends `json` on as is, so a
 * cached answer is never parsed and re-serialised).
 */
export async function proxyAlphaCall<K extends EndpointId>(call: ProxyCall<K> & { options: CallAlphaOptions & { peek: true } }): Promise<ProxyAnswer | null>;
export async function proxyAlphaCall<K extends EndpointId>(call: ProxyCall<K>): Promise<ProxyAnswer>;
export async function proxyAlphaCall<K extends EndpointId>(call: ProxyCall<K>): Promise<ProxyAnswer | null> {
  const answer = await proxyKeyedCall(call);
  const { ctx, user, id } = call;
  if (!answer || id !== "listBatchJobs") return answer;
  // The organisation's key lists every member's jobs: a member sees their own (lib/server/teams/visibility.ts).
  const { source } = await withUserKey({ userId: user.id, ctx });
  if (!ownershipApplies(user, source)) return answer;
  const list = (answer.data === NOT_PARSED ? JSON.parse(answer.json) : answer.data) as { data: { id: string }[] };
  const own = await visibleJobIds({ ctx, user, input: { jobIds: list.data.map((j) => j.id) } });
  const data = { ...list, data: list.data.filter((j) => own.has(j.id)) };
  return { meta: answer.meta, json: JSON.stringify(data), data };
}

/**
 * Validated requests of bodiless calls, by endpoint and input: the desk asks the same few queries all day, and the
 * catalogue's validation is the same answer each time. Refusals are not kept (each throws afresh).
 */
const PREPARED_MAX = 2_000;
const preparedRequests = new Map<string, PreparedRequest>();

function prepareOnce<K extends EndpointId>(id: K, input: CallInput<K>, callOptions: { retention?: "none" }): PreparedRequest {
  const args = input as { path?: unknown; query?: unknown; body?: unknown } | undefined;
  if (args?.body !== undefined || callOptions.retention) return prepareRequest(id, input, callOptions);
  const key = `${id}\u0000${JSON.stringify(args?.path ?? null)}\u0000${JSON.stringify(args?.query ?? null)}`;
  const held = preparedRequests.get(key);
  if (held) return held;
  const prepared = prepareRequest(id, input, callOptions);
  // Shared by every later call of the same input: nobody may change it.
  if (prepared.parsed) Object.freeze(prepared.parsed);
  Object.freeze(prepared);
  if (preparedRequests.size >= PREPARED_MAX) preparedRequests.clear();
  preparedRequests.set(key, prepared);
  return prepared;
}

/** The contract check of an answer without zod's second tree (contract-check.ts): compiled once per endpoint. */
function unchangedByContract(id: EndpointId, value: unknown): boolean {
  return unchangedCheckOf(catalogue[id].response)(value);
}

/** One client per key and retry policy: building one makes a function per catalogue endpoint. */
const CLIENTS_MAX = 500;
const clients = new WeakMap<DeskContext, Map<string, AlphaClient>>();

function clientFor(ctx: DeskContext, apiKey: string, retries: number): AlphaClient {
  let held = clients.get(ctx);
  if (!held) clients.set(ctx, (held = new Map()));
  const key = `${retries}\u0000${apiKey}`;
  let client = held.get(key);
  if (!client) {
    client = createAlphaClient({
      baseUrl: ctx.config.alphaBaseUrl,
      apiKey,
      fetch: ctx.fetch,
      timeoutMs: ctx.config.upstreamTimeoutMs,
      retries,
      maxRetryWaitMs: 0,
      unchangedByContract,
    });
    if (held.size >= CLIENTS_MAX) held.clear();
    held.set(key, client);
  }
  return client;
}

async function proxyKeyedCall<K extends EndpointId>({ ctx, user, id, input, options = {} }: ProxyCall<K>): Promise<ProxyAnswer | null> {
  const def = catalogue[id];
  const callOptions = options.retention ? { retention: options.retention } : {};
  // Validation first: a request the catalogue refuses never reaches the key, the cache or the upstream.
  const prepared = prepareOnce(id, input, callOptions);
  const { apiKey, accountId, keyId, source } = await withUserKey({ userId: user.id, ctx });
  // Teams: on the organisation's key the member's seat decides which paid actions they take, and a batch job is seen
  // only by the member who submitted it and by admins (lib/server/teams). A peek never charges: no seat check.
  const seat = options.peek ? null : await guardPaidCall({ ctx, user, input: { id, source } });
  const jobId = batchJobIdOf(id, input);
  if (jobId !== null) await assertJobVisible({ ctx, user, input: { jobId, source } });
  const paid = isPaid(id);
  const isGet = def.method === "GET";
  // A budget past its limit: its ladder may hold this call to the desk's cache, or refuse it before any charge.
  const feature = featureOf(id);
  const hold = paid && !options.peek ? await ladderHold({ ctx, input: { accountId, userId: user.id, tokenId: null, features: feature ? [feature] : [] } }) : null;
  const laddered = ladderVerdict(hold, user, id, def.method) === "cache_only";
  // Signed links are reused until shortly before they expire: their POST is cached and shared like a paid GET.
  const signedLinks = SIGNED_LINK_ENDPOINTS.has(id);
  const cacheable = (isGet && paid && def.freshnessSeconds > 0) || signedLinks;
  const shared = isGet || signedLinks;
  // Cache and in-flight sharing are keyed by the answer's owner: a key-scoped answer (a batch job) is never shared
  // with another key of the same account.
  const key = requestKey(answerOwner(id, { accountId, keyId }), id, def.method, signedLinks ? `${prepared.url}#${canonicalBody(prepared.parsed)}` : prepared.url);

  const participantFree = (shared: ProxyAnswer): ProxyAnswer => ({ ...shared, meta: sharedMeta(shared.meta, ctx.now()) });
  const participant = async (shared: ProxyAnswer): Promise<ProxyAnswer> => {
    if (paid) await recordSpend({ ctx, entry: { userId: user.id, endpoint: id, credits: 0, accountId, cached: true } });
    return { ...shared, meta: sharedMeta(shared.meta, ctx.now()) };
  };

  const fromUpstream = async (): Promise<ProxyAnswer> => {
    // A paid call that timed out may have been charged: never send it twice on our own.
    const client = clientFor(ctx, apiKey, paid ? 0 : 1);
    // Logged as pending (and counted against the member's allowance) before it is sent, under the id the ledger will
    // name its debit by: whatever becomes of the answer, the charge is found and settled (records/pending-spend.ts).
    const pending = paid ? await openPaidCall({ ctx, user, input: { endpoint: id, accountId, price: await reservationPrice(id, prepared.parsed), seat } }) : null;
    // The answer this process last wrote for this request, checked by the contract: the same bytes need no second check.
    const checkedBefore = cacheable && !signedLinks ? checkedAnswer({ ctx, key }) : null;
    // The answer is as of its sending: a row made after this moment may be missing from it (stream-coverage.ts).
    const sentAt = ctx.now();
    let response;
    try {
      // The request validated above, sent as it is (not validated a second time).
      response = await client.send(id, prepared, {
        ...callOptions,
        keepText: true,
        ...(checkedBefore ? { checkedBefore } : {}),
        ...(pending ? { clientRequestId: pending.clientRequestId } : {}),
      });
    } catch (error) {
      const mapped = mapUpstreamError(error, apiKey);
      if (pending) {
        // The service answered with a refusal: it charged nothing. Any other end (a timeout, a cut-off answer, a 5xx)
        // may have been charged: the row stays pending until the ledger says, and the caller is told so.
        if (refusedByService(error)) await dropPaidCall({ ctx, input: { rowId: pending.rowId } }).catch(() => undefined);
        else throw chargePending(mapped, pending);
      }
      // The account's rate limit is spent: every caller of this account waits with it, instead of asking again.
      if (mapped.status === 429) await backOff({ ctx, accountId, retryAfterSeconds: mapped.retryAfter });
      throw mapped;
    }
    const fetchedAt = sentAt;
    rememberRpm({ ctx, accountId, rpm: response.meta.rateLimit?.limit });
    // What the service counted, as its headers said on this answer: the gauge shows it (lib/server/money/usage.ts).
    if (response.meta.rateLimit) await rememberRateLimit({ ctx, accountId, rate: response.meta.rateLimit }).catch(() => undefined);
    const credits = response.meta.creditsCharged ?? chargeFor(id, prepared.parsed, response.data);
    // The contract check stays; the upstream's text goes on as it came when the check left its value unchanged.
    const json = response.text ?? JSON.stringify(response.data);
    // Those very bytes, as the upstream sent them (well-formed UTF-8 of `json`): not encoded again on the way out.
    const bytes = response.text != null ? (response.bytes ?? undefined) : undefined;
    // Spent credits or changed state (a cancelled job): shared answers of the account are out of date.
    // A purchase that reported the new balance moves the held snapshot instead: the gauge's next read costs no request.
    if (credits > 0 || !isGet) {
      const moved = isGet && response.meta.balance !== null && (await moveHeldBalance({ ctx, accountId, balance: response.meta.balance, credits }).catch(() => false));
      if (!moved) await forgetAccountMemo({ ctx, accountId, stateChanged: !isGet }).catch(() => undefined);
    }
    // The credits are spent: a failing write of the log, the record or the cache must not cost the user the answer too.
    // Only the writes this call has (a fresh GET has two), awaited together.
    const writes: Promise<unknown>[] = [];
    if (pending) {
      const jobId = id === "createBatchJob" ? (response.data as { id: string }).id : null;
      // A batch job's lines are billed later, outside this call: its upper bound stays counted until the job ends.
      const counted = id === "createBatchJob" ? ("keep" as const) : credits;
      writes.push(settlePaidCall({ ctx, input: { rowId: pending.rowId, credits, requestId: response.meta.requestId, jobId, counted, uncounted: !pending.counted } }));
    }
    // The upstream's own bytes of a text the check left as it came: what checkedAnswer offers the next call.
    if (cacheable) writes.push(writeCachedAnswer({ ctx, entry: { key, accountId, endpoint: id, body: json, fetchedAt, ...(bytes && !signedLinks ? { checkedBytes: bytes } : {}) } }));
    const record = recordsAfterCall(id)
      ? recordAfterCall({ ctx, user, id, call: { accountId, parsed: prepared.parsed, data: response.data, credits, retention: options.retention, label: options.label } })
      : null;
    if (record) writes.push(record);
    if (id === "createBatchJob") writes.push(recordJobOwner({ ctx, user, input: { jobId: (response.data as { id: string }).id, accountId, source } }));
    const written = await (writes.length === 1 ? writes[0]! : Promise.all(writes)).then(
      () => true,
      (error: unknown) => {
        console.error(JSON.stringify({ level: "error", msg: "spend log, record or cache write failed", endpoint: id, error: String(error) }));
        return false;
      },
    );
    const meta: ProxyMeta = {
      endpoint: id,
      creditsCharged: credits,
      balance: response.meta.balance,
      cached: false,
      ageSeconds: 0,
      fetchedAt: fetchedAt.toISOString(),
      rateLimit: response.meta.rateLimit,
      recordId: written && record ? await record : null,
      ...(staleVerdict && staleVerdict !== "current" ? { boughtAgainBecause: staleVerdict } : {}),
    };
    // An answer the check was not run on again is parsed only by a caller that reads its data (callAlpha).
    return { json, ...(bytes ? { bytes } : {}), data: response.sameAsChecked ? NOT_PARSED : response.data, meta };
  };

  // A summary repeated within its dedupe window opens the earlier paid result: the server decides, at 0 credits.
  if (id === "createDailySummary" && !options.fresh) {
    const earlier = await reuseRecentSummary({ ctx, user, body: prepared.parsed });
    if (earlier) {
      await recordSpend({ ctx, entry: { userId: user.id, endpoint: id, credits: 0, accountId, cached: true } });
      const ageSeconds = Math.max(0, Math.floor((ctx.now().getTime() - Date.parse(earlier.createdAt)) / 1000));
      const meta: ProxyMeta = { endpoint: id, creditsCharged: 0, balance: null, cached: true, ageSeconds, fetchedAt: earlier.createdAt, rateLimit: null, recordId: earlier.id };
      return { json: JSON.stringify(earlier.response), data: earlier.response, meta };
    }
  }

  // Past its freshness, a feed's page is still current while the market has been shut since it was bought, or while a
  // live stream of the account covering it has watched it since and delivered nothing new (stream-coverage.ts).
  let heldBecause: ProxyMeta["heldBecause"] = "fresh";
  let staleVerdict: StreamVerdict | null = null;
  const streamed = STREAMED_LISTS[id];
  const stillCurrent = async (fetchedAt: Date): Promise<boolean> => {
    if (marketQuietBetween(await activeCalendarView({ ctx }), fetchedAt.getTime(), ctx.now().getTime())) {
      heldBecause = "market_shut";
      return true;
    }
    if (!streamed) return false;
    staleVerdict = await streamVerdict({ ctx, accountId, product: streamed, symbols: requestedSymbols(prepared.parsed), fetchedAtMs: fetchedAt.getTime() });
    heldBecause = "live_stream";
    return staleVerdict === "current";
  };

  const fromCache = async (): Promise<ProxyAnswer | null> => {
    if (!cacheable) return null;
    heldBecause = laddered && !signedLinks ? "budget" : "fresh";
    const hit = await readCachedAnswer({
      ctx,
      key,
      // Under a budget's ladder a held answer of any age is served rather than bought again.
      freshnessSeconds: signedLinks ? MAX_LINK_REUSE_SECONDS : laddered ? Number.MAX_SAFE_INTEGER / 1000 : def.freshnessSeconds,
      ...(FEED_LISTS.has(id) && !laddered ? { stillCurrent } : {}),
    });
    const age = hit ? Math.max(0, Math.floor((ctx.now().getTime() - hit.fetchedAt.getTime()) / 1000)) : 0;
    const json = hit && signedLinks ? reuseSignedLinks(hit.body, age) : (hit?.body ?? null);
    if (!hit || json === null) return null;
    const fetchedAt = hit.fetchedAt.toISOString();
    // Signed links are rewritten on the way out: only an answer sent as stored goes out as the held bytes.
    const bytes = json === hit.body ? heldBytes({ ctx, key, body: json }) : undefined;
    const meta: ProxyMeta = { endpoint: id, creditsCharged: 0, balance: null, cached: true, ageSeconds: 0, fetchedAt, rateLimit: null, recordId: null, heldBecause };
    return { json, ...(bytes ? { bytes } : {}), data: NOT_PARSED, meta };
  };

  if (options.peek) {
    if (!cacheable) return null;
    const hit = await fromCache();
    return hit ? participant(hit) : null;
  }

  if (laddered && hold) {
    const held = await fromCache();
    if (!held) throw ladderRefusal(hold);
    return participant(held);
  }

  if (!shared || options.fresh) {
    await assertNotBackingOff({ ctx, accountId });
    return fromUpstream();
  }

  // A free answer of the account (calendars, indexes, the profile) is shared a while by every tab, user and instance
  // of it: the desk's own page loads must not spend the account's rate limit.
  const shareSeconds = sharedFreeSeconds(id);
  if (shareSeconds > 0) {
    const held = await ctx.shared.memoGet(freeScope(accountId), `free:${key}`);
    if (held !== null) return participantFree(fromWire(JSON.parse(held) as WireAnswer));
    await assertNotBackingOff({ ctx, accountId });
    const { value, leader } = await shareFlight(ctx, `free:${key}`, async () => {
      const answer = await fromUpstream();
      await ctx.shared.memoSet(freeScope(accountId), `free:${key}`, JSON.stringify(toWire(answer)), shareSeconds * 1000);
      return answer;
    });
    return leader ? value : participantFree(value);
  }
  await assertNotBackingOff({ ctx, accountId });

  // An answer in the cache needs no flight (on several instances a flight is a round trip to Redis).
  const held = await fromCache();
  if (held) return participant(held);
  // Identical GETs share one flight, across instances: the first looks in the cache and, on a miss, calls upstream.
  const { value, leader } = await shareFlight(ctx, `paid:${key}`, async () => (await fromCache()) ?? fromUpstream());
  return !leader || value.meta.cached ? participant(value) : value;
}

/** An answer as it crosses instances: its JSON text and meta (the parsed data stays with the instance that has it). */
interface WireAnswer {
  json: string;
  meta: ProxyMeta;
}

type WireOutcome = { ok: true; answer: WireAnswer } | { ok: false; error: { code: string; message: string; status: number; retryAfter?: number; details?: Record<string, unknown> } };

function toWire(answer: ProxyAnswer): WireAnswer {
  return { json: answer.json, meta: answer.meta };
}

function fromWire(wire: WireAnswer): ProxyAnswer {
  return { json: wire.json, data: NOT_PARSED, meta: wire.meta };
}

const accountScope = (accountId: string) => `acct:${accountId}`;
/** Free answers shared by the account (calendars, indexes, its job list): a balance change leaves them as they are. */
const freeScope = (accountId: string) => `free:${accountId}`;
const rateScope = (accountId: string) => `rate:${accountId}`;

/** The service's rate-limit headers on an answer, with when they were read (epoch ms). */
export interface SeenRateLimit {
  limit: number;
  remaining: number;
  reset: number;
  at: number;
}

/** Kept until the window the headers describe moves on (their reset), on every instance. */
async function rememberRateLimit({ ctx, accountId, rate }: { ctx: DeskContext; accountId: string; rate: { limit: number; remaining: number; reset: number } }): Promise<void> {
  const at = ctx.now().getTime();
  const ttl = rate.reset * 1000 - at;
  if (!(ttl > 0)) return;
  const seen: SeenRateLimit = { ...rate, at };
  await ctx.shared.memoSet(rateScope(accountId), "last", JSON.stringify(seen), Math.min(ttl, 24 * 3_600_000));
}

/**
 * After a charged read whose answer said the new balance: the held usage snapshot and profile take it (and the
 * snapshot the day's debit), the ledger's sync runs again. False when nothing was held to move.
 */
async function moveHeldBalance({ ctx, accountId, balance, credits }: { ctx: DeskContext; accountId: string; balance: number; credits: number }): Promise<boolean> {
  const scope = accountScope(accountId);
  const [usageText, accountText] = await Promise.all([ctx.shared.memoGet(scope, "usage"), ctx.shared.memoGet(scope, "account")]);
  if (usageText === null) return false;
  const usage = JSON.parse(usageText) as { balance: number; debited_today: number; live_usage?: Record<string, number> };
  usage.balance = balance;
  usage.debited_today += credits;
  if (usage.live_usage && typeof usage.live_usage.credits_debited_today === "number") usage.live_usage.credits_debited_today += credits;
  await Promise.all([
    ctx.shared.memoSet(scope, "usage", JSON.stringify(usage), usageTtlMs(knownRpm({ ctx, accountId }))),
    accountText === null ? ctx.shared.memoDelete(scope, "account") : ctx.shared.memoSet(scope, "account", JSON.stringify({ ...(JSON.parse(accountText) as object), balance }), 60_000),
    ctx.shared.memoDelete(scope, "ledger-sync"),
  ]);
  return true;
}

/** The latest rate-limit headers the service sent the account, while their window lasts; null when none is known. */
export async function lastRateLimit({ ctx, accountId }: { ctx: DeskContext; accountId: string }): Promise<SeenRateLimit | null> {
  const held = await ctx.shared.memoGet(rateScope(accountId), "last").catch(() => null);
  if (held === null) return null;
  const seen = JSON.parse(held) as SeenRateLimit;
  return seen.reset * 1000 > ctx.now().getTime() ? seen : null;
}

/**
 * One upstream call for every identical request of the moment, on whichever instance: the flight's key is the
 * response cache's (the answer's owner inside). Its failure reaches every waiter as the same AlphaError.
 */
async function shareFlight(ctx: DeskContext, key: string, work: () => Promise<ProxyAnswer>): Promise<{ value: ProxyAnswer; leader: boolean }> {
  let own: ProxyAnswer | null = null;
  const { value, leader } = await ctx.shared.singleFlight<WireOutcome>(
    key,
    async () => {
      try {
        own = await work();
        return { ok: true, answer: toWire(own) };
      } catch (error) {
        if (!isAlphaError(error)) throw error;
        return {
          ok: false,
          error: { code: error.code, message: error.message, status: error.status, ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}), ...(error.details ? { details: error.details } : {}) },
        };
      }
    },
    { ttlMs: ctx.config.upstreamTimeoutMs * 2 + 5_000 },
  );
  if (!value.ok) {
    const { code, message, ...rest } = value.error;
    throw new AlphaError(code, message, rest);
  }
  return { value: leader && own ? own : fromWire(value.answer), leader };
}

/**
 * A free answer the desk already holds from another path (the key check's account profile) joins the share as if
 * fetched now, so the first page after it does not ask the upstream again; the rpm it reported is remembered too.
 */
export async function seedSharedAnswer<K extends EndpointId>(
  { ctx, who, id, input, answer }: { ctx: DeskContext; who: { accountId: string; keyId: string }; id: K; input: CallInput<K>; answer: { data: unknown; rateLimit: ProxyMeta["rateLimit"] }; },
): Promise<void> {
  rememberRpm({ ctx, accountId: who.accountId, rpm: answer.rateLimit?.limit });
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
  const wire: WireAnswer = { json: JSON.stringify(answer.data), meta };
  await ctx.shared.memoSet(freeScope(who.accountId), `free:${key}`, JSON.stringify(wire), shareSeconds * 1000);
}

export async function callAlpha<K extends EndpointId>(call: ProxyCall<K>): Promise<ProxyResult<K>> {
  const answer = await proxyAlphaCall(call);
  const data = answer.data === NOT_PARSED ? (JSON.parse(answer.json) as unknown) : answer.data;
  return { data: data as ResponseOf<K>, meta: answer.meta };
}

/**
 * Drops the memoised answers of an account, on every instance: its balance just changed. The shared free answers go
 * too only when a call changed state (a job made or cancelled); a purchase leaves calendars and indexes as they were.
 */
export async function forgetAccountMemo({ ctx, accountId, stateChanged = true }: { ctx: DeskContext; accountId: string; stateChanged?: boolean }): Promise<void> {
  await Promise.all([ctx.shared.clearScope(accountScope(accountId)), stateChanged ? ctx.shared.clearScope(freeScope(accountId)) : null]);
}

/** A memo of the account's shared by every instance (the gauge's usage snapshot, the profile). */
export const accountMemoScope = accountScope;
