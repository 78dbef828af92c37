"use client";

import type { LivePoll, LiveProduct, LiveRowOf, LiveStatus } from "@/lib/query/live";
import { importOnce } from "@/lib/import-once";
import { refreshSpend } from "@/lib/query/alpha-core";
import { getQueryClient } from "@/lib/query/query-client";
import { LIVE_POLL_EVENT, LIVE_PRODUCTS, LIVE_STATUS_EVENT, liveUrl, readLivePoll, readLiveStatus } from "@/lib/query/live";
import type * as LiveSchemasModule from "./live-schemas";

/**
 * One EventSource per tab, shared by every component of the tab that follows a live feed: each registers what it
 * wants, the hub opens one relay stream for the union (reopening it when the union changes) and hands each
 * component the rows that match it. The stream closes when the last component goes (and with the tab).
 */

export interface LiveRow<P extends LiveProduct = LiveProduct> {
  product: P;
  id: string;
  row: LiveRowOf[P];
}

export interface LiveInterest {
  products: readonly LiveProduct[];
  /** Empty: every symbol. */
  symbols: readonly string[];
  important: boolean;
  /** Poll the whole market when there is no stream and no symbols (costs credits nearly every check). */
  pollAll: boolean;
  onRow: (row: LiveRow) => void;
}

/** The browser's side of the connection to the desk. */
export type LiveConnection = "idle" | "connecting" | "open" | "retrying";

export interface LiveSnapshot {
  connection: LiveConnection;
  statuses: Partial<Record<LiveProduct, LiveStatus>>;
  polls: Partial<Record<LiveProduct, LivePoll>>;
  /** When the browser's stream last (re)opened; a change means the relay started again. */
  openedAt: number | null;
  /** The relay URL of the stream the page is on (products, symbols). */
  url: string | null;
}

type LiveSchemas = typeof LiveSchemasModule;
/**
 * The rows' schemas, loaded when the first row arrives (a failed load is tried again with the next). Status and poll
 * events are read without them, so opening a stream while the page loads loads no zod.
 */
const loadLiveSchemas: () => Promise<LiveSchemas> = importOnce(() => import("./live-schemas"));

/**
 * Runs `handle` with the schemas once they are loaded. Every row of a stream waits on the same promise, so rows are
 * handed on in the order they arrived; a row whose schemas could not be loaded is dropped, as a malformed one is.
 */
function withLiveSchemas(handle: (schemas: LiveSchemas) => void): void {
  loadLiveSchemas().then(handle, () => undefined);
}

const EMPTY: LiveSnapshot = { connection: "idle", statuses: {}, polls: {}, openedAt: null, url: null };

/** A refused stream (signed out, no key) is retried slowly; the page says why meanwhile. */
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 30_000];
/** A new stream takes over from the old one once it has settled, or after this long regardless. */
const HANDOVER_MAX_MS = 8_000;
const SETTLED: ReadonlySet<string> = new Set(["connected", "polling", "standby", "error"]);

interface Stream {
  url: string;
  products: LiveProduct[];
  source: EventSource;
  opened: boolean;
  statuses: Partial<Record<LiveProduct, LiveStatus>>;
  polls: Partial<Record<LiveProduct, LivePoll>>;
}

export class LiveHub {
  private readonly interests = new Map<number, LiveInterest>();
  private readonly listeners = new Set<() => void>();
  /** Rows already handed out (two streams overlap during a handover). */
  private readonly seen = new Set<string>();
  private nextId = 1;
  private active: Stream | null = null;
  /** A stream for new filters, opened before the old one closes so nothing is missed in between. */
  private pending: Stream | null = null;
  private snapshot: LiveSnapshot = EMPTY;
  private reconcileTimer: ReturnType<typeof setTimeout> | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private handoverTimer: ReturnType<typeof setTimeout> | null = null;
  private reopenUrl: string | null = null;
  private failures = 0;
  /** Listeners will be told of the snapshot's latest change (see set). */
  private notifyQueued = false;

