import "server-only";
/**
 * The live relay behind GET /api/live: each product joins its shared channel, or is polled over REST when the stream
 * cannot serve it; a row's SSE id is its stream position, so a browser reconnecting anywhere gets what it missed.
 */
import { isAlphaError } from "@/lib/alpha/errors";
import type { LivePoll, LiveProduct, LiveQuery, LiveReason, LiveStatus } from "@/lib/query/live";
import { LIVE_POLL_EVENT, LIVE_STATUS_EVENT } from "@/lib/query/live";
import { callAlpha } from "../upstream/alpha-proxy";
import type { DeskContext } from "../core/context";
import { scrubSecret, withUserKey } from "../identity/key-vault";
import type { SharedPollResult } from "./shared-polls";
import { afterRow, joinSharedPoll } from "./shared-polls";
import { encodeSse, encodeSseEvent, SSE_HEADERS, sseComment, sseEvent, sseRetry } from "./sse";
import { CHANNEL_LINGER_MS, joinLiveChannel } from "./live-hub";
import type { ChannelEvent } from "../upstream/alpha-socket";
import { liveProductOf } from "../upstream/alpha-socket";
import { isStreamId } from "../shared";
import type { SessionUser } from "../identity/users";

export { backoffDelay } from "../upstream/alpha-socket";

export interface LiveTuning {
  /** Reconnect backoff: first delay, cap, and ± jitter ratio (the SDK's 1 s doubling to 30 s, ±20 %). */
  backoffInitialMs: number;
  backoffMaxMs: number;
  jitter: number;
  /** How often a polled product asks its REST list for rows newer than the cursor. */
  pollIntervalMs: number;
  /** Pages one poll may walk when a burst fills more than one (each page with results is billed). */
  maxPollPages: number;
  /** No frame, heartbeat or ping for this long: the socket is dead even if no close came. */
  watchdogMs: number;
  watchdogCheckMs: number;
  handshakeTimeoutMs: number;
  /** SSE comment interval toward the browser. */
  keepAliveMs: number;
  /** How long a channel keeps its upstream stream after its last browser left (a reload comes back to it). */
  lingerMs: number;
  random: () => number;
}

export const DEFAULT_LIVE_TUNING: LiveTuning = {
  backoffInitialMs: 1_000,
  backoffMaxMs: 30_000,
  jitter: 0.2,
  pollIntervalMs: 12_000,
  maxPollPages: 3,
  watchdogMs: 90_000,
  watchdogCheckMs: 15_000,
  handshakeTimeoutMs: 10_000,
  keepAliveMs: 15_000,
  lingerMs: CHANNEL_LINGER_MS,
  random: Math.random,
};

export type LiveRelayEvent =
  | { type: "data"; product: LiveProduct; id: string; row: Record<string, unknown> }
  | { type: "status"; status: LiveStatus }
  | { type: "poll"; poll: LivePoll };

/**
 * Where a browser stream was: the shared stream's entry per streamed product, and the instance after the last row
 * it had (polled products read on from there). Sent as every row's SSE id; comes back as Last-Event-ID.
 */
export interface ResumePoint {
  at: number;
  entries: Partial<Record<LiveProduct, string>>;
}

export function formatResumeId(point: ResumePoint): string {
  const parts = [`t${point.at}`];
  for (const [product, id] of Object.entries(point.entries)) if (id) parts.push(`${product}:${id}`);
  return parts.join("~");
}

/** A Last-Event-ID as formatResumeId wrote it; null for anything else (a fresh stream). */
export function parseResumeId(text: string | null | undefined): ResumePoint | null {
  if (!text || text.length > 400) return null;
  const [first, ...rest] = text.split("~");
  const at = first && /^t\d{1,15}$/.test(first) ? Number(first.slice(1)) : NaN;
  if (!Number.isFinite(at)) return null;
  const entries: Partial<Record<LiveProduct, string>> = {};
  for (const part of rest) {
    const cut = part.lastIndexOf(":");
    const product = liveProductOf(part.slice(0, cut));
    const id = part.slice(cut + 1);
    if (product && isStreamId(id)) entries[product] = id;
  }
  return { at, entries };
}

