import type { ManualClock } from "../clock";

/** Timers behind an interface, so heartbeats and the simulator can be stepped by tests on a pinned clock. */
export interface Scheduler {
  /** Calls `fn` every `ms`; returns a function that cancels it. */
  every(ms: number, fn: () => void): () => void;
  /** Calls `fn` once after `ms`; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** Node timers, unref'd: a pending heartbeat or simulator tick never keeps a process alive by itself. */
export const realScheduler: Scheduler = {
  every(ms, fn) {
    const t = setInterval(fn, ms);
    t.unref();
    return () => clearInterval(t);
  },
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return () => clearTimeout(t);
  },
};

interface Task {
  id: number;
  due: number;
  every: number | null;
  fn: () => void;
}

/**
 * A scheduler that only moves when told. `advance(ms)` runs every task that falls due, in time order, and,
 * when given a ManualClock, sets the clock to each task's due time before running it.
 */
export class ManualScheduler implements Scheduler {
  private tasks = new Map<number, Task>();
  private nextId = 1;
  private nowMs: number;

  constructor(private readonly clock?: ManualClock) {
    this.nowMs = clock ? clock.now().getTime() : 0;
  }

  every(ms: number, fn: () => void): () => void {
    return this.add(ms, ms, fn);
  }

  after(ms: number, fn: () => void): () => void {
    return this.add(ms, null, fn);
  }

  /** Number of scheduled tasks (repeating ones count once). */
  get pending(): number {
    return this.tasks.size;
  }

  advance(ms: number): void {
    const end = this.nowMs + ms;
    for (;;) {
      let next: Task | undefined;
      for (const t of this.tasks.values()) if (t.due <= end && (!next || t.due < next.due || (t.due === next.due && t.id < next.id))) next = t;
      if (!next) break;
      this.nowMs = next.due;
      this.clock?.set(this.nowMs);
      if (next.every === null) this.tasks.delete(next.id);
      else next.due += next.every;
      next.fn();
    }
    this.nowMs = end;
    this.clock?.set(end);
  }

  private add(ms: number, every: number | null, fn: () => void): () => void {
    if (!(ms > 0)) throw new Error(`scheduler interval must be positive, got ${ms}`);
    const id = this.nextId++;
    this.tasks.set(id, { id, due: this.nowMs + ms, every, fn });
    return () => this.tasks.delete(id);
  }
}