  register(interest: LiveInterest): { update: (next: LiveInterest) => void; unregister: () => void } {
    const id = this.nextId++;
    this.interests.set(id, interest);
    this.scheduleReconcile();
    return {
      update: (next) => {
        const before = this.interests.get(id);
        this.interests.set(id, next);
        if (!before || specKey([before]) !== specKey([next])) this.scheduleReconcile();
      },
      unregister: () => {
        this.interests.delete(id);
        this.scheduleReconcile();
      },
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LiveSnapshot => this.snapshot;
  getServerSnapshot = (): LiveSnapshot => EMPTY;

    /**
     * The snapshot changes at once; pages hear of it once per burst, in a task of its own: a stream's open, statuses and
     * poll arrive in one task, and re-rendering for each made one long task on a phone.
     */
  private set(next: Partial<LiveSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    setTimeout(() => {
      this.notifyQueued = false;
      for (const l of this.listeners) l();
    }, 0);
  }

  /** Filter changes come in bursts (typing symbols): one reopen for the burst. */
  private scheduleReconcile() {
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    this.reconcileTimer = setTimeout(() => this.reconcile(), 150);
  }

  private reconcile() {
    this.reconcileTimer = null;
    const spec = this.interests.size ? union([...this.interests.values()]) : null;
    const url = spec ? liveUrl(spec) : null;
    const current = this.pending?.url ?? this.active?.url ?? this.reopenUrl;
    if (url === current) return;
    if (!url || !spec) return this.closeAll();
    this.failures = 0;
    this.drop("pending");
    if (this.active) {
      this.pending = this.openStream(url, spec.products);
      this.handoverTimer = setTimeout(() => this.promote(), HANDOVER_MAX_MS);
    } else {
      this.cancelReopen();
      this.activate(this.openStream(url, spec.products));
    }
  }

  private closeAll() {
    this.cancelReopen();
    this.drop("pending");
    this.drop("active");
    this.seen.clear();
    this.set(EMPTY);
  }

  private cancelReopen() {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.reopenUrl = null;
  }

  private drop(which: "active" | "pending") {
    if (which === "pending" && this.handoverTimer) {
      clearTimeout(this.handoverTimer);
      this.handoverTimer = null;
    }
    this[which]?.source.close();
    this[which] = null;
  }

  private activate(stream: Stream) {
    this.active = stream;
    this.set({
      connection: stream.opened ? "open" : "connecting",
      statuses: { ...stream.statuses },
      polls: { ...stream.polls },
      url: stream.url,
      openedAt: stream.opened ? Date.now() : this.snapshot.openedAt,
    });
  }

  /** The new stream takes over: the old one closes (its relay and upstream socket with it). */
  private promote() {
    const next = this.pending;
    if (!next) return;
    if (this.handoverTimer) clearTimeout(this.handoverTimer);
    this.handoverTimer = null;
    this.pending = null;
    this.drop("active");
    this.activate(next);
  }

  private openStream(url: string, products: LiveProduct[]): Stream {
    const source = new EventSource(url, { withCredentials: true });
    const stream: Stream = { url, products, source, opened: false, statuses: {}, polls: {} };
    const live = () => stream === this.active || stream === this.pending;
    source.onopen = () => {
      stream.opened = true;
      if (stream !== this.active) return;
      this.failures = 0;
      this.set({ connection: "open", openedAt: Date.now() });
    };
    source.onerror = () => {
      if (!live()) return;
      if (stream === this.pending) this.promote();
      if (source.readyState !== EventSource.CLOSED) return this.set({ connection: "retrying" });
      // The desk refused the stream (an HTTP error): EventSource gives up, so try again later.
      this.active = null;
      const delay = REOPEN_DELAYS_MS[Math.min(this.failures, REOPEN_DELAYS_MS.length - 1)] ?? 30_000;
      this.failures += 1;
      this.reopenUrl = url;
      this.set({ connection: "retrying" });
      this.reopenTimer = setTimeout(() => {
        this.reopenTimer = null;
        this.reopenUrl = null;
        this.activate(this.openStream(url, products));
      }, delay);
    };
    source.addEventListener(LIVE_STATUS_EVENT, (event) => {
      if (!live()) return;
      const status = readLiveStatus(parse(event));
      if (!status) return;
      stream.statuses = { ...stream.statuses, [status.product]: status };
      if (stream === this.active) this.set({ statuses: { ...stream.statuses } });
      else if (products.every((p) => SETTLED.has(stream.statuses[p]?.state ?? ""))) this.promote();
    });
    source.addEventListener(LIVE_POLL_EVENT, (event) => {
      if (!live()) return;
      const poll = readLivePoll(parse(event));
      if (!poll) return;
      stream.polls = { ...stream.polls, [poll.product]: poll };
      if (stream === this.active) this.set({ polls: { ...stream.polls } });
      // A check that found something was billed: the credit gauge is out of date.
      if (poll.creditsCharged > 0) refreshSpend(getQueryClient());
    });
    for (const product of LIVE_PRODUCTS) {
      source.addEventListener(product, (event) => withLiveSchemas(({ readLiveRow }) => {
        if (!live()) return;
        const row = readLiveRow(product, parse(event));
        if (row) this.dispatch({ product, id: row.id, row } as LiveRow);
      }));
    }
    return stream;
  }

  private dispatch(row: LiveRow) {
    const key = `${row.product}:${row.id}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (this.seen.size > 5_000) {
      const oldest = this.seen.values().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    const symbol = (row.row as { symbol?: string | null }).symbol ?? "";
    for (const interest of this.interests.values()) {
      if (!interest.products.includes(row.product)) continue;
      if (interest.symbols.length && !interest.symbols.includes(symbol)) continue;
      interest.onRow(row);
    }
  }
}

function parse(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as unknown;
  } catch {
    return null;
  }
}

/** What one stream must carry so every interest gets its rows. */
export function union(interests: readonly Omit<LiveInterest, "onRow">[]): { products: LiveProduct[]; symbols: string[]; important: boolean; pollAll: boolean } {
  const products = [...new Set(interests.flatMap((i) => i.products))];
  const everySymbol = interests.some((i) => i.symbols.length === 0);
  const symbols = everySymbol ? [] : [...new Set(interests.flatMap((i) => i.symbols))];
  const alertInterests = interests.filter((i) => i.products.includes("alerts"));
  // The important-only feed is narrower than the full one: only when every alerts reader wants it.
  const important = alertInterests.length > 0 && alertInterests.every((i) => i.important);
  const pollAll = interests.some((i) => i.pollAll);
  return { products, symbols, important, pollAll };
}

function specKey(interests: readonly Omit<LiveInterest, "onRow">[]): string {
  return liveUrl(union(interests));
}

let hub: LiveHub | null = null;

/** The tab's hub (created on first use in the browser). */
export function liveHub(): LiveHub {
  hub ??= new LiveHub();
  return hub;
}
