import type { StreamProduct } from "../../lib/alpha/account";
import { STREAM_PRODUCTS } from "../../lib/alpha/account";
import type { Clock } from "../clock";
import type { StoredEvent } from "../events";
import { dataFrame, encodeTextFrame, heartbeatFrame } from "./protocol";
import type { SubscribeRequest } from "./protocol";
import type { Scheduler } from "./scheduler";

/** A stored row ready to publish: its wire payload, serialised, in the list or the detail shape. */
export interface PublishableRow {
  json(detailed: boolean): string;
}

/** Reads a stored row and maps it to its wire shapes; null when it is not there. */
export type LoadPublishableRow = (product: StreamProduct, id: string) => PublishableRow | null;

/** What the hub needs of a connection: a way to send a frame (and to cut itself off when it cannot keep up). */
export interface HubPeer {
  readonly id: number;
  readonly accountId: string;
  /** Queues an encoded WebSocket frame (`encodeTextFrame`); false when the peer is (or just got) cut off. */
  sendFrame(frame: Buffer): boolean;
}

export interface Subscription {
  peer: HubPeer;
  product: StreamProduct;
  /** null: the full feed. */
  symbols: ReadonlySet<string> | null;
  detailed: boolean;
}

interface ProductIndex {
  full: Set<Subscription>;
  bySymbol: Map<string, Set<Subscription>>;
}

export interface HubStats {
  connections: number;
  subscriptions: Record<StreamProduct, number>;
  connectionsByAccount: Record<string, number>;
  eventsPublished: number;
  framesSent: number;
  slowConsumersCut: number;
  heartbeatsSent: number;
}

export interface StreamHubOptions {
  clock: Clock;
  scheduler: Scheduler;
  heartbeatMs: number;
  loadRow: LoadPublishableRow;
}

/**
 * Fan-out of stored events to subscriptions indexed by product and symbol: each frame serialised once per detail level,
 * and frames reach each peer in the order the rows were stored.
 */
export class StreamHub {
  private readonly peers = new Map<number, { peer: HubPeer; subs: Map<StreamProduct, Subscription> }>();
  private readonly perAccount = new Map<string, number>();
  private readonly index = new Map<StreamProduct, ProductIndex>(
    STREAM_PRODUCTS.map((p) => [p, { full: new Set<Subscription>(), bySymbol: new Map<string, Set<Subscription>>() }]),
  );
  private readonly stopHeartbeat: () => void;
  private counters = { eventsPublished: 0, framesSent: 0, slowConsumersCut: 0, heartbeatsSent: 0 };

  constructor(private readonly options: StreamHubOptions) {
    this.stopHeartbeat = options.scheduler.every(options.heartbeatMs, () => this.heartbeat());
  }

  connectionsOf(accountId: string): number {
    return this.perAccount.get(accountId) ?? 0;
  }

  add(peer: HubPeer): void {
    if (this.peers.has(peer.id)) return;
    this.peers.set(peer.id, { peer, subs: new Map() });
    this.perAccount.set(peer.accountId, this.connectionsOf(peer.accountId) + 1);
  }

  /** Drops a peer and its subscriptions; safe to call twice. */
  remove(peer: HubPeer): void {
    const entry = this.peers.get(peer.id);
    if (!entry) return;
    for (const sub of entry.subs.values()) this.unindex(sub);
    this.peers.delete(peer.id);
    const left = this.connectionsOf(peer.accountId) - 1;
    if (left > 0) this.perAccount.set(peer.accountId, left);
    else this.perAccount.delete(peer.accountId);
  }

  /** The products a peer is subscribed to, with the symbol count of each (0 = the full feed). */
  subscriptionsOf(peer: HubPeer): { product: StreamProduct; symbols: number }[] {
    const entry = this.peers.get(peer.id);
    return entry ? [...entry.subs.values()].map((s) => ({ product: s.product, symbols: s.symbols?.size ?? 0 })) : [];
  }

  /** Drops a peer's subscription to one product (its entitlement to it was withdrawn). */
  unsubscribe(peer: HubPeer, product: StreamProduct): void {
    const entry = this.peers.get(peer.id);
    const sub = entry?.subs.get(product);
    if (!entry || !sub) return;
    this.unindex(sub);
    entry.subs.delete(product);
  }

  /** Subscribes a peer to a product, replacing its previous subscription to that product. */
  subscribe(peer: HubPeer, request: SubscribeRequest): Subscription {
    const entry = this.peers.get(peer.id);
    if (!entry) throw new Error(`peer ${peer.id} is not connected`);
    const previous = entry.subs.get(request.product);
    if (previous) this.unindex(previous);
    const sub: Subscription = {
      peer,
      product: request.product,
      symbols: request.symbols.length === 0 ? null : new Set(request.symbols),
      detailed: request.detailed,
    };
    entry.subs.set(request.product, sub);
    const idx = this.indexOf(sub.product);
    if (sub.symbols === null) idx.full.add(sub);
    else {
      for (const s of sub.symbols) {
        let set = idx.bySymbol.get(s);
        if (!set) idx.bySymbol.set(s, (set = new Set()));
        set.add(sub);
      }
    }
    return sub;
  }

  /** Publishes one stored event to every matching subscription. */
  publish(event: StoredEvent): void {
    const idx = this.indexOf(event.product);
    const bySymbol = idx.bySymbol.get(event.symbol);
    if (idx.full.size === 0 && !bySymbol) return;
    const row = this.options.loadRow(event.product, event.id);
    if (!row) return;
    this.counters.eventsPublished++;
    const frames: [Buffer | undefined, Buffer | undefined] = [undefined, undefined];
    const deliver = (sub: Subscription) => {
      const slot = sub.detailed ? 1 : 0;
      let frame = frames[slot];
      if (!frame) frames[slot] = frame = encodeTextFrame(dataFrame(event.product, row.json(sub.detailed)));
      if (sub.peer.sendFrame(frame)) this.counters.framesSent++;
    };
    // Copies: a send may cut a slow peer off, which edits these sets.
    for (const sub of [...idx.full]) deliver(sub);
    if (bySymbol) for (const sub of [...bySymbol]) deliver(sub);
  }

  /** Sends one heartbeat to every connection, subscribed or not (the JS SDK's watchdog needs some traffic). */
  heartbeat(): void {
    const frame = encodeTextFrame(heartbeatFrame(this.options.clock.now()));
    for (const { peer } of [...this.peers.values()]) if (peer.sendFrame(frame)) this.counters.heartbeatsSent++;
  }

  countSlowConsumer(): void {
    this.counters.slowConsumersCut++;
  }

  stats(): HubStats {
    const subscriptions = Object.fromEntries(STREAM_PRODUCTS.map((p) => [p, 0])) as Record<StreamProduct, number>;
    for (const { subs } of this.peers.values()) for (const p of subs.keys()) subscriptions[p]++;
    return {
      connections: this.peers.size,
      subscriptions,
      connectionsByAccount: Object.fromEntries(this.perAccount),
      ...this.counters,
    };
  }

  stop(): void {
    this.stopHeartbeat();
  }

  private indexOf(product: StreamProduct): ProductIndex {
    const idx = this.index.get(product);
    if (!idx) throw new Error(`unknown stream product ${product}`);
    return idx;
  }

  private unindex(sub: Subscription): void {
    const idx = this.indexOf(sub.product);
    if (sub.symbols === null) idx.full.delete(sub);
    else {
      for (const s of sub.symbols) {
        const set = idx.bySymbol.get(s);
        if (!set) continue;
        set.delete(sub);
        if (set.size === 0) idx.bySymbol.delete(s);
      }
    }
  }
}
