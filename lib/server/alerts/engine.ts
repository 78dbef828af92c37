import "server-only";
/**
 * The alert engine of one desk process: it follows the live channels its rules need (one per account and stream, the
 * union of the rules' symbols; the same shared channels the browsers use, so one upstream socket serves both) and
 * turns each row into deliveries, and it sends what is due. Every instance runs it; the rows' uniqueness and claims
 * make each event go out once per channel however many run.
 */
import type { LiveProduct } from "@/lib/query/live";
import { LIVE_PRODUCTS } from "@/lib/query/live";
import type { DeskContext } from "../core/context";
import { alertDb } from "../core/alert-tables";
import { withUserKey } from "../identity/key-vault";
import { joinLiveChannel, subscriptionKey } from "../live/live-hub";
import { DEFAULT_LIVE_TUNING, type LiveTuning } from "../live/relay";
import type { ChannelSpec } from "../upstream/alpha-socket";
import { catchUpStream, markFollowed, watermarkKey } from "./catch-up";
import { activeRules, ingestEvent, ruleSymbols, runDueDeliveries, DEFAULT_DELIVERY_TUNING, type DeliveryTuning } from "./deliver";

export interface AlertEngineOptions {
  /** How often the followed channels are brought in line with the rules and watchlists. */
  refreshMs: number;
  /** How often due deliveries are looked for. */
  tickMs: number;
  delivery: DeliveryTuning;
  live: LiveTuning;
}

export const DEFAULT_ALERT_ENGINE: AlertEngineOptions = { refreshMs: 15_000, tickMs: 1_000, delivery: DEFAULT_DELIVERY_TUNING, live: DEFAULT_LIVE_TUNING };

export interface AlertEngine {
  /** Re-reads rules and watchlists now (after a change) and resolves when the channels follow them. */
  refresh(): Promise<void>;
  /** Runs one delivery pass now. */
  tick(): Promise<void>;
  stop(): void;
}

interface WantedChannel {
  spec: ChannelSpec;
  apiKey: string;
  /** Who pays a catch-up read, and the longest catch-up window of the rules on the stream (0: none). */
  userId: string;
  catchUpHours: number;
}

/** The channels the rules need: per account and stream, the rules' symbols, with a key of that account to open it. */
async function wantedChannels(ctx: DeskContext): Promise<Map<string, WantedChannel>> {
  const db = alertDb({ ctx });
  const byChannel = new Map<string, { accountId: string; product: LiveProduct; symbols: Set<string>; userId: string; catchUpHours: number }>();
  for (const { rule, accountId } of await activeRules({ ctx })) {
    const symbols = await ruleSymbols(db, rule);
    if (!symbols.size) continue;
    for (const product of new Set(rule.kinds.map((k) => k.product))) {
      if (!(LIVE_PRODUCTS as readonly string[]).includes(product)) continue;
      const key = `${accountId}|${product}`;
      const entry = byChannel.get(key) ?? { accountId, product, symbols: new Set<string>(), userId: rule.userId, catchUpHours: 0 };
      for (const s of symbols) entry.symbols.add(s);
      if (rule.timing.catchUpHours > entry.catchUpHours) Object.assign(entry, { catchUpHours: rule.timing.catchUpHours, userId: rule.userId });
      byChannel.set(key, entry);
    }
  }
  const out = new Map<string, WantedChannel>();
  for (const entry of byChannel.values()) {
    try {
      const { apiKey } = await withUserKey({ ctx, userId: entry.userId });
      const spec: ChannelSpec = { accountId: entry.accountId, product: entry.product, symbols: [...entry.symbols].sort(), detailed: entry.product === "announcements" };
      out.set(subscriptionKey(spec), { spec, apiKey, userId: entry.userId, catchUpHours: entry.catchUpHours });
    } catch {
      // The owner's key is gone: their rules wait until one is stored again.
    }
  }
  return out;
}

