import "server-only";
/**
 * Live channels shared by every instance: one per account and product (and feed shape), whose leader holds one upstream
 * socket subscribed to the union of every listener's symbols and appends what it sees to a shared stream; every
 * instance with browsers follows the stream and hands each listener its own symbols' rows.
 */
import { createHash } from "node:crypto";
import type { DeskContext } from "../core/context";
import type { StreamEntry } from "../shared";
import { compareStreamIds } from "../shared";
import type { ChannelEvent, ChannelSpec, FeedTuning } from "../upstream/alpha-socket";
import type { StreamCoverage } from "../upstream/stream-coverage";
import { connectedMessage, UpstreamFeed } from "../upstream/alpha-socket";
import { endCoverage, resubscribedCoverage, startedCoverage, withoutSymbols, withRow, writeCoverage } from "../upstream/stream-coverage";

/** Entries kept per channel: a browser away for a reconnect (seconds) finds its place easily. */
export const CHANNEL_STREAM_MAX = 5_000;
/** The leader renews its lease a few times within this; a leader that died is replaced after it. */
export const CHANNEL_LEASE_MS = 9_000;
/** A refusal by the stream (no full feed on this tier...) is remembered so the next browser polls at once. */
const REFUSAL_MEMO_MS = 60_000;
const STATUS_MEMO_MS = 10 * 60_000;
/** A leader whose browsers all left keeps its socket until the next leader is connected, at most this long. */
const HANDOVER_GRACE_MS = 10_000;
/**
 * A channel whose last browser left keeps its stream this long: a reload or a quick visit elsewhere comes back to a
 * stream that has watched the feed all along, so the page it bought is still current (stream-coverage.ts).
 */
export const CHANNEL_LINGER_MS = 15_000;

export interface ChannelListener {
  /** The key the upstream socket may use if this instance leads (a key of the channel's account). */
  apiKey: string;
  tuning: FeedTuning & { lingerMs?: number };
  /**
   * `id` is the shared stream's entry id, null for the channel's last status handed to a new listener. The event is
   * shared with the channel's other listeners: read it, never change it.
   */
  onEvent(id: string | null, event: ChannelEvent): void;
}

/**
 * The shared channel of a listener: its account and product, and what changes the upstream request besides symbols
 * (the whole market is its own subscription, with its own tier rule; announcements come in two shapes).
 */
export function channelName(spec: ChannelSpec): string {
  const detailed = spec.detailed && spec.product === "announcements" ? ":detailed" : "";
  return `live:${spec.accountId}:${spec.product}:${spec.symbols.length === 0 ? "all" : "symbols"}${detailed}`;
}

/** What a listener asks for, symbols included: equal for two listeners only when they want the same rows. */
export function subscriptionKey(spec: ChannelSpec): string {
  const shape = createHash("sha256").update(`${[...spec.symbols].sort().join(",")}|${spec.detailed && spec.product === "announcements" ? 1 : 0}`).digest("hex").slice(0, 16);
  return `live:${spec.accountId}:${spec.product}:${shape}`;
}

const HANDOVER = JSON.stringify({ kind: "handover" } satisfies ChannelEvent);
const INTEREST = JSON.stringify({ kind: "interest" } satisfies ChannelEvent);
/** Told to a listener the subscription stopped covering (a narrower one crossed its arrival). */
const CONNECTING: ChannelEvent = { kind: "status", state: "connecting", message: "Connecting to the live stream." };
const statusScope = (accountId: string) => `live:${accountId}`;
/** Which instances have browsers on a channel, each with its listeners' symbols (renewed with the lease loop). */
const presenceScope = (name: string) => `live-presence:${name}`;