const MESSAGES: Record<LiveReason, string> = {
  no_websocket_addon: "Your Alpha plan has no live stream for this feed, so the desk checks for new items every few seconds instead.",
  forbidden: "The live stream refused this feed for your key, so the desk checks for new items every few seconds instead.",
  full_feed_not_allowed: "Your stream tier covers chosen symbols only, not the whole market. Pick symbols or a watchlist for instant updates; until then the desk checks for new items every few seconds.",
  too_many_symbols: "More symbols than your stream tier allows in one subscription; the desk checks for new items every few seconds instead.",
  connection_limit: "Your account already holds as many live connections as its plan allows (other tabs?), so this tab checks for new items every few seconds instead.",
  important_only: "The live stream does not say which alerts are important, so the important-only feed is checked every few seconds instead.",
  socket_closed: "The live stream dropped; reconnecting.",
  heartbeat_timeout: "The live stream went quiet; reconnecting.",
  upstream_unreachable: "The Alpha service can't be reached; retrying.",
  insufficient_credits: "Not enough credits to check for new items; nothing was charged. Top up, and the checks resume by themselves.",
  rate_limited: "Your plan's request limit was reached; checking again shortly.",
  invalid_api_key: "The Alpha service rejected your stored key. Replace it in Settings.",
  product_not_enabled: "This feed is not part of your Alpha plan.",
  poll_failed: "Checking for new items failed; trying again shortly.",
  relay_failed: "The live relay stopped unexpectedly.",
};

const STANDBY_NOTE =
  "With no symbols chosen that means checking the whole market, where nearly every check finds something and is charged, so it waits: pick symbols or a watchlist, or turn whole-market checks on.";

/**
 * Ids already sent per product, so a row seen twice (stream and poll, a resubscribe) goes out once. Repeats come close
 * together and the browser drops them too, so a thousand are enough.
 */
const RECENT_IDS_MAX = 1_000;

class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly max = RECENT_IDS_MAX) {}
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.max) {
      const oldest = this.ids.values().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
    return true;
  }
}

type Mode = "ws" | "poll" | "standby" | "stopped";

interface Poller {
  /** Leaves the shared poller (lib/server/live/shared-polls.ts). */
  leave: (() => void) | null;
  failing: boolean;
  /** Why the product is polled, repeated when polling recovers from an error. */
  reason: LiveReason;
}

export interface LiveRelayDeps {
  ctx: DeskContext;
  user: SessionUser;
  query: LiveQuery;
  apiKey: string;
  /** The upstream account of the key: channels and polls are shared per account. */
  accountId: string;
  /** Products with an enabled WebSocket add-on; null when unknown (the stream's answers decide). */
  addons: ReadonlySet<LiveProduct> | null;
  emit: (event: LiveRelayEvent) => void;
  tuning?: Partial<LiveTuning>;
}

export class LiveRelay {
  private readonly tuning: LiveTuning;
  private readonly modes = new Map<LiveProduct, Mode>();
  private readonly seen = new Map<LiveProduct, RecentIds>();
  private readonly pollers = new Map<LiveProduct, Poller>();
  private readonly channels = new Map<LiveProduct, () => void>();
  private readonly cursors: Partial<Record<LiveProduct, string>> = {};
  private readonly lastState = new Map<LiveProduct, LiveStatus["state"]>();
  private startedAt = 0;
  /** After the last polled row sent (epoch ms): where a resumed stream's polls start. */
  private polledUpTo = 0;
  private closed = false;

  constructor(private readonly deps: LiveRelayDeps) {
    this.tuning = { ...DEFAULT_LIVE_TUNING, ...deps.tuning };
  }

