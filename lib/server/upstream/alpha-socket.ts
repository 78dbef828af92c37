import "server-only";
/**
 * One upstream WebSocket for one live channel, run by the instance holding its lease: subscribes, reconnects with
 * backoff, watches for silence, and reports what happens. The key goes in the X-API-Key header only.
 */
import WebSocket from "ws";
import type { RawData } from "ws";
import { classifyStreamFrame, STREAM_DATA_SCHEMAS, streamUrl, toStreamProduct } from "@/lib/alpha/streams";
import type { LiveProduct, LiveReason } from "@/lib/query/live";
import { LIVE_PRODUCTS } from "@/lib/query/live";

export interface FeedTuning {
  backoffInitialMs: number;
  backoffMaxMs: number;
  jitter: number;
  watchdogMs: number;
  watchdogCheckMs: number;
  handshakeTimeoutMs: number;
  random: () => number;
}

export interface ChannelSpec {
  accountId: string;
  product: LiveProduct;
  /** Sorted, upper-case; empty for the whole market. */
  symbols: readonly string[];
  detailed: boolean;
}

/** What a connected status says to one listener: the whole market, or its own symbols. */
export function connectedMessage(fullFeed: boolean, symbols: number): string {
  return fullFeed ? "Live: every symbol, as it happens." : `Live: ${symbols} symbol${symbols === 1 ? "" : "s"}, as they happen.`;
}

/** What a channel's stream carries. Data rows are already checked against the stream's schema. */
export type ChannelEvent =
  | { kind: "data"; row: Record<string, unknown> }
  /** `symbols`: on "connected", every symbol the upstream subscription covers from then on (the stream's ack). */
  | { kind: "status"; state: "connecting" | "connected" | "reconnecting"; reason?: LiveReason; attempt?: number; retryInMs?: number; message?: string; tier?: string; fullFeed?: boolean; symbols?: string[] }
  /** The stream cannot serve this channel: its browsers poll instead. */
  | { kind: "fallback"; reason: LiveReason }
  /** Nothing will serve it: the key was rejected, or the stream refused in a way polling cannot mend. */
  | { kind: "fatal"; reason: LiveReason; message?: string }
  /** The leader let its socket go (its last browser left): another instance with browsers takes the lease now. */
  | { kind: "handover" }
  /** A wider subscription was refused; the previous one stands, and listeners it does not cover poll instead. */
  | { kind: "refused"; reason: LiveReason }
  /** An instance has listeners the subscription does not cover yet: the leader reads the presence again. */
  | { kind: "interest" };

/** The delay before reconnect attempt `attempt` (0-based): doubling from the first delay to the cap, with jitter. */
export function backoffDelay(attempt: number, tuning: Pick<FeedTuning, "backoffInitialMs" | "backoffMaxMs" | "jitter" | "random">): number {
  const base = Math.min(tuning.backoffMaxMs, tuning.backoffInitialMs * 2 ** Math.min(attempt, 30));
  const spread = base * tuning.jitter;
  return Math.max(0, Math.min(tuning.backoffMaxMs, Math.round(base - spread + tuning.random() * 2 * spread)));
}