function presentSymbols(text: string | null): string[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/**
 * A stream entry with its event parsed. Entries that reach many listeners are parsed once; the event object is then
 * shared by every listener (and the SSE frame encoded from it once: lib/server/live/sse.ts), so no listener may
 * change it.
 */
interface ChannelEntry {
  id: string;
  event: ChannelEvent;
  /** A data row's symbol, upper-case; a connected status's symbols, as a set. */
  symbol: string | null;
  acked: ReadonlySet<string> | null;
}

function toEntry(id: string, event: ChannelEvent): ChannelEntry {
  const symbol = event.kind === "data" && typeof event.row.symbol === "string" ? event.row.symbol.toUpperCase() : null;
  const acked = event.kind === "status" && event.state === "connected" ? new Set(event.symbols ?? []) : null;
  return { id, event, symbol, acked };
}

function parseEntries(entries: StreamEntry[]): ChannelEntry[] {
  const parsed: ChannelEntry[] = [];
  for (const entry of entries) {
    try {
      parsed.push(toEntry(entry.id, JSON.parse(entry.data) as ChannelEvent));
    } catch {
      // not an event of ours: skipped
    }
  }
  return parsed;
}

interface ListenerState {
  cursor: string;
  /** Entries that arrived while the listener's backlog was being read. */
  pending: ChannelEntry[] | null;
  /** The listener's own symbols (the rows it gets); null on a whole-market channel. */
  symbols: ReadonlySet<string> | null;
  /** The last status it was given is "connected": the subscription covers its symbols. */
  covered: boolean;
  /** It was covered at some point: its symbols linger after it leaves (a stream never watched them otherwise). */
  watched: boolean;
}

/** Whether a connected status's subscription covers a listener's symbols. */
function covers(entry: ChannelEntry, symbols: ReadonlySet<string> | null): boolean {
  if (entry.event.kind !== "status" || entry.event.state !== "connected") return false;
  if (entry.event.fullFeed === true) return true;
  if (!symbols || !entry.acked) return false;
  for (const s of symbols) if (!entry.acked.has(s)) return false;
  return true;
}

class Channel {
  readonly listeners = new Map<ChannelListener, ListenerState>();
  private cursor = "0-0";
  private unfollow: (() => void) | null = null;
  private leaseTimer: ReturnType<typeof setInterval> | null = null;
  private feed: UpstreamFeed | null = null;
  private leading = false;
  private leadAgain = false;
  private closed = false;
  /** The whole market (no symbols): one subscription for every listener, no union to follow. */
  private readonly whole: boolean;
  /** The subscription as the stream last said (null: not connected): whether a new listener needs a wider one. */
  private acked: ChannelEntry | null = null;
  /** This instance's listeners' symbols, counted; and symbols whose last listener left, wanted until an instant. */
  private readonly wanted = new Map<string, number>();
  private readonly lingering = new Map<string, number>();
  /** A listener here waits for a wider subscription: the leader elsewhere is told through the stream. */
  private interest = false;
  /** Leading: the symbols the feed is subscribed to or asked for, the last acknowledged, and a union refused. */
  private requested: ReadonlySet<string> | null = null;
  private lastAck: string[] = [];
  private refused: string | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  /** What this instance's stream has witnessed while it leads (stream-coverage.ts); null between subscriptions. */
  private coverage: StreamCoverage | null = null;
  /** The witness's writes, in the order they happened. */
  private coverageWrites: Promise<void> = Promise.resolve();
  readonly ready: Promise<void>;

  constructor(
    private readonly ctx: DeskContext,
    readonly spec: ChannelSpec,
    readonly name: string,
    private readonly onClosed: () => void,
    /** The account is at its connection cap: lingering channels give theirs up. */
    private readonly onConnectionLimit: () => void = () => undefined,
  ) {
    this.whole = spec.symbols.length === 0;
    this.ready = this.open();
  }

  private async open(): Promise<void> {
    this.cursor = await this.ctx.shared.lastId(this.name);
    const last = await this.ctx.shared.memoGet(statusScope(this.spec.accountId), this.name);
    if (last) this.track(toEntry(this.cursor, JSON.parse(last) as ChannelEvent));
    if (this.closed) return;
    this.unfollow = this.ctx.shared.follow(this.name, this.cursor, (entries) => this.dispatch(entries));
    this.leaseTimer = setInterval(() => void this.lead(), Math.floor(CHANNEL_LEASE_MS / 3));
    this.leaseTimer.unref?.();
  }

  private dispatch(entries: StreamEntry[]): void {
    if (entries.some((e) => e.data === HANDOVER || e.data === INTEREST)) void this.lead();
    const previous = this.cursor;
    const last = entries.at(-1);
    if (last && compareStreamIds(last.id, this.cursor) > 0) this.cursor = last.id;
    const parsed = parseEntries(entries);
    for (const entry of parsed) this.track(entry);
    for (const [listener, state] of this.listeners) {
      if (state.pending) state.pending.push(...parsed);
      else if (state.cursor === previous && last) {
        // Caught up with the channel (nearly every listener): every entry followed is new to it.
        state.cursor = last.id;
        for (const entry of parsed) send(listener, state, entry.id, entry);
      } else deliver(listener, state, parsed);
    }
  }

  /** Follows what the upstream subscription covers, as the stream says. */
  private track(entry: ChannelEntry): void {
    const { event } = entry;
    if (event.kind === "status") this.acked = event.state === "connected" ? entry : null;
    else if (event.kind === "fallback" || event.kind === "fatal") this.acked = null;
  }

  async add(listener: ChannelListener, symbols: readonly string[], resumeAfter: string | null): Promise<void> {
    // Before any await: a lingering channel taken up again must not close under its new listener.
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    await this.ready;
    const own = this.whole ? null : new Set(symbols.map((s) => s.toUpperCase()));
    const state: ListenerState = { cursor: resumeAfter ?? this.cursor, pending: [], symbols: own, covered: false, watched: false };
    this.listeners.set(listener, state);
    for (const s of own ?? []) {
      this.wanted.set(s, (this.wanted.get(s) ?? 0) + 1);
      this.lingering.delete(s);
    }
    try {
      if (resumeAfter) deliver(listener, state, parseEntries(await this.ctx.shared.readAfter(this.name, resumeAfter, CHANNEL_STREAM_MAX)));
      const last = await this.ctx.shared.memoGet(statusScope(this.spec.accountId), this.name);
      if (last) send(listener, state, null, toEntry("0-0", JSON.parse(last) as ChannelEvent));
    } finally {
      const pending = state.pending ?? [];
      state.pending = null;
      if (this.listeners.has(listener)) deliver(listener, state, pending);
    }
    if (!this.acked || !covers(this.acked, own)) this.interest = true;
    void this.lead();
  }

  remove(listener: ChannelListener): void {
    const state = this.listeners.get(listener);
    if (!state || !this.listeners.delete(listener)) return;
    const lingerMs = listener.tuning.lingerMs ?? CHANNEL_LINGER_MS;
    // Its symbols stay in the subscription a while: a reload comes back to a stream that watched them all along.
    for (const s of state.symbols ?? []) {
      const left = (this.wanted.get(s) ?? 1) - 1;
      if (left > 0) this.wanted.set(s, left);
      else {
        this.wanted.delete(s);
        if (state.watched) this.lingering.set(s, Date.now() + lingerMs);
      }
    }
    if (this.listeners.size > 0) return;
    if (lingerMs <= 0 || this.closed) return void this.close();
    // No browser here any more: a leader elsewhere closing meanwhile need not hand its stream over to this instance.
    void this.ctx.shared.memoDelete(presenceScope(this.name), this.ctx.instanceId).catch(() => undefined);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (this.listeners.size === 0) void this.close();
    }, lingerMs);
    this.lingerTimer.unref?.();
  }

  /** Ends a lingering channel at once (another channel of the account needs its connection). */
  closeIfLingering(): void {
    if (!this.lingerTimer || this.listeners.size > 0) return;
    clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    void this.close();
  }

  /** This instance's symbols: its listeners' and those that left within the linger. */
  private ownSymbols(): string[] {
    const now = Date.now();
    for (const [s, until] of this.lingering) if (until <= now) this.lingering.delete(s);
    return [...new Set([...this.wanted.keys(), ...this.lingering.keys()])].sort();
  }

  /** Every instance's symbols (the presence entries), sorted: what the leader subscribes to. */
  private async union(): Promise<string[]> {
    if (this.whole) return [];
    const all = new Set(this.ownSymbols());
    const { shared, instanceId } = this.ctx;
    for (const other of await shared.memoKeys(presenceScope(this.name))) {
      if (other !== instanceId) for (const s of presentSymbols(await shared.memoGet(presenceScope(this.name), other))) all.add(s);
    }
    return [...all].sort();
  }

  /** Takes, keeps or gives up the lease; the holder runs the upstream socket. A call during one runs again after it. */
  private async lead(): Promise<void> {
    if (this.closed) return;
    if (this.leading) return void (this.leadAgain = true);
    this.leading = true;
    try {
      do {
        this.leadAgain = false;
        await this.leadOnce();
      } while (this.leadAgain && !this.closed);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "live channel lease", error: error instanceof Error ? error.message : String(error) }));
    } finally {
      this.leading = false;
    }
  }

  private async leadOnce(): Promise<void> {
    const { shared, instanceId } = this.ctx;
    if (this.listeners.size > 0) await shared.memoSet(presenceScope(this.name), instanceId, JSON.stringify(this.whole ? [] : this.ownSymbols()), CHANNEL_LEASE_MS);
    if (this.feed && !this.feed.running) {
      // The stream refused or ended this feed, and its listeners went on without it: whoever came since tries anew.
      this.feed = null;
      this.requested = null;
      await shared.releaseLease(this.name, instanceId);
    }
    if (this.feed) {
      if (!(await shared.renewLease(this.name, instanceId, CHANNEL_LEASE_MS))) {
        this.feed.stop();
        this.feed = null;
        this.requested = null;
        this.witness(null);
        return;
      }
      if (this.coverage) this.witness(this.coverage);
      return this.followUnion();
    }
    const first = this.listeners.keys().next();
    if (first.done) return;
    if (!(await shared.acquireLease(this.name, instanceId, CHANNEL_LEASE_MS))) {
      // Another instance leads: it reads our presence (just written) again at once.
      if (this.interest) await shared.append(this.name, INTEREST, CHANNEL_STREAM_MAX);
      this.interest = false;
      return;
    }
    this.interest = false;
    const symbols = await this.union();
    if (this.closed || (!this.whole && symbols.length === 0)) {
      await shared.releaseLease(this.name, instanceId);
      return;
    }
    this.requested = new Set(symbols);
    this.refused = null;
    this.feed = new UpstreamFeed({
      baseUrl: this.ctx.config.alphaBaseUrl,
      apiKey: first.value.apiKey,
      spec: { ...this.spec, symbols },
      tuning: first.value.tuning,
      publish: (event) => void this.publish(event),
    });
    this.feed.start();
  }

  /**
   * The leader subscribes its socket to the union as it changes: wider at once, narrower as symbols' lingers end.
   * The witness lets go of dropped symbols before the stream stops sending them.
   */
  private async followUnion(): Promise<void> {
    const feed = this.feed;
    if (this.whole || !feed || !this.requested) return;
    const symbols = await this.union();
    const key = symbols.join(",");
    const requested = this.requested;
    if (symbols.length === 0 || key === this.refused || (symbols.length === requested.size && symbols.every((s) => requested.has(s)))) return;
    const wanted = new Set(symbols);
    const dropped = [...requested].filter((s) => !wanted.has(s));
    this.requested = wanted;
    if (dropped.length > 0 && this.coverage) this.witness(withoutSymbols(this.coverage, dropped));
    await this.coverageWrites;
    if (this.feed === feed) feed.resubscribe(symbols);
  }

  /** Writes (or, with null, ends) this channel's witness, after the writes before it. */
  private witness(coverage: StreamCoverage | null): void {
    this.coverage = coverage;
    const { ctx, name } = this;
    const accountId = this.spec.accountId;
    this.coverageWrites = this.coverageWrites
      .then(() => (coverage ? writeCoverage({ ctx, accountId, channel: name, coverage }) : endCoverage({ ctx, accountId, channel: name })))
      .catch((error: unknown) => console.error(JSON.stringify({ level: "error", msg: "live channel coverage", error: error instanceof Error ? error.message : String(error) })));
  }

  /** The leader's feed says what happened: the witness follows (subscribed, a row, or a break). */
  private observe(event: ChannelEvent): void {
    const now = this.ctx.now().getTime();
    if (event.kind === "status" && event.state === "connected") {
      const fullFeed = event.fullFeed === true && this.whole;
      this.lastAck = event.symbols ?? [];
      // An acknowledgement overtaken by a narrower subscribe already sent vouches only for what that one keeps.
      const requested = this.requested;
      const symbols = fullFeed ? [] : this.lastAck.filter((s) => !requested || requested.has(s));
      const input = { product: this.spec.product, symbols, fullFeed, at: now };
      this.witness(this.coverage ? resubscribedCoverage(this.coverage, input) : startedCoverage(input));
    } else if (event.kind === "data") {
      if (this.coverage) this.witness(withRow(this.coverage, typeof event.row.symbol === "string" ? event.row.symbol.toUpperCase() : null, now));
    } else if (event.kind === "refused") {
      // The stream kept the subscription it had; this union is not asked for again until it changes.
      this.refused = [...(this.requested ?? [])].sort().join(",");
      this.requested = new Set(this.lastAck);
    } else if (event.kind !== "handover" && event.kind !== "interest" && this.coverage) this.witness(null);
  }

  private async publish(event: ChannelEvent): Promise<void> {
    this.observe(event);
    if (event.kind === "status" && event.reason === "connection_limit") this.onConnectionLimit();
    const { shared } = this.ctx;
    try {
      await shared.append(this.name, JSON.stringify(event), CHANNEL_STREAM_MAX);
      // A refusal for too many symbols is the union's, not a newcomer's: it is not remembered for the next browser.
      if (event.kind === "status" || (event.kind === "fallback" && event.reason !== "connection_limit" && event.reason !== "too_many_symbols")) {
        await shared.memoSet(statusScope(this.spec.accountId), this.name, JSON.stringify(event), event.kind === "status" ? STATUS_MEMO_MS : REFUSAL_MEMO_MS);
      } else if (event.kind === "fallback" || event.kind === "fatal") {
        await shared.memoDelete(statusScope(this.spec.accountId), this.name);
      }
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "live channel publish", error: error instanceof Error ? error.message : String(error) }));
    }
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClosed();
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (this.coverage) this.witness(null);
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.unfollow?.();
    await this.ready.catch(() => undefined);
    this.unfollow?.();
    const { shared, instanceId } = this.ctx;
    await shared.memoDelete(presenceScope(this.name), instanceId).catch(() => undefined);
    const feed = this.feed;
    this.feed = null;
    if (!feed) return;
    const others = feed.running ? await shared.memoKeys(presenceScope(this.name)).catch(() => []) : [];
    await shared.releaseLease(this.name, instanceId).catch(() => undefined);
    if (others.length === 0) return feed.stop();
    // Browsers on other instances: hand over without a gap. This socket stays until the next leader says it is
    // connected; rows both sockets see meanwhile reach the stream twice, and each browser's relay drops the repeat.
    const handedAt = await shared.append(this.name, HANDOVER, CHANNEL_STREAM_MAX).catch(() => null);
    const deadline = Date.now() + HANDOVER_GRACE_MS;
    while (handedAt && Date.now() < deadline) {
      const after = await shared.readAfter(this.name, handedAt, 100).catch(() => []);
      if (after.some((e) => e.data.includes('"kind":"status"') && e.data.includes('"state":"connected"'))) break;
      // The other instances' browsers left too (their channels closed meanwhile): nobody to hand over to.
      if ((await shared.memoKeys(presenceScope(this.name)).catch(() => others)).length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    feed.stop();
  }
}