  /** Decides each product's path and starts: its live channel where the add-on exists, polling elsewhere. */
  start(resume: ResumePoint | null = null): void {
    const now = this.deps.ctx.now().getTime();
    // A resumed stream polls from where the browser was (never further back than a day).
    this.startedAt = resume ? Math.max(now - 86_400_000, Math.min(now, resume.at)) : now;
    this.polledUpTo = this.startedAt;
    const { query, addons } = this.deps;
    for (const product of query.products) {
      this.seen.set(product, new RecentIds());
      if (product === "alerts" && query.important) this.toPolling(product, "important_only");
      else if (addons && !addons.has(product)) this.toPolling(product, "no_websocket_addon");
      else {
        this.modes.set(product, "ws");
        this.status(product, "connecting", { message: "Connecting to the live stream." });
        // A product the browser had no row of yet reads on from the moment it was resumed at.
        const after = resume ? (resume.entries[product] ?? `${this.startedAt}-0`) : null;
        if (after) this.cursors[product] = after;
        void this.joinChannel(product, after);
      }
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const poller of this.pollers.values()) poller.leave?.();
    this.pollers.clear();
    for (const leave of this.channels.values()) leave();
    this.channels.clear();
  }

  // ── live channels ──

  private async joinChannel(product: LiveProduct, resumeAfter: string | null): Promise<void> {
    const { ctx, query, apiKey, accountId } = this.deps;
    const spec = { accountId, product, symbols: [...query.symbols].sort(), detailed: query.detailed };
    try {
      const listener = { apiKey, tuning: this.tuning, onEvent: (id: string | null, event: ChannelEvent) => this.onChannelEvent(product, id, event) };
      const leave = await joinLiveChannel({ ctx, input: { spec, listener, resumeAfter } });
      if (this.closed || this.modes.get(product) !== "ws") leave();
      else this.channels.set(product, leave);
    } catch (error) {
      const text = scrubSecret(error instanceof Error ? `${error.name}: ${error.message}` : String(error), apiKey);
      console.error(JSON.stringify({ level: "error", msg: "live channel failed", product, error: text }));
      this.fail(product, "relay_failed");
    }
  }

  private leaveChannel(product: LiveProduct): void {
    this.channels.get(product)?.();
    this.channels.delete(product);
  }

  private onChannelEvent(product: LiveProduct, id: string | null, event: ChannelEvent): void {
    if (this.closed || this.modes.get(product) !== "ws") return;
    switch (event.kind) {
      case "data":
        if (id) this.cursors[product] = id;
        this.deliver(product, event.row);
        return;
      case "status": {
        const { kind: _kind, state, ...extra } = event;
        // The relay said "connecting" itself when it joined; the channel's own first word repeats it.
        if (state === "connecting" && this.lastState.get(product) === "connecting") return;
        this.status(product, state, extra);
        return;
      }
      case "fallback":
        this.leaveChannel(product);
        this.toPolling(product, event.reason);
        return;
      case "fatal":
        this.leaveChannel(product);
        this.fail(product, event.reason, event.message);
        return;
      case "handover":
        return;
    }
  }

  private resumeId(): string {
    return formatResumeId({ at: this.polledUpTo, entries: this.cursors });
  }

  // ── delivery ──

  /** Sends a row once; returns whether it was new. */
  private deliver(product: LiveProduct, input: Record<string, unknown>): boolean {
    if (this.closed) return false;
    const id = typeof input.id === "string" ? input.id : null;
    if (!id || !(this.seen.get(product)?.add(id) ?? false)) return false;
    if (this.modes.get(product) === "poll") this.polledUpTo = Math.max(this.polledUpTo, afterRow(product, input) ?? 0);
    this.deps.emit({ type: "data", product, id: this.resumeId(), row: input });
    return true;
  }

  private status(product: LiveProduct, state: LiveStatus["state"], extra: Partial<Omit<LiveStatus, "product" | "state" | "at">> = {}): void {
    if (this.closed) return;
    this.lastState.set(product, state);
    const message = extra.message ?? (extra.reason ? MESSAGES[extra.reason] : "");
    this.deps.emit({ type: "status", status: { product, state, ...extra, message, at: this.deps.ctx.now().toISOString() } });
  }

