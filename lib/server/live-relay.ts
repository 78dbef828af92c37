import "server-only";
/**
 * The live relay behind GET /api/live (interface for the route handler and tests):
 * - handleLiveRequest(routeArgs, tuning?) → the route's answer: parses `products`, `symbols`, `important`, `detailed`
 *   (400 invalid_parameter) and opens the stream.
 * - openLiveStream({ user, query, signal, ctx?, tuning? }) → Response (text/event-stream). Throws, before any stream
 *   opens, 428 no_api_key / 401 invalid_api_key, so the route answers those as JSON.
 * - LiveRelay: one upstream WebSocket per browser stream, opened with the user's decrypted key (in the X-API-Key
 *   header only; never in a URL, a log line or an event). Products without a WebSocket add-on, refused by the
 *   stream, or asked for in a way the stream cannot serve (important-only alerts) are polled over REST instead.
 * Events: `<product>` (id: row id, data: the row), `status` (LiveStatus), `poll` (LivePoll), heartbeats as comments.
 */
import WebSocket from "ws";
import type { RawData } from "ws";
import { isAlphaError } from "@/lib/alpha/errors";
import { classifyStreamFrame, STREAM_DATA_SCHEMAS, streamUrl, toStreamProduct } from "@/lib/alpha/streams";
import type { LivePoll, LiveProduct, LiveQuery, LiveReason, LiveStatus } from "@/lib/query/live";
import { LIVE_POLL_EVENT, LIVE_PRODUCTS, LIVE_STATUS_EVENT, liveQuerySchema } from "@/lib/query/live";
import { callAlpha } from "./alpha-proxy";
import type { DeskContext } from "./context";
import { getDeskContext } from "./default-context";
import { scrubSecret, withUserKey } from "./key-vault";
import type { SharedPollResult } from "./live/shared-polls";
import { afterRow, joinSharedPoll } from "./live/shared-polls";
import { encodeSse, SSE_HEADERS, sseComment, sseEvent, sseRetry } from "./live/sse";
import type { UserRouteArgs } from "./route";
import type { SessionUser } from "./users";

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
  random: Math.random,
};

export type LiveRelayEvent =
  | { type: "data"; product: LiveProduct; id: string; row: Record<string, unknown> }
  | { type: "status"; status: LiveStatus }
  | { type: "poll"; poll: LivePoll }
  | { type: "heartbeat"; sentAt: string };

/** The delay before reconnect attempt `attempt` (0-based): doubling from the first delay to the cap, with jitter. */
export function backoffDelay(attempt: number, tuning: Pick<LiveTuning, "backoffInitialMs" | "backoffMaxMs" | "jitter" | "random">): number {
  const base = Math.min(tuning.backoffMaxMs, tuning.backoffInitialMs * 2 ** Math.min(attempt, 30));
  const spread = base * tuning.jitter;
  return Math.max(0, Math.min(tuning.backoffMaxMs, Math.round(base - spread + tuning.random() * 2 * spread)));
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

/** Ids already sent, per product: a row that reaches us twice (stream and poll, or a resubscribe) is sent once. */
class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly max = 5_000) {}
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
  /** The upstream account of the key: polls are shared per account. */
  accountId: string;
  /** Products with an enabled WebSocket add-on; null when unknown (the stream's answers decide). */
  addons: ReadonlySet<LiveProduct> | null;
  emit: (event: LiveRelayEvent) => void;
  tuning?: Partial<LiveTuning>;
}

function liveProductOf(name: string | null | undefined): LiveProduct | null {
  const wire = name ? toStreamProduct(name) : null;
  return wire && (LIVE_PRODUCTS as readonly string[]).includes(wire) ? (wire as LiveProduct) : null;
}

/** The status code of a refused handshake, from ws's "Unexpected server response: 429". */
function handshakeStatus(error: Error | null): number | null {
  const m = error ? /Unexpected server response: (\d{3})/.exec(error.message) : null;
  return m?.[1] ? Number(m[1]) : null;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
}