function deliver(listener: ChannelListener, state: ListenerState, entries: ChannelEntry[]): void {
  for (const entry of entries) {
    if (compareStreamIds(entry.id, state.cursor) <= 0) continue;
    state.cursor = entry.id;
    send(listener, state, entry.id, entry);
  }
}

/**
 * What one listener is told of an entry: rows of its own symbols; "connected" once the subscription covers them (with
 * its own count), and then not again until a break; a refused wider subscription as a fallback if it was not covered.
 */
function send(listener: ChannelListener, state: ListenerState, id: string | null, entry: ChannelEntry): void {
  const { event } = entry;
  switch (event.kind) {
    case "data":
      if (!state.symbols || (entry.symbol !== null && state.symbols.has(entry.symbol))) listener.onEvent(id, event);
      return;
    case "status": {
      if (event.state !== "connected") {
        state.covered = false;
        return listener.onEvent(id, event);
      }
      if (!covers(entry, state.symbols)) {
        if (state.covered) listener.onEvent(id, CONNECTING);
        state.covered = false;
        return;
      }
      if (state.covered) return;
      state.covered = true;
      state.watched = true;
      const { symbols: _union, ...status } = event;
      return listener.onEvent(id, { ...status, message: connectedMessage(event.fullFeed === true, state.symbols?.size ?? 0) });
    }
    case "refused":
      if (!state.covered) listener.onEvent(id, { kind: "fallback", reason: event.reason });
      return;
    case "interest":
      return;
    default:
      listener.onEvent(id, event);
  }
}

