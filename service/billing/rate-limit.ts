import { istDateString, istDayEnd, istDayStart } from "../../lib/alpha/time";
import type { Clock } from "../clock";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";

const MINUTE_MS = 60_000;
const PRUNE_CHECK_EVERY_MS = 1_000;
const PRUNE_EVERY_MS = 10 * MINUTE_MS;

export interface RateLimits {
  rpm: number;
  daily: number;
}

/** The outcome of counting one request, with what the `X-RateLimit-*` headers report (the tighter window). */
export interface RateDecision {
  allowed: boolean;
  window: "minute" | "day";
  limit: number;
  remaining: number;
  /** Epoch seconds when the reported window frees a slot. */
  reset: number;
  /** Seconds until a refused request would be allowed. */
  retryAfter: number;
}

interface AccountWindow {
  day: string;
  today: number;
  /** Request instants inside the sliding minute, oldest first, from `head` on. */
  times: number[];
  head: number;
}

/**
 * Per-account rpm (sliding minute) and daily (IST day) counters, decided in memory and written before the request goes
 * on, so a crash loses no count; one turn's rows commit together. A refused request is not counted.
 */
export class RateLimiter {
  private readonly windows = new Map<string, AccountWindow>();
  private lastPruneMs = 0;
  private readonly timer: NodeJS.Timeout;
  /** Counted, not yet committed: the rows of this turn's requests. */
  private pending: { accountId: string; atMs: number; day: string }[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private commitScheduled = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.timer = setInterval(() => this.flush(), PRUNE_CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** Counts a request when both windows have room; otherwise refuses it without counting. */
  take(accountId: string, limits: RateLimits): RateDecision {
    const nowMs = this.clock.now().getTime();
    const w = this.window(accountId, nowMs);
    const inMinute = w.times.length - w.head;
    const minuteFull = inMinute >= limits.rpm;
    const dayFull = w.today >= limits.daily;
    const dayResetMs = istDayEnd(new Date(nowMs)).getTime();
    const oldest = w.times[w.head];
    const minuteResetMs = oldest !== undefined ? oldest + MINUTE_MS : nowMs + MINUTE_MS;

    if (minuteFull || dayFull) {
      const waitMs = Math.max(minuteFull ? minuteResetMs - nowMs : 0, dayFull ? dayResetMs - nowMs : 0);
      const window = dayFull ? "day" : "minute";
      return {
        allowed: false,
        window,
        limit: dayFull ? limits.daily : limits.rpm,
        remaining: 0,
        reset: Math.ceil((dayFull ? dayResetMs : minuteResetMs) / 1000),
        retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
      };
    }

    // Committed before the request goes on (the caller awaits durable()), so a crash cannot hand out the same slot twice.
    this.pending.push({ accountId, atMs: nowMs, day: w.day });
    w.times.push(nowMs);
    w.today += 1;

    const minuteRemaining = limits.rpm - (inMinute + 1);
    const dayRemaining = limits.daily - w.today;
    const first = w.times[w.head] ?? nowMs;
    return minuteRemaining <= dayRemaining
      ? { allowed: true, window: "minute", limit: limits.rpm, remaining: minuteRemaining, reset: Math.ceil((first + MINUTE_MS) / 1000), retryAfter: 0 }
      : { allowed: true, window: "day", limit: limits.daily, remaining: dayRemaining, reset: Math.ceil(dayResetMs / 1000), retryAfter: 0 };
  }

  /** Requests counted for an account in the current minute window and IST day. */
  usage(accountId: string): { requestsLastMinute: number; requestsToday: number } {
    const w = this.window(accountId, this.clock.now().getTime());
    return { requestsLastMinute: w.times.length - w.head, requestsToday: w.today };
  }

  /**
   * Resolves once every count taken so far is in `request_log`: the counts of this turn of the event loop are committed
   * in one transaction. Rejects when that commit fails (the request must then not go on).
   */
  durable(): Promise<void> {
    if (this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.commitScheduled) {
        this.commitScheduled = true;
        setImmediate(() => this.commitPending());
      }
    });
  }

  private commitPending(): void {
    this.commitScheduled = false;
    const rows = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    try {
      if (rows.length > 0) {
        const insert = prepared(this.db, "INSERT INTO request_log (account_id, at_ms, ist_day) VALUES (?, ?, ?)");
        this.db.transaction(() => {
          for (const r of rows) insert.run(r.accountId, r.atMs, r.day);
        })();
      }
    } catch (error) {
      for (const w of waiters) w.reject(error);
      return;
    }
    for (const w of waiters) w.resolve();
  }

  /** Now and then drops `request_log` rows no window can need any more. */
  flush(): void {
    const nowMs = this.clock.now().getTime();
    if (nowMs - this.lastPruneMs < PRUNE_EVERY_MS) return;
    this.lastPruneMs = nowMs;
    const keepFrom = Math.min(istDayStart(new Date(nowMs)).getTime(), nowMs - MINUTE_MS);
    prepared(this.db, "DELETE FROM request_log WHERE at_ms < ?").run(keepFrom);
  }

  close(): void {
    clearInterval(this.timer);
    this.commitPending();
  }

  private window(accountId: string, nowMs: number): AccountWindow {
    const day = istDateString(new Date(nowMs));
    let w = this.windows.get(accountId);
    if (!w || w.day !== day) w = this.load(accountId, nowMs, day);
    const cutoff = nowMs - MINUTE_MS;
    while (w.head < w.times.length && (w.times[w.head] ?? 0) <= cutoff) w.head += 1;
    if (w.head > 1024 && w.head * 2 > w.times.length) {
      w.times = w.times.slice(w.head);
      w.head = 0;
    }
    return w;
  }

  /** Rebuilds an account's counters from `request_log` (first sight of the account, or a new IST day). */
  private load(accountId: string, nowMs: number, day: string): AccountWindow {
    const today = (prepared(this.db, "SELECT COUNT(*) AS n FROM request_log WHERE account_id = ? AND ist_day = ?").get(accountId, day) as { n: number }).n;
    const times = (
      prepared(this.db, "SELECT at_ms FROM request_log WHERE account_id = ? AND at_ms > ? AND at_ms <= ? ORDER BY at_ms").all(
        accountId,
        nowMs - MINUTE_MS,
        nowMs,
      ) as { at_ms: number }[]
    ).map((r) => r.at_ms);
    const w: AccountWindow = { day, today, times, head: 0 };
    this.windows.set(accountId, w);
    return w;
  }
}
