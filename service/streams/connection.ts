import type { Duplex } from "node:stream";
import type { RawData } from "ws";
import { WebSocket } from "ws";
import type { StreamErrorCode } from "../../lib/alpha/streams";
import type { Caller } from "../context";
import type { HubPeer, StreamHub } from "./hub";
import type { SubscribeRequest } from "./protocol";
import { ackFrame, CLOSE_REVOKED, CLOSE_SLOW_CONSUMER, errorFrame, parseClientMessage } from "./protocol";
import type { StreamEntitlement, StreamTierTable } from "./tiers";
import { capsForTier } from "./tiers";

export interface ConnectionOptions {
  hub: StreamHub;
  /** Reads the account's entitlement afresh, so a changed add-on applies to the next subscribe. */
  entitlement: () => StreamEntitlement | null;
  /** Whether the connection's key is still valid (not revoked); read when keys or accounts change. */
  keyValid: () => boolean;
  tiers: StreamTierTable;
  /** Unsent bytes (ours plus the socket's) beyond which the peer is cut off as a slow consumer. */
  maxBufferedBytes: number;
  /** How long a cut-off peer gets to take its close frame before the socket is destroyed. */
  closeGraceMs: number;
  /** Unref'd real timer for the close grace: it guards the socket, not the protocol, so tests need not step it. */
  after: (ms: number, fn: () => void) => () => void;
}

let nextPeerId = 1;

/** One client socket: parses its subscribes, checks them against its tiers, and queues frames to it. */
export class StreamConnection implements HubPeer {
  readonly id = nextPeerId++;
  readonly accountId: string;
  private open = true;
  private answeredPing = true;
  private cancelGrace: (() => void) | null = null;

  constructor(
    private readonly ws: WebSocket,
    /** The socket the upgrade came on, which ws now frames over. */
    private readonly socket: Duplex,
    readonly caller: Caller,
    private readonly options: ConnectionOptions,
  ) {
    this.accountId = caller.accountId;
    options.hub.add(this);
    ws.on("message", (data, isBinary) => this.onMessage(data, isBinary));
    ws.on("pong", () => (this.answeredPing = true));
    ws.on("close", () => this.onClosed());
    ws.on("error", () => this.onClosed());
  }

  /**
   * Writes an encoded frame straight to the upgraded socket: the hub frames each row once for every subscriber,
   * which is safe because permessage-deflate is off (ws's own sends write to the same socket, in call order).
   */
  sendFrame(frame: Buffer): boolean {
    if (!this.open || this.ws.readyState !== WebSocket.OPEN) return false;
    this.socket.write(frame);
    return this.checkBacklog();
  }

  /** Sends a protocol message (ack, error) through ws. */
  sendText(text: string): boolean {
    if (!this.open || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(text);
    return this.checkBacklog();
  }

  /** One liveness round: a peer that did not answer the previous ping is destroyed; others get a new ping. */
  checkAlive(): void {
    if (!this.open) return;
    if (!this.answeredPing) return void this.ws.terminate();
    this.answeredPing = false;
    this.ws.ping();
  }

  /**
   * Re-checks the key, the account and every open subscription after a change to keys or entitlements (revoke,
   * disable, plan or add-on change): a revoked key or a disabled account is told and closed; a subscription the
   * account may no longer hold is dropped with an error frame naming its product.
   */
  recheck(): void {
    if (!this.open) return;
    const entitlement = this.options.entitlement();
    if (!this.options.keyValid() || !entitlement) {
      this.refuse("key_revoked", "This API key was revoked; the stream is closed");
      return this.cutOff(CLOSE_REVOKED, "api key revoked");
    }
    if (entitlement.status !== "active") {
      this.refuse("account_disabled", "This account is disabled; the stream is closed");
      return this.cutOff(CLOSE_REVOKED, "account disabled");
    }
    for (const sub of this.options.hub.subscriptionsOf(this)) {
      const tier = entitlement.tiers.get(sub.product);
      const caps = tier === undefined ? null : capsForTier(tier, this.options.tiers);
      const allowed = caps !== null && (sub.symbols === 0 ? caps.fullFeed : sub.symbols <= caps.symbolsPerSubscription);
      if (allowed) continue;
      this.options.hub.unsubscribe(this, sub.product);
      this.refuse("forbidden", `WebSocket addon '${sub.product}' is no longer enabled for this key at this size; the subscription was dropped`, sub.product);
    }
  }

  /** Unsent bytes past the bound cut the peer off rather than let its queue grow. */
  private checkBacklog(): boolean {
    if (this.ws.bufferedAmount <= this.options.maxBufferedBytes) return true;
    this.cutOff(CLOSE_SLOW_CONSUMER, `slow consumer: more than ${this.options.maxBufferedBytes} bytes unsent`);
    this.options.hub.countSlowConsumer();
    return false;
  }

  /** Stops publishing to the peer at once, sends a close frame and destroys the socket if it is not taken in time. */
  cutOff(code: number, reason: string): void {
    if (!this.open) return;
    this.open = false;
    this.options.hub.remove(this);
    this.ws.close(code, reason);
    this.cancelGrace = this.options.after(this.options.closeGraceMs, () => this.ws.terminate());
  }

  private onClosed(): void {
    this.open = false;
    this.options.hub.remove(this);
    this.cancelGrace?.();
    this.cancelGrace = null;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (!this.open) return;
    if (isBinary) return this.refuse("invalid_message", "Binary messages are not understood; send JSON text");
    const text = Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return this.refuse(parsed.code, parsed.message, parsed.product);
    this.subscribe(parsed.request);
  }

  /** A refused subscribe leaves the previous subscription to that product as it was. */
  private subscribe(request: SubscribeRequest): void {
    const entitlement = this.options.entitlement();
    const tier = entitlement?.status === "active" ? entitlement.tiers.get(request.product) : undefined;
    if (tier === undefined) {
      return this.refuse("forbidden", `WebSocket addon '${request.product}' is not enabled for this key`, request.product);
    }
    const caps = capsForTier(tier, this.options.tiers);
    if (request.symbols.length === 0 && !caps.fullFeed) {
      return this.refuse(
        "full_feed_not_allowed",
        `Tier '${tier}' does not include the full feed of '${request.product}'; subscribe with up to ${caps.symbolsPerSubscription} symbols`,
        request.product,
      );
    }
    if (request.symbols.length > caps.symbolsPerSubscription) {
      return this.refuse(
        "too_many_symbols",
        `Tier '${tier}' allows at most ${caps.symbolsPerSubscription} symbols per subscription; got ${request.symbols.length}`,
        request.product,
      );
    }
    this.options.hub.subscribe(this, request);
    this.sendText(ackFrame(request, tier));
  }

  private refuse(code: StreamErrorCode, message: string, product?: string): void {
    this.sendText(errorFrame(code, message, product));
  }
}