export class LiveRelay {
  private readonly tuning: LiveTuning;
  private readonly modes = new Map<LiveProduct, Mode>();
  private readonly acked = new Set<LiveProduct>();
  private readonly seen = new Map<LiveProduct, RecentIds>();
  private readonly pollers = new Map<LiveProduct, Poller>();
  private ws: WebSocket | null = null;
  private socketError: Error | null = null;
  private opened = false;
  private watchdogFired = false;
  private attempt = 0;
  private capRetries = 0;
  private lastFrameAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdogTimer: ReturnType<typeof setInterval> | null = null;
  private startedAt = 0;
  private closed = false;

  constructor(private readonly deps: LiveRelayDeps) {
    this.tuning = { ...DEFAULT_LIVE_TUNING, ...deps.tuning };
  }

  /** Decides each product's path and starts: the stream where the add-on exists, polling elsewhere. */
  start(): void {
    this.startedAt = this.deps.ctx.now().getTime();
    const { query, addons } = this.deps;
    for (const product of query.products) {
      this.seen.set(product, new RecentIds());
      if (product === "alerts" && query.important) this.toPolling(product, "important_only");
      else if (addons && !addons.has(product)) this.toPolling(product, "no_websocket_addon");
      else {
        this.modes.set(product, "ws");
        this.status(product, "connecting", { message: "Connecting to the live stream." });
      }
    }
    if (this.streamed().length > 0) this.connect();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopWatchdog();
    for (const poller of this.pollers.values()) poller.leave?.();
    this.pollers.clear();
    this.closeSocket();
  }

  // ── stream ──

