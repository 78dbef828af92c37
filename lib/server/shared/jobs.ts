import "server-only";
/**
 * Work that runs once whatever the number of instances: jobs keyed so only the first offer counts (pg-boss on
 * PostgreSQL, this process's timers without it), and periodic jobs of which each time slot runs on one instance.
 */
import { createHash } from "node:crypto";
import PgBoss from "pg-boss";

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface JobQueue {
  readonly kind: "memory" | "pg-boss";
  work(name: string, handler: JobHandler): Promise<void>;
  scheduleOnce(name: string, payload: Record<string, unknown>, options: { key: string; runAt?: Date }): Promise<boolean>;
  every(name: string, seconds: number, handler: JobHandler): Promise<void>;
  close(): Promise<void>;
}

const NAME = /^[a-z][a-z0-9._-]{0,60}$/;

function assertName(name: string): void {
  if (!NAME.test(name)) throw new Error(`job names are lower-case words with dots or dashes, not "${name}"`);
}

/** A stable uuid for a job key: the same key from any instance names the same job. */
export function jobIdOf(name: string, key: string): string {
  const h = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function logFailure(name: string, error: unknown): void {
  console.error(JSON.stringify({ level: "error", msg: "job failed", job: name, error: error instanceof Error ? error.message : String(error) }));
}

export function createMemoryJobQueue(clock: () => number = Date.now): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const seen = new Set<string>();
  const pending = new Map<string, Record<string, unknown>[]>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;
  const run = (name: string, payload: Record<string, unknown>) => {
    const handler = handlers.get(name);
    if (!handler) {
      // Kept until a handler is registered, as a queue would.
      pending.set(name, [...(pending.get(name) ?? []), payload]);
      return;
    }
    void handler(payload).catch((error: unknown) => logFailure(name, error));
  };
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) fn();
    }, Math.max(0, ms));
    timer.unref?.();
    timers.add(timer);
  };
  return {
    kind: "memory",
    async work(name, handler) {
      assertName(name);
      handlers.set(name, handler);
      const queued = pending.get(name) ?? [];
      pending.delete(name);
      for (const payload of queued) run(name, payload);
    },
    async scheduleOnce(name, payload, { key, runAt }) {
      assertName(name);
      const id = jobIdOf(name, key);
      if (seen.has(id)) return false;
      seen.add(id);
      later((runAt?.getTime() ?? clock()) - clock(), () => run(name, payload));
      return true;
    },
    async every(name, seconds, handler) {
      assertName(name);
      handlers.set(name, handler);
      const tick = () => {
        run(name, { slot: Math.floor(clock() / (seconds * 1000)) });
        later(seconds * 1000, tick);
      };
      later(seconds * 1000, tick);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export function createPgBossJobQueue(input: { connectionString: string; schema: string; pollingIntervalSeconds?: number }): JobQueue {
  let started: Promise<PgBoss> | null = null;
  const timers = new Set<ReturnType<typeof setInterval>>();
  const queues = new Map<string, Promise<void>>();
  let closed = false;
  const boss = (): Promise<PgBoss> => {
    started ??= (async () => {
      const b = new PgBoss({ connectionString: input.connectionString, schema: input.schema, max: 4 });
      b.on("error", (error: Error) => console.error(JSON.stringify({ level: "error", msg: "job queue", error: error.message })));
      await b.start();
      return b;
    })();
    // A failed start (PostgreSQL away for a moment) is tried again by the next caller.
    started.catch(() => (started = null));
    return started;
  };
  const queue = async (name: string): Promise<PgBoss> => {
    assertName(name);
    const b = await boss();
    let made = queues.get(name);
    if (!made) {
      made = (async () => {
        // Instances starting together create the same queue at once: PostgreSQL may pick one as a deadlock victim.
        for (let attempt = 0; ; attempt += 1) {
          if (await b.getQueue(name)) return;
          try {
            await b.createQueue(name);
            return;
          } catch (error) {
            if (attempt >= 5) throw error;
            await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * (attempt + 1)));
          }
        }
      })();
      made.catch(() => queues.delete(name));
      queues.set(name, made);
    }
    await made;
    return b;
  };
  const send = async (name: string, payload: Record<string, unknown>, key: string, runAt?: Date): Promise<boolean> => {
    const b = await queue(name);
    const id = await b.send(name, payload, { id: jobIdOf(name, key), ...(runAt ? { startAfter: runAt } : {}), retryLimit: 2 });
    return id !== null;
  };
  const work = async (name: string, handler: JobHandler) => {
    const b = await queue(name);
    await b.work<Record<string, unknown>>(name, { pollingIntervalSeconds: input.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data ?? {});
    });
  };
  return {
    kind: "pg-boss",
    work,
    scheduleOnce: (name, payload, { key, runAt }) => send(name, payload, key, runAt),
    async every(name, seconds, handler) {
      await work(name, handler);
      const offer = () => {
        if (closed) return;
        const slot = Math.floor(Date.now() / (seconds * 1000));
        void send(name, { slot }, `slot:${slot}`).catch((error: unknown) => logFailure(name, error));
      };
      const timer = setInterval(offer, Math.max(500, Math.floor((seconds * 1000) / 2)));
      timer.unref?.();
      timers.add(timer);
      offer();
    },
    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      if (started) await (await started).stop({ graceful: true, wait: true, timeout: 5_000 }).catch(() => undefined);
    },
  };
}
