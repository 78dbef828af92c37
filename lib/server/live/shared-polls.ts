import "server-only";
/**
 * Live fallback polling shared per account and feed: ten tabs cost one REST check per interval. One instance holds the
 * poll's lease and shares each check's rows; after a 429 it waits for Retry-After and says when checks resume.
 */
import { createHash } from "node:crypto";
import { isAlphaError } from "@/lib/alpha/errors";
import type { CallInput } from "@/lib/alpha/request";
import { MAX_LIST_VALUES } from "@/lib/alpha/query-params";
import type { LiveProduct, LiveReason } from "@/lib/query/live";
import { liveRowTime } from "@/lib/query/live";
import { callAlpha } from "../upstream/alpha-proxy";
import { backOff, istClock } from "../upstream/background-budget";
import type { DeskContext } from "../core/context";
import { scrubSecret } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";

export interface SharedPollSpec {
  accountId: string;
  product: LiveProduct;
  symbols: readonly string[];
  important: boolean;
  detailed: boolean;
  pollIntervalMs: number;
  maxPollPages: number;
}

export interface SharedPollResult {
  /** Rows of this check, oldest first. */
  rows: Record<string, unknown>[];
  /** What the check cost the account (paid once, whoever receives it). */
  credits: number;
  at: string;
}

export interface SharedPollFailure {
  reason: LiveReason;
  retryInMs: number;
  message?: string;
}

export interface PollSubscriber {
  user: SessionUser;
  /** The user's key, only to scrub it from a logged error. */
  apiKey: string;
  /** Epoch ms: rows before it are the page's own backfill, not news. */
  startedAt: number;
  onPoll: (result: SharedPollResult) => void;
  onError: (failure: SharedPollFailure) => void;
  /** The subscriber's key cannot poll this feed (rejected key, product not in the plan): it is dropped. */
  onFatal: (reason: "invalid_api_key" | "product_not_enabled") => void;
}

const polls = new WeakMap<DeskContext, Map<string, SharedPoll>>();