  private streamed(): LiveProduct[] {
    return [...this.modes].filter(([, mode]) => mode === "ws").map(([p]) => p);
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.closed || this.streamed().length === 0) return;
    this.socketError = null;
    this.opened = false;
    this.watchdogFired = false;
    this.acked.clear();
    const ws = new WebSocket(streamUrl(this.deps.ctx.config.alphaBaseUrl), {
      headers: { "X-API-Key": this.deps.apiKey },
      handshakeTimeout: this.tuning.handshakeTimeoutMs,
      perMessageDeflate: false,
    });
    this.ws = ws;
    ws.on("open", () => {
      if (ws !== this.ws) return;
      this.opened = true;
      this.lastFrameAt = Date.now();
      this.startWatchdog();
      for (const product of this.streamed()) {
        // Announcements in the detailed shape carry their categories; the others have one shape.
        ws.send(JSON.stringify({ op: "subscribe", product, symbols: this.deps.query.symbols, detailed: product === "announcements" ? this.deps.query.detailed : true }));
      }
    });
    ws.on("message", (data) => {
      if (ws !== this.ws) return;
      this.lastFrameAt = Date.now();
      this.onFrame(rawText(data));
    });
    ws.on("ping", () => (this.lastFrameAt = Date.now()));
    ws.on("error", (error) => {
      if (ws === this.ws) this.socketError = error;
    });
    ws.on("close", () => this.onSocketClosed(ws));
  }

  private closeSocket(): void {
    const ws = this.ws;
    this.ws = null;
    this.stopWatchdog();
    if (!ws) return;
    ws.removeAllListeners("message");
    ws.on("error", () => undefined);
    if (ws.readyState === WebSocket.OPEN) {
      ws.close(1000, "the browser left");
      // A peer that never answers the close frame is cut off.
      setTimeout(() => ws.terminate(), 2_000).unref();
    } else if (ws.readyState === WebSocket.CONNECTING) {
      ws.terminate();
    }
  }

  private onSocketClosed(ws: WebSocket): void {
    if (ws !== this.ws) return;
    this.ws = null;
    this.stopWatchdog();
    if (this.closed) return;
    const products = this.streamed();
    if (products.length === 0) return;
    const status = this.opened ? null : handshakeStatus(this.socketError);
    if (status === 401 || status === 403) {
      for (const p of products) this.fail(p, "invalid_api_key", status === 403 ? "The Alpha account of your key is disabled." : undefined);
      return;
    }
    // At the connection cap: another stream of this user may be closing (a page changing its filters), so try
    // twice more before polling instead.
    if (status === 429 && this.capRetries >= 2) {
      for (const p of products) this.toPolling(p, "connection_limit");
      return;
    }
    if (status === 429) this.capRetries += 1;
    const reason: LiveReason =
      status === 429 ? "connection_limit" : this.watchdogFired ? "heartbeat_timeout" : this.opened ? "socket_closed" : "upstream_unreachable";
    const delay = backoffDelay(this.attempt, this.tuning);
    this.attempt += 1;
    for (const p of products) {
      this.status(p, "reconnecting", { reason, attempt: this.attempt, retryInMs: delay });
    }
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private startWatchdog(): void {
    this.stopWatchdog();
    this.watchdogTimer = setInterval(() => {
      if (this.ws && Date.now() - this.lastFrameAt > this.tuning.watchdogMs) {
        this.watchdogFired = true;
        this.ws.terminate();
      }
    }, this.tuning.watchdogCheckMs);
    this.watchdogTimer.unref?.();
  }

  private stopWatchdog(): void {
    if (this.watchdogTimer) clearInterval(this.watchdogTimer);
    this.watchdogTimer = null;
  }

  private onFrame(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const frame = classifyStreamFrame(value);
    switch (frame.kind) {
      case "heartbeat":
        this.deps.emit({ type: "heartbeat", sentAt: frame.sentAt });
        return;
      case "subscribed": {
        const product = liveProductOf(frame.ack.product);
        if (!product || this.modes.get(product) !== "ws") return;
        this.acked.add(product);
        // Healthy again: the next drop starts the backoff from its first step.
        this.attempt = 0;
        this.status(product, "connected", {
          message: frame.ack.full_feed ? "Live: every symbol, as it happens." : `Live: ${frame.ack.symbols.length} symbol${frame.ack.symbols.length === 1 ? "" : "s"}, as they happen.`,
          tier: frame.ack.tier,
          fullFeed: frame.ack.full_feed,
        });
        return;
      }
      case "error": {
        const named = liveProductOf(frame.error.product);
        // An error that names no product answers whichever subscribe is still waiting (as the SDK reads it).
        const targets = named ? [named] : this.streamed().filter((p) => !this.acked.has(p));
        const code = frame.error.code ?? "";
        const reason: LiveReason | null =
          code === "forbidden" ? "forbidden" : code === "full_feed_not_allowed" ? "full_feed_not_allowed" : code === "too_many_symbols" ? "too_many_symbols" : null;
        for (const p of targets) {
          if (this.modes.get(p) !== "ws") continue;
          if (reason) this.toPolling(p, reason);
          else this.fail(p, "relay_failed", `The live stream refused the subscription: ${frame.error.error}`);
        }
        if (this.streamed().length === 0) this.closeSocket();
        return;
      }
      case "data": {
        const product = liveProductOf(frame.channel);
        if (!product || !this.modes.has(product)) return;
        const parsed = STREAM_DATA_SCHEMAS[product].safeParse(frame.data);
        if (parsed.success) this.deliver(product, parsed.data as Record<string, unknown>);
        return;
      }
      case "raw":
        return;
    }
  }

  // ── delivery ──

  /** Sends a row once; returns whether it was new. */
  private deliver(product: LiveProduct, input: Record<string, unknown>): boolean {
    if (this.closed) return false;
    const id = typeof input.id === "string" ? input.id : null;
    if (!id || !(this.seen.get(product)?.add(id) ?? false)) return false;
    let row = input;
    // Stream alerts may carry the SDK's `alert_type` alias in place of `type`.
    if (product === "alerts" && !row.type && typeof row.alert_type === "string") row = { ...row, type: row.alert_type };
    this.deps.emit({ type: "data", product, id, row });
    return true;
  }

  private status(product: LiveProduct, state: LiveStatus["state"], extra: Partial<Omit<LiveStatus, "product" | "state" | "at">> = {}): void {
    if (this.closed) return;
    const message = extra.message ?? (extra.reason ? MESSAGES[extra.reason] : "");
    this.deps.emit({ type: "status", status: { product, state, ...extra, message, at: this.deps.ctx.now().toISOString() } });
  }

  private fail(product: LiveProduct, reason: LiveReason, message?: string): void {
    this.modes.set(product, "stopped");
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
      ctx,
      {
        accountId,
        product,
        symbols: query.symbols,
        important: query.important,
        detailed: query.detailed,
        pollIntervalMs: this.tuning.pollIntervalMs,
        maxPollPages: this.tuning.maxPollPages,
      },
      {
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
export async function prepareLiveRelay(ctx: DeskContext, user: SessionUser): Promise<{ apiKey: string; accountId: string; addons: Set<LiveProduct> | null }> {
  const { apiKey, accountId } = await withUserKey(user.id, ctx);
  try {
    const account = (await callAlpha(user, "getAccount", {}, { ctx })).data.data;
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

function toSse(event: LiveRelayEvent): string {
  switch (event.type) {
    case "data":
      return sseEvent(event.product, event.row, event.id);
    case "status":
      return sseEvent(LIVE_STATUS_EVENT, event.status);
    case "poll":
      return sseEvent(LIVE_POLL_EVENT, event.poll);
    case "heartbeat":
      return sseComment(`heartbeat ${event.sentAt}`);
  }
}

/**
 * The SSE response of one browser stream. The upstream socket and the pollers live exactly as long as the browser
 * holds the response: an aborted request or a cancelled body closes them.
 */
export async function openLiveStream(args: {
  user: SessionUser;
  query: LiveQuery;
  signal: AbortSignal;
  ctx?: DeskContext;
  tuning?: Partial<LiveTuning>;
}): Promise<Response> {
  const ctx = args.ctx ?? (await getDeskContext());
  const { apiKey, accountId, addons } = await prepareLiveRelay(ctx, args.user);
  const keepAliveMs = args.tuning?.keepAliveMs ?? DEFAULT_LIVE_TUNING.keepAliveMs;
  let stop = () => undefined as void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let keepAlive: ReturnType<typeof setInterval> | null = null;
      const write = (chunk: string) => {
        if (!open) return;
        try {
          controller.enqueue(encodeSse(chunk));
        } catch {
          stop();
        }
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
      write(sseRetry(3_000));
      write(sseComment("alpha desk live relay"));
      keepAlive = setInterval(() => write(sseComment(`keep-alive ${new Date().toISOString()}`)), keepAliveMs);
      args.signal.addEventListener("abort", stop, { once: true });
      if (args.signal.aborted) return stop();
      try {
        relay.start();
      } catch (error) {
        const text = scrubSecret(error instanceof Error ? `${error.name}: ${error.message}` : String(error), apiKey);
        console.error(JSON.stringify({ level: "error", msg: "live relay failed to start", error: text }));
        stop();
      }
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}

/** GET /api/live: the query from the URL, then the stream. */
export function handleLiveRequest(args: Pick<UserRouteArgs, "user" | "ctx" | "request" | "searchParams">, tuning?: Partial<LiveTuning>): Promise<Response> {
  const { searchParams } = args;
  const query = liveQuerySchema.parse({
    products: searchParams.get("products") ?? "",
    symbols: searchParams.get("symbols") ?? undefined,
    important: searchParams.get("important") ?? undefined,
    detailed: searchParams.get("detailed") ?? undefined,
    poll_all: searchParams.get("poll_all") ?? undefined,
  });
  return openLiveStream({ user: args.user, query, signal: args.request.signal, ctx: args.ctx, ...(tuning ? { tuning } : {}) });
}
