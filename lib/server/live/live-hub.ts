import "server-only";
/**
 * Live channels shared by every instance: one instance leads a channel's one upstream socket and appends what it sees
 * to a shared stream; every instance with browsers follows the stream, so a browser resumes on whichever it reaches.
 */
import { createHash } from "node:crypto";
import type { DeskContext } from "../core/context";
import type { StreamEntry } from "../shared";
import { compareStreamIds } from "../shared";
import type { ChannelEvent, ChannelSpec, FeedTuning } from "../upstream/alpha-socket";
import { UpstreamFeed } from "../upstream/alpha-socket";
import type { StreamCoverage } from "../upstream/stream-coverage";
import { endCoverage, startedCoverage, withRow, writeCoverage } from "../upstream/stream-coverage";

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

export function channelName(spec: ChannelSpec): string {
  const shape = createHash("sha256").update(`${[...spec.symbols].sort().join(",")}|${spec.detailed && spec.product === "announcements" ? 1 : 0}`).digest("hex").slice(0, 16);
  return `live:${spec.accountId}:${spec.product}:${shape}`;
}

const HANDOVER = JSON.stringify({ kind: "handover" } satisfies ChannelEvent);
const statusScope = (accountId: string) => `live:${accountId}`;
/** Which instances have browsers on a channel (each renews its entry with the lease loop). */
const presenceScope = (name: string) => `live-presence:${name}`;

/**
 * A stream entry with its event parsed. Entries that reach many listeners are parsed once; the event object is then
 * shared by every listener (and the SSE frame encoded from it once: lib/server/live/sse.ts), so no listener may
 * change it.
 */
interface ChannelEntry {
  id: string;
  event: ChannelEvent;
}

function parseEntries(entries: StreamEntry[]): ChannelEntry[] {
  const parsed: ChannelEntry[] = [];
  for (const entry of entries) {
    try {
      parsed.push({ id: entry.id, event: JSON.parse(entry.data) as ChannelEvent });
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
}

class Channel {
  readonly listeners = new Map<ChannelListener, ListenerState>();
  private cursor = "0-0";
  private unfollow: (() => void) | null = null;
  private leaseTimer: ReturnType<typeof setInterval> | null = null;
  private feed: UpstreamFeed | null = null;
  private leading = false;
  private closed = false;
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
    this.ready = this.open();
  }

  private async open(): Promise<void> {
    this.cursor = await this.ctx.shared.lastId(this.name);
    if (this.closed) return;
    this.unfollow = this.ctx.shared.follow(this.name, this.cursor, (entries) => this.dispatch(entries));
    this.leaseTimer = setInterval(() => void this.lead(), Math.floor(CHANNEL_LEASE_MS / 3));
    this.leaseTimer.unref?.();
  }

  private dispatch(entries: StreamEntry[]): void {
    if (entries.some((e) => e.data === HANDOVER)) void this.lead();
    const previous = this.cursor;
    const last = entries.at(-1);
    if (last && compareStreamIds(last.id, this.cursor) > 0) this.cursor = last.id;
    if (this.listeners.size === 0) return;
    const parsed = parseEntries(entries);
    for (const [listener, state] of this.listeners) {
      if (state.pending) state.pending.push(...parsed);
      else if (state.cursor === previous && last) {
        // Caught up with the channel (nearly every listener): every entry followed is new to it.
        state.cursor = last.id;
        for (const entry of parsed) listener.onEvent(entry.id, entry.event);
      } else deliver(listener, state, parsed);
    }
  }

  async add(listener: ChannelListener, resumeAfter: string | null): Promise<void> {
    // Before any await: a lingering channel taken up again must not close under its new listener.
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    await this.ready;
    const state: ListenerState = { cursor: resumeAfter ?? this.cursor, pending: [] };
    this.listeners.set(listener, state);
    try {
      if (resumeAfter) deliver(listener, state, parseEntries(await this.ctx.shared.readAfter(this.name, resumeAfter, CHANNEL_STREAM_MAX)));
      const last = await this.ctx.shared.memoGet(statusScope(this.spec.accountId), this.name);
      if (last) listener.onEvent(null, JSON.parse(last) as ChannelEvent);
    } finally {
      const pending = state.pending ?? [];
      state.pending = null;
      if (this.listeners.has(listener)) deliver(listener, state, pending);
    }
    void this.lead();
  }

  remove(listener: ChannelListener): void {
    if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
    const lingerMs = listener.tuning.lingerMs ?? CHANNEL_LINGER_MS;
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

  /** Takes, keeps or gives up the lease; the holder runs the upstream socket. */
  private async lead(): Promise<void> {
    if (this.closed || this.leading) return;
    this.leading = true;
    try {
      const { shared, instanceId } = this.ctx;
      if (this.listeners.size > 0) await shared.memoSet(presenceScope(this.name), instanceId, "1", CHANNEL_LEASE_MS);
      if (this.feed) {
        if (!this.feed.running) return;
        if (!(await shared.renewLease(this.name, instanceId, CHANNEL_LEASE_MS))) {
          this.feed.stop();
          this.feed = null;
          this.witness(null);
        } else if (this.coverage) this.witness(this.coverage);
        return;
      }
      const first = this.listeners.keys().next();
      if (first.done) return;
      if (!(await shared.acquireLease(this.name, instanceId, CHANNEL_LEASE_MS))) return;
      if (this.closed) {
        await shared.releaseLease(this.name, instanceId);
        return;
      }
      this.feed = new UpstreamFeed({
        baseUrl: this.ctx.config.alphaBaseUrl,
        apiKey: first.value.apiKey,
        spec: this.spec,
        tuning: first.value.tuning,
        publish: (event) => void this.publish(event),
      });
      this.feed.start();
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "live channel lease", error: error instanceof Error ? error.message : String(error) }));
    } finally {
      this.leading = false;
    }
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
      const fullFeed = event.fullFeed === true && this.spec.symbols.length === 0;
      this.witness(startedCoverage({ product: this.spec.product, symbols: this.spec.symbols, fullFeed, at: now }));
    } else if (event.kind === "data") {
      if (this.coverage) this.witness(withRow(this.coverage, typeof event.row.symbol === "string" ? event.row.symbol.toUpperCase() : null, now));
    } else if (event.kind !== "handover" && this.coverage) this.witness(null);
  }

  private async publish(event: ChannelEvent): Promise<void> {
    this.observe(event);
    if (event.kind === "status" && event.reason === "connection_limit") this.onConnectionLimit();
    const { shared } = this.ctx;
    try {
      await shared.append(this.name, JSON.stringify(event), CHANNEL_STREAM_MAX);
      if (event.kind === "status" || (event.kind === "fallback" && event.reason !== "connection_limit")) {
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
    listener.onEvent(entry.id, entry.event);
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
  await joined.add(listener, resumeAfter);
  return () => joined.remove(listener);
}

/** Channels open on this instance (tests). */
export function liveChannelCount({ ctx }: { ctx: DeskContext }): number {
  return hubs.get(ctx)?.size ?? 0;
}