function pollKey(spec: SharedPollSpec): string {
  const symbols = [...spec.symbols].sort().join(",");
  const important = spec.product === "alerts" && spec.important ? 1 : 0;
  const detailed = spec.product === "announcements" && spec.detailed ? 1 : 0;
  return `${spec.accountId}|${spec.product}|${symbols}|${important}|${detailed}|${spec.pollIntervalMs}|${spec.maxPollPages}`;
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** The instant after a row (epoch ms): a time in whole seconds may stand for any instant of that second. */
export function afterRow(product: LiveProduct, row: Record<string, unknown>): number | null {
  const at = liveRowTime(product, row as { timestamp?: string | null; date?: string | null });
  const ms = at ? Date.parse(at) : NaN;
  if (!at || !Number.isFinite(ms)) return null;
  return ms + (/T[\d:]+\.\d/.test(at) ? 1 : 1_000);
}

/** What a poll's shared stream carries: a check's rows, or why it failed. */
type PollEvent = { kind: "poll"; result: SharedPollResult } | { kind: "error"; failure: SharedPollFailure };

const POLL_STREAM_MAX = 200;

class SharedPoll {
  readonly subscribers = new Set<PollSubscriber>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private cursor = 0;
  private stopped = false;
  private unfollow: (() => void) | null = null;
  /** The poll's lease and stream in ctx.shared: one instance checks per interval, every instance hands on the rows. */
  private readonly name: string;

  constructor(
    private readonly ctx: DeskContext,
    private readonly spec: SharedPollSpec,
    private readonly onEmpty: () => void,
  ) {
    this.name = `poll:${spec.accountId}:${createHash("sha256").update(pollKey(spec)).digest("hex").slice(0, 16)}`;
  }

  join(subscriber: PollSubscriber): () => void {
    this.subscribers.add(subscriber);
    if (!this.timer && this.subscribers.size === 1) {
      void this.follow();
      this.schedule(this.spec.pollIntervalMs);
    }
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  private async follow(): Promise<void> {
    const from = await this.ctx.shared.lastId(this.name);
    if (this.stopped) return;
    this.unfollow = this.ctx.shared.follow(this.name, from, (entries) => {
      for (const entry of entries) this.onShared(JSON.parse(entry.data) as PollEvent);
    });
  }

  /** A check's outcome, from this instance or another: every subscriber here gets it. */
  private onShared(event: PollEvent): void {
    if (this.stopped) return;
    if (event.kind === "error") {
      for (const subscriber of [...this.subscribers]) subscriber.onError(event.failure);
      return;
    }
    for (const row of event.result.rows) this.cursor = Math.max(this.cursor, afterRow(this.spec.product, row) ?? 0);
    for (const subscriber of [...this.subscribers]) subscriber.onPoll(event.result);
  }

  private async publish(event: PollEvent): Promise<void> {
    await this.ctx.shared.append(this.name, JSON.stringify(event), POLL_STREAM_MAX);
  }

  private stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unfollow?.();
    void this.ctx.shared.releaseLease(this.name, this.ctx.instanceId).catch(() => undefined);
    this.onEmpty();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check(), delayMs);
  }

  private async check(): Promise<void> {
    this.timer = null;
    const caller = this.subscribers.values().next().value;
    if (this.stopped || !caller) return;
    // Another instance holds this poll: its checks reach our subscribers through the stream.
    const leading = await this.ctx.shared.acquireLease(this.name, this.ctx.instanceId, this.spec.pollIntervalMs * 2 + 1_000).catch(() => false);
    if (this.stopped) return;
    if (!leading) return this.schedule(this.spec.pollIntervalMs);
    const earliest = Math.min(...[...this.subscribers].map((s) => s.startedAt));
    const from = new Date(Math.max(earliest, this.cursor)).toISOString();
    let next = this.spec.pollIntervalMs;
    try {
      const rows: Record<string, unknown>[] = [];
      let credits = 0;
      const groups = this.spec.symbols.length ? chunks(this.spec.symbols, MAX_LIST_VALUES) : [undefined];
      for (const symbols of groups) {
        for (let page = 1; page <= this.spec.maxPollPages; page += 1) {
          const result = await this.fetchPage(caller.user, { symbols, from, page });
          if (this.stopped) return;
          credits += result.credits;
          rows.push(...result.rows);
          if (!result.hasNext) break;
        }
      }
      // Newest first on the wire; subscribers receive them in the order they happened.
      const timeOf = (row: Record<string, unknown>) => Date.parse(liveRowTime(this.spec.product, row as { timestamp?: string | null; date?: string | null }) ?? "") || 0;
      rows.sort((a, b) => timeOf(a) - timeOf(b));
      for (const row of rows) this.cursor = Math.max(this.cursor, afterRow(this.spec.product, row) ?? 0);
      await this.publish({ kind: "poll", result: { rows, credits, at: this.ctx.now().toISOString() } });
    } catch (error) {
      if (this.stopped) return;
      const code = isAlphaError(error) ? error.code : "";
      if (code === "invalid_api_key" || code === "account_disabled" || code === "product_not_enabled" || code === "scope_required") {
        // That subscriber's key cannot poll: drop it and let the next one try at once.
        this.subscribers.delete(caller);
        caller.onFatal(code === "invalid_api_key" || code === "account_disabled" ? "invalid_api_key" : "product_not_enabled");
        if (this.subscribers.size === 0) return this.stop();
        return this.schedule(0);
      }
      const reason: LiveReason =
        code === "insufficient_credits" ? "insufficient_credits" : code === "rate_limit_exceeded" ? "rate_limited" : code.startsWith("upstream_") ? "upstream_unreachable" : "poll_failed";
      let message: string | undefined;
      if (reason === "rate_limited" && isAlphaError(error)) {
        next = Math.max(next, (error.retryAfter ?? 60) * 1000);
        // Every background call of the account waits too, not just this feed.
        await backOff({ ctx: this.ctx, accountId: this.spec.accountId, retryAfterSeconds: Math.ceil(next / 1000) });
        message = `Your plan's request limit was reached; checking resumes at ${istClock(new Date(this.ctx.now().getTime() + next))}.`;
      }
      if (!isAlphaError(error)) {
        const text = scrubSecret(error instanceof Error ? `${error.name}: ${error.message}` : String(error), caller.apiKey);
        console.error(JSON.stringify({ level: "error", msg: "live poll failed", product: this.spec.product, error: text }));
      }
      await this.publish({ kind: "error", failure: { reason, retryInMs: next, ...(message ? { message } : {}) } }).catch(() => undefined);
    }
    this.schedule(next);
  }

  private async fetchPage(
    user: SessionUser,
    args: { symbols: string[] | undefined; from: string; page: number },
  ): Promise<{ rows: Record<string, unknown>[]; hasNext: boolean; credits: number }> {
    const { ctx, spec } = this;
    const base = { ...(args.symbols ? { symbols: args.symbols } : {}), from: args.from, page: args.page, limit: 50 };
    // fresh: the desk's answer cache would hand back an old page for the same cursor.
    const options = { fresh: true };
    switch (spec.product) {
      case "alerts": {
        const input: CallInput<"listAlerts"> = { query: { ...base, ...(spec.important ? { important: true } : {}) } };
        const res = await callAlpha({ ctx, user, id: "listAlerts", input, options });
        return { rows: res.data.data, hasNext: res.data.has_next, credits: res.meta.creditsCharged };
      }
      case "news": {
        const res = await callAlpha({ ctx, user, id: "listNews", input: { query: base }, options });
        return { rows: res.data.data, hasNext: res.data.has_next, credits: res.meta.creditsCharged };
      }
      case "announcements": {
        const res = await callAlpha({ ctx, user, id: "listAnnouncements", input: { query: { ...base, detailed: spec.detailed } }, options });
        return { rows: res.data.data, hasNext: res.data.has_next, credits: res.meta.creditsCharged };
      }
      case "block-deals": {
        const res = await callAlpha({ ctx, user, id: "listBlockDeals", input: { query: base }, options });
        return { rows: res.data.data, hasNext: res.data.has_next, credits: res.meta.creditsCharged };
      }
    }
  }
}

export function joinSharedPoll({ ctx, spec, subscriber }: { ctx: DeskContext; spec: SharedPollSpec; subscriber: PollSubscriber }): () => void {
  let registry = polls.get(ctx);
  if (!registry) polls.set(ctx, (registry = new Map()));
  const key = pollKey(spec);
  let poll = registry.get(key);
  if (!poll) {
    const created = new SharedPoll(ctx, spec, () => {
      if (registry.get(key) === created) registry.delete(key);
    });
    registry.set(key, (poll = created));
  }
  return poll.join(subscriber);
}

/** How many pollers run for a context (tests). */
export function sharedPollCount({ ctx }: { ctx: DeskContext }): number {
  return polls.get(ctx)?.size ?? 0;
}