export function startAlertEngine({ ctx, options = {} }: { ctx: DeskContext; options?: Partial<AlertEngineOptions> }): AlertEngine {
  const o = { ...DEFAULT_ALERT_ENGINE, ...options };
  const joined = new Map<string, () => void>();
  /** Joined channels whose stream is connected now: only those mark their account's stream as followed. */
  const connected = new Set<string>();
  /** Streams (watermark keys) caught up since this engine started; the others are not marked until they are. */
  const caughtUp = new Set<string>();
  let stopped = false;
  let refreshing: Promise<void> | null = null;
  let ticking: Promise<void> | null = null;

  const refreshOnce = async () => {
    const wanted = await wantedChannels(ctx);
    for (const [name, leave] of joined) {
      if (!wanted.has(name)) {
        leave();
        joined.delete(name);
        connected.delete(name);
      }
    }
    for (const [name, { spec, apiKey }] of wanted) {
      if (joined.has(name) || stopped) continue;
      const listener = {
        apiKey,
        tuning: o.live,
        onEvent: (_id: string | null, event: Parameters<Parameters<typeof joinLiveChannel>[0]["input"]["listener"]["onEvent"]>[1]) => {
          if (event.kind === "status") {
            if (event.state === "connected") connected.add(name);
            else connected.delete(name);
          }
          if (event.kind === "fallback" || event.kind === "fatal") connected.delete(name);
          if (event.kind !== "data") return;
          void ingestEvent({ ctx, input: { accountId: spec.accountId, product: spec.product, row: event.row } })
            .then((n) => (n > 0 ? tick() : undefined))
            .catch((error: unknown) => console.error(JSON.stringify({ level: "error", msg: "alert ingest", error: error instanceof Error ? error.message : String(error) })));
        },
      };
      const leave = await joinLiveChannel({ ctx, input: { spec, listener, resumeAfter: null } });
      if (stopped) leave();
      else joined.set(name, leave);
    }
    // What each stream stored while no desk followed it, once per engine (the channel is joined first, so nothing
    // falls between); a failed read is tried again at the next refresh, the stream's mark held back until then.
    let sent = 0;
    const following: string[] = [];
    for (const [name, w] of wanted) {
      const key = watermarkKey(w.spec.accountId, w.spec.product);
      if (!caughtUp.has(key) && !stopped) {
        try {
          const result = await catchUpStream({ ctx, input: { accountId: w.spec.accountId, product: w.spec.product, symbols: [...w.spec.symbols], userId: w.userId, windowHours: w.catchUpHours } });
          caughtUp.add(key);
          sent += result.stored;
          if (result.from) console.info(JSON.stringify({ level: "info", msg: "alert catch-up", stream: w.spec.product, from: result.from, read: result.read, stored: result.stored, credits: result.credits }));
        } catch (error) {
          console.error(JSON.stringify({ level: "error", msg: "alert catch-up", stream: w.spec.product, error: error instanceof Error ? error.message : String(error) }));
        }
      }
      if (caughtUp.has(key) && connected.has(name)) following.push(key);
    }
    await markFollowed({ ctx, keys: [...new Set(following)] });
    if (sent > 0) void tick();
  };
  const refresh = (): Promise<void> => {
    refreshing ??= refreshOnce()
      .catch((error: unknown) => console.error(JSON.stringify({ level: "error", msg: "alert channels", error: error instanceof Error ? error.message : String(error) })))
      .finally(() => (refreshing = null));
    return refreshing;
  };
  // A tick asked for while one runs (a new event) runs again after it, as does a pass that filled its batch: an
  // event never waits for the next interval behind another's deliveries.
  let again = false;
  const passes = async (): Promise<void> => {
    do {
      again = false;
      const { sent, failed } = await runDueDeliveries({ ctx, tuning: o.delivery });
      if (sent + failed >= o.delivery.batchSize) again = true;
    } while (again && !stopped);
  };
  const tick = (): Promise<void> => {
    if (ticking) again = true;
    ticking ??= passes()
      .catch((error: unknown) => console.error(JSON.stringify({ level: "error", msg: "alert deliveries", error: error instanceof Error ? error.message : String(error) })))
      .finally(() => (ticking = null));
    return ticking;
  };
  const refreshTimer = setInterval(() => void refresh(), o.refreshMs);
  const tickTimer = setInterval(() => void tick(), o.tickMs);
  refreshTimer.unref?.();
  tickTimer.unref?.();
  void refresh();
  return {
    refresh,
    tick,
    stop() {
      stopped = true;
      clearInterval(refreshTimer);
      clearInterval(tickTimer);
      for (const leave of joined.values()) leave();
      joined.clear();
      connected.clear();
    },
  };
}

const engines = new WeakMap<DeskContext, AlertEngine>();

/** The process's engine (started once by the background work). */
export function ensureAlertEngine({ ctx }: { ctx: DeskContext }): AlertEngine {
  let engine = engines.get(ctx);
  if (!engine) engines.set(ctx, (engine = startAlertEngine({ ctx })));
  return engine;
}

/** After a rule or endpoint changes: the process's engine (if any) follows at once. */
export function nudgeAlertEngine({ ctx }: { ctx: DeskContext }): void {
  void engines.get(ctx)?.refresh();
}

/** After "send again": the process's engine (if any) looks at once instead of at its next tick. */
export function tickAlertEngine({ ctx }: { ctx: DeskContext }): void {
  void engines.get(ctx)?.tick();
}
