/**
 * What the HTTP benches (bench/service, bench/proxy) keep of an autocannon run, and how they pick a round: one
 * definition, so both tables read the same way. And the median the benches' tables use (bench/lighthouse too).
 */
import { readdirSync, readFileSync } from "node:fs";
import type autocannon from "autocannon";

export interface LoadFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** Bytes per answer, headers included. */
  bytesPerAnswer: number;
}

export function loadFigures(r: autocannon.Result): LoadFigures {
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
    bytesPerAnswer: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

/** The round with the median throughput. */
export function medianRound<T extends { reqPerSec: number }>(rounds: readonly T[]): T {
  const mid = [...rounds].sort((a, b) => a.reqPerSec - b.reqPerSec)[Math.floor(rounds.length / 2)];
  if (!mid) throw new Error("no rounds");
  return mid;
}

/** The median of some figures (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Every live process's parent and its /proc/<pid>/stat and status fields the benches read (Linux). */
function processTable(): Map<number, { ppid: number; ticks: number; rssKb: number }> {
  const table = new Map<number, { ppid: number; ticks: number; rssKb: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      // stat's rss (field 24, here 21) is in pages of 4 KiB.
      table.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), rssKb: Number(fields[21]) * 4 });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The process and its descendants. */
function tree(pid: number, table: ReturnType<typeof processTable>): number[] {
  const found: number[] = [];
  const todo = [pid];
  while (todo.length > 0) {
    const at = todo.pop()!;
    if (table.has(at)) found.push(at);
    for (const [child, s] of table) if (s.ppid === at) todo.push(child);
  }
  return found;
}

/** CPU milliseconds a process and its descendants have used so far (Linux /proc; clock ticks of 10 ms). */
export function cpuOfTree(pid: number): number {
  const table = processTable();
  return tree(pid, table).reduce((sum, p) => sum + (table.get(p)?.ticks ?? 0), 0) * 10;
}

/** Resident memory of a process and its descendants, in MiB (Linux /proc). */
export function rssOfTree(pid: number): number {
  const table = processTable();
  return Math.round(tree(pid, table).reduce((sum, p) => sum + (table.get(p)?.rssKb ?? 0), 0) / 1024);
}
