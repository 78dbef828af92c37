/**
 * What the live benches share (bench/cluster, bench/relay): percentiles, a desk instance in its own process
 * (desk.ts) and the browsers in theirs (clients.ts). Every child is killed when the bench exits.
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

export const wallNow = () => performance.timeOrigin + performance.now();

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function summary(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 100) / 100;
  return { p50: r(percentile(s, 50)), p90: r(percentile(s, 90)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? Number.NaN), mean: r(s.reduce((a, b) => a + b, 0) / s.length) };
}

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));

/** Stops every child started here (SIGTERM: a desk closes its context, and writes its CPU profile, first). */
export async function stopChildren(timeoutMs = 10_000): Promise<void> {
  const all = [...children];
  const exited = all.map((c) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => c.once("exit", () => resolve()))));
  for (const c of all) c.kill("SIGTERM");
  await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
}

/** Settings of one desk process (desk.ts): the store it runs on and the secrets of the bench's session cookie. */
export type DeskSettings = Record<string, string | undefined> & { authSecret: string; encryptionKey: string };

export interface DeskProcess {
  url: string;
  pid: number;
  /** The desk's memory after a full GC (desk.ts runs with --expose-gc), in bytes. */
  memory(): Promise<{ rss: number; heapUsed: number; external: number; arrayBuffers: number }>;
}

/** One desk process serving GET /api/live (desk.ts). `execArgv` adds Node flags (e.g. --cpu-prof). */
export function startDesk(serviceUrl: string, settings: DeskSettings, execArgv: string[] = []): Promise<DeskProcess> {
  const proc = spawn(process.execPath, ["--conditions=react-server", "--expose-gc", ...execArgv, "--import", "tsx", join(import.meta.dirname, "desk.ts"), serviceUrl, JSON.stringify(settings)], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  children.add(proc);
  proc.once("exit", () => children.delete(proc));
  let asked = 0;
  const memory = () =>
    new Promise<Awaited<ReturnType<DeskProcess["memory"]>>>((resolve) => {
      const id = (asked += 1);
      const onMessage = (m: { type: string; id: number; memory: Awaited<ReturnType<DeskProcess["memory"]>> }) => {
        if (m.type !== "memory" || m.id !== id) return;
        proc.off("message", onMessage);
        resolve(m.memory);
      };
      proc.on("message", onMessage);
      proc.send({ type: "memory", id });
    });
  return new Promise((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once("line", (line) => resolve({ url: (JSON.parse(line) as { url: string }).url, pid: proc.pid!, memory }));
    proc.once("exit", (code) => reject(new Error(`desk exited (${code})`)));
  });
}

export type ClientMessage =
  | { type: "ready"; clients: number }
  | { type: "all-received"; id: string; at: number }
  | { type: "failed"; error: string };

export interface Browsers {
  /** Resolves when `total` streams (all opened so far) have said they are connected. */
  ready(total: number): Promise<void>;
  /** Opens `count` more streams, spread over the same URLs. */
  open(count: number): void;
  /** The moment the last stream received the row with this id (resolves once per id). */
  allReceived(id: string, timeoutMs: number): Promise<number>;
  process: ChildProcess;
}

/**
 * The browsers, in their own process (clients.ts): `clients` SSE streams of `product` spread round-robin over `urls`.
 * Any failure of a stream rejects every pending wait.
 */
export function startBrowsers(product: string, cookie: string, clients: number, urls: string[]): Browsers {
  const proc = fork(join(import.meta.dirname, "clients.ts"), [product, cookie, String(clients), ...urls], { execArgv: ["--import", "tsx"] });
  children.add(proc);
  proc.once("exit", () => children.delete(proc));
  let connected = 0;
  let failure: Error | null = null;
  const readyWaits = new Set<{ total: number; resolve: () => void; reject: (e: Error) => void }>();
  const received = new Map<string, number>();
  const receivedWaits = new Map<string, { resolve: (at: number) => void; reject: (e: Error) => void }>();
  const fail = (error: Error) => {
    failure = error;
    for (const w of readyWaits) w.reject(error);
    for (const w of receivedWaits.values()) w.reject(error);
  };
  proc.on("message", (m: ClientMessage) => {
    if (m.type === "ready") {
      connected = m.clients;
      for (const w of [...readyWaits]) {
        if (connected < w.total) continue;
        readyWaits.delete(w);
        w.resolve();
      }
    } else if (m.type === "all-received") {
      const wait = receivedWaits.get(m.id);
      if (wait) wait.resolve(m.at);
      else received.set(m.id, m.at);
    } else fail(new Error(m.error));
  });
  proc.once("exit", (code) => fail(new Error(`browsers exited (${code})`)));
  return {
    process: proc,
    ready: (total) =>
      failure ? Promise.reject(failure) : connected >= total ? Promise.resolve() : new Promise((resolve, reject) => readyWaits.add({ total, resolve, reject })),
    open: (count) => proc.send({ type: "open", count }),
    allReceived: (id, timeoutMs) => {
      const early = received.get(id);
      if (early !== undefined) {
        received.delete(id);
        return Promise.resolve(early);
      }
      if (failure) return Promise.reject(failure);
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          receivedWaits.delete(id);
          reject(new Error(`row ${id} did not reach every browser within ${timeoutMs} ms`));
        }, timeoutMs);
        const settle = () => {
          clearTimeout(timer);
          receivedWaits.delete(id);
        };
        receivedWaits.set(id, {
          resolve: (at) => {
            settle();
            resolve(at);
          },
          reject: (e) => {
            settle();
            reject(e);
          },
        });
      });
    },
  };
}