const hubs = new WeakMap<DeskContext, Map<string, Channel>>();

/** Joins the channel on this instance (opening it on first use); `resumeAfter` replays what came after that entry. */
export async function joinLiveChannel({
  ctx,
  input,
}: {
  ctx: DeskContext;
  input: { spec: ChannelSpec; listener: ChannelListener; resumeAfter: string | null };
}): Promise<() => void> {
  const { spec, listener, resumeAfter } = input;
  let channels = hubs.get(ctx);
  if (!channels) hubs.set(ctx, (channels = new Map()));
  const name = channelName(spec);
  let channel = channels.get(name);
  if (!channel) {
    // The feed's filters changed: the account's lingering stream of the same product gives its connection up first.
    for (const other of channels.values()) if (other.spec.accountId === spec.accountId && other.spec.product === spec.product) other.closeIfLingering();
    const created: Channel = new Channel(
      ctx,
      spec,
      name,
      () => {
        if (channels.get(name) === created) channels.delete(name);
      },
      () => {
        for (const other of channels.values()) if (other !== created && other.spec.accountId === spec.accountId) other.closeIfLingering();
      },
    );
    channels.set(name, (channel = created));
  }
  const joined = channel;
  await joined.add(listener, spec.symbols, resumeAfter);
  return () => joined.remove(listener);
}

/** Channels open on this instance (tests). */
export function liveChannelCount({ ctx }: { ctx: DeskContext }): number {
  return hubs.get(ctx)?.size ?? 0;
}