  private fail(product: LiveProduct, reason: LiveReason, message?: string): void {
    this.modes.set(product, "stopped");
    this.leaveChannel(product);
    this.status(product, "error", { reason, message: message ?? MESSAGES[reason] });
  }

  // ── polling ──

  private toPolling(product: LiveProduct, reason: LiveReason): void {
    const mode = this.modes.get(product);
    if (this.closed || mode === "poll" || mode === "standby") return;
    if (this.deps.query.symbols.length === 0 && !this.deps.query.poll_all) {
      // Checking the whole market bills nearly every check: that waits for the user's go-ahead.
      this.modes.set(product, "standby");
      this.status(product, "standby", { reason, message: `${MESSAGES[reason]} ${STANDBY_NOTE}`, pollEveryMs: this.tuning.pollIntervalMs });
      return;
    }
    this.modes.set(product, "poll");
    this.status(product, "polling", { reason, pollEveryMs: this.tuning.pollIntervalMs });
    const poller: Poller = { leave: null, failing: false, reason };
    this.pollers.set(product, poller);
    // One poller per account and feed, shared with every other tab and user polling it the same way.
    const { query, ctx, user, apiKey, accountId } = this.deps;
    poller.leave = joinSharedPoll(
      {
        ctx, spec: {
    accountId,
    product,
    symbols: query.symbols,
    important: query.important,
    detailed: query.detailed,
    pollIntervalMs: this.tuning.pollIntervalMs,
    maxPollPages: this.tuning.maxPollPages,
        }, subscriber: {
    user,
    apiKey,
    startedAt: this.startedAt,
    onPoll: (result) => this.onPolled(product, result),
    onError: (failure) => {
  if (this.closed || this.modes.get(product) !== "poll") return;
  poller.failing = true;
  this.status(product, "error", { reason: failure.reason, retryInMs: failure.retryInMs, ...(failure.message ? { message: failure.message } : {}) });
    },
    onFatal: (why) => {
  poller.leave = null;
  this.fail(product, why);
    },
  }
      },
    );
  }

  /** One shared check's rows: those from this stream's start on, each sent once. */
  private onPolled(product: LiveProduct, result: SharedPollResult): void {
    const poller = this.pollers.get(product);
    if (!poller || this.closed || this.modes.get(product) !== "poll") return;
    let fresh = 0;
    for (const row of result.rows) {
      const after = afterRow(product, row);
      if (after !== null && after <= this.startedAt) continue;
      if (this.deliver(product, row)) fresh += 1;
    }
    if (poller.failing) {
      poller.failing = false;
      this.status(product, "polling", { reason: poller.reason, pollEveryMs: this.tuning.pollIntervalMs });
    }
    this.deps.emit({ type: "poll", poll: { product, at: result.at, items: fresh, creditsCharged: result.credits } });
  }
}