export function liveProductOf(name: string | null | undefined): LiveProduct | null {
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

export class UpstreamFeed {
  private ws: WebSocket | null = null;
  private socketError: Error | null = null;
  private opened = false;
  private watchdogFired = false;
  private attempt = 0;
  private capRetries = 0;
  private lastFrameAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdogTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  /** What the next subscribe asks for (the channel's listeners' symbols), on this socket and any after it. */
  private symbols: readonly string[];
  /** The current socket holds an acknowledged subscription (of these symbols): a refused wider one leaves it standing. */
  private subscribed = false;
  private ackedSymbols: readonly string[] = [];

  constructor(
    private readonly args: {
      baseUrl: string;
      apiKey: string;
      spec: ChannelSpec;
      tuning: FeedTuning;
      publish: (event: ChannelEvent) => void;
    },
  ) {
    this.symbols = args.spec.symbols;
  }

  /**
   * Subscribes the open socket to these symbols instead (the service swaps a product's subscription at once, so rows
   * of symbols in both go on without a gap or a repeat); a socket still connecting subscribes to them when it opens.
   */
  resubscribe(symbols: readonly string[]): void {
    this.symbols = [...symbols];
    if (this.ws && this.opened && this.ws.readyState === WebSocket.OPEN) this.sendSubscribe(this.ws);
  }

  private sendSubscribe(ws: WebSocket): void {
    const { spec } = this.args;
    // Announcements in the detailed shape carry their categories; the others have one shape.
    ws.send(JSON.stringify({ op: "subscribe", product: spec.product, symbols: this.symbols, detailed: spec.product === "announcements" ? spec.detailed : true }));
  }

  start(): void {
    this.args.publish({ kind: "status", state: "connecting", message: "Connecting to the live stream." });
    this.connect();
  }

  /** Ends the feed for good (the lease is gone, or no browser is left). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.closeSocket();
  }

  get running(): boolean {
    return !this.stopped;
  }

  private end(event: ChannelEvent): void {
    this.args.publish(event);
    this.stop();
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.stopped) return;
    this.socketError = null;
    this.opened = false;
    this.subscribed = false;
    this.watchdogFired = false;
    const { tuning } = this.args;
    const ws = new WebSocket(streamUrl(this.args.baseUrl), {
      headers: { "X-API-Key": this.args.apiKey },
      handshakeTimeout: tuning.handshakeTimeoutMs,
      perMessageDeflate: false,
    });
    this.ws = ws;
    ws.on("open", () => {
      if (ws !== this.ws) return;
      this.opened = true;
      this.lastFrameAt = Date.now();
      this.startWatchdog();
      this.sendSubscribe(ws);
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
      ws.close(1000, "no browser left");
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
    if (this.stopped) return;
    const status = this.opened ? null : handshakeStatus(this.socketError);
    if (status === 401 || status === 403) {
      return this.end({ kind: "fatal", reason: "invalid_api_key", ...(status === 403 ? { message: "The Alpha account of your key is disabled." } : {}) });
    }
    // At the connection cap: another socket of this account may be closing (a page changing its filters), so try
    // twice more before its browsers poll instead.
    if (status === 429 && this.capRetries >= 2) return this.end({ kind: "fallback", reason: "connection_limit" });
    if (status === 429) this.capRetries += 1;
    const reason: LiveReason = status === 429 ? "connection_limit" : this.watchdogFired ? "heartbeat_timeout" : this.opened ? "socket_closed" : "upstream_unreachable";
    const delay = backoffDelay(this.attempt, this.args.tuning);
    this.attempt += 1;
    this.args.publish({ kind: "status", state: "reconnecting", reason, attempt: this.attempt, retryInMs: delay });
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private startWatchdog(): void {
    this.stopWatchdog();
    this.watchdogTimer = setInterval(() => {
      if (this.ws && Date.now() - this.lastFrameAt > this.args.tuning.watchdogMs) {
        this.watchdogFired = true;
        this.ws.terminate();
      }
    }, this.args.tuning.watchdogCheckMs);
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
    const { product } = this.args.spec;
    const frame = classifyStreamFrame(value);
    switch (frame.kind) {
      case "heartbeat":
      case "raw":
        return;
      case "subscribed": {
        if (liveProductOf(frame.ack.product) !== product) return;
        // Healthy again: the next drop starts the backoff from its first step.
        this.attempt = 0;
        this.subscribed = true;
        this.ackedSymbols = frame.ack.symbols;
        this.args.publish({
          kind: "status",
          state: "connected",
          message: connectedMessage(frame.ack.full_feed, frame.ack.symbols.length),
          tier: frame.ack.tier,
          fullFeed: frame.ack.full_feed,
          symbols: frame.ack.symbols.map((s) => s.toUpperCase()),
        });
        return;
      }
      case "error": {
        const named = liveProductOf(frame.error.product);
        if (named && named !== product) return;
        const code = frame.error.code ?? "";
        const reason: LiveReason | null =
          code === "forbidden" ? "forbidden" : code === "full_feed_not_allowed" ? "full_feed_not_allowed" : code === "too_many_symbols" ? "too_many_symbols" : null;
        // Too many symbols for a wider subscription: the service kept the one acknowledged before it.
        if (reason === "too_many_symbols" && this.subscribed) {
          this.symbols = this.ackedSymbols;
          return this.args.publish({ kind: "refused", reason });
        }
        return this.end(reason ? { kind: "fallback", reason } : { kind: "fatal", reason: "relay_failed", message: `The live stream refused the subscription: ${frame.error.error}` });
      }
      case "data": {
        if (liveProductOf(frame.channel) !== product) return;
        const parsed = STREAM_DATA_SCHEMAS[product].safeParse(frame.data);
        if (!parsed.success) return;
        let row = parsed.data as Record<string, unknown>;
        if (typeof row.id !== "string") return;
        // Stream alerts may carry the SDK's `alert_type` alias in place of `type`.
        if (product === "alerts" && !row.type && typeof row.alert_type === "string") row = { ...row, type: row.alert_type };
        this.args.publish({ kind: "data", row });
        return;
      }
    }
  }
}