/** The user's key and which products their account streams; throws (no stream yet) when there is no usable key. */
export async function prepareLiveRelay({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<{ apiKey: string; accountId: string; addons: Set<LiveProduct> | null }> {
  const { apiKey, accountId } = await withUserKey({ userId: user.id, ctx });
  try {
    const account = (await callAlpha({ ctx, user, id: "getAccount", input: {} })).data.data;
    const addons = new Set<LiveProduct>();
    for (const addon of account.websocket_addons) {
      const product = liveProductOf(addon.product);
      if (product && addon.enabled) addons.add(product);
    }
    return { apiKey, accountId, addons };
  } catch (error) {
    if (isAlphaError(error) && error.status === 401) throw error;
    // The account could not be read: try the stream and let its answers decide.
    return { apiKey, accountId, addons: null };
  }
}

/** A row's JSON is encoded once for all the streams it goes to (the row object is shared); only its id line differs. */
function toSse(event: LiveRelayEvent): Uint8Array {
  switch (event.type) {
    case "data":
      return encodeSseEvent(event.product, event.row, event.id);
    case "status":
      return encodeSse(sseEvent(LIVE_STATUS_EVENT, event.status));
    case "poll":
      return encodeSse(sseEvent(LIVE_POLL_EVENT, event.poll));
  }
}

/**
 * Bytes a stream may have waiting before the browser is cut off as too slow: otherwise a browser that stopped reading
 * holds every row since. It reconnects by itself and resumes from its Last-Event-ID.
 */
export const MAX_QUEUED_BYTES = 1024 * 1024;

/**
 * The SSE response of one browser stream. The upstream socket and the pollers live exactly as long as the browser
 * holds the response: an aborted request or a cancelled body closes them.
 */
export async function openLiveStream(args: {
  ctx: DeskContext;
  user: SessionUser;
  query: LiveQuery;
  signal: AbortSignal;
  tuning?: Partial<LiveTuning>;
  /** The browser's Last-Event-ID: where it was when its previous stream ended. */
  lastEventId?: string | null;
  /** Bytes the stream may hold for a browser that does not read (default MAX_QUEUED_BYTES); tests lower it. */
  maxQueuedBytes?: number;
}): Promise<Response> {
  const ctx = args.ctx;
  const { apiKey, accountId, addons } = await prepareLiveRelay({ ctx, user: args.user });
  const keepAliveMs = args.tuning?.keepAliveMs ?? DEFAULT_LIVE_TUNING.keepAliveMs;
  const maxQueuedBytes = args.maxQueuedBytes ?? MAX_QUEUED_BYTES;
  let stop = () => undefined as void;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        let keepAlive: ReturnType<typeof setInterval> | null = null;
        const write = (chunk: Uint8Array) => {
          if (!open) return;
          try {
            controller.enqueue(chunk);
          } catch {
            return stop();
          }
          // Past the limit nothing more is queued: the stream ends after what it holds, and the browser resumes.
          if ((controller.desiredSize ?? 0) < 0) stop();
        };
        const relay = new LiveRelay({ ctx, user: args.user, query: args.query, apiKey, accountId, addons, tuning: args.tuning, emit: (event) => write(toSse(event)) });
        stop = () => {
          if (!open) return;
          open = false;
          relay.close();
          if (keepAlive) clearInterval(keepAlive);
          args.signal.removeEventListener("abort", stop);
          try {
            controller.close();
          } catch {
            // already closed by the reader
          }
        };
        write(encodeSse(sseRetry(3_000)));
        write(encodeSse(sseComment("alpha desk live relay")));
        keepAlive = setInterval(() => write(encodeSse(sseComment(`keep-alive ${new Date().toISOString()}`))), keepAliveMs);
        args.signal.addEventListener("abort", stop, { once: true });
        if (args.signal.aborted) return stop();
        try {
          relay.start(parseResumeId(args.lastEventId));
        } catch (error) {
          const text = scrubSecret(error instanceof Error ? `${error.name}: ${error.message}` : String(error), apiKey);
          console.error(JSON.stringify({ level: "error", msg: "live relay failed to start", error: text }));
          stop();
        }
      },
      cancel() {
        stop();
      },
    },
    // Counted in bytes: desiredSize goes below zero once more than maxQueuedBytes wait for the socket.
    { highWaterMark: maxQueuedBytes, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, { headers: SSE_HEADERS });
}

/** GET /api/live's server function: the parsed query, then the stream (resumed from the browser's Last-Event-ID). */
export function serveLive({ ctx, user, input, request, tuning }: { ctx: DeskContext; user: SessionUser; input: LiveQuery; request: Request; tuning?: Partial<LiveTuning> }): Promise<Response> {
  return openLiveStream({ ctx, user, query: input, signal: request.signal, lastEventId: request.headers.get("last-event-id"), ...(tuning ? { tuning } : {}) });
}
